import { Type, type Static } from 'typebox';
import type { Encounter } from '../../notes/types.ts';
import type { Appointment } from '../../scheduling/types.ts';
import { IdSchema, ReferenceSchema, TimestampSchema, resourceSchema, withMessage } from './contract-kit.ts';

const AppointmentSchema = resourceSchema<Appointment>('Appointment');
const EncounterSchema = resourceSchema<Encounter>('Encounter');

const Instant = (name: string, description: string) =>
  withMessage(Type.String({ format: 'date-time', description }), `${name} must be a UTC timestamp yyyy-MM-ddTHH:mm:ssZ.`);

/**
 * `GET Appointments/_occurrences`: the appointments of a window, with recurring series expanded
 * (docs/scheduling.md, "Reading the calendar"). At least one of practitioner, location or patient.
 */
export const OccurrencesQuerySchema = Type.Object(
  {
    from: Instant('from', 'The window starts (inclusive).'),
    to: Instant('to', 'The window ends (exclusive); at most 62 days after from.'),
    practitioner: Type.Optional(Type.String({ description: 'Comma-separated Practitioner ids: appointments they own or take part in.' })),
    location: Type.Optional(Type.String({ description: 'Comma-separated Location ids: appointments at the location or in the room.' })),
    patient: Type.Optional(IdSchema),
    includeHidden: Type.Optional(
      Type.Boolean({ description: 'Also cancelled and no-show appointments when hideNoShowCancelledAppointments hides them.' }),
    ),
    withNoteState: Type.Optional(
      Type.Boolean({ description: "Each stored appointment's note state (none, draft, signed): the dashboard's today list." }),
    ),
  },
  { additionalProperties: false },
);
export type OccurrencesQuery = Static<typeof OccurrencesQuerySchema>;

/** One entry of the calendar: a stored appointment, or an occurrence of a series computed from its head. */
export const CalendarEntrySchema = Type.Object(
  {
    appointment: AppointmentSchema,
    start: TimestampSchema,
    end: TimestampSchema,
    status: Type.String({
      description: "The entry's status: the appointment's own, or for a computed occurrence the one its series gives it.",
    }),
    noteState: Type.Optional(
      Type.Union([Type.Literal('none'), Type.Literal('draft'), Type.Literal('signed')], {
        description:
          'With withNoteState, on stored appointments whose notes the caller may read: none, a draft, or signed (by its author).',
      }),
    ),
    /** With withNoteState, the appointment's note when it has one (its id and chart), so a list can open it. */
    note: Type.Optional(ReferenceSchema),
    /** Set on a computed occurrence: the series head's id and the occurrence's start in the series. */
    occurrenceOf: Type.Optional(
      Type.Object({ appointment: ReferenceSchema, originalStart: TimestampSchema }, { additionalProperties: false }),
    ),
  },
  { title: 'CalendarEntry', additionalProperties: false },
);
export type CalendarEntry = Static<typeof CalendarEntrySchema>;

export const OccurrencesAnswerSchema = Type.Object(
  { entries: Type.Array(CalendarEntrySchema), timeZone: Type.String({ description: "The practice's time zone." }) },
  { title: 'Occurrences', additionalProperties: false },
);

/** `GET Appointments/_free-slots`: "the next 5 free 50-minute slots for this clinician at this location". */
export const FreeSlotsQuerySchema = Type.Object(
  {
    practitioner: IdSchema,
    location: Type.Optional(IdSchema),
    minutes: withMessage(
      Type.Integer({ minimum: 5, maximum: 720, description: 'The slot length.' }),
      'minutes must be a whole number from 5 to 720.',
    ),
    count: Type.Optional(
      withMessage(Type.Integer({ minimum: 1, maximum: 50, description: '5 by default.' }), 'count must be a whole number from 1 to 50.'),
    ),
    from: Type.Optional(Instant('from', 'The earliest start; now by default.')),
    stepMinutes: Type.Optional(
      withMessage(
        Type.Integer({ minimum: 5, maximum: 60, description: 'Slots start on this local grid; 15 by default.' }),
        'stepMinutes must be a whole number from 5 to 60.',
      ),
    ),
  },
  { additionalProperties: false },
);
export type FreeSlotsQuery = Static<typeof FreeSlotsQuerySchema>;

export const FreeSlotsAnswerSchema = Type.Object(
  {
    slots: Type.Array(
      Type.Object(
        { start: TimestampSchema, end: TimestampSchema, locationId: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    ),
    timeZone: Type.String(),
  },
  { title: 'FreeSlots', additionalProperties: false },
);

/** `POST Appointments/{id}/encounter` answers the session's encounter (201 new, 200 existing). */
export const StartEncounterAnswerSchema = EncounterSchema;

/** `POST Practitioners/{id}/calendar-feed`: a new feed URL (the old one, if any, stops working). */
export const CalendarFeedAnswerSchema = Type.Object(
  {
    url: Type.String({ description: 'The read-only iCalendar URL; it carries its own token, shown once.' }),
    showsPatientNames: Type.Boolean({ description: 'Whether the practice lets feeds name patients (calendarFeedShowsPatientNames).' }),
  },
  { title: 'CalendarFeed', additionalProperties: false },
);
export type CalendarFeedAnswer = Static<typeof CalendarFeedAnswerSchema>;

/**
 * `POST Appointments/{id}/occurrences`: change one occurrence of a recurring series, or it and the
 * ones after it (docs/scheduling.md, "Recurrence"). Without start, end or status, `this` stores
 * the occurrence as it is (to check it in or start its note).
 */
export const OccurrenceEditBodySchema = Type.Object(
  {
    versionId: Type.String({ minLength: 1, description: "The series head's version the edit was made on; a stale one is a 409." }),
    originalStart: withMessage(
      Type.String({ format: 'date-time', description: 'Which occurrence: its start in the series.' }),
      'originalStart must be a UTC timestamp yyyy-MM-ddTHH:mm:ssZ.',
    ),
    scope: withMessage(
      Type.Enum(['this', 'thisAndFollowing'], { description: 'This occurrence only, or it and every later one.' }),
      'scope must be this or thisAndFollowing.',
    ),
    start: Type.Optional(
      withMessage(
        Type.String({ format: 'date-time', description: 'The new start.' }),
        'start must be a UTC timestamp yyyy-MM-ddTHH:mm:ssZ.',
      ),
    ),
    end: Type.Optional(
      withMessage(Type.String({ format: 'date-time', description: 'The new end.' }), 'end must be a UTC timestamp yyyy-MM-ddTHH:mm:ssZ.'),
    ),
    status: Type.Optional(Type.String({ description: 'scope this only: the occurrence’s status (cancelled to cancel it).' })),
    overrideConflicts: Type.Optional(Type.Boolean({ description: 'Book over conflicts (recorded).' })),
  },
  { additionalProperties: false },
);
export type OccurrenceEditBody = Static<typeof OccurrenceEditBodySchema>;

export const OccurrenceEditAnswerSchema = Type.Object(
  {
    series: AppointmentSchema,
    occurrence: Type.Optional(AppointmentSchema),
    newSeries: Type.Optional(AppointmentSchema),
  },
  { title: 'OccurrenceEdit', additionalProperties: false },
);
export type OccurrenceEditAnswer = Static<typeof OccurrenceEditAnswerSchema>;
