import type { Encounter } from '@caseload/core';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useNewNote } from '../hooks/useNewNote.ts';

export interface NewNoteDialogProps {
  patientId: string;
  opened: boolean;
  onClose(): void;
  /** The session to write the note on (one started from an appointment); a new one when absent. */
  encounter?: Encounter;
}

/**
 * Starting a note: the kind of note (a NoteDefinition, narrowed to the patient's programs with
 * `filterNoteCategoryByProgram`) and optionally a template that prefills it. The encounter and
 * note are stored on the device and queued at once, so this works offline; the editor opens.
 */
export function NewNoteDialog({ patientId, opened, onClose, encounter }: NewNoteDialogProps) {
  const { setup, preferences, definitions, chosenId, chooseDefinition, templates, templateId, setTemplateId, start } = useNewNote(
    patientId,
    onClose,
    encounter,
  );

  return (
    <Modal opened={opened} onClose={onClose} title="New note" size="md">
      <form
        aria-label="New note"
        onSubmit={(e) => {
          e.preventDefault();
          void start.run();
        }}
      >
        <Stack gap="md">
          {definitions.length === 0 && !setup.loading ? (
            <Text c="dimmed">
              No kinds of notes are set up{preferences.filterNoteCategoryByProgram ? " for this patient's programs" : ''} yet. An
              administrator adds them under Administration.
            </Text>
          ) : (
            <Select
              label="Kind of note"
              data={definitions.map((d) => ({ value: d.id, label: d.name }))}
              value={chosenId}
              onChange={chooseDefinition}
              searchable
              required
              data-autofocus
              placeholder={setup.loading ? 'Loading…' : 'Choose…'}
              allowDeselect={false}
            />
          )}
          <Select
            label="Template"
            description={templates.length ? 'Prefills the note' : 'No templates for this kind of note'}
            data={templates.map((t) => ({ value: t.id, label: t.name }))}
            value={templateId}
            onChange={setTemplateId}
            disabled={templates.length === 0}
            clearable
            searchable
            placeholder="None"
          />
          <FormErrorAlert error={start.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={start.pending} disabled={!chosenId}>
              Start note
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
