import type { Note, ScribeAudioRetention, ScribeSessionLinks } from '@caseload/core';
import { recordAuditIn } from '../audit/audit-writer.ts';
import { audioRetentionAudit } from '../audit/scribe-audit.ts';
import type { Queryable } from '../db/database.ts';
import { NOTE, workflowRepository } from '../notes/note-workflow-context.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { MEDIA } from './scribe-session-store.ts';

const DAY_SECONDS = 24 * 60 * 60;

/** Seconds the audio is kept after signing, or undefined to keep it (the practice's `scribeAudioRetention`). */
export function audioTimeToLive(retention: ScribeAudioRetention | undefined): number | undefined {
  if (retention?.mode === 'Keep') return undefined;
  if (retention?.mode === 'KeepDays' && retention.days) return retention.days * DAY_SECONDS;
  // At once: reads hide it from the write on, and the sweeper removes it (and its bytes) within a minute.
  return 0;
}

/**
 * When a generated note is signed, its session's recordings get the practice's time-to-live
 * (docs/scribe.md, "Audio retention"): a new version of each Media with `meta.expires`, written in
 * the signing transaction as the signer, with an audit event saying what will be deleted and when.
 * The time-to-live machinery then deletes the Media, its history and its audio; the Transcription
 * (the text) is kept. Only a generated note's session: other notes have no scribe audio.
 */
export async function applyAudioRetention(
  tx: Queryable,
  ctx: RepositoryContext,
  note: Note,
  retention: ScribeAudioRetention | undefined,
): Promise<void> {
  const sessionRef = note.generation?.scribeSession;
  const seconds = audioTimeToLive(retention);
  if (!sessionRef || seconds === undefined) return;
  const repo = workflowRepository(tx, { ...ctx, writeOptions: { ...ctx.writeOptions, timeToLiveSeconds: seconds } });
  const session = (await repo.read(NOTE, sessionRef.id)) as Note & { scribe?: ScribeSessionLinks };
  for (const recording of session.scribe?.recordings ?? []) {
    const row = await repo.currentForWrite(MEDIA, recording.id).catch(() => undefined);
    if (!row || row.is_deleted) continue;
    const written = await repo.writeNextVersion(MEDIA, row, (previous) => previous);
    await recordAuditIn(tx, audioRetentionAudit(ctx, note, written, seconds), ctx.clock());
  }
}
