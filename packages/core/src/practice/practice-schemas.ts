import { array, boolean, number, object, string } from 'yup';
import { ServiceFlags } from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import {
  addressSchema,
  codingOf,
  contactPointSchema,
  referenceSchema,
  requiredText,
  resourceShape,
  text,
} from '../people/common-schemas.ts';
import { PLACES_OF_SERVICE } from '../vocabularies/places-of-service.ts';

applyFormLocale();

/** Every set-up record is named: a non-blank name with no leading or trailing whitespace. */
const named = { ...resourceShape, name: requiredText(120), active: boolean().strict(true) };

/** An organization: a provider, a payer (insurance company) or other. */
export const organizationSchema = object({
  ...named,
  kind: string().strict(true).oneOf(['Provider', 'Payer', 'Other']),
  npi: text(10).matches(/^\d{10}$/),
  taxId: text(10).matches(/^\d{2}-?\d{7}$/),
  telecom: array(contactPointSchema).max(20),
  address: addressSchema.default(undefined),
});

/** A district of an organization. */
export const districtSchema = object({ ...named, organization: referenceSchema('Organization') });

/** A program patients are enrolled in. */
export const programSchema = object({
  ...named,
  code: text(20),
  description: text(2000),
  organization: referenceSchema('Organization'),
  district: referenceSchema('District'),
});

/**
 * A location where services happen. Its CMS place of service, when given, is one of
 * PLACES_OF_SERVICE; it may be left out (a back office, a room booked for meetings), and the
 * screens that bill a session ask for one there (docs/validation.md).
 */
export const locationSchema = object({
  ...named,
  placeOfService: codingOf(PLACES_OF_SERVICE),
  organization: referenceSchema('Organization'),
  address: addressSchema.default(undefined),
  telecom: array(contactPointSchema).max(20),
});

/** A service type; one that RequireUnits says how many minutes a unit is. */
export const healthcareServiceSchema = object({
  ...named,
  code: object({ system: string().strict(true), code: requiredText(20), display: text(300) })
    .noUnknown()
    .default(undefined),
  // Absent means no flags.
  flags: array(
    string()
      .strict(true)
      .oneOf([...ServiceFlags])
      .required(),
  ).unique(),
  unitMinutes: number()
    .strict(true)
    .integer()
    .positive()
    .max(1440)
    .requiredWhen('flags', (flags) => Array.isArray(flags) && flags.includes('RequireUnits')),
  programs: array(referenceSchema('Program').required()).unique(undefined, (p: { id?: string }) => p?.id),
});

/** A named list of staff: a department, a team or other. */
export const listingSchema = object({ ...named, kind: string().strict(true).oneOf(['Department', 'Team', 'Other']) });

/** A staff group and its members. */
export const groupSchema = object({
  ...named,
  // Absent means no members yet.
  members: array(object({ member: referenceSchema('Practitioner').required() }).noUnknown()).unique(
    undefined,
    (m: { member?: { id?: string } }) => m?.member?.id,
  ),
});
