import { array, boolean, number, object, string } from 'yup';
import { CarePlanElementKinds, CarePlanStatuses, GoalProgresses } from '../enums.ts';
import { noteAttestationSchema } from '../notes/note-schemas.ts';
import { instant, oneOfValues, referenceList } from '../notes/note-schema-parts.ts';
import { isoDate, periodSchema, referenceSchema, requiredText, resourceShape, text } from '../people/common-schemas.ts';

/**
 * The shapes of the care-plan types (docs/care-plans.md), checked on every write by the server's
 * care-plan rules; the tree's structure (parents, kinds) is `carePlanStructureIssues`'s.
 */

const elementId = () => requiredText(64).matches(/^[A-Za-z0-9_-]+$/, '${path} may hold only letters, digits, - and _');

export const carePlanElementSchema = object({
  id: elementId(),
  kind: oneOfValues(CarePlanElementKinds).required(),
  parent: text(64),
  text: requiredText(2000),
  targetDate: isoDate(),
  measure: text(500),
  responsible: referenceList('Practitioner'),
}).noUnknown();

const signatureSchema = object({
  role: oneOfValues(['Clinician', 'Patient', 'RelatedPerson', 'Reviser', 'CoSigner']).required(),
  signer: referenceSchema().required(),
  signedAt: instant().required(),
  personalSignature: referenceSchema('PersonalSignature'),
  image: referenceSchema(),
  contentHash: string()
    .strict(true)
    .matches(/^[0-9a-f]{64}$/)
    .required(),
  attestation: noteAttestationSchema,
  versionId: text(64),
  device: text(500),
}).noUnknown();

const pendingSchema = object({
  role: oneOfValues(['CoSigner', 'Patient']).required(),
  signers: array(referenceSchema('Practitioner').required()),
  who: oneOfValues(['Patient', 'PatientOrRelatedPerson']),
  reason: string().strict(true).required(),
  attestation: noteAttestationSchema,
}).noUnknown();

const revisionSchema = object({
  reason: string().strict(true).required(),
  author: referenceSchema().required(),
  at: instant().required(),
  previousVersionId: string().strict(true).required(),
  changedFields: array(string().strict(true).required()).required(),
}).noUnknown();

export const carePlanSchema = object({
  ...resourceShape,
  patient: referenceSchema('Patient').required(),
  status: oneOfValues(CarePlanStatuses).required(),
  title: text(300),
  episodeOfCare: referenceSchema('EpisodeOfCare'),
  program: referenceSchema('Program'),
  period: periodSchema,
  reviewDate: isoDate(),
  addresses: referenceList('Condition'),
  careTeam: referenceList('Practitioner', 'RelatedPerson'),
  author: referenceSchema('Practitioner'),
  elements: array(carePlanElementSchema).required().max(500),
  signatures: array(signatureSchema),
  signedAt: instant(),
  revisions: array(revisionSchema),
  signatureConfiguration: referenceSchema('SignatureConfiguration'),
  pendingSignatures: array(pendingSchema),
});

const progressSchema = object({
  element: elementId(),
  status: oneOfValues(GoalProgresses).required(),
  comment: text(2000),
}).noUnknown();

export const carePlanSessionSchema = object({
  ...resourceShape,
  carePlan: referenceSchema('CarePlan').required(),
  encounter: referenceSchema('Encounter'),
  date: isoDate().required(),
  author: referenceSchema('Practitioner'),
  progress: array(progressSchema)
    .required()
    .unique(undefined, (p: { element?: string }) => p?.element),
  comment: text(4000),
});

export const carePlanOutcomeSchema = object({
  ...resourceShape,
  carePlan: referenceSchema('CarePlan').required(),
  element: text(64),
  encounter: referenceSchema('Encounter'),
  author: referenceSchema('Practitioner'),
  date: isoDate().required(),
  kind: oneOfValues(['Score', 'Rating']).required(),
  instrument: referenceSchema('Questionnaire'),
  response: referenceSchema('QuestionnaireResponse'),
  value: number().strict(true).required().min(0).max(1000),
  scaleMax: number().strict(true).integer().min(1).max(1000),
  comment: text(2000),
});

/** A goal template: its name, program, and the goal with its objectives and interventions as texts. */
export const carePlanGoalTemplateSchema = object({
  ...resourceShape,
  name: requiredText(200),
  program: referenceSchema('Program'),
  active: boolean().strict(true),
  goal: requiredText(2000),
  measure: text(500),
  objectives: array(requiredText(2000)).max(20),
  interventions: array(requiredText(2000)).max(20),
}).noUnknown();

export const CARE_PLAN_SCHEMAS = {
  CarePlan: carePlanSchema,
  CarePlanSession: carePlanSessionSchema,
  CarePlanOutcome: carePlanOutcomeSchema,
  CarePlanGoalTemplate: carePlanGoalTemplateSchema,
} as const;
