import type { CalendarEntry } from '@caseload/core';
import { Anchor, Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { noteEditorPath } from '../../notes-queues/index.ts';
import type { StartNote } from '../hooks/useStartNote.ts';
import { entryKey, NOTE_STATE_LABELS } from '../utils/appointment-text.ts';

export interface AppointmentNoteActionProps {
  entry: CalendarEntry;
  startNote: StartNote;
  /** Words naming the appointment for screen readers ("Ada Booked at 9:00 AM"). */
  label: string;
}

const NOTE_STATE_COLORS = { none: 'gray', draft: 'yellow', signed: 'green' } as const;

/**
 * An appointment's note state and what to do about it: "Open note" when it has one, "Start note"
 * when it has none and the user may start one. Released appointments (cancelled, no-show) still
 * may get a note: the session records what happened.
 */
export function AppointmentNoteAction({ entry, startNote, label }: AppointmentNoteActionProps) {
  const state = entry.occurrenceOf ? 'none' : entry.noteState;
  const note = entry.note;
  const canStart = startNote.allowed && state === 'none' && entry.status !== 'entered-in-error';
  return (
    <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
      {state && (
        <Badge variant="light" color={NOTE_STATE_COLORS[state]} aria-label={`Note: ${NOTE_STATE_LABELS[state]}`}>
          {NOTE_STATE_LABELS[state]}
        </Badge>
      )}
      {note && state !== 'none' ? (
        <Anchor
          component={Link}
          to={noteEditorPath(note.partition ?? entry.appointment.partition, note.id)}
          fz="sm"
          aria-label={`Open note: ${label}`}
        >
          Open note
        </Anchor>
      ) : (
        canStart && (
          <Button
            size="xs"
            variant="light"
            aria-label={`Start note: ${label}`}
            loading={startNote.startingKey === entryKey(entry)}
            disabled={startNote.start.pending}
            onClick={() => void startNote.start.run(entry)}
          >
            Start note
          </Button>
        )
      )}
    </Group>
  );
}
