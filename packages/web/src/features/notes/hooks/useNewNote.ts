import type { Encounter, Note, NoteDefinition, NoteTemplate, PracticePreferenceValues } from '@caseload/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUpsert } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { usePracticePreferences } from '../../practice/index.ts';
import { availableDefinitions, newNoteDrafts, templatesFor } from '../utils/note-draft.ts';
import { refTo } from '../utils/note-refs.ts';
import { notePath } from '../utils/note-paths.ts';
import { useNoteAuthor } from './useNoteAuthor.ts';
import { useNoteSetup, type NoteSetup } from './useNoteSetup.ts';
import { usePatientNoteContext } from './usePatientNoteContext.ts';

export interface NewNote {
  setup: NoteSetup;
  preferences: PracticePreferenceValues;
  /** The kinds of note that may be started for the patient. */
  definitions: NoteDefinition[];
  /** The kind chosen (the only one, until another is chosen). */
  chosenId: string | null;
  /** Chooses a kind of note, and no template (the templates are that kind's). */
  chooseDefinition: (id: string | null) => void;
  templates: NoteTemplate[];
  templateId: string | null;
  setTemplateId: (id: string | null) => void;
  /** Stores the encounter and the note on the device (queued for the server) and opens the note. */
  start: Submit<[]>;
}

/**
 * Starting a note for a patient: the kind of note, a template, and the drafts written. With
 * `encounter` (the session "Start note" made from an appointment, already stored by the server)
 * the note is written on it instead of on a new blank encounter.
 */
export function useNewNote(patientId: string, onClose: () => void, encounter?: Encounter): NewNote {
  const setup = useNoteSetup();
  const patient = usePatientNoteContext(patientId);
  const { values: preferences } = usePracticePreferences();
  const author = useNoteAuthor();
  const navigate = useNavigate();
  const upsertEncounter = useUpsert<Encounter>('Encounters');
  const upsertNote = useUpsert<Note>('Notes');
  const programIds = patient.episodes.filter((e) => e.status === 'active').flatMap((e) => e.programs.map((p) => p.program.id));
  const definitions = availableDefinitions(setup.definitions, {
    kinds: ['Individual', 'MultiService'],
    programIds,
    filterByProgram: preferences.filterNoteCategoryByProgram,
  });
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
    const session = encounter ?? (await upsertEncounter(drafts.encounter));
    const { encounterDate: blankDate, ...draft } = drafts.note(refTo(session));
    // The session's own date when it has one (an appointment's start), not the blank one's default.
    const encounterDate = encounter ? encounter.sessionTime?.start : blankDate;
    const note = await upsertNote({ ...draft, ...(encounterDate && { encounterDate }) });
    onClose();
    navigate(notePath(patientId, note.id));
  });
  const chooseDefinition = (v: string | null) => {
    setDefinitionId(v);
    setTemplateId(null);
  };

  return { setup, preferences, definitions, chosenId, chooseDefinition, templates, templateId, setTemplateId, start };
}
