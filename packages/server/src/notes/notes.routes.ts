import { HEADERS } from '@caseload/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { sendWritten, writeOnce } from '../http/idempotency.ts';
import { resourceScope, type ResourceScope } from '../http/resource-scope.ts';
import { amendNote, markEnteredInError } from './note-amendment.service.ts';
import { authorizationUsageFor } from './note-authorization-usage.ts';
import { createGroupSession, updateSharedSections } from './note-group.service.ts';
import { notePrintout } from './note-printout.service.ts';
import { coSignQueue, myUnsignedNotes, type PageRequest } from './note-queues.service.ts';
import { coSignNote, signNote } from './note-signing.service.ts';
import { NOTE_SCHEMAS as schemas } from './notes.schemas.ts';

const BASE = '/api/v1/practices/:practiceId/Notes';

/** Runs a note call in one transaction (honouring Idempotency-Key) and answers 200 with its result. */
async function transact(request: FastifyRequest, scope: ResourceScope, work: (tx: Queryable) => Promise<unknown>) {
  return writeOnce(request, scope, (repo) => repo.inTransaction(async (tx) => ({ status: 200, body: await work(tx.queryable) })));
}

function pageOf(request: FastifyRequest, pageSize: number | undefined): PageRequest {
  const token = request.headers[HEADERS.continuationToken];
  return {
    ...(pageSize !== undefined && { pageSize }),
    ...(typeof token === 'string' && { continuationToken: token }),
  };
}

/**
 * The note calls (docs/notes.md, docs/api.md): sign, co-sign, amend, entered in error, group
 * sessions, the unsigned and co-sign lists, the authorisation usage and the printout. Each goes through the caller's
 * repository (permissions, patient reach, audit); the Note hook keeps every other write off
 * signed notes.
 */
export async function noteRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.post(`${BASE}/:id/sign`, { schema: schemas.sign }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const response = await transact(request, scope, (tx) => signNote(tx, scope.ctx, request.params.id, request.body));
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/:id/co-sign`, { schema: schemas.coSign }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const response = await transact(request, scope, (tx) => coSignNote(tx, scope.ctx, request.params.id, request.body));
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/:id/amend`, { schema: schemas.amend }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const response = await transact(request, scope, (tx) => amendNote(tx, scope.ctx, request.params.id, request.body));
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/:id/entered-in-error`, { schema: schemas.enteredInError }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const response = await transact(request, scope, (tx) => markEnteredInError(tx, scope.ctx, request.params.id, request.body));
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/group-sessions`, { schema: schemas.groupSession }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction(async (tx) => ({ status: 201, body: await createGroupSession(tx.queryable, scope.ctx, request.body) })),
    );
    return sendWritten(reply, response);
  });

  app.put(`${BASE}/group-sessions/:id/shared-sections`, { schema: schemas.sharedSections }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const response = await transact(request, scope, (tx) => updateSharedSections(tx, scope.ctx, request.params.id, request.body.sections));
    return sendWritten(reply, response);
  });

  app.get(`${BASE}/unsigned`, { schema: schemas.unsigned }, async (request) => {
    const scope = await resourceScope(app, request, 'Notes');
    return myUnsignedNotes(scope, pageOf(request, request.query.pageSize));
  });

  app.get(`${BASE}/co-sign-queue`, { schema: schemas.coSignQueue }, async (request) => {
    const scope = await resourceScope(app, request, 'Notes');
    return coSignQueue(scope, pageOf(request, request.query.pageSize));
  });

  app.get(`${BASE}/_authorization-usage`, { schema: schemas.authorizationUsage }, async (request) => {
    const scope = await resourceScope(app, request, 'Notes');
    const { patient, note, encounter } = request.query;
    return authorizationUsageFor(scope, patient, { noteId: note || undefined, encounterId: encounter || undefined });
  });

  app.get(`${BASE}/:id/printout`, { schema: schemas.printout }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const pdf = await notePrintout(app, scope, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${pdf.fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf.bytes);
  });
}
