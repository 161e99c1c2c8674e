import {
  applyFormLocale,
  NoteKinds,
  NoteRuleKinds,
  RulePresences,
  VisitStatuses,
  type NoteKind,
  type NoteRule,
  type NoteRuleKind,
  type NoteRuleParameters,
  type Reference,
  type RulePresence,
  type RuleSeverity,
} from '@caseload/core';
import { array, boolean, mixed, number, object, ref, string, type AnySchema, type ObjectSchema } from '../../../ui/yup.ts';
import { EMPTY_PARAMETERS, ruleKindInfo, type RuleParameterForm } from './rule-kinds.ts';

// The web bundle keeps only what it uses of core (sideEffects: false), so the product's yup messages
// and rules (SPEC.md section 5, `unique`) are put in place here, before these schemas are built.
applyFormLocale();

/** The rule form's values: references as ids, parameters as one flat record (rule-kinds.ts). */
export interface NoteRuleFormValues {
  name: string;
  kind: NoteRuleKind;
  presence: RulePresence;
  severity: RuleSeverity;
  message: string;
  programs: string[];
  serviceTypes: string[];
  noteKinds: NoteKind[];
  parameters: RuleParameterForm;
}

const ids = (refs: readonly Reference[] | undefined) => (refs ?? []).map((r) => r.id);

/** The form's values for a stored rule (or a new one: a Session duration rule, blocking). */
export function ruleFormValues(rule: NoteRule | undefined): NoteRuleFormValues {
  const kind = rule?.kind ?? 'SessionDuration';
  return {
    name: rule?.name ?? '',
    kind,
    presence: rule?.presence ?? ruleKindInfo(kind).defaultPresence,
    severity: rule?.severity ?? 'block',
    message: rule?.message ?? '',
    programs: ids(rule?.scope?.programs),
    serviceTypes: ids(rule?.scope?.serviceTypes),
    noteKinds: [...(rule?.scope?.noteKinds ?? [])],
    parameters: parameterFormValues(kind, (rule?.parameters ?? {}) as Record<string, unknown>),
  };
}

/** The form's parameter values from a kind's stored parameters, over the defaults. */
export function parameterFormValues(kind: NoteRuleKind, p: Record<string, unknown>): RuleParameterForm {
  const v: RuleParameterForm = {
    ...EMPTY_PARAMETERS,
    visitStatuses: [...EMPTY_PARAMETERS.visitStatuses],
    programLocations: [],
    payers: [],
  };
  const num = (x: unknown) => (typeof x === 'number' ? x : undefined);
  switch (kind) {
    case 'ShowStatus':
      if (Array.isArray(p.allowed)) v.visitStatuses = [...(p.allowed as RuleParameterForm['visitStatuses'])];
      break;
    case 'ProgramLocation':
      if (Array.isArray(p.allowed)) {
        v.programLocations = (p.allowed as NoteRuleParameters['ProgramLocation']['allowed']).map((a) => ({
          program: a.program.id,
          locations: ids(a.locations),
        }));
      }
      break;
    case 'SessionOverlap':
      if (p.scope === 'Clinician' || p.scope === 'Patient' || p.scope === 'Both') v.overlapScope = p.scope;
      break;
    case 'Insurance':
      if (Array.isArray(p.payers)) v.payers = p.payers.filter((x): x is string => typeof x === 'string');
      break;
    default:
      for (const key of [
        'minMinutes',
        'maxMinutes',
        'maxDaysAgo',
        'minCount',
        'incrementMinutes',
        'toleranceMinutes',
        'minYears',
        'maxYears',
      ] as const) {
        if (num(p[key]) !== undefined) v[key] = num(p[key]);
      }
      if (typeof p.allowFuture === 'boolean') v.allowFuture = p.allowFuture;
      if (typeof p.placeOfService === 'boolean') v.placeOfService = p.placeOfService;
      if (p.count === 'Units' || p.count === 'Visits') v.count = p.count;
      if (p.comparison === 'Equal' || p.comparison === 'AtMost') v.comparison = p.comparison;
  }
  return v;
}

/** Drops the keys whose value is undefined, so a stored rule holds only what was entered. */
const defined = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as T;

/**
 * The stored parameters of `kind` from the form's values: only that kind's parameters (a kind
 * switched from another leaves nothing of the old one), empty numbers left out so the built-in
 * default applies. `refer` turns picked ids into references with their names.
 */
export function ruleParameters<K extends NoteRuleKind>(
  kind: K,
  v: RuleParameterForm,
  refer: (resourceType: 'Program' | 'Location', id: string) => Reference,
): NoteRuleParameters[K] {
  const out: { [P in NoteRuleKind]: () => NoteRuleParameters[P] } = {
    SessionDuration: () => defined({ minMinutes: v.minMinutes, maxMinutes: v.maxMinutes }),
    ShowStatus: () => ({ allowed: [...v.visitStatuses] }),
    ServiceDate: () => defined({ allowFuture: v.allowFuture, maxDaysAgo: v.maxDaysAgo }),
    ProgramSelected: () => ({}),
    ProgramLocation: () => ({
      allowed: v.programLocations
        .filter((row) => row.program)
        .map((row) => ({ program: refer('Program', row.program), locations: row.locations.map((id) => refer('Location', id)) })),
    }),
    LocationSelected: () => ({ placeOfService: v.placeOfService }),
    MissingDiagnosis: () => defined({ minCount: v.minCount }),
    SpanMidnight: () => ({}),
    AppointmentRequired: () => ({}),
    SessionOverlap: () => ({ scope: v.overlapScope }),
    Authorization: () => ({ count: v.count }),
    SessionDurationIncrement: () => ({ incrementMinutes: v.incrementMinutes ?? 0 }),
    Insurance: () => (v.payers.length > 0 ? { payers: [...v.payers] } : {}),
    ServiceBasedSubformDuration: () => defined({ comparison: v.comparison, toleranceMinutes: v.toleranceMinutes }),
    Age: () => defined({ minYears: v.minYears, maxYears: v.maxYears }),
  };
  return out[kind]() as NoteRuleParameters[K];
}

/** The fields of a rule resource the form writes (status is the list's Publish/Retire). */
export function ruleFields(
  v: NoteRuleFormValues,
  refer: (resourceType: 'Program' | 'Location' | 'HealthcareService', id: string) => Reference,
): Pick<NoteRule, 'name' | 'kind' | 'presence' | 'severity' | 'message' | 'parameters' | 'scope'> {
  const scope = defined({
    programs: v.programs.length ? v.programs.map((id) => refer('Program', id)) : undefined,
    serviceTypes: v.serviceTypes.length ? v.serviceTypes.map((id) => refer('HealthcareService', id)) : undefined,
    noteKinds: v.noteKinds.length ? [...v.noteKinds] : undefined,
  });
  return {
    name: v.name.trim(),
    kind: v.kind,
    presence: v.presence,
    severity: v.severity,
    message: v.message.trim() || undefined,
    parameters: ruleParameters(v.kind, v.parameters, refer),
    scope: Object.keys(scope).length ? scope : undefined,
  };
}

/** A number field: empty input is no value (the built-in default applies). */
const optionalNumber = (label: string) =>
  number()
    .label(label)
    .transform((value: number, original: unknown) => (original === '' || original === null || Number.isNaN(value) ? undefined : value))
    .integer()
    .min(0);

/**
 * The parameters' checks for one kind, with SPEC.md section 5's messages naming each field by its
 * label ("Maximum minutes must be greater than or equal to 60"); other kinds' fields are not checked.
 */
export function ruleParametersSchema(kind: NoteRuleKind): ObjectSchema<Partial<RuleParameterForm>> {
  const shape: Record<string, AnySchema> = {};
  switch (kind) {
    case 'SessionDuration':
      shape.minMinutes = optionalNumber('Minimum minutes');
      shape.maxMinutes = optionalNumber('Maximum minutes').when('minMinutes', ([min], s) =>
        typeof min === 'number' ? s.min(ref('minMinutes')) : s,
      );
      break;
    case 'ShowStatus':
      shape.visitStatuses = array(
        string()
          .required()
          .oneOf([...VisitStatuses]),
      )
        .label('Allowed visit statuses')
        .min(1);
      break;
    case 'ServiceDate':
      shape.allowFuture = boolean();
      shape.maxDaysAgo = optionalNumber('At most this many days ago');
      break;
    case 'ProgramLocation':
      shape.programLocations = array(
        object({
          program: string().label('Program').required(),
          locations: array(string().required()).label('Locations').min(1),
        }),
      )
        .label('Programs and their locations')
        .min(1);
      break;
    case 'MissingDiagnosis':
      shape.minCount = optionalNumber('At least this many diagnoses').min(1);
      break;
    case 'SessionDurationIncrement':
      shape.incrementMinutes = optionalNumber('Increment').required().min(1);
      break;
    case 'ServiceBasedSubformDuration':
      shape.toleranceMinutes = optionalNumber('Tolerance');
      break;
    case 'Age':
      shape.minYears = optionalNumber('Minimum age').max(150);
      shape.maxYears = optionalNumber('Maximum age')
        .max(150)
        .when('minYears', ([min], s) => (typeof min === 'number' ? s.min(ref('minYears')) : s));
      break;
    default:
      break;
  }
  return object(shape) as unknown as ObjectSchema<Partial<RuleParameterForm>>;
}

/** The whole rule form's schema: the parameters are checked by the kind picked. */
export const noteRuleSchema = object({
  name: string().trim().label('Name').required().max(200),
  kind: string()
    .label('Kind')
    .required()
    .oneOf([...NoteRuleKinds]),
  presence: string()
    .label('Presence')
    .required()
    .oneOf([...RulePresences]),
  severity: string().label('When broken').required().oneOf(['block', 'warn']),
  message: string().trim().label('Message').max(500).default(''),
  programs: array(string().required()).default([]),
  serviceTypes: array(string().required()).default([]),
  noteKinds: array(
    string()
      .required()
      .oneOf([...NoteKinds]),
  ).default([]),
  parameters: mixed().when('kind', ([kind], s) => (NoteRuleKinds.includes(kind) ? ruleParametersSchema(kind as NoteRuleKind) : s)),
}) as unknown as ObjectSchema<NoteRuleFormValues>;
