import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sendWritten, writeOnce } from '../http/idempotency.ts';
import { resourceScope } from '../http/resource-scope.ts';
import { carePlanPrintout } from './care-plan-printout.service.ts';
import { coSignCarePlan, patientSignCarePlan, reviseCarePlan, signCarePlan } from './care-plan-signing.service.ts';
import { carePlanThread, carePlansDueForReview } from './care-plan-thread.service.ts';
import { CARE_PLAN_SCHEMAS as schemas } from './care-plans.schemas.ts';

const BASE = '/api/v1/practices/:practiceId/CarePlans';

/**
 * The care-plan calls (docs/care-plans.md): sign, the patient's signature, co-sign, revise, the golden thread,
 * the review list and the printout.
 * Each goes through the caller's repository (permissions, patient reach, audit); the CarePlan
 * write rules keep every other write off signed plans.
 */
export async function carePlanRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.post(`${BASE}/:id/sign`, { schema: schemas.sign }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'CarePlans');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction(async (tx) => ({
        status: 200,
        body: await signCarePlan(tx.queryable, scope.ctx, request.params.id, request.body, request.headers['user-agent']),
      })),
    );
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/:id/patient-signature`, { schema: schemas.patientSign }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'CarePlans');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction(async (tx) => ({
        status: 200,
        body: await patientSignCarePlan(tx.queryable, scope.ctx, request.params.id, request.body, request.headers['user-agent']),
      })),
    );
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/:id/co-sign`, { schema: schemas.coSign }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'CarePlans');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction(async (tx) => ({
        status: 200,
        body: await coSignCarePlan(tx.queryable, scope.ctx, request.params.id, request.body),
      })),
    );
    return sendWritten(reply, response);
  });

  app.post(`${BASE}/:id/revise`, { schema: schemas.revise }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'CarePlans');
    const response = await writeOnce(request, scope, (repo) =>
      repo.inTransaction(async (tx) => ({
        status: 200,
        body: await reviseCarePlan(tx.queryable, scope.ctx, request.params.id, request.body),
      })),
    );
    return sendWritten(reply, response);
  });

  app.get(`${BASE}/:id/thread`, { schema: schemas.thread }, async (request) => {
    const scope = await resourceScope(app, request, 'CarePlans');
    return carePlanThread(scope, request.params.id, request.query.goal);
  });

  app.get(`${BASE}/review-due`, { schema: schemas.reviewDue }, async (request) => {
    const scope = await resourceScope(app, request, 'CarePlans');
    return carePlansDueForReview(scope, { withinDays: request.query.withinDays, mine: request.query.scope !== 'all' });
  });

  app.get(`${BASE}/:id/printout`, { schema: schemas.printout }, async (request, reply) => {
    const scope = await resourceScope(app, request, 'CarePlans');
    const pdf = await carePlanPrintout(app, scope, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${pdf.fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf.bytes);
  });
}
