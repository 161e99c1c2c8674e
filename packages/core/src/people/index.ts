export * from './names.ts';
export {
  addressSchema,
  codeIn,
  codingOf,
  contactPointSchema,
  humanNameSchema,
  identifierSchema,
  isPhoneNumber,
  periodSchema,
  referenceSchema,
} from './common-schemas.ts';
export { MRN_MAX_LENGTH, licenceSchema, mrnSchema, patientSchema, practitionerSchema, relatedPersonSchema } from './people-schemas.ts';
export { documentReferenceSchema, type DocumentReference } from './document-schemas.ts';
export { allergySchema, conditionSchema, consentSchema, coverageSchema, episodeOfCareSchema, medicationSchema } from './chart-schemas.ts';
export { RESOURCE_SCHEMAS, resourceSchemaFor } from './resource-schemas.ts';
