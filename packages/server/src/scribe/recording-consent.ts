import { AppError, ErrorCodes, MESSAGES, SCRIBE_MESSAGES, localDate, practiceTimeZone, type Resource } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { systemReader } from '../storage/system-reader.ts';

/** What a scribe recording holds: the session's conversation, or the clinician's own dictation. */
export type RecordingPurpose = 'session' | 'dictation';

/** The consent category that covers recording a session (CONSENT_CATEGORIES). */
export const RECORDING_CONSENT = 'recording';

interface ConsentBody extends Resource {
  status?: string;
  category?: { code?: string };
  period?: { start?: string; end?: string };
}

/** 403 in the product's shape, the reason in `issues` so a client can show it. */
const refusedRecording = (message: string) =>
  new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause: message, issues: [{ path: 'recording', message }] });

/** Whether a consent is in force on `today` (the practice's local yyyy-mm-dd, compared as text). */
function inForce(consent: ConsentBody, today: string): boolean {
  if (consent.status !== 'active' || consent.category?.code !== RECORDING_CONSENT) return false;
  const start = consent.period?.start?.slice(0, 10);
  const end = consent.period?.end?.slice(0, 10);
  return (!start || start <= today) && (!end || end >= today);
}

/**
 * Refuses audio the practice may not hold: session audio when the practice allows dictation
 * only, or when the patient has no active recording Consent in force today; a clinician's
 * dictation needs no patient consent. Read as the server: the caller's reach was checked on the
 * session itself, and only a yes or no leaves here.
 */
export async function assertMayRecord(tx: Queryable, ctx: RepositoryContext, partition: string, purpose: RecordingPurpose): Promise<void> {
  if (purpose === 'dictation') return;
  const preferences = await loadPracticePreferences(tx, ctx.practiceId);
  if (preferences.dictationOnlyScribeSessions) throw refusedRecording(SCRIBE_MESSAGES.dictationOnly);
  const consents = await systemReader(tx, ctx).list<ConsentBody>('Consent', {
    partition,
    filters: [{ field: 'category.code', op: 'eq', value: RECORDING_CONSENT }],
  });
  const today = localDate(ctx.clock(), practiceTimeZone(preferences));
  if (!consents.some((c) => inForce(c, today))) throw refusedRecording(SCRIBE_MESSAGES.noRecordingConsent);
}
