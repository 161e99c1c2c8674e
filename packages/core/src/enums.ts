/**
 * Every enumeration of SPEC.md sections 3 and 4, as `as const` tuples so server and web share one
 * list of values and one TypeScript union per enumeration.
 */
const values = <const T extends readonly string[]>(...v: T) => v;

export const SortDirections = values('Unspecified', 'Ascending', 'Descending');
export const DatePrecisions = values('Full', 'YearMonthDay', 'YearMonth', 'Year');
export const TaskResults = values('Pending', 'Success', 'Failed', 'Warning', 'Hold');
export const ContactSystems = values('Phone', 'Email');
export const ContactUses = values('Home', 'Work', 'Mobile', 'Temp');
export const AdministrativeSexes = values('Male', 'Female', 'Other', 'Unknown');
export const PatientPopulationLevels = values('All', 'CareTeam', 'Program');
export const NameUses = values('Nickname', 'Preferred');
export const ServiceFlags = values('Billable', 'SupportsGroups', 'RequireUnits');
export const NoteSectionElementTypes = values(
  'Text',
  'Diagnosis',
  'Form',
  'GoalsObjectives',
  'SessionTime',
  'CtoneCustomDropdown',
  'ItineraryTopics',
  'ClinicalQualityIndicator',
  'AddOn',
  'EvidenceBasedPractices',
  'GoalTracking',
  'Problems',
);
export const Calculations = values('Sum', 'Multiply', 'Difference', 'Average', 'Copy');
export const Logics = values('And', 'Or', 'None');
export const QuestionTypes = values(
  'Boolean',
  'Integer',
  'Decimal',
  'String',
  'Text',
  'Date',
  'DateTime',
  'Time',
  'Choice',
  'OpenChoice',
  'Ranking',
  'ContactPoint',
  'Approximate',
  'Address',
  'Patient',
  'Practitioner',
  'InsuranceCompany',
  'Location',
  'EhrLookup',
  'RelatedPerson',
  'TextChoice',
  'TextBlock',
  'Duration',
  'Signature',
  'Header',
  'Grid',
  'HealthcareService',
  'DocumentReference',
  'UsState',
  'TableReport',
  'ServiceEvents',
);
export const DisplayVariants = values(
  'USCurrency',
  'Slider',
  'Dropdown',
  'Stars',
  'Smiley',
  'Thumbs',
  'FormattedText',
  'Email',
  'Phone',
  'Rating',
  'InformationalCallout',
  'WarningCallout',
  'ToggleButton',
  'ParagraphBreak',
  'RelatedPersonSignature',
  'AdhocPatientSignature',
  'PractitionerSignature',
  'LastFirstName',
  'SocialSecurityNumber',
  'PostalCode',
  'Percentage',
);
export const CarePlanElementKinds = values('Goal', 'Objective', 'Intervention');
export const NoteKinds = values('Note', 'DocumentationNote', 'AssessmentNote', 'ScribeSession', 'GroupNote', 'MultiServiceNote');
export const NoteCompositions = values('Individual', 'Group', 'MultiService');
export const NoteDefinitionKinds = values('Individual', 'Group', 'MultiService');
export const EncounterDocumentationTypes = values('GroupNote', 'MultiServiceNote');
export const VisitStatuses = values('Show', 'NoShow', 'Cancelled');
export const SectionKinds = values('Form', 'Narrative', 'Subform', 'Import', 'Assessment');
export const DurationModes = values('Duration', 'DurationMinutes', 'TimeIncrements');
export const Weekdays = values('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday');
export const Recurrences = values('Daily', 'Weekly', 'Monthly', 'Annually');
export const ParticipantRoles = values('PrimaryPerformer', 'SecondaryPerformer', 'Participation', 'Patient', 'Coordinator');
export const VisitModes = values('InPerson', 'Telehealth');
export const NoteRuleKinds = values(
  'SessionDuration',
  'ShowStatus',
  'ServiceDate',
  'ProgramSelected',
  'ProgramLocation',
  'LocationSelected',
  'MissingDiagnosis',
  'SpanMidnight',
  'AppointmentRequired',
  'SessionOverlap',
  'Authorization',
  'SessionDurationIncrement',
  'Insurance',
  'ServiceBasedSubformDuration',
  'Age',
);
export const SyncKinds = values('SharedScribble', 'Snippet', 'NoteSyncIssue');
export const SortFieldNames = values(
  'Name',
  'Created',
  'BirthDate',
  'Mrn',
  'LastModified',
  'WorkEmail',
  'Email',
  'Subject',
  'EncounterDate',
);

// Section 4: statuses.
export const AppointmentStatuses = values(
  'proposed',
  'pending',
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'checked-in',
  'waitlist',
);
export const EncounterOutcomes = values('Finished', 'Cancelled', 'Unknown', 'NoShow');
export const GoalProgresses = values('NotAchieved', 'InProgress', 'Achieved', 'Abandoned');
export const TaskStatuses = values('Preparation', 'InProgress', 'Succeeded', 'Failed');
export const CarePlanStatuses = values('Active', 'Completed', 'Cancelled');
export const PublishingStatuses = values('Draft', 'Active', 'Retired');
export const NoteSigningStatuses = values('Final', 'Preliminary', 'Amended', 'EnteredInError');
export const NoteCompletions = values('NotStarted', 'InProgress', 'Complete');
export const ComplianceItemStatuses = values('Satisfied', 'NotSatisfied', 'NotApplicable');
export const ConditionStatuses = values('Confirmed', 'Refuted');
export const RulePresences = values('MustBePresent', 'MaybePresent', 'NotPresent');
export const TimeContexts = values('Future', 'Past', 'Present');

// Section 9.
export const ScribeNoteFormats = values('BIRP', 'DAP', 'GIRPP', 'SIRP', 'BEHAVIORAL_SOAP', 'HP', 'PHYSICAL_SOAP');
export const ReportTypes = values(
  'PatientAccess',
  'PatientServiceUsage',
  'RecommendationSummary',
  'SignedNotes',
  'StaffServiceUsage',
  'SyncIssues',
  'UnsignedNotes',
  'UnsignedNoteReminder',
  'AuditSummary',
  'VirtualScribe',
);
export const SyncStorageContainers = values('sync-import', 'cleanup-backup');

// Section 3: design system.
export const Intents = values('none', 'primary', 'assist', 'assist2', 'success', 'warning', 'danger');
export const ChartColourScales = values(
  'spectral',
  'warm',
  'cool',
  'blue',
  'primary',
  'assist',
  'assist2',
  'success',
  'warning',
  'danger',
  'goodToBad',
  'badToGood',
);

export type SortDirection = (typeof SortDirections)[number];
export type PatientPopulationLevel = (typeof PatientPopulationLevels)[number];
export type SortFieldName = (typeof SortFieldNames)[number];
export type NoteKind = (typeof NoteKinds)[number];
export type QuestionType = (typeof QuestionTypes)[number];
export type DisplayVariant = (typeof DisplayVariants)[number];
export type NoteRuleKind = (typeof NoteRuleKinds)[number];
export type PublishingStatus = (typeof PublishingStatuses)[number];
export type Intent = (typeof Intents)[number];
