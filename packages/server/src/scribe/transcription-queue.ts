import { isAppError, type Resource } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import { contentKeys } from '../content/content-keys.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { Database } from '../db/database.ts';
import { workflowRepository } from '../notes/note-workflow-context.ts';
import { systemContext } from '../storage/system-repository.ts';
import { ResourceRepository } from '../storage/resource-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { MEDIA, TRANSCRIPTION } from './scribe-session-store.ts';
import type { TranscriptionProvider } from './transcription-provider.ts';

/** One transcription to run: the Transcription (Preparation) and the recording it transcribes. */
export interface TranscriptionJob {
  practiceId: string;
  transcriptionId: string;
  mediaId: string;
  provider: TranscriptionProvider;
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
 * server as the system, so a restart loses only the running job, whose Transcription then stays
 * InProgress until asked again (docs/scribe.md, "Transcription jobs").
 */
export class TranscriptionQueue {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly deps: TranscriptionQueueDeps) {}

  enqueue(job: TranscriptionJob): void {
    this.tail = this.tail.then(() => this.run(job));
  }

  /** Resolves when every job enqueued so far has finished (tests, shutdown). */
  idle(): Promise<void> {
    return this.tail;
  }

  private async run(job: TranscriptionJob): Promise<void> {
    const ctx = systemContext(this.deps.db, this.deps.audit, job.practiceId, WRITE_RULES, this.deps.clock);
    const repo = new ResourceRepository(ctx);
    const set = (fields: Record<string, unknown>) =>
      repo.inTransaction(async (tx) => {
        const workflow = workflowRepository(tx.queryable, ctx);
        const row = await workflow.currentForWrite(TRANSCRIPTION, job.transcriptionId);
        await workflow.writeNextVersion(TRANSCRIPTION, row, (previous) => ({ ...previous, ...fields }));
      });
    try {
      await set({ status: 'InProgress', progress: 10 });
      const media = await repo.read(MEDIA, job.mediaId);
      const bytes = await this.bytesOf(job.practiceId, media);
      await set({ progress: 30 });
      const segments = await job.provider.transcribe({ bytes, contentType: media.content!.contentType, filename: `${media.id}.audio` });
      await set({ status: 'Succeeded', progress: 100, segments });
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
