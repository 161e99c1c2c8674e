import {
  CarePlanCoSignBodySchema,
  CarePlanPatientSignBodySchema,
  CarePlanReviewListSchema,
  CarePlanReviewQuerySchema,
  CarePlanReviseBodySchema,
  CarePlanSignBodySchema,
  CarePlanThreadQuerySchema,
  CarePlanThreadSchema,
  HEADERS,
  IdSchema,
  PracticeIdSchema,
  resourceSchema,
  type CarePlan,
} from '@caseload/core';
import { Type } from 'typebox';
import { PRACTICE_HEADERS, answer, errors, fileAnswer, requestHeaders } from '../http/route-schemas.ts';

const tags = ['Care plans'];
const practice = Type.Object({ practiceId: PracticeIdSchema });
const plan = Type.Object({ practiceId: PracticeIdSchema, id: IdSchema });
const headers = requestHeaders(...PRACTICE_HEADERS);
const writeHeaders = requestHeaders(...PRACTICE_HEADERS, HEADERS.idempotencyKey);
const CarePlanSchema = resourceSchema<CarePlan>('CarePlan');
const WORKFLOW_ERRORS = errors(400, 401, 403, 404, 409, 410);

/** The care-plan calls (docs/care-plans.md, docs/api.md). */
export const CARE_PLAN_SCHEMAS = {
  sign: {
    operationId: 'signCarePlan',
    summary: 'Sign a care plan as a clinician',
    tags,
    params: plan,
    headers: writeHeaders,
    body: CarePlanSignBodySchema,
    response: { 200: answer(CarePlanSchema, 'The signed plan.'), ...WORKFLOW_ERRORS },
  },
  patientSign: {
    operationId: 'patientSignCarePlan',
    summary: "The patient's or a related person's signature on a signed care plan's current revision",
    tags,
    params: plan,
    headers: writeHeaders,
    body: CarePlanPatientSignBodySchema,
    response: { 200: answer(CarePlanSchema, 'The plan with the signature.'), ...WORKFLOW_ERRORS },
  },
  coSign: {
    operationId: 'coSignCarePlan',
    summary: "A supervisor's co-signature on a care plan awaiting one",
    tags,
    params: plan,
    headers: writeHeaders,
    body: CarePlanCoSignBodySchema,
    response: { 200: answer(CarePlanSchema, 'The co-signed plan.'), ...WORKFLOW_ERRORS },
  },
  revise: {
    operationId: 'reviseCarePlan',
    summary: 'Revise a signed care plan with a reason',
    tags,
    params: plan,
    headers: writeHeaders,
    body: CarePlanReviseBodySchema,
    response: { 200: answer(CarePlanSchema, 'The new revision; the one revised stays in history.'), ...WORKFLOW_ERRORS },
  },
  thread: {
    operationId: 'readCarePlanThread',
    summary: "A care plan's golden thread: the sessions per goal, progress and outcomes",
    tags,
    params: plan,
    querystring: CarePlanThreadQuerySchema,
    headers,
    response: { 200: answer(CarePlanThreadSchema, 'The thread.'), ...errors(400, 401, 403, 404, 410) },
  },
  reviewDue: {
    operationId: 'listCarePlansDueForReview',
    summary: 'Active care plans whose review date has come, oldest first',
    tags,
    params: practice,
    querystring: CarePlanReviewQuerySchema,
    headers,
    response: { 200: answer(CarePlanReviewListSchema, 'The plans and how many days overdue each is.'), ...errors(400, 401, 403, 404) },
  },
  printout: {
    operationId: 'printCarePlan',
    summary: 'The care plan as a PDF, with its signatures and revisions (audited as an export)',
    tags,
    params: plan,
    headers,
    response: { 200: fileAnswer('The printout.', ['application/pdf']), ...errors(401, 403, 404, 410) },
  },
};
