import { array, mixed, object, ref, type AnyObjectSchema } from 'yup';
import { NoteKinds, NoteRuleKinds, PublishingStatuses, RulePresences, VisitStatuses, type NoteRuleKind } from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import { referenceSchema, requiredText, resourceShape, text } from '../people/common-schemas.ts';
import { flag, oneOfValues, referenceList, wholeNumber } from './note-schema-parts.ts';

applyFormLocale();

/**
 * The parameters each NoteRule kind takes (rule-types.ts NoteRuleParameters, the table in
 * docs/notes.md), as schemas: only the kind's own keys, limits whole and not negative, a maximum
 * at least its minimum. A kind without parameters takes an empty object.
 */
const none = () => object({}).noUnknown();

export const RULE_PARAMETER_SCHEMAS: { [K in NoteRuleKind]: AnyObjectSchema } = {
  SessionDuration: object({
    minMinutes: wholeNumber(0),
    maxMinutes: wholeNumber(0).when('minMinutes', ([min], s) => (typeof min === 'number' ? s.min(ref('minMinutes')) : s)),
  }).noUnknown(),
  ShowStatus: object({ allowed: array(oneOfValues(VisitStatuses).required()).unique() }).noUnknown(),
  ServiceDate: object({ allowFuture: flag(), maxDaysAgo: wholeNumber(0) }).noUnknown(),
  ProgramSelected: none(),
  ProgramLocation: object({
    allowed: array(object({ program: referenceSchema('Program').required(), locations: referenceList('Location').required() }).noUnknown())
      .required()
      .unique(undefined, (a: { program?: { id?: string } }) => a?.program?.id),
  }).noUnknown(),
  LocationSelected: object({ placeOfService: flag() }).noUnknown(),
  MissingDiagnosis: object({ minCount: wholeNumber(1) }).noUnknown(),
  SpanMidnight: none(),
  AppointmentRequired: none(),
  SessionOverlap: object({ scope: oneOfValues(['Clinician', 'Patient', 'Both']) }).noUnknown(),
  Authorization: object({ count: oneOfValues(['Units', 'Visits']) }).noUnknown(),
  SessionDurationIncrement: object({ incrementMinutes: wholeNumber(1).max(240).required() }).noUnknown(),
  Insurance: object({ payers: array(requiredText(200)).unique() }).noUnknown(),
  ServiceBasedSubformDuration: object({ comparison: oneOfValues(['Equal', 'AtMost']), toleranceMinutes: wholeNumber(0) }).noUnknown(),
  Age: object({
    minYears: wholeNumber(0).max(150),
    maxYears: wholeNumber(0)
      .max(150)
      .when('minYears', ([min], s) => (typeof min === 'number' ? s.min(ref('minYears')) : s)),
  }).noUnknown(),
};

/** Kinds whose parameters have a required field: their `parameters` must be given. */
const NEEDS_PARAMETERS: readonly NoteRuleKind[] = ['ProgramLocation', 'SessionDurationIncrement'];

/** A practice's note rule: its kind's parameters, presence, severity and scope. */
export const noteRuleSchema = object({
  ...resourceShape,
  name: requiredText(200),
  kind: oneOfValues(NoteRuleKinds).required(),
  status: oneOfValues(PublishingStatuses),
  presence: oneOfValues(RulePresences),
  severity: oneOfValues(['block', 'warn']).required(),
  parameters: mixed().when('kind', ([kind], s) => {
    if (typeof kind !== 'string' || !Object.hasOwn(RULE_PARAMETER_SCHEMAS, kind)) return s;
    const schema = RULE_PARAMETER_SCHEMAS[kind as NoteRuleKind];
    return NEEDS_PARAMETERS.includes(kind as NoteRuleKind) ? schema.required() : schema.default(undefined);
  }),
  message: text(500),
  scope: object({
    programs: referenceList('Program'),
    serviceTypes: referenceList('HealthcareService'),
    noteKinds: array(oneOfValues(NoteKinds).required()).unique(),
  })
    .noUnknown()
    .default(undefined),
});
