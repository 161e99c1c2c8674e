import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sendWritten, writeOnce } from '../http/idempotency.ts';
import { resourceScope } from '../http/resource-scope.ts';
import { startEncounter } from './appointment-note.service.ts';
import { issueFeed, readFeed, withdrawFeed } from './calendar-feed.service.ts';
import { calendarEntries, freeSlots } from './calendar.service.ts';
import { editOccurrence } from './occurrence.service.ts';
import { SCHEDULING_SCHEMAS as schemas } from './scheduling.schemas.ts';

const BASE = '/api/v1/practices/:practiceId/Appointments';

/**
 * The scheduling calls beyond the resource calls (docs/scheduling.md): the calendar of a window
 * with series expanded, free slots, and "Start note" from an appointment. Each goes through the
 * caller's repository (permissions, patient reach, audit).
 */
export async function schedulingRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.get(`${BASE}/_occurrences`, { schema: schemas.occurrences }, async (request) => {
    const scope = await resourceScope(app, request, 'Appointments');
    return calendarEntries(scope, request.query);
  });

  app.get(`${BASE}/_free-slots`, { schema: schemas.freeSlots }, async (request) => {
    const scope = await resourceScope(app, request, 'Appointments');
    return freeSlots(scope, request.query);
  });

  app.post(`${BASE}/:id/occurrences`, { schema: schemas.editOccurrence }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Appointments');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction((tx) => editOccurrence(tx, request.params.id, request.body)),
    );
    return sendWritten(reply, response);
  });

  const FEED = '/api/v1/practices/:practiceId/Practitioners/:id/calendar-feed';
  app.post(FEED, { schema: schemas.issueFeed }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Practitioners');
    return reply.code(201).send(await issueFeed(scope, request.params.id, app.publicUrl()));
  });

  app.delete(FEED, { schema: schemas.revokeFeed }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Practitioners');
    await withdrawFeed(scope, request.params.id);
    return reply.code(204).send();
  });

  // The token in the URL is the only credential: calendar apps send no session.
  app.get('/api/v1/calendar-feeds/:feed', { schema: schemas.readFeed, config: { auth: 'public' } }, async (request, reply) => {
    const text = await readFeed(app.db.forRequest(request.stats), app.audit, request.params.feed.slice(0, -'.ics'.length), app.clock());
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
  });

  app.post(`${BASE}/:id/encounter`, { schema: schemas.startEncounter }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'Appointments');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction((tx) => startEncounter(tx, scope.ctx, request.params.id)),
    );
    return sendWritten(reply, response);
  });
}
