import type { Note } from '@caseload/core';
import { fetchCoSignQueue } from '../api/note-queues.api.ts';
import { useNoteQueue, type NoteQueue } from './useNoteQueue.ts';

/** The notes awaiting the signed-in supervisor's co-signature (GET Notes/co-sign-queue). */
export function useCoSignQueue(enabled = true): NoteQueue<Note> {
  return useNoteQueue(fetchCoSignQueue, enabled);
}
