import type { Note } from '@caseload/core';
import { useCallback } from 'react';
import { useDataLayer } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import {
  postAmendNote,
  postCoSignNote,
  postEnteredInError,
  postSignNote,
  printoutUrl,
  type PatientSignatureBody,
  type SignAnswer,
} from '../api/notes.api.ts';

export interface NoteActions {
  /**
   * Signs as the author once every queued edit (and a patient signature's image) is on the
   * server, attesting the words whose hash is given; rejects with the server's refusal (ApiError).
   */
  sign(attestationHash: string, patientSignature?: PatientSignatureBody): Promise<SignAnswer>;
  /** Co-signs, attesting the words whose hash is given. */
  coSign(attestationHash: string): Promise<SignAnswer>;
  amend(reason: string, changes: Partial<Pick<Note, 'title' | 'sections' | 'completion'>>): Promise<Note>;
  enteredInError(reason: string): Promise<Note>;
  /** The printout's address (GET Notes/{id}/printout, a PDF). */
  printoutHref: string;
}

/**
 * The note calls of one note (sign, co-sign, amend, entered in error). Each first lets the write
 * queue send what waits (the server signs what it has, at the version it has), then calls with
 * the stored version, then reads the note again through the data layer so every screen shows it.
 */
export function useNoteActions(noteId: string, patientId: string): NoteActions {
  const layer = useDataLayer();
  const practiceId = useCurrentPractice().current?.practiceId ?? '';

  const currentVersion = useCallback(async () => {
    await layer.flush();
    const [note] = await layer.fetchAll<Note>('Notes', { partition: patientId, filters: [{ field: 'id', op: 'eq', value: noteId }] });
    if (!note?.meta?.versionId) throw new Error('The requested data was not found.');
    return note.meta.versionId;
  }, [layer, noteId, patientId]);

  const reread = useCallback(
    () => layer.fetchAll<Note>('Notes', { partition: patientId, filters: [{ field: 'id', op: 'eq', value: noteId }] }),
    [layer, noteId, patientId],
  );

  const after = useCallback(
    async <T>(answer: T) => {
      await reread();
      return answer;
    },
    [reread],
  );

  return {
    sign: useCallback(
      async (attestationHash: string, patientSignature?: PatientSignatureBody) =>
        after(
          await postSignNote(practiceId, noteId, {
            versionId: await currentVersion(),
            attestationHash,
            ...(patientSignature && { patientSignature }),
          }),
        ),
      [after, practiceId, noteId, currentVersion],
    ),
    coSign: useCallback(
      async (attestationHash: string) =>
        after(await postCoSignNote(practiceId, noteId, { versionId: await currentVersion(), attestationHash })),
      [after, practiceId, noteId, currentVersion],
    ),
    amend: useCallback(
      async (reason: string, changes: Partial<Pick<Note, 'title' | 'sections' | 'completion'>>) =>
        after(await postAmendNote(practiceId, noteId, { versionId: await currentVersion(), reason, changes })),
      [after, practiceId, noteId, currentVersion],
    ),
    enteredInError: useCallback(
      async (reason: string) => after(await postEnteredInError(practiceId, noteId, { versionId: await currentVersion(), reason })),
      [after, practiceId, noteId, currentVersion],
    ),
    printoutHref: printoutUrl(practiceId, noteId),
  };
}
