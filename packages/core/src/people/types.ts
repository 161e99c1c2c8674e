import type { AdministrativeSexes, ContactSystems, ContactUses, ConditionStatuses, NameUses } from '../enums.ts';
import type { Reference, Resource } from '../resources/resource.ts';

/**
 * The shapes of the people of a practice and of a patient's chart (issue 5). They follow FHIR
 * where FHIR has the idea, simplified to what the product uses; the coded fields take their
 * codes from the vocabularies in `../vocabularies`. Every shape is what the API stores and
 * returns, so server validation, the demo population and the web screens share it.
 */

/** A code from one of the vocabularies (`system` names the vocabulary). */
export interface Coding {
  system?: string;
  code: string;
  display?: string;
}

/**
 * A person's name. The first name without a `use` is the legal name; `Nickname` and `Preferred`
 * (SPEC.md section 3) are the other uses.
 */
export interface HumanName {
  use?: (typeof NameUses)[number];
  given?: string[];
  family?: string;
  prefix?: string[];
  suffix?: string[];
}

export interface ContactPoint {
  system: (typeof ContactSystems)[number];
  use?: (typeof ContactUses)[number];
  value: string;
  /** 1 is the preferred way to reach the person. */
  rank?: number;
}

export interface Address {
  use?: (typeof ContactUses)[number];
  line?: string[];
  city?: string;
  /** The two-letter USPS code of a US state or territory (vocabularies `US_STATES`). */
  state?: string;
  postalCode?: string;
  country?: string;
}

export interface Period {
  /** yyyy-MM-dd */
  start?: string;
  /** yyyy-MM-dd; absent while ongoing. */
  end?: string;
}

export interface CareTeamMember {
  /** A Practitioner (or RelatedPerson) of the practice. */
  member: Reference;
  /** A care-team role (vocabularies `CARE_TEAM_ROLES`). */
  role?: Coding;
  period?: Period;
}

export interface Patient extends Resource {
  resourceType: 'Patient';
  /** "Family, Given" of the legal name; what lists show and the Name sort orders by. */
  display?: string;
  names: HumanName[];
  /** yyyy-MM-dd */
  birthDate?: string;
  administrativeSex?: (typeof AdministrativeSexes)[number];
  genderIdentity?: Coding;
  sexualOrientation?: Coding;
  race?: Coding[];
  ethnicity?: Coding;
  /** The practice's medical record number; also among `identifiers` with type MR. */
  mrn?: string;
  telecom?: ContactPoint[];
  addresses?: Address[];
  careTeam?: CareTeamMember[];
  /** Alerts shown in the chart header beside the allergies (e.g. "Fall risk"). */
  alerts?: string[];
  active?: boolean;
  /** Set on a merged duplicate: the record that survived (issue 5, merge). */
  mergedInto?: Reference;
  photo?: Reference;
}

export interface RelatedPerson extends Resource {
  resourceType: 'RelatedPerson';
  partition: string;
  patient: Reference;
  /** Vocabularies `RELATIONSHIPS`. */
  relationship?: Coding;
  names: HumanName[];
  email?: string;
  telecom?: ContactPoint[];
  addresses?: Address[];
  /** May sign forms and see the portal for the patient. */
  isGuardian?: boolean;
}

export interface EpisodeOfCare extends Resource {
  resourceType: 'EpisodeOfCare';
  partition: string;
  patient: Reference;
  status: 'active' | 'finished' | 'cancelled';
  period?: Period;
  /** The programs the patient is enrolled in for this episode (the "Enrollment" label). */
  programs: { program: Reference; period?: Period }[];
  diagnoses?: { condition: Reference; rank?: number; role?: 'primary' | 'secondary' }[];
  careManager?: Reference;
}

export interface Condition extends Resource {
  resourceType: 'Condition';
  partition: string;
  patient: Reference;
  /** ICD-10-CM (vocabularies `DIAGNOSES` for the behavioural-health chapter). */
  code: Coding;
  verificationStatus: (typeof ConditionStatuses)[number];
  clinicalStatus?: 'active' | 'remission' | 'resolved';
  onsetDate?: string;
  recordedDate?: string;
  author?: Reference;
}

export interface Allergy extends Resource {
  resourceType: 'Allergy';
  partition: string;
  patient: Reference;
  substance: Coding;
  reaction?: string;
  severity?: 'mild' | 'moderate' | 'severe';
  status: 'active' | 'inactive';
  recordedDate?: string;
  author?: Reference;
}

export interface Medication extends Resource {
  resourceType: 'Medication';
  partition: string;
  patient: Reference;
  name: string;
  code?: Coding;
  dosage?: string;
  status: 'active' | 'stopped';
  period?: Period;
  prescriber?: string;
  author?: Reference;
}

export interface Coverage extends Resource {
  resourceType: 'Coverage';
  partition: string;
  patient: Reference;
  /** The insurer; an Organization of the practice or just its name. */
  payor: { reference?: Reference; name: string };
  memberId: string;
  groupNumber?: string;
  /** 1 primary, 2 secondary, ... */
  order: number;
  subscriber?: Reference;
  relationship?: Coding;
  period?: Period;
}

export interface Consent extends Resource {
  resourceType: 'Consent';
  partition: string;
  patient: Reference;
  category: Coding;
  status: 'active' | 'inactive' | 'rejected';
  /** yyyy-MM-dd */
  date: string;
  period?: Period;
  document?: Reference;
  author?: Reference;
  /** A release of information: who may receive it. */
  recipient?: string;
  /** The packet response whose consent item gave it. */
  source?: Reference;
  /** The signed questionnaire response holding the consent's words and signature. */
  response?: Reference;
}

export interface Licence {
  /** Vocabularies `LICENCE_TYPES`. */
  type: Coding;
  number: string;
  /** USPS state code. */
  state?: string;
  period?: Period;
}

export interface Practitioner extends Resource {
  resourceType: 'Practitioner';
  /** "Given Family, Credentials" as lists show it. */
  display?: string;
  names: HumanName[];
  /** e.g. "LCSW", "PhD". */
  credentials?: string;
  email?: string;
  workEmail?: string;
  telecom?: ContactPoint[];
  npi?: string;
  supervisors?: { subject: Reference; period?: Period }[];
  licences?: Licence[];
  /** `department` is a Listing. */
  employments?: { department: Reference; title?: string; period?: Period }[];
  /** `listing` is a Listing or Group of staff. */
  groupMemberships?: { listing: Reference }[];
  /** Programs the practitioner works in (the Program population level reads these). */
  programs?: Reference[];
  /** Media holding the small avatar, the photo and the signature image. */
  avatar?: Reference;
  photo?: Reference;
  signature?: Reference;
  active?: boolean;
}
