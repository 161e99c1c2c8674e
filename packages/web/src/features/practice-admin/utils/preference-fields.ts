import type { PracticePreferenceValues } from '@caseload/core';

type Values = PracticePreferenceValues;
type KeysOf<V> = { [K in keyof Values]: Values[K] extends V ? K : never }[keyof Values];

/** What every preference field has: its kind of input, the key it edits, its label and what it does. */
interface FieldOf<Kind extends string, Key extends string> {
  kind: Kind;
  key: Key;
  label: string;
  help: string;
}

/** A yes/no preference. */
export type FlagField = FieldOf<'flag', KeysOf<boolean>>;

/** A whole number with its unit. */
export type NumberField = FieldOf<'number', KeysOf<number>> & { unit: string; min: number; max: number };

/** One of a fixed set of values. */
export type ChoiceField = FieldOf<'choice', 'patientPopulationLevel' | 'defaultScribeNoteFormat'>;

/** A list of short texts, edited as tags. */
export type ListField = FieldOf<'list', KeysOf<unknown[]>>;

/**
 * Kept beside section 9's values, with no section 9 default (docs/notes.md): the practice's name on
 * note printouts (blank: its id), and its IANA time zone, picked from the zones the browser knows
 * (unset: America/New_York).
 */
export type TextField = FieldOf<'text', 'practiceName'>;
export type TimeZoneField = FieldOf<'timeZone', 'timeZone'>;

/** A preference with a screen of its own, where the administrator is sent (`to`): shown as a link. */
export type ElsewhereField = FieldOf<'elsewhere', 'scribeAudioRetention' | 'scribeFormatConfigurations'> & { to: string; linkText: string };

export type PreferenceField = FlagField | NumberField | ChoiceField | ListField | TextField | TimeZoneField | ElsewhereField;

/** Where the scribe's providers, formats and audio retention are set. */
export const SCRIBE_SETTINGS_PATH = '/administration/scribe';

/** The keys of the fields that have no section 9 default. */
export const EXTRA_PREFERENCE_KEYS = ['practiceName', 'timeZone'] as const;

/** The time zone a practice that has not chosen one works in (the server's default too). */
export { DEFAULT_PRACTICE_TIME_ZONE as DEFAULT_TIME_ZONE } from '@caseload/core';

export interface PreferenceGroup {
  id: string;
  title: string;
  description: string;
  fields: PreferenceField[];
}

const flag = (key: FlagField['key'], label: string, help: string): FlagField => ({ kind: 'flag', key, label, help });
const list = (key: ListField['key'], label: string, help: string): ListField => ({ kind: 'list', key, label, help });

/**
 * Every flag, number, choice and list of SPEC.md section 9, grouped as an administrator thinks of
 * them, each with a sentence saying what it does. Texts use the default labels ("patient",
 * "session"); the screen shows them in the practice's own (`relabel`). The labels themselves
 * have their own group on the screen. A unit test checks that every preference is here once.
 */
export const PREFERENCE_GROUPS: readonly PreferenceGroup[] = [
  {
    id: 'access',
    title: 'Access and security',
    description: 'Which patients staff see, and when idle users are signed out.',
    fields: [
      {
        kind: 'choice',
        key: 'patientPopulationLevel',
        label: 'Patient population',
        help: 'Which patients a staff member sees, unless a role lets them see all.',
      },
      {
        kind: 'number',
        key: 'sessionTimeoutInMinutes',
        label: 'Sign out after inactivity',
        help: 'Someone idle this long is signed out; it applies from their next sign-in.',
        unit: 'minutes',
        min: 1,
        max: 1440,
      },
    ],
  },
  {
    id: 'notes',
    title: 'Notes',
    description: 'Writing, signing and printing notes.',
    fields: [
      {
        kind: 'text',
        key: 'practiceName',
        label: 'Practice name',
        help: "Printed at the top of every note printout; blank: the practice's id.",
      },
      {
        kind: 'timeZone',
        key: 'timeZone',
        label: 'Time zone',
        help:
          "Every time Caseload shows or reads (sessions, signatures, forms, printouts) is on this zone's " +
          "clock, named where a reader's own clock differs; rules' midnight and weekends follow its calendar.",
      },
      {
        kind: 'number',
        key: 'noteSignWarningTimeout',
        label: 'Warn about unsigned notes after',
        help: 'A note not signed this long after its session is flagged to its author.',
        unit: 'hours',
        min: 1,
        max: 8760,
      },
      flag(
        'sessionToSignIncludesWeekends',
        'Count weekends in the time to sign',
        'Off: only weekdays count towards the unsigned-note warning.',
      ),
      flag(
        'allowSessionTimeInputDefault',
        'Fill in session times by default',
        'New notes start with the session time filled in from the appointment or the clock.',
      ),
      flag('requirePlaceOfService', 'Require a place of service', 'A note cannot be signed without a place-of-service code.'),
      flag(
        'requireCarePlanGoalToSign',
        'Notes must address a care-plan goal',
        'A note of a patient with an active care plan cannot be signed until it ticks a goal or objective the session addressed.',
      ),
      flag(
        'hidePlaceOfService',
        'Hide the place of service',
        'Notes do not show the place-of-service field (for practices that do not bill by it).',
      ),
      flag('filterNoteCategoryByProgram', 'Offer note types by program', "Only the note types of the patient's program are offered."),
      flag(
        'filterDxByProgram',
        'Offer diagnoses by program',
        "Only the diagnoses of the patient's program enrolment are offered in a note.",
      ),
      flag(
        'checkOverlappingSessions',
        'Check for overlapping sessions',
        "Warn when a session overlaps another of the same practitioner's.",
      ),
      flag(
        'defaultAsDocumentationNote',
        'Start as documentation notes',
        'New notes are documentation notes (no billable session) unless changed.',
      ),
      flag('streamlinedStartNote', 'Streamlined start of a note', 'Start a note with the fewest questions: patient, service and time.'),
      flag('allowMarkAllReview', 'Allow "mark all reviewed"', 'Reviewers may mark every note in their queue reviewed at once.'),
      flag('allowNotePrintout', 'Allow printing notes', 'Notes can be printed or saved as PDF.'),
      flag('militaryTimeInPrintouts', '24-hour time in printouts', 'Printed notes show 14:30 rather than 2:30 PM.'),
      list('customNoteOptions', 'Custom note options', 'Extra options clinicians can tick on a note.'),
      list('levelsOfAssistance', 'Levels of assistance', 'The levels of assistance a note can record.'),
      list('promptNumberCodes', 'Prompt-number codes', 'Codes that ask for a number (e.g. units or prompts) when chosen in a note.'),
      list('signatureServiceTypeExclusions', 'Services signed without a signature', 'Service type codes whose notes need no signature.'),
      list(
        'startNoteServiceTypeExclusions',
        'Services not offered when starting a note',
        'Service type codes left out of the start-note choices.',
      ),
    ],
  },
  {
    id: 'group-notes',
    title: 'Group notes',
    description: 'Notes written for several patients at once.',
    fields: [
      flag(
        'allowGroupNoteAdminEdit',
        'Administrators may edit group notes',
        "Administrators can correct a group note's shared part after it is written.",
      ),
      flag(
        'forceGroupNoteServiceOverride',
        'Choose the service per patient',
        "Each patient's part of a group note must name its own service.",
      ),
    ],
  },
  {
    id: 'scheduling',
    title: 'Scheduling',
    description: 'Appointments and the notes written from them.',
    fields: [
      flag(
        'appointmentCreation',
        'Staff can create appointments',
        'Appointments can be booked in Caseload (off: they come from another system).',
      ),
      flag(
        'allowNotesFromAppointments',
        'Start notes from appointments',
        'An appointment can open a note with its patient, time and service filled in.',
      ),
      flag(
        'appointmentCreationSatisfiesValidations',
        'An appointment satisfies "appointment required"',
        'A note whose appointment was created in Caseload passes the appointment-required rule.',
      ),
      flag('skipAppointmentStatusUpdate', 'Leave appointment status alone', "Signing a note does not update its appointment's status."),
      flag(
        'hideNoShowCancelledAppointments',
        'Hide no-shows and cancellations',
        'Schedules leave out appointments that were missed or cancelled.',
      ),
      flag(
        'allowAppointmentCancellation',
        'Patients may cancel appointments',
        'Patients and their families can cancel an upcoming appointment from the portal.',
      ),
      flag(
        'calendarFeedShowsPatientNames',
        'Name patients in calendar feeds',
        'A clinician\'s calendar feed (read by any calendar app) shows patients\' names instead of "Appointment".',
      ),
      list('appointmentStatuses', 'Extra appointment statuses', 'Statuses of your own, beside the standard ones.'),
    ],
  },
  {
    id: 'reports',
    title: 'Reports',
    description: 'Reports and their delivery by e-mail.',
    fields: [
      flag('scheduleMonthlyUserReport', 'Monthly report for each user', 'Each user gets a monthly summary of their sessions and notes.'),
      flag('allowReportEmails', 'Deliver reports by e-mail', 'Reports can be sent to e-mail recipients on a schedule.'),
      flag(
        'restrictReportEmailsToAdmins',
        'Only administrators e-mail reports',
        'Only users who may e-mail reports (an administrative right) can set up deliveries.',
      ),
      list('emailTestRecipients', 'Test recipients', 'E-mail addresses that receive test deliveries of reports.'),
    ],
  },
  {
    id: 'scribe',
    title: 'Scribe',
    description: 'Scribe sessions and the notes they draft.',
    fields: [
      {
        kind: 'choice',
        key: 'defaultScribeNoteFormat',
        label: 'Default note format',
        help: 'The format a scribe session drafts its note in unless the clinician picks another.',
      },
      flag('dictationOnlyScribeSessions', 'Dictation only', 'Scribe sessions take dictation only, never a recording of the session.'),
      {
        kind: 'elsewhere',
        key: 'scribeFormatConfigurations',
        label: 'Note formats',
        help: 'Which formats are offered, the order of their sections and extra instructions for the chat generator.',
        to: SCRIBE_SETTINGS_PATH,
        linkText: 'Set in Scribe settings',
      },
      {
        kind: 'elsewhere',
        key: 'scribeAudioRetention',
        label: 'Audio retention',
        help:
          'How long session recordings are kept once their note is signed (by default, deleted at signing), and when a session ' +
          'never signed loses them (by default 30 days after its last recording); the transcript stays.',
        to: SCRIBE_SETTINGS_PATH,
        linkText: 'Set in Scribe settings',
      },
    ],
  },
  {
    id: 'mobile',
    title: 'Mobile',
    description: 'The mobile app.',
    fields: [
      flag('alwaysMaskMobileCalls', 'Always mask calls', "Calls from the mobile app show the practice's number, never the clinician's."),
      flag('allowMobilePatientSignature', 'Patients sign on the device', "Patients can sign a note on the clinician's phone or tablet."),
    ],
  },
  {
    id: 'dashboard',
    title: 'Dashboard',
    description: 'What the dashboard shows.',
    fields: [
      flag(
        'showSyncIssueWidgetOnDashboard',
        'Show sync issues',
        'The dashboard shows notes that could not be synchronised with other systems.',
      ),
    ],
  },
];

/** Every preference key the groups cover, for the completeness test and the form's defaults. */
export const PREFERENCE_KEYS = PREFERENCE_GROUPS.flatMap((g) => g.fields.map((f) => f.key));
