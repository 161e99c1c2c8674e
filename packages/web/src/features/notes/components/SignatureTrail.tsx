import type { Note } from '@caseload/core';
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { refText } from '../utils/note-refs.ts';
import { StaffName } from './StaffName.tsx';

const ROLE: Record<string, string> = { Author: 'Signed by the author', CoSigner: 'Co-signed', Patient: 'Signed by the patient', RelatedPerson: 'Signed by a related person', Amender: 'Amendment signed' };

/** "2026-03-02 14:05" from an instant, in the practice's zone. */
function when(at: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at)).replace(',', '');
}

export interface SignatureTrailProps {
  note: Note;
  timeZone: string;
  /** Shows the version an amendment replaced. */
  onViewVersion?: (versionId: string) => void;
}

/** A signed note's signatures, the co-signature still owed, its amendments and an entered-in-error mark. */
export function SignatureTrail({ note, timeZone, onViewVersion }: SignatureTrailProps) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="md">Signatures</Title>
      {(note.signatures ?? []).length === 0 ? <Text size="sm" c="dimmed">Not signed yet.</Text> : (
        <List spacing={4} size="sm" aria-label="Signatures">
          {note.signatures!.map((s, i) => (
            <List.Item key={i}>
              {ROLE[s.role] ?? s.role}: <strong><StaffName reference={s.signer} /></strong>, {when(s.signedAt, timeZone)}
              <Text span size="xs" c="dimmed"> · content {s.contentHash.slice(0, 12)}</Text>
            </List.Item>
          ))}
        </List>
      )}
      {note.pendingSignatures?.map((p, i) => (
        <Text key={i} size="sm" c="orange">Awaiting a co-signature from {p.signers.map(refText).join(' or ')}. {p.reason}</Text>
      ))}
      {(note.amendments ?? []).length > 0 && (
        <>
          <Title order={2} fz="md">Amendments</Title>
          <List spacing={4} size="sm" aria-label="Amendments">
            {note.amendments!.map((a, i) => (
              <List.Item key={i}>
                {when(a.at, timeZone)}: <strong><StaffName reference={a.author} /></strong> amended {a.changedFields.join(', ')}. Reason: {a.reason}{' '}
                {onViewVersion && <Button variant="subtle" size="compact-xs" onClick={() => onViewVersion(a.previousVersionId)}>View the version before</Button>}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {note.enteredInError && (
        <Text size="sm" c="red">Marked entered in error by <StaffName reference={note.enteredInError.by} />, {when(note.enteredInError.at, timeZone)}. Reason: {note.enteredInError.reason}</Text>
      )}
    </Stack>
  );
}
