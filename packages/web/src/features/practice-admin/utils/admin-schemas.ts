import { conceptCodes, PLACES_OF_SERVICE, ServiceFlags, US_STATES } from '@caseload/core';
import { array, number, object, string } from '../../../ui/yup.ts';

/**
 * The admin forms' schemas, with yup's messages, which are SPEC.md section 5's defaults
 * ('{path} is a required field', 'must be one of the following values', ...); each field's label
 * is its {path}. Names are trimmed as they are read, so a name never begins or ends with
 * whitespace. These check the FORM's values (a phone as one field, two address lines, references
 * as ids); the resource the form builds is checked again by the server with core's schemas
 * (programSchema, locationSchema, ...: packages/core/src/practice), whose refusal the dialog shows.
 */

const name = string().trim().label('Name').required().max(200);
const optionalText = (label: string, max = 200) => string().trim().label(label).max(max).default('');
const reference = (label: string) => string().label(label).default('');

/** An address: every part optional, but a state must be a US state or territory and a ZIP a ZIP. */
export const addressSchema = object({
  line1: optionalText('Street address'),
  line2: optionalText('Address line 2'),
  city: optionalText('City', 100),
  state: string()
    .label('State')
    .default('')
    .oneOf(['', ...conceptCodes(US_STATES)]),
  postalCode: string()
    .trim()
    .label('ZIP code')
    .default('')
    .matches(/^(\d{5}(-\d{4})?)?$/, { message: '${path} is invalid.' }),
});

export const organizationSchema = object({
  name,
  kind: string().label('Kind').oneOf(['Provider', 'Payer', 'Other']).required(),
  npi: string()
    .trim()
    .label('NPI')
    .default('')
    .matches(/^(\d{10})?$/, { message: '${path} is invalid.' }),
  taxId: string()
    .trim()
    .label('Tax ID')
    .default('')
    .matches(/^(\d{2}-?\d{7})?$/, { message: '${path} is invalid.' }),
  phone: optionalText('Phone', 40),
  address: addressSchema,
});

export const districtSchema = object({ name, organization: reference('Organization') });

export const programSchema = object({
  name,
  code: optionalText('Code', 40),
  description: optionalText('Description', 2000),
  organization: reference('Organization'),
  district: reference('District'),
});

export const locationSchema = object({
  name,
  placeOfService: string().label('Place of service').required().oneOf(conceptCodes(PLACES_OF_SERVICE)),
  organization: reference('Organization'),
  phone: optionalText('Phone', 40),
  address: addressSchema,
});

export const serviceSchema = object({
  name,
  code: optionalText('Service type code', 20),
  flags: array(
    string()
      .required()
      .oneOf([...ServiceFlags]),
  )
    .label('Flags')
    .default([]),
  unitMinutes: number()
    .label('Minutes per unit')
    .transform((value: number, original: unknown) => (original === '' || original === null || Number.isNaN(value) ? undefined : value))
    .when('flags', {
      is: (flags: string[] | undefined) => flags?.includes('RequireUnits') ?? false,
      then: (s) => s.required().integer().min(1).max(1440),
      otherwise: (s) => s.optional().strip(),
    }),
});

export const listingSchema = object({ name, kind: string().label('Kind').oneOf(['Department', 'Team', 'Other']).required() });

export const groupSchema = object({ name, members: array(string().required()).label('Members').default([]) });

export const securityRoleSchema = object({
  name,
  description: optionalText('Description', 2000),
  grantSets: array(string().required()).label('Grant sets').min(1).default([]),
});
