import type { Note } from '@caseload/core';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import type { NoteAutosave } from '../hooks/useNoteAutosave.ts';

export interface ConflictAlertProps {
  conflict: NonNullable<NoteAutosave['conflict']>;
  note: Note;
  onResolve: NoteAutosave['resolveConflict'];
}

/** `/sections/1/narrative` → the section's title; anything else of the note or the encounter by what it is. */
function fieldName(pointer: string, which: 'note' | 'encounter', note: Note): string {
  if (which === 'encounter') return 'the session details';
  const section = /^\/sections\/(\d+)/.exec(pointer);
  if (section) return note.sections[Number(section[1])]?.title ?? 'a section';
  return pointer.split('/')[1] ?? 'the note';
}

/**
 * Another device saved a different text in a field this user is writing (docs/notes.md,
 * "Saves are patches"): their words stay on screen, saving waits, and they choose.
 */
export function ConflictAlert({ conflict, note, onResolve }: ConflictAlertProps) {
  const names = [...new Set(conflict.fields.map((f) => fieldName(f, conflict.which, note)))].join(', ');
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconArrowsDiff size={20} />}
      role="alert"
      title="Changed on another device too"
      data-testid="note-conflict"
    >
      <Text size="sm">{names} was changed elsewhere while you were writing it. Saving is paused until you choose.</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={() => onResolve('mine')}>
          Keep mine
        </Button>
        <Button size="xs" variant="default" onClick={() => onResolve('theirs')}>
          Use theirs
        </Button>
      </Group>
    </Alert>
  );
}
