import type { NoteRuleKind, RulePresence, VisitStatus } from '@caseload/core';

/** How a parameter is entered on the rule form. */
export type ParameterInput =
  | { type: 'number'; unit?: string; min: number; integer: boolean }
  | { type: 'switch' }
  | { type: 'select'; options: readonly { value: string; label: string }[] }
  | { type: 'multiselect'; options: readonly { value: string; label: string }[] }
  | { type: 'tags' }
  | { type: 'programLocations' };

/** One parameter field of a rule kind: where it lives in the form's values, and how it is asked. */
export interface ParameterField {
  /** The key in `RuleParameterForm` (not always the parameter's own name: see rule-form.ts). */
  key: keyof RuleParameterForm;
  label: string;
  help: string;
  input: ParameterInput;
}

/** What the rule form keeps for parameters: one field per parameter of every kind, with defaults. */
export interface RuleParameterForm {
  minMinutes?: number;
  maxMinutes?: number;
  visitStatuses: VisitStatus[];
  allowFuture: boolean;
  maxDaysAgo?: number;
  programLocations: { program: string; locations: string[] }[];
  placeOfService: boolean;
  minCount?: number;
  overlapScope: 'Clinician' | 'Patient' | 'Both';
  count: 'Units' | 'Visits';
  incrementMinutes?: number;
  payers: string[];
  comparison: 'Equal' | 'AtMost';
  toleranceMinutes?: number;
  minYears?: number;
  maxYears?: number;
}

/** A new rule's parameter values: the built-in defaults of docs/notes.md. */
export const EMPTY_PARAMETERS: RuleParameterForm = {
  visitStatuses: ['Show'],
  allowFuture: false,
  programLocations: [],
  placeOfService: false,
  overlapScope: 'Both',
  count: 'Units',
  payers: [],
  comparison: 'Equal',
};

/** A rule kind as the administrator meets it: what it checks, what it examines, its parameters. */
export interface RuleKindInfo {
  kind: NoteRuleKind;
  label: string;
  /** One sentence: when a note breaks it. */
  description: string;
  /** The thing presence speaks of ("a session time"), in the default labels (the screen relabels). */
  subject: string;
  /** The presence a new rule of this kind starts with (docs/notes.md "Presence"). */
  defaultPresence: RulePresence;
  parameters: ParameterField[];
}

const minutes = (
  key: 'minMinutes' | 'maxMinutes' | 'toleranceMinutes' | 'incrementMinutes',
  label: string,
  help: string,
  min = 0,
): ParameterField => ({
  key,
  label,
  help,
  input: { type: 'number', unit: 'minutes', min, integer: true },
});
const years = (key: 'minYears' | 'maxYears', label: string, help: string): ParameterField => ({
  key,
  label,
  help,
  input: { type: 'number', unit: 'years', min: 0, integer: true },
});
const opts = <T extends string>(...pairs: [T, string][]) => pairs.map(([value, label]) => ({ value, label }));

/** Every kind of NoteRuleKinds with its own parameters, in the order docs/notes.md lists them. */
export const RULE_KINDS: readonly RuleKindInfo[] = [
  {
    kind: 'SessionDuration',
    label: 'Session duration',
    subject: 'a session time',
    defaultPresence: 'MustBePresent',
    description: 'The session lasts less than the minimum or more than the maximum (both inclusive).',
    parameters: [
      minutes('minMinutes', 'Minimum minutes', 'Shortest session allowed; empty for no minimum.'),
      minutes('maxMinutes', 'Maximum minutes', 'Longest session allowed; empty for no maximum.'),
    ],
  },
  {
    kind: 'ShowStatus',
    label: 'Visit status',
    subject: 'a visit status',
    defaultPresence: 'MustBePresent',
    description: 'The visit status is missing or not one of those allowed.',
    parameters: [
      {
        key: 'visitStatuses',
        label: 'Allowed visit statuses',
        help: 'A note may be signed with these statuses.',
        input: { type: 'multiselect', options: opts(['Show', 'Show'], ['NoShow', 'No show'], ['Cancelled', 'Cancelled']) },
      },
    ],
  },
  {
    kind: 'ServiceDate',
    label: 'Service date',
    subject: 'a service date',
    defaultPresence: 'MustBePresent',
    description: 'The session is in the future, or further back than allowed.',
    parameters: [
      {
        key: 'allowFuture',
        label: 'Allow future sessions',
        help: 'Off: a session that starts after now cannot be signed.',
        input: { type: 'switch' },
      },
      {
        key: 'maxDaysAgo',
        label: 'At most this many days ago',
        help: 'Empty: any past date.',
        input: { type: 'number', unit: 'days', min: 0, integer: true },
      },
    ],
  },
  {
    kind: 'ProgramSelected',
    label: 'Program selected',
    subject: 'a program',
    defaultPresence: 'MustBePresent',
    description: 'The session names no program.',
    parameters: [],
  },
  {
    kind: 'ProgramLocation',
    label: 'Program location',
    subject: 'a location allowed for the program',
    defaultPresence: 'MustBePresent',
    description: 'A listed program is delivered at a location not listed for it (programs not listed may be anywhere).',
    parameters: [
      {
        key: 'programLocations',
        label: 'Programs and their locations',
        help: 'Each program with the locations it may be delivered at.',
        input: { type: 'programLocations' },
      },
    ],
  },
  {
    kind: 'LocationSelected',
    label: 'Location selected',
    subject: 'a location',
    defaultPresence: 'MustBePresent',
    description: 'The session names no location (or no place of service, when asked).',
    parameters: [
      {
        key: 'placeOfService',
        label: 'Require a place of service too',
        help: 'The practice preference "Require a place of service" asks for it as well.',
        input: { type: 'switch' },
      },
    ],
  },
  {
    kind: 'MissingDiagnosis',
    label: 'Diagnosis',
    subject: 'coded diagnoses',
    defaultPresence: 'MustBePresent',
    description: 'The session has fewer coded diagnoses than required.',
    parameters: [
      { key: 'minCount', label: 'At least this many diagnoses', help: 'Empty: 1.', input: { type: 'number', min: 1, integer: true } },
    ],
  },
  {
    kind: 'SpanMidnight',
    label: 'Spans midnight',
    subject: 'a session spanning midnight',
    defaultPresence: 'NotPresent',
    description: 'The session starts and ends on different dates (ending exactly at midnight does not span).',
    parameters: [],
  },
  {
    kind: 'AppointmentRequired',
    label: 'Appointment required',
    subject: 'a linked appointment',
    defaultPresence: 'MustBePresent',
    description: 'The note is not linked to an appointment.',
    parameters: [],
  },
  {
    kind: 'SessionOverlap',
    label: 'Overlapping sessions',
    subject: 'an overlap with another session',
    defaultPresence: 'NotPresent',
    description: 'Another session shares time with this one (only when the practice checks overlapping sessions).',
    parameters: [
      {
        key: 'overlapScope',
        label: 'Whose sessions count',
        help: 'Back-to-back sessions never overlap.',
        input: {
          type: 'select',
          options: opts(
            ['Both', 'The same practitioner or patient'],
            ['Clinician', 'The same practitioner'],
            ['Patient', 'The same patient'],
          ),
        },
      },
    ],
  },
  {
    kind: 'Authorization',
    label: 'Authorization',
    subject: 'an authorization',
    defaultPresence: 'MustBePresent',
    description: 'No payer authorization covers the service on the date, or too few units or visits remain.',
    parameters: [
      {
        key: 'count',
        label: 'The authorization counts',
        help: "A unit is the service's minutes per unit (15 when unset).",
        input: { type: 'select', options: opts(['Units', 'Units'], ['Visits', 'Visits']) },
      },
    ],
  },
  {
    kind: 'SessionDurationIncrement',
    label: 'Duration increment',
    subject: 'a session time',
    defaultPresence: 'MustBePresent',
    description: 'The session does not last a whole number of increments.',
    parameters: [minutes('incrementMinutes', 'Increment', 'The session must last a multiple of this.', 1)],
  },
  {
    kind: 'Insurance',
    label: 'Insurance',
    subject: 'insurance coverage in force',
    defaultPresence: 'MustBePresent',
    description: 'The patient has no coverage in force on the session date.',
    parameters: [{ key: 'payers', label: 'Only these payers', help: 'Payer names, any case; empty: any payer.', input: { type: 'tags' } }],
  },
  {
    kind: 'ServiceBasedSubformDuration',
    label: 'Service times',
    subject: 'service times',
    defaultPresence: 'MustBePresent',
    description: "The services' times of a multi-service session do not add up to the session (or exceed it).",
    parameters: [
      {
        key: 'comparison',
        label: 'Service times must',
        help: 'Compared with the whole session.',
        input: { type: 'select', options: opts(['Equal', 'Add up to the session'], ['AtMost', 'Not exceed the session']) },
      },
      minutes('toleranceMinutes', 'Tolerance', 'Difference allowed; empty: none.'),
    ],
  },
  {
    kind: 'Age',
    label: 'Age',
    subject: 'a birth date',
    defaultPresence: 'MustBePresent',
    description: "The patient's age on the session date is outside the range, or the birth date is missing.",
    parameters: [
      years('minYears', 'Minimum age', 'Youngest age allowed; empty for none.'),
      years('maxYears', 'Maximum age', 'Oldest age allowed; empty for none.'),
    ],
  },
];

/** The kind's description; every NoteRuleKind has one (a unit test checks). */
export function ruleKindInfo(kind: NoteRuleKind): RuleKindInfo {
  const info = RULE_KINDS.find((k) => k.kind === kind);
  if (!info) throw new Error(`Rule kind ${kind} has no description.`);
  return info;
}

/** What each presence means for a kind, in words ("Must not have a session spanning midnight"). */
export function presenceLabel(presence: RulePresence, subject: string): string {
  switch (presence) {
    case 'MustBePresent':
      return `Must have ${subject}`;
    case 'MaybePresent':
      return `May have ${subject} (check only what is entered)`;
    case 'NotPresent':
      return `Must not have ${subject}`;
  }
}
