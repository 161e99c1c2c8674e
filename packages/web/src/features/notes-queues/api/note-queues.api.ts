import { HEADERS, type Filter, type Note, type NoteQueuePage, type SignAnswer, type UnsignedNoteItem } from '@caseload/core';
import { api } from '../../../api/index.ts';

/** The note lists' pages, as the server's contract declares them (core's api/contract). */
export type { NoteQueuePage, UnsignedNoteItem };

const notesPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/Notes`;

/** GET Notes/unsigned: the caller's unsigned notes, oldest session first, each with its overdue flag. */
export const fetchUnsignedNotes = (practiceId: string, pageSize = 50) =>
  api.get<NoteQueuePage<UnsignedNoteItem>>(`${notesPath(practiceId)}/unsigned?pageSize=${pageSize}`);

/** GET Notes/co-sign-queue: notes whose pending co-signature the caller may give, oldest session first. */
export const fetchCoSignQueue = (practiceId: string, pageSize = 50) =>
  api.get<NoteQueuePage<Note>>(`${notesPath(practiceId)}/co-sign-queue?pageSize=${pageSize}`);

/**
 * POST Notes/{id}/co-sign { versionId, attestationHash }: the note becomes Final (409 when it
 * changed meanwhile; 400 when the attestation shown is not the one owed).
 */
export const postCoSign = (practiceId: string, id: string, versionId: string, attestationHash: string) =>
  api.post<SignAnswer>(`${notesPath(practiceId)}/${encodeURIComponent(id)}/co-sign`, { versionId, attestationHash });

/** POST Notes/queries with `Prefer: return=minimal`: how many of the practice's notes match, across patients. */
export async function countNotes(practiceId: string, filters: Filter[]): Promise<number> {
  const answer = await api.send<void>('POST', `${notesPath(practiceId)}/queries`, {
    body: filters,
    headers: { [HEADERS.prefer]: 'return=minimal', [HEADERS.enableCrossPartition]: 'true' },
  });
  return Number(answer.headers.get(HEADERS.totalCount) ?? 0);
}
