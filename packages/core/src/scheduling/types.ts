import type { AppointmentStatuses, Recurrences, Weekdays } from '../enums.ts';
import type { VisitMode } from '../notes/types.ts';
import type { Coding } from '../people/types.ts';
import type { Reference, Resource } from '../resources/resource.ts';

export type AppointmentStatus = (typeof AppointmentStatuses)[number];
export type Recurrence = (typeof Recurrences)[number];
export type Weekday = (typeof Weekdays)[number];

/** Who attends: the patient of the chart (SPEC.md: `attendees.subject`), or a related person. */
export interface AppointmentAttendee {
  subject: Reference;
  /** A ParticipantRoles value; Patient when left out. */
  role?: string;
}

/**
 * How an appointment repeats (docs/scheduling.md, "Recurrence"). The series is kept on its first
 * appointment (the series head); its occurrences are computed by `expandOccurrences`, and an
 * occurrence moved or cancelled is stored as an appointment of its own (`occurrenceOf`).
 */
export interface RecurrenceRule {
  frequency: Recurrence;
  /** Every N days, weeks, months or years (1 when left out). */
  interval?: number;
  /** Weekly: which weekdays (the start's weekday when left out). */
  weekdays?: Weekday[];
  /** Ends after this many occurrences, or ... */
  count?: number;
  /** ... on this local date (yyyy-MM-dd, inclusive). Neither: it runs on. */
  until?: string;
  /** Occurrence starts (UTC instants) that do not happen as the rule says: cancelled or moved. */
  exceptions?: string[];
}

/** A conflict found when the appointment was written: another booking of the same clinician, patient or room. */
export interface AppointmentConflict {
  kind: ConflictKind;
  appointmentId: string;
  start: string;
  end: string;
  /** The other patient's name, only where the writer reaches that patient. */
  display?: string;
  /** For a series: the start of the series' occurrence that conflicts, when it is not the head's own time. */
  occurrenceStart?: string;
  message: string;
}

export type ConflictKind = 'Clinician' | 'Patient' | 'Room';

export type AppointmentOrigin = 'Caseload' | 'SystemOfOrigin';

/** Who booked over a conflict, when, and over which conflicts (server-written). */
export interface ConflictOverride {
  by: Reference;
  at: string;
  conflicts: AppointmentConflict[];
}

/**
 * An appointment (SPEC.md section 3), partitioned by its patient: `partition` is the patient's id
 * and `attendees` names them. A group appointment is one appointment per attendee sharing a
 * `groupId` (docs/scheduling.md, "Group appointments").
 */
export interface Appointment extends Resource {
  resourceType: 'Appointment';
  partition: string;
  /** A base status (core AppointmentStatuses) or one of the practice's `appointmentStatuses`. */
  status: AppointmentStatus | (string & {});
  attendees: AppointmentAttendee[];
  /** The clinician whose appointment it is (a Practitioner). */
  owner: Reference;
  /** Other staff taking part (co-therapists). */
  participants?: Reference[];
  /** The building or site. */
  location?: Reference;
  /** The room or service location within it (the "same room" of conflicts). */
  serviceLocation?: Reference;
  schedule?: Reference;
  program?: Reference;
  /** A HealthcareService. */
  serviceType?: Reference;
  visitMode?: VisitMode;
  /** CMS place of service (vocabularies `PLACES_OF_SERVICE`). */
  placeOfService?: Coding;
  /** UTC instants, yyyy-MM-ddTHH:mm:ssZ; end after start. */
  start: string;
  end: string;
  reason?: string;
  comment?: string;
  /** Why it was cancelled (free text), kept with the cancellation. */
  cancellationReason?: string;
  recurrence?: RecurrenceRule;
  /** On a stored occurrence of a series: the series head and the start it had in the series. */
  occurrenceOf?: { appointment: Reference; originalStart: string };
  /** The appointments of one group session share this id. */
  groupId?: string;
  /**
   * Server-written at creation: `Caseload` when booked here, `SystemOfOrigin` when written by a
   * sync or automation (the x-sync or x-automation header): appointmentCreation and
   * appointmentCreationSatisfiesValidations read it.
   */
  origin?: AppointmentOrigin;
  /** Request flag: book over the conflicts found (the server records `conflictOverride` instead). */
  overrideConflicts?: boolean;
  /** Server-written: who booked over which conflicts. */
  conflictOverride?: ConflictOverride;
}

/** Working hours of one weekday, local times HH:mm (named apart from instants' start and end). */
export interface WorkingHours {
  weekday: Weekday;
  startTime: string;
  endTime: string;
}

/** A recurring break (lunch) on every working day it falls in, or on the listed weekdays. */
export interface ScheduleBreak {
  startTime: string;
  endTime: string;
  weekdays?: Weekday[];
  label?: string;
}

/** Time off: from a UTC instant to another (a whole day is local midnight to midnight). */
export interface TimeOff {
  start: string;
  end: string;
  reason?: string;
}

/** A practitioner's or location's availability (SPEC.md section 3 Schedule; the rest is ours). */
export interface Schedule extends Resource {
  resourceType: 'Schedule';
  /** The Practitioner or Location this schedule is for. */
  actor: Reference;
  /** Where the practitioner works during these hours. */
  location?: Reference;
  active?: boolean;
  /** Local dates (yyyy-MM-dd) the hours apply from and to, inclusive. */
  activeFrom?: string;
  activeUntil?: string;
  workingHours: WorkingHours[];
  breaks?: ScheduleBreak[];
  timeOff?: TimeOff[];
}

/** One visit of an itinerary, in order. */
export interface ItineraryVisit {
  patient?: Reference;
  appointment?: Reference;
  location?: Reference;
  /** Planned local time HH:mm. */
  time?: string;
  topics?: string[];
  travelNotes?: string;
}

/** A practitioner's plan for a day (docs/scheduling.md, "Itineraries"). */
export interface Itinerary extends Resource {
  resourceType: 'Itinerary';
  author: Reference;
  /** The local date (yyyy-MM-dd) planned. */
  date: string;
  program?: Reference;
  visits: ItineraryVisit[];
  /** Topics of the day that the ItineraryTopics note element shows. */
  topics?: string[];
  notes?: string;
}
