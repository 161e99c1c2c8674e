import { array, number, object, string } from 'yup';
import { Recurrences, VisitModes, Weekdays } from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import { codingOf, isoDate, referenceSchema, requiredText, resourceShape, text } from '../people/common-schemas.ts';
import { flag, instant, oneOfValues, wholeNumber } from '../notes/note-schema-parts.ts';
import { PLACES_OF_SERVICE } from '../vocabularies/places-of-service.ts';

applyFormLocale();

/**
 * The Appointment, Schedule and Itinerary schemas (docs/scheduling.md), checked by the server on
 * every write (server scheduling/scheduling.rules.ts) and by the web's forms. Statuses are checked
 * by the transition table, not here, since a practice adds its own.
 */

/**
 * The longest appointment: a day. Longer is not a visit but a stay; bounding it lets a window's
 * query read the `start` index from a day before the window (docs/scheduling.md, "Indexes").
 */
export const MAX_APPOINTMENT_HOURS = 24;

/** The earliest start an appointment overlapping `from` can have. */
export const earliestOverlappingStart = (from: Date): string =>
  new Date(from.getTime() - MAX_APPOINTMENT_HOURS * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** HH:mm on a 24-hour clock. */
const localTime = () =>
  string()
    .strict(true)
    .matches(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, '${path} must be a time HH:mm');

/** Something that starts and ends, end after start. */
const ordered = <T extends { start?: string; end?: string }>(message = '${path} field must be later than ${min}') => ({
  name: 'ordered',
  message,
  test(value: T | undefined, ctx: { path: string; createError: (o: { path: string; params: { min?: string } }) => unknown }) {
    if (!value?.start || !value.end || value.end > value.start) return true;
    return ctx.createError({ path: ctx.path ? `${ctx.path}.end` : 'end', params: { min: value.start } }) as boolean;
  },
});

/** Local times of one day, the end after the start. */
const orderedTimes = () => ({
  name: 'ordered',
  message: '${path} field must be later than ${min}',
  test(
    value: { startTime?: string; endTime?: string } | undefined,
    ctx: { path: string; createError: (o: { path: string; params: { min?: string } }) => unknown },
  ) {
    if (!value?.startTime || !value.endTime || value.endTime > value.startTime) return true;
    return ctx.createError({ path: `${ctx.path}.endTime`, params: { min: value.startTime } }) as boolean;
  },
});

export const recurrenceRuleSchema = object({
  frequency: oneOfValues(Recurrences).required(),
  interval: wholeNumber(1).max(99),
  weekdays: array(oneOfValues(Weekdays).required()).unique(),
  count: wholeNumber(1).max(730),
  until: isoDate(),
  exceptions: array(instant().required()).max(1000),
})
  .noUnknown()
  .default(undefined)
  .test('count-or-until', '${path} has both count and until; give one.', (r) => !(r?.count !== undefined && r.until !== undefined));

export const appointmentSchema = object({
  ...resourceShape,
  status: requiredText(64),
  attendees: array(object({ subject: referenceSchema('Patient', 'RelatedPerson').required(), role: text(64) }).noUnknown())
    .min(1)
    .required(),
  owner: referenceSchema('Practitioner').required(),
  participants: array(referenceSchema('Practitioner').required()),
  location: referenceSchema('Location'),
  serviceLocation: referenceSchema('Location'),
  schedule: referenceSchema('Schedule'),
  program: referenceSchema('Program'),
  serviceType: referenceSchema('HealthcareService'),
  visitMode: oneOfValues(VisitModes),
  placeOfService: codingOf(PLACES_OF_SERVICE),
  start: instant().required(),
  end: instant().required(),
  reason: text(1000),
  comment: string().strict(true).max(4000),
  cancellationReason: text(1000),
  recurrence: recurrenceRuleSchema,
  occurrenceOf: object({ appointment: referenceSchema('Appointment').required(), originalStart: instant().required() })
    .noUnknown()
    .default(undefined),
  groupId: text(128),
  origin: oneOfValues(['Caseload', 'SystemOfOrigin']),
  overrideConflicts: flag(),
  conflictOverride: object().default(undefined),
})
  .test(ordered())
  .test({
    name: 'at-most-a-day',
    message: `\${path} is at most ${MAX_APPOINTMENT_HOURS} hours after start.`,
    test(a, ctx) {
      if (!a?.start || !a.end || Date.parse(a.end) - Date.parse(a.start) <= MAX_APPOINTMENT_HOURS * 3_600_000) return true;
      return ctx.createError({ path: 'end' });
    },
  });

export const scheduleSchema = object({
  ...resourceShape,
  actor: referenceSchema('Practitioner', 'Location').required(),
  location: referenceSchema('Location'),
  active: flag(),
  activeFrom: isoDate(),
  activeUntil: isoDate(),
  workingHours: array(
    object({ weekday: oneOfValues(Weekdays).required(), startTime: localTime().required(), endTime: localTime().required() })
      .noUnknown()
      .test(orderedTimes()),
  ).required(),
  breaks: array(
    object({
      startTime: localTime().required(),
      endTime: localTime().required(),
      weekdays: array(oneOfValues(Weekdays).required()),
      label: text(100),
    })
      .noUnknown()
      .test(orderedTimes()),
  ),
  timeOff: array(
    object({ start: instant().required(), end: instant().required(), reason: text(300) })
      .noUnknown()
      .test(ordered()),
  ),
});

export const itinerarySchema = object({
  ...resourceShape,
  author: referenceSchema('Practitioner').required(),
  date: isoDate().required(),
  program: referenceSchema('Program'),
  visits: array(
    object({
      patient: referenceSchema('Patient'),
      appointment: referenceSchema('Appointment'),
      location: referenceSchema('Location'),
      time: localTime(),
      topics: array(requiredText(300)),
      travelNotes: text(2000),
    }).noUnknown(),
  ).required(),
  topics: array(requiredText(300)),
  notes: string().strict(true).max(4000),
});

/** Minutes in a slot search's duration: 5 minutes to 12 hours. */
export const slotMinutesSchema = number().strict(true).integer().min(5).max(720);

/** The scheduling types' schemas by resource type name. */
export const SCHEDULING_SCHEMAS = {
  Appointment: appointmentSchema,
  Schedule: scheduleSchema,
  Itinerary: itinerarySchema,
} as const;
