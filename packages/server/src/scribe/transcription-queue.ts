import { SCRIBE_MESSAGES, isAppError, type Reference, type Resource } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import { contentKeys } from '../content/content-keys.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { Database } from '../db/database.ts';
import { workflowRepository } from '../notes/note-workflow-context.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { systemContext } from '../storage/system-repository.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { MEDIA, TRANSCRIPTION } from './scribe-session-store.ts';
import { applyDictationRules } from './speech-rules.ts';
import { transcribeRecording } from './channel-transcription.ts';
import type { TranscriptionProvider } from './transcription-provider.ts';

/** One transcription to run: the Transcription (Preparation) and the recording it transcribes. */
export interface TranscriptionJob {
  practiceId: string;
  transcriptionId: string;
  mediaId: string;
  provider: TranscriptionProvider;
  /** The provider time limit: also bounds reading the recording's channels. */
  timeoutMs: number;
  /** Who asked: a dictation is rewritten by their personal speech rules. */
  requestedBy?: Reference;
}

export interface TranscriptionQueueDeps {
  db: Database;
  audit: AuditWriter;
  content: ContentStore;
  clock: () => Date;
}

/**
 * Transcriptions run off the request path, one at a time per server, in process: the call that
 * asks answers 202 with the Transcription in Preparation, and the client polls it. The Task status
 * is the Transcription's own (InProgress, then Succeeded or Failed with why), written by the
 * server as the system. A restart loses the jobs held in memory; `sweepInterrupted` then marks
 * their Transcriptions Failed (docs/scribe.md, "Transcription").
 */
export class TranscriptionQueue {
  private tail: Promise<void> = Promise.resolve();
  /** The Transcriptions this queue holds (waiting or running): never swept as interrupted. */
  private readonly held = new Set<string>();

  constructor(private readonly deps: TranscriptionQueueDeps) {}

  enqueue(job: TranscriptionJob): void {
    this.held.add(job.transcriptionId);
    this.tail = this.tail.then(() => this.run(job).finally(() => this.held.delete(job.transcriptionId)));
  }

  /**
   * Marks Failed the Transcriptions a stopped server left in Preparation or InProgress (its queue
   * was in memory), so the clinician sees "transcribe again" instead of a job that never ends.
   * Only those this queue does not hold and untouched for `staleAfterMs` (each step of a live job
   * writes a version, and each step is bounded by the provider time limit). Returns how many.
   */
  async sweepInterrupted(practiceIds: readonly string[], staleAfterMs: number): Promise<number> {
    const before = new Date(this.deps.clock().getTime() - staleAfterMs).toISOString();
    let swept = 0;
    for (const practiceId of practiceIds) {
      const stuck = await new SystemReader(this.deps.db.pool, practiceId).list(TRANSCRIPTION, {
        filters: [{ field: 'status', op: 'in', value: ['Preparation', 'InProgress'] }],
      });
      for (const transcription of stuck) {
        if (this.held.has(transcription.id) || transcription.meta.lastModified > before) continue;
        await this.write(practiceId, transcription.id, {
          status: 'Failed',
          progress: 100,
          error: SCRIBE_MESSAGES.transcriptionInterrupted,
        });
        swept += 1;
      }
    }
    return swept;
  }

  private async write(practiceId: string, transcriptionId: string, fields: Record<string, unknown>): Promise<void> {
    const ctx = systemContext(this.deps.db, this.deps.audit, practiceId, WRITE_RULES, this.deps.clock);
    await new ResourceRepository(ctx).inTransaction(async (tx) => {
      const workflow = workflowRepository(tx.queryable, ctx);
      const row = await workflow.currentForWrite(TRANSCRIPTION, transcriptionId);
      await workflow.writeNextVersion(TRANSCRIPTION, row, (previous) => ({ ...previous, ...fields }));
    });
  }

  /** Resolves when every job enqueued so far has finished (tests, shutdown). */
  idle(): Promise<void> {
    return this.tail;
  }

  private async run(job: TranscriptionJob): Promise<void> {
    const repo = new ResourceRepository(systemContext(this.deps.db, this.deps.audit, job.practiceId, WRITE_RULES, this.deps.clock));
    const set = (fields: Record<string, unknown>) => this.write(job.practiceId, job.transcriptionId, fields);
    try {
      await set({ status: 'InProgress', progress: 10 });
      const media = await repo.read(MEDIA, job.mediaId);
      const bytes = await this.bytesOf(job.practiceId, media);
      await set({ progress: 30 });
      const dictation = (media as { recordingPurpose?: string }).recordingPurpose === 'dictation';
      // A dictation is one voice, the clinician's: its channels are not speakers. Each channel's
      // call is a step of its own (progress written between), so no step outlasts the time limit.
      const heard = await transcribeRecording(
        job.provider,
        { bytes, contentType: media.content!.contentType, filename: `${media.id}.audio` },
        {
          byChannel: !dictation,
          timeoutMs: job.timeoutMs,
          afterChannel: (done, of) => set({ progress: 30 + Math.round((60 * done) / of) }),
        },
      );
      // A dictation is the clinician's text: "new paragraph", "P H Q nine" are written as meant.
      const segments = dictation
        ? await applyDictationRules(this.deps.db.pool, job.practiceId, job.requestedBy, heard.segments)
        : heard.segments;
      await set({ status: 'Succeeded', progress: 100, segments, ...(heard.speakers && { speakers: heard.speakers }) });
    } catch (error) {
      // The message of our own errors is meant for users; anything else is not shown.
      const message = isAppError(error) ? error.message : 'Transcription failed.';
      await set({ status: 'Failed', progress: 100, error: message }).catch(() => undefined);
    }
  }

  private async bytesOf(practiceId: string, media: Resource): Promise<Buffer> {
    const bytes = media.content && (await this.deps.content.get(contentKeys(practiceId, MEDIA, media.id).content(media.content.hash)));
    if (!bytes) throw new Error('The recording has no stored audio.');
    return bytes;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's transcription jobs (tests wait on `idle()`). */
    transcriptions: TranscriptionQueue;
  }
}

const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Sweeps interrupted transcriptions once at start-up and every five minutes: stale means untouched
 * for twice the provider time limit plus a minute, longer than any step of a live job.
 */
export function startInterruptedTranscriptionSweep(
  queue: TranscriptionQueue,
  practices: { list(): Promise<string[]> },
  timeoutMs: number,
  log: (message: string) => void,
): { stop(): void; sweep(): Promise<number> } {
  const sweep = async () => queue.sweepInterrupted(await practices.list(), 2 * timeoutMs + 60_000);
  const report = (error: unknown) =>
    log(`The sweep of interrupted transcriptions failed: ${error instanceof Error ? error.message : String(error)}`);
  void sweep().catch(report);
  const timer = setInterval(() => void sweep().catch(report), SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), sweep };
}
