import type { PatientPopulationLevel } from '../enums.ts';

/** A label used wherever the UI names a thing, singular and plural (a practice may say "Clients"). */
export interface Label {
  singular: string;
  plural: string;
}

/** Practice preferences with every default of SPEC.md section 9. */
/**
 * DeleteOnSign (default): the audio goes when the generated note is signed; KeepDays: `days` after;
 * Keep: kept. In the first two, a session whose note is never signed loses its audio
 * `unsignedDays` (default UNSIGNED_AUDIO_DAYS) after its last recording (docs/scribe.md).
 */
export interface ScribeAudioRetention {
  mode: 'DeleteOnSign' | 'KeepDays' | 'Keep';
  days?: number;
  unsignedDays?: number;
}

/** Days a session's audio is kept when no note of it is signed, unless the practice says otherwise. */
export const UNSIGNED_AUDIO_DAYS = 30;

export const PRACTICE_PREFERENCE_DEFAULTS = {
  noteSignWarningTimeout: 36,
  sessionTimeoutInMinutes: 30,
  patientPopulationLevel: 'All' as PatientPopulationLevel,
  defaultScribeNoteFormat: 'GIRPP',

  allowMarkAllReview: true,
  sessionToSignIncludesWeekends: true,
  allowSessionTimeInputDefault: true,
  requirePlaceOfService: true,
  scheduleMonthlyUserReport: true,
  allowNotePrintout: true,
  filterNoteCategoryByProgram: true,
  allowNotesFromAppointments: true,

  filterDxByProgram: false,
  militaryTimeInPrintouts: false,
  checkOverlappingSessions: false,
  hidePlaceOfService: false,
  allowReportEmails: false,
  restrictReportEmailsToAdmins: false,
  appointmentCreation: false,
  hideNoShowCancelledAppointments: false,
  allowAppointmentCancellation: false,
  alwaysMaskMobileCalls: false,
  allowMobilePatientSignature: false,
  allowGroupNoteAdminEdit: false,
  defaultAsDocumentationNote: false,
  showSyncIssueWidgetOnDashboard: false,
  forceGroupNoteServiceOverride: false,
  streamlinedStartNote: false,
  dictationOnlyScribeSessions: false,
  // Beside section 9 (docs/scribe.md, "Audio retention"): what becomes of a session's audio once its note is signed.
  scribeAudioRetention: { mode: 'DeleteOnSign' } as ScribeAudioRetention,
  appointmentCreationSatisfiesValidations: false,
  skipAppointmentStatusUpdate: false,
  /** Not in SPEC.md (docs/care-plans.md): a note of a patient with an active care plan is signed only when it addresses a goal. */
  requireCarePlanGoalToSign: false,
  // Not in SPEC.md section 9 (docs/scheduling.md, "The iCalendar feed"): whether a clinician's
  // calendar feed, read outside the product by any calendar app, names the patients.
  calendarFeedShowsPatientNames: false,

  labels: {
    location: { singular: 'Location', plural: 'Locations' },
    enrollment: { singular: 'Enrollment', plural: 'Enrollments' },
    patient: { singular: 'Patient', plural: 'Patients' },
    session: { singular: 'Session', plural: 'Sessions' },
    problem: { singular: 'Problem', plural: 'Problems' },
    practitioner: { singular: 'Practitioner', plural: 'Practitioners' },
  } satisfies Record<string, Label>,

  customNoteOptions: [] as string[],
  appointmentStatuses: [] as string[],
  levelsOfAssistance: [] as string[],
  promptNumberCodes: [] as string[],
  signatureServiceTypeExclusions: [] as string[],
  emailTestRecipients: [] as string[],
  scribeFormatConfigurations: [] as unknown[],
  startNoteServiceTypeExclusions: [] as string[],
};

export type PracticePreferenceValues = typeof PRACTICE_PREFERENCE_DEFAULTS;

/** A practice's stored preferences over the defaults: what is not set takes the default. */
export function withPreferenceDefaults(stored: Partial<PracticePreferenceValues> | undefined): PracticePreferenceValues {
  const labels = { ...PRACTICE_PREFERENCE_DEFAULTS.labels, ...(stored?.labels ?? {}) };
  return { ...PRACTICE_PREFERENCE_DEFAULTS, ...(stored ?? {}), labels };
}
