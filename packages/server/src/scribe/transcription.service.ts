import { SCRIBE_MESSAGES, badRequest, type Transcription } from '@caseload/core';
import { workflowRepository } from '../notes/note-workflow-context.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import type { ScribeProviders } from './scribe-providers.ts';
import { MEDIA, TRANSCRIPTION, readSession, refTo, updateLinks } from './scribe-session-store.ts';
import { transcriptionProvider } from './transcription-provider.ts';
import type { TranscriptionQueue } from './transcription-queue.ts';

/** What transcribing needs beside the caller: the configured providers and the job queue. */
export interface TranscriptionDeps {
  providers: ScribeProviders;
  queue: TranscriptionQueue;
}

/**
 * Asks for a session's recording to be transcribed: a Transcription in Preparation is written and
 * linked in one transaction, and after it commits the job is queued; the client polls the
 * Transcription. With no provider configured the call is a 400 saying how to configure one.
 */
export async function requestTranscription(
  repo: ResourceRepository,
  ctx: RepositoryContext,
  deps: TranscriptionDeps,
  sessionId: string,
  mediaId: string | undefined,
): Promise<Transcription> {
  const provider = transcriptionProvider(deps.providers);
  const transcription = await repo.inTransaction(async (tx) => {
    const workflow = workflowRepository(tx.queryable, ctx);
    const session = await readSession(workflow, sessionId);
    const recordingId = mediaId ?? session.scribe.recordings?.at(-1)?.id;
    const recording =
      recordingId && session.scribe.recordings?.some((r) => r.id === recordingId) ? await workflow.read(MEDIA, recordingId) : undefined;
    if (!recording?.content) throw badRequest(SCRIBE_MESSAGES.noRecording, [{ path: 'media', message: SCRIBE_MESSAGES.noRecording }]);
    const created = await workflow.create(TRANSCRIPTION, {
      partition: session.partition,
      encounter: session.encounter,
      media: refTo(recording),
      scribeSession: { resourceType: 'Note', id: session.id },
      status: 'Preparation',
      progress: 0,
      source: 'Provider',
      provider: provider.name,
      segments: [],
    });
    // A dictation's transcript goes into a narrative field; the session's transcript (the one the
    // note is generated from and its evidence cites) stays the session recording's.
    const dictation = (recording as { recordingPurpose?: string }).recordingPurpose === 'dictation';
    if (!dictation) await updateLinks(workflow, session.id, (links) => ({ ...links, transcription: refTo(created.resource) }));
    return { resource: created.resource, mediaId: recording.id };
  });
  deps.queue.enqueue({
    practiceId: ctx.practiceId,
    transcriptionId: transcription.resource.id,
    mediaId: transcription.mediaId,
    provider,
    timeoutMs: deps.providers.timeoutMs,
    ...(ctx.actor && { requestedBy: ctx.actor }),
  });
  return transcription.resource as Transcription;
}
