import type { Note } from '@caseload/core';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useApplySharedSections } from '../hooks/useApplySharedSections.ts';

export interface SharedSectionsBarProps {
  note: Note;
  /** The signed-in practitioner. */
  me: string | undefined;
  allowGroupNoteAdminEdit: boolean;
  /** Stores this note's edits first, so the group gets what is on screen. */
  beforeApply(): Promise<void>;
}

/**
 * On a group note: copies this note's shared sections to every unsigned note of the session
 * (PUT …/shared-sections). Offered to the facilitator, and to others only with
 * `allowGroupNoteAdminEdit` (the server checks the same).
 */
export function SharedSectionsBar({ note, me, allowGroupNoteAdminEdit, beforeApply }: SharedSectionsBarProps) {
  const { apply, result } = useApplySharedSections(note, beforeApply);
  const session = note.groupSession;
  if (!session || !note.sections.some((s) => s.shared)) return null;
  const facilitator = session.facilitator?.id === me;
  if (!facilitator && !allowGroupNoteAdminEdit) {
    return (
      <Text size="sm" c="dimmed">
        The shared sections are the group's; only {session.facilitator?.display ?? 'the facilitator'} can change them for everyone.
      </Text>
    );
  }
  return (
    <Group gap="sm">
      <Button variant="light" size="xs" onClick={() => void apply.run()} loading={apply.pending}>
        Apply shared sections to the whole group
      </Button>
      {result && (
        <Text size="sm" c="dimmed">
          {result.updated.length} notes updated{result.skipped.length ? `, ${result.skipped.length} signed ones left as they were` : ''}.
        </Text>
      )}
      {!!apply.error && (
        <Alert color="red" variant="light" role="alert">
          {apply.error instanceof Error ? apply.error.message : String(apply.error)}
        </Alert>
      )}
    </Group>
  );
}
