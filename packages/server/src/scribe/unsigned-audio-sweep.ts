import { UNSIGNED_AUDIO_DAYS, type Note, type Resource, type ScribeSessionLinks } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import { recordAuditIn } from '../audit/audit-writer.ts';
import { unsignedAudioAudit } from '../audit/scribe-audit.ts';
import type { Database } from '../db/database.ts';
import { NOTE, workflowRepository } from '../notes/note-workflow-context.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { systemContext } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { MEDIA } from './scribe-session-store.ts';

const DAY_MS = 24 * 60 * 60_000;
/** A signed note: its session's audio follows the signing rule (audio-retention.ts), not this one. */
const SIGNED = new Set(['Final', 'Amended']);

type Recording = Resource & { scribeSession?: { id: string } };

/**
 * Expires the audio of a practice's scribe sessions that no signed note closed (docs/scribe.md,
 * "Audio retention"): a session whose generated note is not signed (or that has none, as a
 * dictation session) and whose last recording is older than the practice's `unsignedDays` gets
 * each recording's time-to-live set to now, audited as the system; the time-to-live sweeper then
 * deletes the Media, its history and its bytes. `Keep` keeps everything. Returns how many expired.
 */
export async function expireUnsignedAudio(db: Database, audit: AuditWriter, practiceId: string, clock: () => Date): Promise<number> {
  const retention = (await loadPracticePreferences(db.pool, practiceId)).scribeAudioRetention;
  if (retention?.mode === 'Keep') return 0;
  const days = retention?.unsignedDays ?? UNSIGNED_AUDIO_DAYS;
  const cutoff = new Date(clock().getTime() - days * DAY_MS).toISOString();
  // Unchanged since the cut-off implies made before it: only their sessions can be due.
  const old = await new SystemReader(db.pool, practiceId, clock).list<Recording>(MEDIA, {
    filters: [
      { field: 'recordingPurpose', op: 'in', value: ['session', 'dictation'] },
      { field: 'meta.lastModified', op: 'lt', value: cutoff },
    ],
  });
  const sessions = new Set(old.filter((m) => !m.meta.expires && m.scribeSession).map((m) => m.scribeSession!.id));
  let expired = 0;
  for (const sessionId of sessions) expired += await expireSession(db, audit, practiceId, clock, sessionId, cutoff, days);
  return expired;
}

/** One session's audio, decided and written in one transaction, the recordings locked. */
async function expireSession(
  db: Database,
  audit: AuditWriter,
  practiceId: string,
  clock: () => Date,
  sessionId: string,
  cutoff: string,
  days: number,
): Promise<number> {
  const ctx = systemContext(db, audit, practiceId, WRITE_RULES, clock);
  return new ResourceRepository(ctx).inTransaction(async (tx) => {
    const reader = new SystemReader(tx.queryable, practiceId, clock);
    const session = await reader.get<Note & { scribe?: ScribeSessionLinks }>(NOTE, sessionId, { includeDeleted: true });
    if (session?.kind !== 'ScribeSession') return 0;
    const generated = session.scribe?.generatedNote && (await reader.get<Note>(NOTE, session.scribe.generatedNote.id));
    if (generated && SIGNED.has(generated.status)) return 0;
    const ids = (session.scribe?.recordings ?? []).map((r) => r.id);
    const recordings = ids.length > 0 ? await reader.list<Recording>(MEDIA, { ids }) : [];
    // A session recorded into lately is still being worked on.
    if (recordings.some((r) => (r.created ?? r.meta.lastModified) >= cutoff)) return 0;
    const repo = workflowRepository(tx.queryable, { ...ctx, writeOptions: { ...ctx.writeOptions, timeToLiveSeconds: 0 } });
    let expired = 0;
    for (const recording of recordings) {
      const row = await repo.currentForWrite(MEDIA, recording.id).catch(() => undefined);
      if (!row || row.is_deleted || row.expires_at) continue;
      const written = await repo.writeNextVersion(MEDIA, row, (previous) => previous);
      await recordAuditIn(tx.queryable, unsignedAudioAudit(ctx, session, written, days), clock());
      expired += 1;
    }
    return expired;
  });
}

const EVERY_MS = 60 * 60_000;

/**
 * The unsigned-audio sweep: at start-up and every hour, every practice, as the system, never on
 * a request's path. Like the other sweeps every server may run it; the row locks and the
 * re-check of each recording keep a recording's expiry single.
 */
export function startUnsignedAudioSweep(
  db: Database,
  audit: AuditWriter,
  practices: { list(): Promise<string[]> },
  clock: () => Date,
  log: (message: string) => void,
): { stop(): void; sweep(): Promise<number> } {
  const sweep = async () => {
    let total = 0;
    for (const practiceId of await practices.list()) total += await expireUnsignedAudio(db, audit, practiceId, clock);
    return total;
  };
  const report = (error: unknown) => log(`The unsigned audio sweep failed: ${error instanceof Error ? error.message : String(error)}`);
  void sweep().catch(report);
  const timer = setInterval(() => void sweep().catch(report), EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), sweep };
}
