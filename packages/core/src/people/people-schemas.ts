import { array, boolean, number, object, string } from 'yup';
import { AdministrativeSexes } from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import { isCalendarDate } from '../validation/date-time-formats.ts';
import { ETHNICITIES, GENDER_IDENTITIES, RACES, SEXUAL_ORIENTATIONS } from '../vocabularies/demographics.ts';
import { LICENCE_TYPES } from '../vocabularies/identifiers-and-licences.ts';
import { CARE_TEAM_ROLES } from '../vocabularies/practice-codes.ts';
import { RELATIONSHIPS } from '../vocabularies/relationships.ts';
import { US_STATES } from '../vocabularies/us-states.ts';
import {
  addressSchema,
  codeIn,
  codingOf,
  contactPointSchema,
  isMissing,
  namesSchema,
  pastOrToday,
  periodSchema,
  referenceSchema,
  requiredText,
  resourceShape,
  text,
} from './common-schemas.ts';

applyFormLocale();

/** The longest medical record number we accept; MRNs are letters, digits and dashes. */
export const MRN_MAX_LENGTH = 40;

/** A medical record number: letters, digits and single dashes or dots, up to 40 characters. */
export const mrnSchema = () => text(MRN_MAX_LENGTH).matches(/^[A-Za-z0-9]+([.-][A-Za-z0-9]+)*$/);

/**
 * A patient. Named by `names` (at least one; the first without a use is the legal name), unless
 * the record only has a `display` (an import that had no structured name): one of the two is
 * required. The server sets `display` from the legal name and keeps `mrn` and the MR identifier
 * in step (docs/validation.md).
 */
export const patientSchema = object({
  ...resourceShape,
  names: namesSchema().requiredWhen('display', isMissing),
  birthDate: pastOrToday().test({
    name: 'after-1880',
    message: '${path} field must be later than ${min}',
    params: { min: '1880-01-01' },
    test: (v) => v === undefined || !isCalendarDate(v) || v > '1880-01-01',
  }),
  administrativeSex: string()
    .strict(true)
    .oneOf([...AdministrativeSexes]),
  genderIdentity: codingOf(GENDER_IDENTITIES),
  sexualOrientation: codingOf(SEXUAL_ORIENTATIONS),
  race: array(codingOf(RACES)).unique(undefined, (c: { code?: string }) => c?.code),
  ethnicity: codingOf(ETHNICITIES),
  mrn: mrnSchema(),
  telecom: array(contactPointSchema).max(20),
  addresses: array(addressSchema).max(10),
  careTeam: array(
    object({
      member: referenceSchema('Practitioner', 'RelatedPerson').required(),
      role: codingOf(CARE_TEAM_ROLES),
      period: periodSchema,
    }).noUnknown(),
  ).unique(undefined, (m: { member?: { id?: string }; role?: { code?: string } }) => [m?.member?.id, m?.role?.code]),
  alerts: array(requiredText(100)).max(20).unique(),
  active: boolean().strict(true),
  mergedInto: referenceSchema('Patient'),
  photo: referenceSchema('Media'),
});

/** A person related to a patient (a parent, guardian, partner ...), in the patient's partition. */
export const relatedPersonSchema = object({
  ...resourceShape,
  // The server writes it from the partition when left out (chart-schemas.ts, chartShape).
  patient: referenceSchema('Patient'),
  relationship: codingOf(RELATIONSHIPS),
  names: namesSchema().requiredWhen('display', isMissing),
  email: text(254).email(),
  telecom: array(contactPointSchema).max(20),
  addresses: array(addressSchema).max(10),
  isGuardian: boolean().strict(true),
});

/** A licence: its type from LICENCE_TYPES, its number, and the issuing state. */
export const licenceSchema = object({
  type: codingOf(LICENCE_TYPES).required(),
  number: requiredText(40),
  state: codeIn(US_STATES),
  period: periodSchema,
}).noUnknown();

/** A member of staff. */
export const practitionerSchema = object({
  ...resourceShape,
  names: namesSchema().requiredWhen('display', isMissing),
  credentials: text(60),
  email: text(254).email(),
  workEmail: text(254).email(),
  telecom: array(contactPointSchema).max(20),
  npi: text(10).matches(/^\d{10}$/),
  supervisors: array(object({ subject: referenceSchema('Practitioner').required(), period: periodSchema }).noUnknown()).unique(
    undefined,
    (s: { subject?: { id?: string } }) => s?.subject?.id,
  ),
  licences: array(licenceSchema).max(20),
  employments: array(object({ department: referenceSchema('Listing').required(), title: text(100), period: periodSchema }).noUnknown()).max(
    20,
  ),
  groupMemberships: array(object({ listing: referenceSchema('Listing', 'Group').required() }).noUnknown()).unique(
    undefined,
    (g: { listing?: { id?: string } }) => g?.listing?.id,
  ),
  programs: array(referenceSchema('Program').required()).unique(undefined, (p: { id?: string }) => p?.id),
  avatar: referenceSchema('Media'),
  photo: referenceSchema('Media'),
  signature: referenceSchema('Media'),
  active: boolean().strict(true),
});

/** Rank of a coverage: 1 primary, 2 secondary, ... (kept as a schema so forms share it). */
export const coverageOrderSchema = () => number().strict(true).integer().positive().max(9);
