import { array, object } from 'yup';
import { DurationModes, NoteDefinitionKinds, NoteKinds, NoteSectionElementTypes, PublishingStatuses, SectionKinds } from '../enums.ts';
import { applyFormLocale } from '../forms/form-locale.ts';
import { NoteElementOptionSources } from './element-choices.ts';
import { referenceSchema, requiredText, resourceShape, text } from '../people/common-schemas.ts';
import { flag, noteSectionsSchema, oneOfValues, referenceList, wholeNumber } from './note-schema-parts.ts';

applyFormLocale();

/**
 * The schemas of how a practice configures notes (docs/notes.md, "Schemas"): definitions,
 * templates, section forms, signature configurations and personal signatures. The rule schema is
 * in rule-schemas.ts.
 */

/** One element of a Form section. */
export const noteSectionElementSchema = object({
  key: requiredText(200),
  type: oneOfValues(NoteSectionElementTypes).required(),
  label: text(200),
  required: flag(),
  form: referenceSchema('Form', 'Questionnaire'),
  options: array(requiredText(200)).unique(),
  optionSource: oneOfValues(NoteElementOptionSources),
}).noUnknown();

/** A section of a note definition; element keys are unique within it. */
export const noteDefinitionSectionSchema = object({
  key: requiredText(100),
  title: requiredText(200),
  kind: oneOfValues(SectionKinds).required(),
  elements: array(noteSectionElementSchema).unique(undefined, (e: { key?: string }) => e?.key),
  form: referenceSchema('Form', 'Questionnaire', 'NoteSectionForm'),
  required: flag(),
  shared: flag(),
  help: text(1000),
}).noUnknown();

/** What clinicians write: the note's sections, for which programs and services. */
export const noteDefinitionSchema = object({
  ...resourceShape,
  name: requiredText(200),
  kind: oneOfValues(NoteDefinitionKinds).required(),
  noteKind: oneOfValues(NoteKinds),
  status: oneOfValues(PublishingStatuses),
  programs: referenceList('Program'),
  serviceTypes: referenceList('HealthcareService'),
  sections: array(noteDefinitionSectionSchema)
    .min(1)
    .required()
    .unique(undefined, (s: { key?: string }) => s?.key),
  durationMode: oneOfValues(DurationModes),
  incrementMinutes: wholeNumber(1).max(240),
  active: flag(),
});

/** Prefilled content of a definition's sections; personal templates name their author. */
export const noteTemplateSchema = object({
  ...resourceShape,
  name: requiredText(200),
  definition: referenceSchema('NoteDefinition').required(),
  author: referenceSchema('Practitioner'),
  sections: noteSectionsSchema().required(),
  active: flag(),
});

/** A reusable Form answered as a note's Subform section. */
export const noteSectionFormSchema = object({
  ...resourceShape,
  name: requiredText(200),
  form: referenceSchema('Form', 'Questionnaire').required(),
  serviceTypes: referenceList('HealthcareService'),
  status: oneOfValues(PublishingStatuses),
  active: flag(),
});

/** Who must sign which notes. */
export const signatureConfigurationSchema = object({
  ...resourceShape,
  name: requiredText(200),
  status: oneOfValues(PublishingStatuses),
  noteKinds: array(oneOfValues(NoteKinds).required()).unique(),
  programs: referenceList('Program'),
  serviceTypes: referenceList('HealthcareService'),
  authorSignature: flag(),
  supervisorCoSignature: oneOfValues(['Never', 'UnlicensedAuthors', 'Always']).required(),
  patientSignature: oneOfValues(['None', 'Patient', 'PatientOrRelatedPerson']).required(),
  serviceTypeExclusions: referenceList('HealthcareService'),
  authorAttestation: text(2000),
  coSignerAttestation: text(2000),
});

/** A practitioner's stored signature image (the image is its content); the server sets the owner. */
export const personalSignatureSchema = object({
  ...resourceShape,
  owner: referenceSchema(),
  signedName: text(200),
});
