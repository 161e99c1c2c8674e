import { array, number, object, string } from 'yup';
import { ConditionStatuses } from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import { ALLERGY_SUBSTANCES, CONSENT_CATEGORIES } from '../vocabularies/practice-codes.ts';
import { DIAGNOSES } from '../vocabularies/diagnoses.ts';
import { RELATIONSHIPS } from '../vocabularies/relationships.ts';
import { codingOf, isoDate, pastOrToday, periodSchema, referenceSchema, requiredText, resourceShape, text } from './common-schemas.ts';
import { coverageOrderSchema } from './people-schemas.ts';

applyFormLocale();

/**
 * The fields every chart record has: the patient it belongs to. Optional here because the server
 * writes it from the record's partition (and refuses one naming another patient), so a form need
 * not carry it.
 */
const chartShape = {
  ...resourceShape,
  patient: referenceSchema('Patient'),
};

const ICD10CM = DIAGNOSES.system;
const ICD10CM_CODE = /^[A-TV-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

/** An episode of care: the programs a patient is enrolled in for a time, and its diagnoses. */
export const episodeOfCareSchema = object({
  ...chartShape,
  status: string().strict(true).oneOf(['active', 'finished', 'cancelled']).required(),
  period: periodSchema.when('status', {
    is: 'finished',
    then: (s) => s.required().test('ended', '${path}.end is a required field', (p) => Boolean(p?.end)),
  }),
  // Required, but may be empty: an episode can open (a referral, an intake) before enrolment.
  programs: array(object({ program: referenceSchema('Program').required(), period: periodSchema }).noUnknown())
    .required()
    .unique(undefined, (p: { program?: { id?: string } }) => p?.program?.id),
  diagnoses: array(
    object({
      condition: referenceSchema('Condition').required(),
      rank: number().strict(true).integer().positive(),
      role: string().strict(true).oneOf(['primary', 'secondary']),
    }).noUnknown(),
  )
    .unique(undefined, (d: { condition?: { id?: string } }) => d?.condition?.id)
    .test(
      'one-primary',
      '${path} can have only one primary diagnosis',
      (ds) => (ds ?? []).filter((d) => d?.role === 'primary').length <= 1,
    ),
  careManager: referenceSchema('Practitioner'),
});

/**
 * A diagnosis or problem. An ICD-10-CM code must look like one (any chapter: a behavioural-health
 * chart also records medical conditions); DIAGNOSES is the picker's list, not a limit.
 */
export const conditionSchema = object({
  ...chartShape,
  code: object({ system: string().strict(true), code: requiredText(20), display: text(300) })
    .noUnknown()
    .required()
    .test('icd-10-cm', '${path} is invalid.', (c) => !c || c.system !== ICD10CM || ICD10CM_CODE.test(c.code ?? '')),
  verificationStatus: string()
    .strict(true)
    .oneOf([...ConditionStatuses])
    .required(),
  clinicalStatus: string().strict(true).oneOf(['active', 'remission', 'resolved']),
  onsetDate: pastOrToday(),
  recordedDate: pastOrToday(),
  author: referenceSchema('Practitioner'),
});

/** An allergy or intolerance to a substance of ALLERGY_SUBSTANCES. */
export const allergySchema = object({
  ...chartShape,
  substance: codingOf(ALLERGY_SUBSTANCES).required(),
  reaction: text(500),
  severity: string().strict(true).oneOf(['mild', 'moderate', 'severe']),
  status: string().strict(true).oneOf(['active', 'inactive']).required(),
  recordedDate: pastOrToday(),
  author: referenceSchema('Practitioner'),
});

/** A medication the patient takes or took. */
export const medicationSchema = object({
  ...chartShape,
  name: requiredText(200),
  code: object({ system: string().strict(true), code: requiredText(40), display: text(300) })
    .noUnknown()
    .default(undefined),
  dosage: text(500),
  status: string().strict(true).oneOf(['active', 'stopped']).required(),
  period: periodSchema,
  prescriber: text(200),
  author: referenceSchema('Practitioner'),
});

/** An insurance coverage: the payor, member id and its order (1 primary). */
export const coverageSchema = object({
  ...chartShape,
  payor: object({ reference: referenceSchema('Organization'), name: requiredText(200) })
    .noUnknown()
    .required(),
  memberId: requiredText(60),
  groupNumber: text(60),
  order: coverageOrderSchema().required(),
  subscriber: referenceSchema('Patient', 'RelatedPerson'),
  relationship: codingOf(RELATIONSHIPS),
  period: periodSchema,
});

/** A consent of a CONSENT_CATEGORIES category, dated. */
export const consentSchema = object({
  ...chartShape,
  category: codingOf(CONSENT_CATEGORIES).required(),
  status: string().strict(true).oneOf(['active', 'inactive', 'rejected']).required(),
  date: isoDate().required(),
  period: periodSchema,
  document: referenceSchema('DocumentReference', 'Media'),
  // A consent given through a packet is the patient's or their guardian's own (docs/portal.md).
  author: referenceSchema('Practitioner', 'Patient', 'RelatedPerson'),
  /** A release of information: who may receive it. */
  recipient: text(300),
  /** The packet response whose consent item gave it, and the questionnaire response signed. */
  source: referenceSchema('PacketResponse'),
  response: referenceSchema('QuestionnaireResponse'),
});
