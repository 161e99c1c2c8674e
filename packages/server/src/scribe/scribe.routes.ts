import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sendWritten, writeOnce } from '../http/idempotency.ts';
import { resourceScope } from '../http/resource-scope.ts';
import { generateDraft } from './note-draft.service.ts';
import { SCRIBE_SCHEMAS as schemas } from './scribe.schemas.ts';
import type { ScribeProviders } from './scribe-providers.ts';
import { practiceProviders } from './scribe-settings-store.ts';
import { addRecording, createScribeSession } from './scribe-session.service.ts';
import { importTranscript } from './transcript-import.service.ts';
import { requestTranscription } from './transcription.service.ts';
import type { TranscriptionQueue } from './transcription-queue.ts';

const BASE = '/api/v1/practices/:practiceId/Notes';

export interface ScribeRoutesOptions {
  providers: ScribeProviders;
  queue: TranscriptionQueue;
}

/**
 * The scribe calls (docs/scribe.md): start a session, import a transcript, add a recording,
 * transcribe it, draft the note. Each goes through the caller's repository (permissions, patient
 * reach, audit); the Note, Transcription and Media rules keep the server's fields the server's.
 */
export async function scribeRoutes(instance: FastifyInstance, options: ScribeRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post(`${BASE}/scribe-sessions`, { schema: schemas.create }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction(async (tx) => ({ status: 201, body: await createScribeSession(tx, scope.ctx, request.body) })),
    );
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/:id/scribe/transcript`, { schema: schemas.importTranscript }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction(async (tx) => ({
        status: 200,
        body: await importTranscript(tx.queryable, scope.ctx, request.params.id, request.body),
      })),
    );
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/:id/scribe/recordings`, { schema: schemas.addRecording }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction(async (tx) => ({
        status: 201,
        body: await addRecording(tx.queryable, scope.ctx, request.params.id, request.body.purpose),
      })),
    );
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/:id/scribe/transcribe`, { schema: schemas.transcribe }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const providers = await practiceProviders(app.db.pool, scope.ctx.practiceId, options.providers);
    const transcription = await requestTranscription(
      scope.repo,
      scope.ctx,
      { providers, queue: options.queue },
      request.params.id,
      request.body.media,
    );
    return reply.code(202).send(transcription);
  });

  app.post(`${BASE}/:id/scribe/generate`, { schema: schemas.generate }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const providers = await practiceProviders(app.db.pool, scope.ctx.practiceId, options.providers);
    const draft = await generateDraft(scope.repo, scope.ctx, providers, request.params.id, request.body);
    return reply.code(201).send(draft);
  });
}
