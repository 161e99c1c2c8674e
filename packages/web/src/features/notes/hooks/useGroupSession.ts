import type { Encounter, NoteSection, Patient, PracticePreferenceValues } from '@caseload/core';
import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { useCurrentPractice, usePracticePreferences } from '../../practice/index.ts';
import { postGroupSession, type GroupSessionAnswer } from '../api/notes.api.ts';
import { availableDefinitions } from '../utils/note-draft.ts';
import { defaultSessionTime } from '../utils/session-time-fields.ts';
import { groupSessionBody, splitGroupSections, type GroupAttendee } from '../utils/group-session.ts';
import { useNoteSetup, type NoteSetup } from './useNoteSetup.ts';

export interface GroupSession {
  setup: NoteSetup;
  preferences: PracticePreferenceValues;
  /** The group note definitions the practice offers. */
  definitions: NoteSetup['definitions'];
  /** The one chosen (the only one, until another is chosen). */
  definition: NoteSetup['definitions'][number] | undefined;
  setDefinitionId: (id: string | null) => void;
  /** The definition's sections: shared by the group, and each attendee's own. */
  split: { shared: NoteSection[]; individual: NoteSection[] };
  shared: NoteSection[];
  setShared: Dispatch<SetStateAction<NoteSection[]>>;
  attendees: GroupAttendee[];
  setAttendees: Dispatch<SetStateAction<GroupAttendee[]>>;
  /** Changes the attendee at `i`. */
  update: (i: number, patch: Partial<GroupAttendee>) => void;
  encounter: Partial<Encounter>;
  setEncounter: Dispatch<SetStateAction<Partial<Encounter>>>;
  /** "Create notes": one note per attendee, made by the server in one call. */
  create: Submit<[]>;
  /** The server's answer once the notes are made. */
  answer: GroupSessionAnswer | undefined;
}

/**
 * What the group session screen edits: the definition, the shared encounter, the shared sections
 * and the attendees (the chart's patient, `?patient=`, first), and the call that makes the notes
 * (POST Notes/group-sessions).
 */
export function useGroupSession(): GroupSession {
  const [params] = useSearchParams();
  const first = params.get('patient');
  const setup = useNoteSetup();
  const { values: preferences } = usePracticePreferences();
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const definitions = availableDefinitions(setup.definitions, { kinds: ['Group'], filterByProgram: false });
  const [definitionId, setDefinitionId] = useState<string | null>(null);
  const definition = definitions.find((d) => d.id === (definitionId ?? (definitions.length === 1 ? definitions[0]!.id : null)));
  const split = useMemo(() => splitGroupSections(definition), [definition]);
  const [shared, setShared] = useState<NoteSection[]>([]);
  const [attendees, setAttendees] = useState<GroupAttendee[]>([]);
  const [encounter, setEncounter] = useState<Partial<Encounter>>({ visitMode: 'InPerson' });
  const [answer, setAnswer] = useState<GroupSessionAnswer>();
  const firstPatient = useResource<Patient>('Patients', first ?? undefined);

  // A new definition: its sections, and every attendee's own sections, start afresh.
  useEffect(() => {
    setShared(split.shared);
    setAttendees((all) => all.map((a) => ({ ...a, sections: split.individual })));
    const mode = definition?.durationMode ?? 'Duration';
    setEncounter((e) => ({
      ...e,
      sessionTime: preferences.allowSessionTimeInputDefault ? defaultSessionTime(new Date(), mode, definition?.incrementMinutes) : { mode },
      ...(definition?.serviceTypes?.length === 1 && { serviceType: definition.serviceTypes[0] }),
    }));
  }, [split, definition, preferences.allowSessionTimeInputDefault]);

  // Opened from a chart: that patient is the first attendee.
  useEffect(() => {
    const p = firstPatient.item;
    if (p)
      setAttendees((all) =>
        all.some((a) => a.patient.id === p.id)
          ? all
          : [{ patient: { resourceType: 'Patient', id: p.id, display: p.display }, present: true, sections: split.individual }, ...all],
      );
  }, [firstPatient.item, split.individual]);

  const create = useSubmit(async () => {
    if (!definition) throw new Error('Choose the kind of group note.');
    if (attendees.length === 0) throw new Error('Add at least one attendee.');
    setAnswer(
      await postGroupSession(
        practiceId,
        groupSessionBody({ definition, encounter, shared, attendees, forceServiceOverride: preferences.forceGroupNoteServiceOverride }),
      ),
    );
  });

  const update = (i: number, patch: Partial<GroupAttendee>) => setAttendees((all) => all.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return {
    setup,
    preferences,
    definitions,
    definition,
    setDefinitionId,
    split,
    shared,
    setShared,
    attendees,
    setAttendees,
    update,
    encounter,
    setEncounter,
    create,
    answer,
  };
}
