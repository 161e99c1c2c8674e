import { fetchUnsignedNotes, type UnsignedNoteItem } from '../api/note-queues.api.ts';
import { useNoteQueue, type NoteQueue } from './useNoteQueue.ts';

/** The signed-in author's unsigned notes with their overdue flags (GET Notes/unsigned). */
export function useUnsignedNotes(enabled = true): NoteQueue<UnsignedNoteItem> {
  return useNoteQueue(fetchUnsignedNotes, enabled);
}
