import type { CarePlan } from '@caseload/core';
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { SignatureImage } from '../../forms/index.ts';
import { practiceClock } from '../../practice/index.ts';
import { StaffName } from '../../notes/index.ts';
import { changedFieldNames } from '../utils/revision-changes.ts';

const ROLE: Record<string, string> = {
  Clinician: 'Signed by the clinician',
  Patient: 'Signed by the patient',
  RelatedPerson: 'Signed by a related person',
  Reviser: 'Revision signed',
  CoSigner: 'Co-signed by the supervisor',
};

export interface PlanSignaturesProps {
  plan: CarePlan;
  timeZone: string;
  /** Shows the version a revision replaced. */
  onViewVersion(versionId: string): void;
}

/** A plan's signatures and its revisions, each revision with the version it replaced one click away. */
export function PlanSignatures({ plan, timeZone, onViewVersion }: PlanSignaturesProps) {
  const when = (at: string) => practiceClock(timeZone).formatDateTime(at);
  return (
    <Stack gap="sm">
      <Title order={2} fz="md">
        Signatures
      </Title>
      {(plan.signatures ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          Not signed yet.
        </Text>
      ) : (
        <List spacing={4} size="sm" aria-label="Signatures">
          {plan.signatures!.map((s, i) => (
            <List.Item key={i}>
              {ROLE[s.role] ?? s.role}:{' '}
              <strong>
                <StaffName reference={s.signer} />
              </strong>
              , {when(s.signedAt)}
              <Text span size="xs" c="dimmed">
                {' '}
                · content {s.contentHash.slice(0, 12)}
              </Text>
              {s.image && (
                <SignatureImage
                  image={{ ...s.image, partition: plan.partition }}
                  alt={`Signature of ${s.signer.display ?? 'the signer'}`}
                />
              )}
              {(s.versionId || s.device) && (
                <Text size="xs" c="dimmed" lineClamp={1} title={s.device}>
                  {[s.versionId && `Revision ${s.versionId.slice(0, 12)}`, s.device && `on ${s.device}`].filter(Boolean).join(' ')}
                </Text>
              )}
              {s.attestation && (
                <Text size="xs" c="dimmed" fs="italic">
                  Attested: “{s.attestation.text}”
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {(plan.revisions ?? []).length > 0 && (
        <>
          <Title order={2} fz="md">
            Revisions
          </Title>
          <List spacing={4} size="sm" aria-label="Revisions">
            {plan.revisions!.map((r, i) => (
              <List.Item key={i} data-testid="plan-revision">
                {when(r.at)}:{' '}
                <strong>
                  <StaffName reference={r.author} />
                </strong>{' '}
                revised {changedFieldNames(r.changedFields)}. Reason: {r.reason}{' '}
                <Button variant="subtle" size="compact-xs" onClick={() => onViewVersion(r.previousVersionId)}>
                  View the version before
                </Button>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
