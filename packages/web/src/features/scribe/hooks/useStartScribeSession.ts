import { HEADERS, patientDisplay, type Encounter, type Patient, type Reference } from '@caseload/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../api/index.ts';
import { useResource } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { useNoteAuthor } from '../../notes/index.ts';
import { useCan, useCurrentPractice, useHasFlag } from '../../practice/index.ts';
import { postScribeSession } from '../api/scribe.api.ts';
import { scribeSessionPath } from '../utils/scribe-paths.ts';
import { sessionEncounter } from '../utils/session-encounter.ts';

export interface StartScribeSession {
  /** The user may start one: a scribe session is a Note on an Encounter. */
  allowed: boolean;
  /** A scribe drafts for a clinician they support, so they name that clinician as the author. */
  choosesAuthor: boolean;
  /** The signed-in practitioner, the author when no other is chosen. */
  me: Reference | undefined;
  start: Submit<[author?: Reference]>;
}

/**
 * "Start scribe session": for an appointment the server makes the session's encounter; from the
 * chart a new encounter starting now is written first. Then the ScribeSession note, and its page.
 * Both need the server (the session is the server's to link), so they are calls, not queued writes.
 */
export function useStartScribeSession(patientId: string, appointment?: Reference): StartScribeSession {
  const { current } = useCurrentPractice();
  const practiceId = current?.practiceId ?? '';
  // With its display, so the encounter's participants name the clinician rather than an id.
  const me = useNoteAuthor();
  const navigate = useNavigate();
  const patient = useResource<Patient>('Patients', patientId).item;
  const mayCreateNote = useCan('Create', 'Note');
  const mayCreateEncounter = useCan('Create', 'Encounter');
  const allowed = mayCreateNote && mayCreateEncounter;
  const choosesAuthor = useHasFlag('administrative', 'Scribe');

  const start = useSubmit(
    useCallback(
      async (author?: Reference) => {
        const performer = author ?? me;
        if (!performer) throw new Error('Choose the clinician this session is for.');
        let encounter: Reference | undefined;
        if (!appointment) {
          const who = { resourceType: 'Patient', id: patientId, ...(patient && { display: patientDisplay(patient) }) };
          const body = sessionEncounter(who, performer, new Date());
          const created = await api.post<Encounter>(`/api/v1/practices/${encodeURIComponent(practiceId)}/Encounters`, body, {
            headers: { [HEADERS.idempotencyKey]: crypto.randomUUID() },
          });
          encounter = { resourceType: 'Encounter', id: created.id };
        }
        const session = await postScribeSession(practiceId, {
          partition: patientId,
          ...(encounter ? { encounter } : { appointment: { resourceType: 'Appointment', id: appointment!.id } }),
          ...(author && { author: { resourceType: 'Practitioner', id: author.id } }),
        });
        navigate(scribeSessionPath(session.id));
      },
      [me, appointment, patientId, patient, practiceId, navigate],
    ),
  );
  return { allowed, choosesAuthor, me, start };
}
