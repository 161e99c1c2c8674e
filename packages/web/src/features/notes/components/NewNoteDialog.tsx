import type { Encounter, Note } from '@caseload/core';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUpsert } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import { usePracticePreferences } from '../../practice/index.ts';
import { useNoteAuthor } from '../hooks/useNoteAuthor.ts';
import { useNoteSetup } from '../hooks/useNoteSetup.ts';
import { usePatientNoteContext } from '../hooks/usePatientNoteContext.ts';
import { availableDefinitions, newNoteDrafts, templatesFor } from '../utils/note-draft.ts';
import { refTo } from '../utils/note-refs.ts';
import { notePath } from '../utils/note-paths.ts';

export interface NewNoteDialogProps {
  patientId: string;
  opened: boolean;
  onClose(): void;
}

/**
 * Starting a note: the kind of note (a NoteDefinition, narrowed to the patient's programs with
 * `filterNoteCategoryByProgram`) and optionally a template that prefills it. The encounter and
 * note are stored on the device and queued at once, so this works offline; the editor opens.
 */
export function NewNoteDialog({ patientId, opened, onClose }: NewNoteDialogProps) {
  const setup = useNoteSetup();
  const patient = usePatientNoteContext(patientId);
  const { values: preferences } = usePracticePreferences();
  const author = useNoteAuthor();
  const navigate = useNavigate();
  const upsertEncounter = useUpsert<Encounter>('Encounters');
  const upsertNote = useUpsert<Note>('Notes');
  const programIds = patient.episodes.filter((e) => e.status === 'active').flatMap((e) => e.programs.map((p) => p.program.id));
  const definitions = availableDefinitions(setup.definitions, { kinds: ['Individual', 'MultiService'], programIds, filterByProgram: preferences.filterNoteCategoryByProgram });
  const [definitionId, setDefinitionId] = useState<string | null>(null);
  const chosenId = definitionId ?? (definitions.length === 1 ? definitions[0]!.id : null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const templates = templatesFor(setup.templates, chosenId ?? undefined, author?.id);

  const start = useSubmit(async () => {
    const definition = definitions.find((d) => d.id === chosenId);
    if (!definition) throw new Error('Choose the kind of note to write.');
    if (!author) throw new Error('Only a practitioner can write a note.');
    const drafts = newNoteDrafts({
      patient: { id: patientId, display: patient.patient?.display },
      author,
      definition,
      template: templates.find((t) => t.id === templateId),
      episode: patient.activeEpisode,
      conditions: patient.conditions,
      preferences,
      now: new Date(),
    });
    // The encounter first: the queue sends in order, so the note never names a missing encounter.
    const encounter = await upsertEncounter(drafts.encounter);
    const note = await upsertNote(drafts.note(refTo(encounter)));
    onClose();
    navigate(notePath(patientId, note.id));
  });

  return (
    <Modal opened={opened} onClose={onClose} title="New note" size="md">
      <form aria-label="New note" onSubmit={(e) => { e.preventDefault(); void start.run(); }}>
        <Stack gap="md">
          {definitions.length === 0 && !setup.loading ? (
            <Text c="dimmed">No kinds of notes are set up{preferences.filterNoteCategoryByProgram ? " for this patient's programs" : ''} yet. An administrator adds them under Administration.</Text>
          ) : (
            <Select
              label="Kind of note"
              data={definitions.map((d) => ({ value: d.id, label: d.name }))}
              value={chosenId}
              onChange={(v) => { setDefinitionId(v); setTemplateId(null); }}
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
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={start.pending} disabled={!chosenId}>Start note</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
