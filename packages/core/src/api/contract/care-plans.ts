import { Type, type Static } from 'typebox';
import type { ElementProgressTimeline, GoalThread } from '../../care-plans/care-plan-progress.ts';
import { CARE_PLAN_MESSAGES } from '../../care-plans/care-plan-structure.ts';
import type { CarePlan, CarePlanOutcome } from '../../care-plans/types.ts';
import { ReferenceSchema, resourceSchema, withMessage } from './contract-kit.ts';
import { CoSignBodySchema, SignBodySchema } from './notes.ts';

const CarePlanSchema = resourceSchema<CarePlan>('CarePlan');
const CarePlanOutcomeSchema = resourceSchema<CarePlanOutcome>('CarePlanOutcome');

/** `POST CarePlans/{id}/sign`: the same body as signing a note (the attestation's hash, a patient signature if owed). */
export const CarePlanSignBodySchema = SignBodySchema;

/**
 * `POST CarePlans/{id}/patient-signature`: the patient's (or a related person's) signature on the
 * current revision, drawn on the clinician's device; the same `patientSignature` as signing.
 */
export const CarePlanPatientSignBodySchema = Type.Object(
  {
    versionId: Type.String({ minLength: 1, description: 'The revision the signer was shown; a later one is a 409.' }),
    patientSignature: Type.Object(
      { signer: ReferenceSchema, image: ReferenceSchema },
      { description: 'The patient or one of their related persons, and the Media of the chart holding the drawn image.' },
    ),
  },
  { additionalProperties: false },
);
export type CarePlanPatientSignBody = Static<typeof CarePlanPatientSignBodySchema>;

/** `POST CarePlans/{id}/co-sign`: the same body as co-signing a note. */
export const CarePlanCoSignBodySchema = CoSignBodySchema;

/** `POST CarePlans/{id}/revise`: a signed plan's changes with the reason (docs/care-plans.md, "Signatures"). */
export const CarePlanReviseBodySchema = Type.Object(
  {
    versionId: Type.String({ minLength: 1, description: 'The version the call was made on; a stale one is a 409.' }),
    reason: withMessage(Type.String({ maxLength: 2000 }), CARE_PLAN_MESSAGES.reasonRequired),
    changes: withMessage(
      Type.Unsafe<Partial<CarePlan>>(
        Type.Object(
          {},
          {
            additionalProperties: true,
            description: 'New values of title, status, episodeOfCare, program, period, reviewDate, addresses, careTeam and/or elements.',
          },
        ),
      ),
      CARE_PLAN_MESSAGES.noChanges,
    ),
  },
  { additionalProperties: false },
);
export type CarePlanReviseBody = Static<typeof CarePlanReviseBodySchema>;

/** `GET CarePlans/{id}/thread?goal=`: one goal's thread only. */
export const CarePlanThreadQuerySchema = Type.Object({ goal: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });

const GoalThreadSchema = Type.Unsafe<GoalThread>(
  Type.Object(
    {},
    { additionalProperties: true, description: 'A goal id and the note sessions that addressed it: encounter, date, activities, note.' },
  ),
);
const ProgressSchema = Type.Unsafe<ElementProgressTimeline>(
  Type.Object(
    {},
    {
      additionalProperties: true,
      description: 'A goal or objective, its progress entries (date, status, comment, source) oldest first, and its current status.',
    },
  ),
);

/** The golden thread of a plan. */
export const CarePlanThreadSchema = Type.Object(
  {
    carePlan: CarePlanSchema,
    goals: Type.Array(GoalThreadSchema),
    progress: Type.Array(ProgressSchema),
    outcomes: Type.Array(CarePlanOutcomeSchema),
  },
  { title: 'CarePlanThread', additionalProperties: false },
);
export type CarePlanThread = Static<typeof CarePlanThreadSchema>;

/** `GET CarePlans/review-due`: `withinDays` also lists plans due that many days ahead; `scope=all` every plan the caller reaches. */
export const CarePlanReviewQuerySchema = Type.Object({
  withinDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 90 })),
  scope: Type.Optional(
    Type.Union([Type.Literal('mine'), Type.Literal('all')], {
      description: 'mine (the default): plans the caller wrote or whose care team names them.',
    }),
  ),
});

export const CarePlanReviewItemSchema = Type.Object(
  { carePlan: CarePlanSchema, daysOverdue: Type.Integer({ description: 'Days since the review date (negative: due ahead).' }) },
  { additionalProperties: false },
);
export type CarePlanReviewItem = Static<typeof CarePlanReviewItemSchema>;

export const CarePlanReviewListSchema = Type.Object(
  {
    items: Type.Array(CarePlanReviewItemSchema),
    truncated: Type.Boolean({ description: 'True when more plans were due than the list holds (500).' }),
  },
  { title: 'CarePlanReviewList', additionalProperties: false },
);
