import type { Note } from '@caseload/core';
import type { PagedQueryRequest } from '../../../data/index.ts';

/**
 * The scribe sessions list: every ScribeSession the user may see across patients, newest session
 * first. The server's reach decides whose: a clinician sees their own and their patients', a
 * scribe those of the clinicians they support.
 */
export const scribeSessionsRequest = (): PagedQueryRequest => ({
  filters: [{ field: 'kind', op: 'eq', value: 'ScribeSession' }],
  orderBy: 'EncounterDate',
  order: 'desc',
  crossPartition: true,
});

export type SessionStage = 'New' | 'Transcribing' | 'Transcribed' | 'Drafted';

/** Where a session is: what the list's state column says, read from the session's links. */
export function sessionStage(session: Pick<Note, 'scribe'>): SessionStage {
  const links = session.scribe;
  if (links?.generatedNote) return 'Drafted';
  if (links?.transcription) return 'Transcribed';
  if ((links?.recordings ?? []).length > 0) return 'Transcribing';
  return 'New';
}

export const STAGE_LABELS: Record<SessionStage, string> = {
  New: 'No transcript yet',
  Transcribing: 'Recorded, not transcribed',
  Transcribed: 'Transcript ready',
  Drafted: 'Note drafted',
};
