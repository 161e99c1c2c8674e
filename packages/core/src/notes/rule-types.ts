import type { NoteKind, NoteRuleKind, PublishingStatus } from '../enums.ts';
import type { Label } from '../preferences/practice-preferences.ts';
import type { Period } from '../people/types.ts';
import type { Reference, Resource } from '../resources/resource.ts';
import type { RulePresences } from '../enums.ts';
import type { AuthorizationBalance } from './authorization-usage.ts';
import type { Encounter, Note, VisitStatus } from './types.ts';

export type RulePresence = (typeof RulePresences)[number];
export type RuleSeverity = 'block' | 'warn';

/**
 * The parameters of each rule kind (docs/notes.md has a table). Limits are inclusive: a
 * 60-minute maximum accepts exactly 60 minutes.
 */
export interface NoteRuleParameters {
  SessionDuration: { minMinutes?: number; maxMinutes?: number };
  /** The visit statuses a note may be signed with (Show by default). */
  ShowStatus: { allowed?: VisitStatus[] };
  /** `allowFuture` false by default; `maxDaysAgo`: the session date may be at most this many days before today. */
  ServiceDate: { allowFuture?: boolean; maxDaysAgo?: number };
  ProgramSelected: Record<string, never>;
  /** Each program with the locations it may be delivered at; a program not listed is allowed anywhere. */
  ProgramLocation: { allowed: { program: Reference; locations: Reference[] }[] };
  /** `placeOfService` true: a place of service is needed as well (requirePlaceOfService does this too). */
  LocationSelected: { placeOfService?: boolean };
  /** At least `minCount` diagnoses (1 by default). */
  MissingDiagnosis: { minCount?: number };
  SpanMidnight: Record<string, never>;
  AppointmentRequired: Record<string, never>;
  /** Which sessions count as overlapping: the same clinician's, the same patient's, or both (default). */
  SessionOverlap: { scope?: 'Clinician' | 'Patient' | 'Both' };
  /**
   * What the authorisation counts (Units by default; a unit is the service's unitMinutes, 15 when
   * unset): authorised minus what other signed sessions used must hold this session's use.
   */
  Authorization: { count?: 'Units' | 'Visits' };
  SessionDurationIncrement: { incrementMinutes: number };
  /** Optional: only coverages by these payers (by name, case-insensitive) count. */
  Insurance: { payers?: string[] };
  /** Service times must add up to the session (`Equal`, default) or not exceed it (`AtMost`), within `toleranceMinutes` (0). */
  ServiceBasedSubformDuration: { comparison?: 'Equal' | 'AtMost'; toleranceMinutes?: number };
  /** The patient's age in whole years on the session date. */
  Age: { minYears?: number; maxYears?: number };
}

/** A practice-configured rule checked live in the editor and again when a note is signed. */
export interface NoteRule<K extends NoteRuleKind = NoteRuleKind> extends Resource {
  resourceType: 'NoteRule';
  name: string;
  kind: K;
  /** Only Active rules are evaluated. */
  status: PublishingStatus;
  /** What the rule says about the thing it examines (docs/notes.md); MustBePresent by default. */
  presence?: RulePresence;
  /** `block` refuses signing; `warn` only shows. */
  severity: RuleSeverity;
  parameters?: NoteRuleParameters[K];
  /** Replaces the built-in message (it should still name the field to fix). */
  message?: string;
  /** Which notes it applies to; empty or absent lists match every note. */
  scope?: { programs?: Reference[]; serviceTypes?: Reference[]; noteKinds?: NoteKind[] };
}

/**
 * Another session of the same clinician or patient, for SessionOverlap (the caller finds them): a
 * documented session (`encounterId`) or a booked appointment not yet documented (`appointmentId`).
 */
export interface OtherSession {
  encounterId?: string;
  appointmentId?: string;
  patientId: string;
  /** PrimaryPerformer and SecondaryPerformer ids. */
  clinicianIds: string[];
  start: string;
  end: string;
  display?: string;
}

/** A coverage as Insurance reads it (people/types.ts Coverage fits). */
export interface CoverageOnFile {
  payor: { name: string };
  period?: Period;
  order?: number;
}

/** Everything the evaluator reads; pure data, so the editor and the server get the same answers. */
export interface NoteRuleContext {
  note: Pick<Note, 'kind' | 'sections'> & Partial<Pick<Note, 'id' | 'author' | 'composition'>>;
  encounter: Encounter;
  /** The practice's time zone (IANA, e.g. America/New_York): session dates are local dates. */
  timeZone: string;
  now: Date;
  preferences: {
    checkOverlappingSessions: boolean;
    requirePlaceOfService: boolean;
    hidePlaceOfService?: boolean;
    appointmentCreationSatisfiesValidations?: boolean;
  };
  labels?: { session?: Label; location?: Label; patient?: Label };
  patient?: { birthDate?: string };
  otherSessions?: OtherSession[];
  /**
   * The appointment the encounter links, as the server found it: its status, or null when the
   * link names no appointment of this patient. Absent when not loaded (the editor): the link counts.
   */
  appointment?: { status: string; origin?: 'Caseload' | 'SystemOfOrigin' } | null;
  /** The patient's authorisations with what other signed sessions used (`authorizationUsage`). */
  authorizations?: AuthorizationBalance[];
  coverages?: CoverageOnFile[];
  /** Minutes per billing unit by service id (HealthcareService.unitMinutes). */
  unitMinutes?: Record<string, number>;
}

/** One rule's finding: what is wrong, how serious, and which field to fix. */
export interface RuleResult {
  rule: { id: string; kind: NoteRuleKind; display?: string };
  severity: RuleSeverity;
  /** Names the field to fix, e.g. "Session time: ...". */
  message: string;
  /** Dotted path of the field to fix, from the note's point of view (`encounter.program`). */
  field: string;
}
