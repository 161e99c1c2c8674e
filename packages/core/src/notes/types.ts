import type {
  NoteKind,
  DurationModes,
  EncounterDocumentationTypes,
  NoteCompositions,
  NoteCompletions,
  NoteDefinitionKinds,
  NoteSectionElementTypes,
  NoteSigningStatuses,
  ParticipantRoles,
  PublishingStatuses,
  SectionKinds,
  VisitModes,
  VisitStatuses,
} from '../enums.ts';
import type { CarePlanActivity } from '../care-plans/types.ts';
import type { Coding } from '../people/types.ts';
import type { Answers } from '../questionnaires/types.ts';
import type { Reference, Resource } from '../resources/resource.ts';
import type { NoteElementOptionSource } from './element-choices.ts';
import type { NoteAttestation } from './note-attestation.ts';
import type { NoteGeneration, ScribeSessionLinks } from '../scribe/scribe-links.ts';

/**
 * The shapes of clinical notes (issue 7): how a practice configures them (NoteDefinition,
 * NoteTemplate, NoteSectionForm), what a clinician writes (Encounter + Note) and how it is signed
 * (SignatureConfiguration, PersonalSignature). Rules are in `rule-types.ts`. docs/notes.md
 * explains each field's meaning and which ones the server owns.
 */

export type NoteComposition = (typeof NoteCompositions)[number];
export type NoteDefinitionKind = (typeof NoteDefinitionKinds)[number];
export type NoteSectionKind = (typeof SectionKinds)[number];
export type NoteSectionElementType = (typeof NoteSectionElementTypes)[number];
export type NoteStatus = (typeof NoteSigningStatuses)[number];
export type NoteCompletion = (typeof NoteCompletions)[number];
export type ParticipantRole = (typeof ParticipantRoles)[number];
export type VisitStatus = (typeof VisitStatuses)[number];
export type VisitMode = (typeof VisitModes)[number];
export type DurationMode = (typeof DurationModes)[number];
export type EncounterDocumentationType = (typeof EncounterDocumentationTypes)[number];

/** One element of a Form section: what the editor renders, in order. */
export interface NoteSectionElement {
  /** Unique within the definition; answers of the element are stored under it. */
  key: string;
  type: NoteSectionElementType;
  label?: string;
  required?: boolean;
  /** For `Form` elements: the Form (questionnaire) answered inline. */
  form?: Reference;
  /** For `CtoneCustomDropdown`: the options (practice's custom note options by default). */
  options?: string[];
  /**
   * For `CtoneCustomDropdown` without `options`: the practice preference list shown (custom note
   * options, levels of assistance or prompt-number codes; element-choices.ts).
   */
  optionSource?: NoteElementOptionSource;
}

/** A section of a note definition. */
export interface NoteDefinitionSection {
  /** Unique within the definition; a note's section names it in `key`. */
  key: string;
  title: string;
  kind: NoteSectionKind;
  /** Form sections list their elements; Narrative sections have none. */
  elements?: NoteSectionElement[];
  /** Subform/Assessment sections: the NoteSectionForm or Form answered. */
  form?: Reference;
  required?: boolean;
  /**
   * Group definitions only: shared sections are written once for the whole group and copied into
   * every attendee's note; the others are written per attendee.
   */
  shared?: boolean;
  /** Placeholder/help text shown in an empty narrative. */
  help?: string;
}

/** What a practice lets clinicians write: the note's sections, for which programs and services. */
export interface NoteDefinition extends Resource {
  resourceType: 'NoteDefinition';
  name: string;
  kind: NoteDefinitionKind;
  /** The note kind notes written from it get (Note, DocumentationNote, AssessmentNote, ...). */
  noteKind?: NoteKind;
  status: (typeof PublishingStatuses)[number];
  /** Empty or absent: every program (`filterNoteCategoryByProgram` narrows the picker). */
  programs?: Reference[];
  /** HealthcareServices it documents; empty or absent: any. */
  serviceTypes?: Reference[];
  sections: NoteDefinitionSection[];
  /** Session time entry this definition asks for. */
  durationMode?: DurationMode;
  /** Minutes per increment for `TimeIncrements` (15 by default). */
  incrementMinutes?: number;
}

/** A reusable Form used as a note's Subform section. */
export interface NoteSectionForm extends Resource {
  resourceType: 'NoteSectionForm';
  name: string;
  /** The Form (questionnaire) answered in the section. */
  form: Reference;
  /** Service types whose notes show this subform; multi-service notes pick by service. */
  serviceTypes?: Reference[];
  status?: (typeof PublishingStatuses)[number];
}

/** Prefilled content for a note definition: a clinician starts a note from it. */
export interface NoteTemplate extends Resource {
  resourceType: 'NoteTemplate';
  name: string;
  definition: Reference;
  /** Personal templates belong to their author; practice templates have none. */
  author?: Reference;
  sections: NoteSection[];
}

/** A written section of a note. */
export interface NoteSection {
  /** The definition section's key. */
  key: string;
  title?: string;
  kind: NoteSectionKind;
  /** Narrative text (rich text as HTML from the editor; sanitised when printed). */
  narrative?: string;
  /** Form answers by element key or the form's linkIds. */
  answers?: Answers;
  /** The form (with its versionId) the answers answer. */
  form?: Reference;
  /** Copied from the group's shared section (group notes); written by the group call. */
  shared?: boolean;
}

/** A person taking part in an encounter. */
export interface EncounterParticipant {
  individual: Reference;
  role: ParticipantRole;
}

/**
 * When the session happened. Every mode ends with `start` and `end` instants (UTC, SPEC.md
 * section 9 format): `Duration` enters both; `DurationMinutes` enters start and `minutes`;
 * `TimeIncrements` enters start and `increments` of `incrementMinutes`. `sessionInterval`
 * (session-time.ts) turns any of them into start/end/minutes.
 */
export interface SessionTime {
  mode: DurationMode;
  /** yyyy-MM-ddTHH:mm:ssZ */
  start?: string;
  /** yyyy-MM-ddTHH:mm:ssZ; required for `Duration`. */
  end?: string;
  /** `DurationMinutes`. */
  minutes?: number;
  /** `TimeIncrements`: how many increments. */
  increments?: number;
  /** `TimeIncrements`: minutes per increment (15 by default). */
  incrementMinutes?: number;
}

/** One service of a multi-service encounter. */
export interface EncounterService {
  /** A HealthcareService. */
  serviceType: Reference;
  sessionTime: SessionTime;
  /** The NoteSectionForm answered for this service (ServiceBasedSubformDuration reads its time). */
  subform?: Reference;
  /** Billing units (for RequireUnits services). */
  units?: number;
}

export interface EncounterDiagnosis {
  /** ICD-10-CM. */
  code: Coding;
  condition?: Reference;
  rank?: number;
}

/** A group session shared by several attendees' encounters and notes. */
export interface GroupSessionLink {
  /** The same for every attendee of one session. */
  id: string;
  /** Whether this attendee attended (absent attendees still get a note, "did not attend"). */
  present: boolean;
  /** How many attendees the session had. */
  attendeeCount?: number;
  /** The facilitator who created the session (may edit shared sections). */
  facilitator?: Reference;
}

/** What happened in one patient's session: who, what service, where, when. */
export interface Encounter extends Resource {
  resourceType: 'Encounter';
  partition: string;
  /** The Patient (the partition). */
  subject: Reference;
  participants: EncounterParticipant[];
  /** A HealthcareService. */
  serviceType?: Reference;
  location?: {
    location?: Reference;
    kind?: Reference;
    /** CMS place of service (vocabularies `PLACES_OF_SERVICE`); required when requirePlaceOfService. */
    placeOfService?: Coding;
  };
  program?: Reference;
  episodeOfCare?: Reference;
  appointment?: Reference;
  visitStatus?: VisitStatus;
  visitMode?: VisitMode;
  sessionTime?: SessionTime;
  /** Mirrors the session time (the EncounterDate sort reads `period.start`). */
  period?: { start?: string; end?: string };
  diagnoses?: EncounterDiagnosis[];
  /** Set for group and multi-service notes. */
  documentationType?: EncounterDocumentationType;
  /** Multi-service notes: each service with its own type and time. */
  services?: EncounterService[];
  groupSession?: GroupSessionLink;
  partOf?: Reference;
  /** What the session addressed of the patient's care plans (the golden thread, docs/care-plans.md). */
  carePlanActivities?: CarePlanActivity[];
  /** The Dialogues of its scribe sessions; the server's (docs/scribe.md, "Dialogue"). */
  dialogues?: Reference[];
}

/** Who signs, in which capacity. */
export type NoteSignatureRole = 'Author' | 'CoSigner' | 'Patient' | 'RelatedPerson' | 'Amender';

/** A signature on a note version; server-written by the sign, co-sign and amend calls. */
export interface NoteSignature {
  role: NoteSignatureRole;
  signer: Reference;
  /** yyyy-MM-ddTHH:mm:ssZ */
  signedAt: string;
  /** The PersonalSignature whose image was applied (absent: an electronic signature without image). */
  personalSignature?: Reference;
  /** Patient and related-person signatures: the Media holding the drawn image. */
  image?: Reference;
  /** Hex sha-256 of the signed content (`noteContentHash`). */
  contentHash: string;
  /** Author and co-signer signatures: the words the signer attested, as shown to them. */
  attestation?: NoteAttestation;
}

/** One amendment of a signed note. */
export interface NoteAmendment {
  reason: string;
  author: Reference;
  /** yyyy-MM-ddTHH:mm:ssZ */
  at: string;
  /** The version amended: readable at `Notes/{id}/_history/{previousVersionId}`. */
  previousVersionId: string;
  /** Top-level fields the amendment changed. */
  changedFields: string[];
}

/** A signature still owed before the note is Final. */
export interface PendingSignature {
  role: 'CoSigner';
  /** Who may give it: the author's supervisors on the session date. */
  signers: Reference[];
  /** Why it is owed, in words ("Ann Lee is not licensed on 2024-05-02."). */
  reason: string;
  /** What the co-signer will attest, worded by the configuration when the author signed. */
  attestation?: NoteAttestation;
}

/** A clinical note on one encounter. */
export interface Note extends Resource {
  resourceType: 'Note';
  partition: string;
  /** The Patient. */
  subject: Reference;
  kind: NoteKind;
  composition: NoteComposition;
  definition?: Reference;
  template?: Reference;
  encounter: Reference;
  /** The session start (yyyy-MM-ddTHH:mm:ssZ); the EncounterDate sort. */
  encounterDate?: string;
  /** The Practitioner who writes and signs it. */
  author: Reference;
  title?: string;
  sections: NoteSection[];
  completion: NoteCompletion;
  /** Server-owned: Preliminary until signed (see docs/notes.md for the whole life cycle). */
  status: NoteStatus;
  /** Server-owned. */
  signatures?: NoteSignature[];
  /** Server-owned: set while the author has signed and a co-signature is owed. */
  pendingSignatures?: PendingSignature[];
  /** Server-owned. */
  amendments?: NoteAmendment[];
  /** Server-owned: why and by whom a note was marked EnteredInError. */
  enteredInError?: { reason: string; by: Reference; at: string };
  signatureConfiguration?: Reference;
  /** Group notes: the session (copied from the encounter). */
  groupSession?: GroupSessionLink;
  /** Server-owned: when the note became Final. */
  signedAt?: string;
  /** CarePlanOutcomes measured in this note's session (a PHQ-9 or GAD-7 score, a rating). */
  derivedFrom?: Reference[];
  /** A ScribeSession's links (server-owned; docs/scribe.md). */
  scribe?: ScribeSessionLinks;
  /** A generated note's provenance and evidence (server-owned; docs/scribe.md). */
  generation?: NoteGeneration;
}

/** Which signatures a note needs (SPEC.md: signature configurations). */
export interface SignatureConfiguration extends Resource {
  resourceType: 'SignatureConfiguration';
  name: string;
  status?: (typeof PublishingStatuses)[number];
  /** Which notes it governs; empty or absent fields match every note. */
  noteKinds?: NoteKind[];
  programs?: Reference[];
  serviceTypes?: Reference[];
  /** The author signs (true by default). */
  authorSignature?: boolean;
  /** `UnlicensedAuthors`: a supervisor co-signs notes of authors with no licence on the session date. */
  supervisorCoSignature: 'Never' | 'UnlicensedAuthors' | 'Always';
  /** A patient (or their related person) signature given at signing. */
  patientSignature: 'None' | 'Patient' | 'PatientOrRelatedPerson';
  /** Services whose notes need only the author's signature (besides the practice-wide list). */
  serviceTypeExclusions?: Reference[];
  /** What the author attests when signing (blank: `DEFAULT_AUTHOR_ATTESTATION`). */
  authorAttestation?: string;
  /** What a supervisor attests when co-signing (blank: `DEFAULT_CO_SIGNER_ATTESTATION`). */
  coSignerAttestation?: string;
}

/** A practitioner's stored signature image: its PNG is the resource's content. */
export interface PersonalSignature extends Resource {
  resourceType: 'PersonalSignature';
  /** The Practitioner whose signature it is. */
  owner: Reference;
  /** The name as signed, printed under the image. */
  signedName?: string;
}
