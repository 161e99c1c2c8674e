import { HEADERS, badRequest } from '@caseload/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { writeOnce } from '../http/idempotency.ts';
import { resourceScope, type ResourceScope } from '../http/resource-scope.ts';
import './note.hooks.ts';
import { amendNote, markEnteredInError } from './note-amendment.service.ts';
import { authorizationUsageFor } from './note-authorization-usage.ts';
import { createGroupSession, updateSharedSections } from './note-group.service.ts';
import { notePrintout } from './note-printout.service.ts';
import { coSignQueue, myUnsignedNotes, type PageRequest } from './note-queues.service.ts';
import { coSignNote, signNote } from './note-signing.service.ts';

const BASE = '/api/v1/practices/:practiceId/Notes';

/** The request body as an object with only the named fields, or a 400 saying what is wrong. */
function bodyOf(request: FastifyRequest, allowed: readonly string[]): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length) throw badRequest(`Unknown field(s) in the request: ${unknown.join(', ')}.`);
  return body as Record<string, unknown>;
}

function versionIdOf(body: Record<string, unknown>): string {
  if (typeof body.versionId !== 'string' || !body.versionId) {
    throw badRequest('versionId is a required field', [{ path: 'versionId', message: 'versionId is a required field' }]);
  }
  return body.versionId;
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** Runs a note call in one transaction (honouring Idempotency-Key) and answers 200 with its result. */
async function transact(request: FastifyRequest, scope: ResourceScope, work: (tx: Queryable) => Promise<unknown>) {
  return writeOnce(request, scope, (repo) => repo.inTransaction(async (tx) => ({ status: 200, body: await work(tx.queryable) })));
}

function pageOf(request: FastifyRequest): PageRequest {
  const q = request.query as Record<string, unknown>;
  const token = request.headers[HEADERS.continuationToken];
  return {
    ...(typeof q.pageSize === 'string' && { pageSize: q.pageSize }),
    ...(typeof token === 'string' && { continuationToken: token }),
  };
}

/**
 * The note calls (docs/notes.md, docs/api.md): sign, co-sign, amend, entered in error, group
 * sessions, the unsigned and co-sign lists, the authorisation usage and the printout. Each goes through the caller's
 * repository (permissions, patient reach, audit); the Note hook keeps every other write off
 * signed notes.
 */
export async function noteRoutes(app: FastifyInstance): Promise<void> {
  app.post(`${BASE}/:id/sign`, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const body = bodyOf(request, ['versionId', 'patientSignature']);
    const sign = { versionId: versionIdOf(body), patientSignature: body.patientSignature as never };
    const response = await transact(request, scope, (tx) => signNote(tx, scope.ctx, idOf(request), sign));
    return reply.code(response.status).send(response.body);
  });

  app.post(`${BASE}/:id/co-sign`, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const versionId = versionIdOf(bodyOf(request, ['versionId']));
    const response = await transact(request, scope, (tx) => coSignNote(tx, scope.ctx, idOf(request), versionId));
    return reply.code(response.status).send(response.body);
  });

  app.post(`${BASE}/:id/amend`, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const body = bodyOf(request, ['versionId', 'reason', 'changes']);
    const amend = { versionId: versionIdOf(body), reason: body.reason as string, changes: body.changes as Record<string, unknown> };
    const response = await transact(request, scope, (tx) => amendNote(tx, scope.ctx, idOf(request), amend));
    return reply.code(response.status).send(response.body);
  });

  app.post(`${BASE}/:id/entered-in-error`, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const body = bodyOf(request, ['versionId', 'reason']);
    const mark = { versionId: versionIdOf(body), reason: body.reason as string };
    const response = await transact(request, scope, (tx) => markEnteredInError(tx, scope.ctx, idOf(request), mark));
    return reply.code(response.status).send(response.body);
  });

  app.post(`${BASE}/group-sessions`, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const body = bodyOf(request, ['encounter', 'definition', 'kind', 'title', 'sharedSections', 'attendees']);
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction(async (tx) => ({ status: 201, body: await createGroupSession(tx.queryable, scope.ctx, body) })),
    );
    return reply.code(response.status).send(response.body);
  });

  app.put(`${BASE}/group-sessions/:id/shared-sections`, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const body = bodyOf(request, ['sections']);
    const response = await transact(request, scope, (tx) => updateSharedSections(tx, scope.ctx, idOf(request), body.sections));
    return reply.code(response.status).send(response.body);
  });

  app.get(`${BASE}/unsigned`, async (request) => {
    const scope = await resourceScope(app, request, 'Notes');
    return myUnsignedNotes(scope, pageOf(request));
  });

  app.get(`${BASE}/co-sign-queue`, async (request) => {
    const scope = await resourceScope(app, request, 'Notes');
    return coSignQueue(scope, pageOf(request));
  });

  app.get(`${BASE}/_authorization-usage`, async (request) => {
    const scope = await resourceScope(app, request, 'Notes');
    const q = request.query as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    const patient = text(q.patient);
    if (!patient) throw badRequest('patient is a required field', [{ path: 'patient', message: 'patient is a required field' }]);
    return authorizationUsageFor(scope, patient, { noteId: text(q.note), encounterId: text(q.encounter) });
  });

  app.get(`${BASE}/:id/printout`, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Notes');
    const pdf = await notePrintout(app, scope, idOf(request));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${pdf.fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf.bytes);
  });
}
