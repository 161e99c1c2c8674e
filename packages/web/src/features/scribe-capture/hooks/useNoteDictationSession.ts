import type { Note } from '@caseload/core';
import { useCallback, useMemo, useState } from 'react';
import { usePagedQuery } from '../../../data/index.ts';
import { useCan, useCurrentPractice } from '../../practice/index.ts';
import { postScribeSession } from '../../scribe/api/scribe.api.ts';

export interface NoteDictationSession {
  /** The session dictations go to, once there is one. */
  sessionId: string | undefined;
  /** The user may dictate: a dictation is a Media on a ScribeSession note. */
  allowed: boolean;
  /** Finds or makes the session (the first dictation into a note not drafted by the scribe). */
  ensure: () => Promise<string>;
}

/**
 * The ScribeSession a note's dictations are kept on (the server keeps recordings on a session
 * only): a generated note's own session; otherwise a dictation session on the note's encounter,
 * made on the first dictation and found again by encounter when the editor reopens, so a note
 * never gets a second one.
 */
export function useNoteDictationSession(note: Pick<Note, 'partition' | 'encounter' | 'generation'>): NoteDictationSession {
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const mayCreateMedia = useCan('Create', 'Media');
  const mayCreateNote = useCan('Create', 'Note');
  const allowed = mayCreateMedia && mayCreateNote;
  const generated = note.generation?.scribeSession.id;
  const encounterId = note.encounter?.id;
  const request = useMemo(
    () =>
      generated || !encounterId
        ? undefined
        : {
            filters: [
              { field: 'kind', op: 'eq' as const, value: 'ScribeSession' },
              { field: 'encounter.id', op: 'eq' as const, value: encounterId },
            ],
            partition: note.partition,
          },
    [generated, encounterId, note.partition],
  );
  const found = usePagedQuery<Note>('Notes', request).items[0]?.id;
  const [made, setMade] = useState<string>();
  const sessionId = generated ?? found ?? made;
  const ensure = useCallback(async () => {
    if (sessionId) return sessionId;
    const created = await postScribeSession(practiceId, {
      partition: note.partition,
      encounter: { resourceType: 'Encounter', id: encounterId ?? '' },
      title: 'Dictation',
    });
    setMade(created.id);
    return created.id;
  }, [sessionId, practiceId, note.partition, encounterId]);
  return { sessionId, allowed, ensure };
}
