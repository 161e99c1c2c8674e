import type { Issue } from '../errors/app-error.ts';
import { DATE_TIME_TESTS, dateTimeMessage, type DateTimeFormat } from './date-time-formats.ts';
import { invalidResource } from './invalid-resource.ts';

/**
 * Which fields hold dates and times, for every type: the one declaration the server checks every
 * write against (docs/validation.md, "Dates and times"), and which the yup schemas of the typed
 * resources agree with (a unit test holds them to it).
 *
 * A member's format is decided by its name, at any depth of the body: the type's own names first,
 * then the names every type shares. Within one type a name means one thing (every `start` of an
 * Encounter is an instant, every `start` of a Patient a day), so names are enough and a new
 * nested shape is covered the moment it is written.
 */

/** Names that hold a date or time wherever they appear, on every type. */
export const COMMON_DATE_TIME_FIELDS: Readonly<Record<string, DateTimeFormat>> = {
  created: 'dateTime',
  expiration: 'dateTime',
  recorded: 'dateTime',
  issued: 'dateTime',
  authored: 'dateTime',
  authoredOn: 'dateTime',
  signedAt: 'dateTime',
  voidedAt: 'dateTime',
  encounterDate: 'dateTime',
  birthDate: 'date',
  onsetDate: 'date',
  recordedDate: 'date',
  // A day on some types and an instant on others; a type that knows which says so below.
  start: 'dateOrDateTime',
  end: 'dateOrDateTime',
  date: 'dateOrDateTime',
};

/** People and chart records: their periods (of care, employment, enrolment, coverage) are days. */
const DAYS: Readonly<Record<string, DateTimeFormat>> = { start: 'date', end: 'date' };

/** The notes domain writes SPEC.md's UTC timestamps, so its times compare as text. */
const SESSION: Readonly<Record<string, DateTimeFormat>> = { start: 'instant', end: 'instant' };

/** Per type, the names whose format differs from (or adds to) the common ones. */
export const DATE_TIME_FIELDS_BY_TYPE: Readonly<Record<string, Readonly<Record<string, DateTimeFormat>>>> = {
  Patient: DAYS,
  RelatedPerson: DAYS,
  Practitioner: DAYS,
  EpisodeOfCare: DAYS,
  Condition: DAYS,
  Allergy: DAYS,
  Medication: DAYS,
  Coverage: DAYS,
  Consent: { ...DAYS, date: 'date' },
  DocumentReference: { date: 'date', sharedAt: 'instant' },
  PacketResponse: {
    dueDate: 'date',
    expiresAt: 'instant',
    sentAt: 'instant',
    remindedAt: 'instant',
    startedAt: 'instant',
    submittedAt: 'instant',
    reviewedAt: 'instant',
    at: 'instant',
  },
  Encounter: SESSION,
  Note: { ...SESSION, signedAt: 'instant', encounterDate: 'instant', at: 'instant', generatedAt: 'instant' },
  // A booked time; the EncounterDate sort reads `start`.
  Appointment: { start: 'dateTime', end: 'dateTime' },
  // Time off is a span of instants; working hours and breaks are local times named startTime and endTime.
  Schedule: { ...SESSION, activeFrom: 'date', activeUntil: 'date' },
  Itinerary: { date: 'date' },
};

/**
 * Members whose own members are not fields but keys a client chose (answers by linkId or element
 * key), the server's `meta`, and a transcription's `segments` (their `start` and `end` are
 * seconds into the recording, checked by the Transcription schema): nothing below them is checked by name.
 */
const NOT_FIELDS: ReadonlySet<string> = new Set(['answers', 'meta', 'segments']);

const formatsByType = new Map<string, ReadonlyMap<string, DateTimeFormat>>();

/** The format of each date-time name on a type (a Map: no name can reach Object.prototype). */
export function dateTimeFieldsOf(typeName: string): ReadonlyMap<string, DateTimeFormat> {
  let formats = formatsByType.get(typeName);
  if (!formats) {
    formats = new Map(Object.entries({ ...COMMON_DATE_TIME_FIELDS, ...DATE_TIME_FIELDS_BY_TYPE[typeName] }));
    formatsByType.set(typeName, formats);
  }
  return formats;
}

/**
 * Every date-time field of a body that is not of its format, in document order, with dotted paths
 * (`activities.1.period.end`). `null` counts as absent. Empty when all are well.
 */
export function dateTimeFieldIssues(typeName: string, body: unknown): Issue[] {
  const issues: Issue[] = [];
  collect(body, [], dateTimeFieldsOf(typeName), issues);
  return issues;
}

/**
 * Refuses a version of a type whose date-time fields are not all of their formats.
 *
 * @throws AppError BadRequest 'The {Type} was not saved: ...' with an issue at each field.
 */
export function assertDateTimeFields(typeName: string, body: unknown): void {
  const issues = dateTimeFieldIssues(typeName, body);
  if (issues.length > 0) throw invalidResource(typeName, issues);
}

// Recursive: bodies reach the write path's check only after assertStorableJson bounded their depth.
// `trail` is the path so far, kept as one array pushed and popped: a path is spelled out only for
// a field refused, since every write walks its whole body and almost all pass.
function collect(value: unknown, trail: (string | number)[], formats: ReadonlyMap<string, DateTimeFormat>, issues: Issue[]): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      trail.push(i);
      collect(value[i], trail, formats, issues);
      trail.pop();
    }
    return;
  }
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    const format = formats.get(key);
    if (format !== undefined) {
      if (member !== null && !(typeof member === 'string' && DATE_TIME_TESTS[format](member))) {
        const path = [...trail, key].join('.');
        issues.push({ path, message: dateTimeMessage(format, path) });
      }
    } else if (typeof member === 'object' && member !== null && !NOT_FIELDS.has(key)) {
      trail.push(key);
      collect(member, trail, formats, issues);
      trail.pop();
    }
  }
}
