import type { AnyObjectSchema } from 'yup';
import {
  districtSchema,
  groupSchema,
  healthcareServiceSchema,
  listingSchema,
  locationSchema,
  organizationSchema,
  programSchema,
} from '../practice/practice-schemas.ts';
import { practicePreferencesSchema } from '../practice/preferences-schema.ts';
import { allergySchema, conditionSchema, consentSchema, coverageSchema, episodeOfCareSchema, medicationSchema } from './chart-schemas.ts';
import { documentReferenceSchema } from './document-schemas.ts';
import { patientSchema, practitionerSchema, relatedPersonSchema } from './people-schemas.ts';

/**
 * The schema each people and practice type is checked against on every write (the server's
 * beforeWrite hooks) and in its form (yupResolver), by resource type name.
 */
export const RESOURCE_SCHEMAS: Readonly<Record<string, AnyObjectSchema>> = {
  Patient: patientSchema,
  RelatedPerson: relatedPersonSchema,
  EpisodeOfCare: episodeOfCareSchema,
  Condition: conditionSchema,
  Allergy: allergySchema,
  Medication: medicationSchema,
  Coverage: coverageSchema,
  Consent: consentSchema,
  DocumentReference: documentReferenceSchema,
  Practitioner: practitionerSchema,
  Organization: organizationSchema,
  District: districtSchema,
  Program: programSchema,
  Location: locationSchema,
  HealthcareService: healthcareServiceSchema,
  Listing: listingSchema,
  Group: groupSchema,
  PracticePreferences: practicePreferencesSchema,
};

/** The schema of a resource type, or undefined for types without one yet. */
export function resourceSchemaFor(typeName: string): AnyObjectSchema | undefined {
  return Object.hasOwn(RESOURCE_SCHEMAS, typeName) ? RESOURCE_SCHEMAS[typeName] : undefined;
}
