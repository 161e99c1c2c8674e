import type { Note } from '@caseload/core';
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { practiceClock } from '../../practice/index.ts';
import { refText } from '../utils/note-refs.ts';
import { StaffName } from './StaffName.tsx';

const ROLE: Record<string, string> = {
  Author: 'Signed by the author',
  CoSigner: 'Co-signed',
  Patient: 'Signed by the patient',
  RelatedPerson: 'Signed by a related person',
  Amender: 'Amendment signed',
};

/** "Mar 2, 2026, 2:05 PM" from an instant, on the practice's clock. */
const when = (at: string, timeZone: string) => practiceClock(timeZone).formatDateTime(at);

export interface SignatureTrailProps {
  note: Note;
  timeZone: string;
  /** Shows the version an amendment replaced. */
  onViewVersion?: (versionId: string) => void;
}

/** A signed note's signatures, the co-signature still owed, its amendments and an entered-in-error mark. */
export function SignatureTrail({ note, timeZone, onViewVersion }: SignatureTrailProps) {
  const enteredInErrorAt = note.enteredInError && when(note.enteredInError.at, timeZone);
  return (
    <Stack gap="sm">
      <Title order={2} fz="md">
        Signatures
      </Title>
      {(note.signatures ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          Not signed yet.
        </Text>
      ) : (
        <List spacing={4} size="sm" aria-label="Signatures">
          {note.signatures!.map((s, i) => (
            <List.Item key={i}>
              {ROLE[s.role] ?? s.role}:{' '}
              <strong>
                <StaffName reference={s.signer} />
              </strong>
              , {when(s.signedAt, timeZone)}
              <Text span size="xs" c="dimmed">
                {' '}
                · content {s.contentHash.slice(0, 12)}
              </Text>
              {s.attestation && (
                <Text size="xs" c="dimmed" fs="italic" data-testid="signature-attestation">
                  Attested: “{s.attestation.text}”
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {note.pendingSignatures?.map((p, i) => (
        <Text key={i} size="sm" c="orange">
          Awaiting a co-signature from {p.signers.map(refText).join(' or ')}. {p.reason}
        </Text>
      ))}
      {(note.amendments ?? []).length > 0 && (
        <>
          <Title order={2} fz="md">
            Amendments
          </Title>
          <List spacing={4} size="sm" aria-label="Amendments">
            {note.amendments!.map((a, i) => (
              <List.Item key={i}>
                {when(a.at, timeZone)}:{' '}
                <strong>
                  <StaffName reference={a.author} />
                </strong>{' '}
                amended {a.changedFields.join(', ')}. Reason: {a.reason}{' '}
                {onViewVersion && (
                  <Button variant="subtle" size="compact-xs" onClick={() => onViewVersion(a.previousVersionId)}>
                    View the version before
                  </Button>
                )}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {note.enteredInError && (
        <Text size="sm" c="red">
          Marked entered in error by <StaffName reference={note.enteredInError.by} />, {enteredInErrorAt}. Reason:{' '}
          {note.enteredInError.reason}
        </Text>
      )}
    </Stack>
  );
}
