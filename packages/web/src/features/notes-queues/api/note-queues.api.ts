import type { Note, UnsignedNoteStatus } from '@caseload/core';
import { api } from '../../../api/index.ts';

/** One of "my unsigned notes": the note and where it stands against the signing deadline. */
export interface UnsignedNoteItem {
  note: Note;
  unsigned: UnsignedNoteStatus;
}

/** A page of a note list (docs/api.md, "Note calls"). */
export interface NoteQueuePage<T> {
  items: T[];
  continuationToken?: string;
}

const notesPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/Notes`;

/** GET Notes/unsigned: the caller's unsigned notes, oldest session first, each with its overdue flag. */
export const fetchUnsignedNotes = (practiceId: string, pageSize = 50) =>
  api.get<NoteQueuePage<UnsignedNoteItem>>(`${notesPath(practiceId)}/unsigned?pageSize=${pageSize}`);

/** GET Notes/co-sign-queue: notes whose pending co-signature the caller may give, oldest session first. */
export const fetchCoSignQueue = (practiceId: string, pageSize = 50) => api.get<NoteQueuePage<Note>>(`${notesPath(practiceId)}/co-sign-queue?pageSize=${pageSize}`);

/** POST Notes/{id}/co-sign { versionId }: the note becomes Final (409 when it changed meanwhile). */
export const postCoSign = (practiceId: string, id: string, versionId: string) =>
  api.post<{ note: Note; warnings: unknown[] }>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/co-sign`, { versionId });
