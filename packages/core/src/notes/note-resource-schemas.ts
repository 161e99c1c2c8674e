import type { AnyObjectSchema } from 'yup';
import {
  noteDefinitionSchema,
  noteSectionFormSchema,
  noteTemplateSchema,
  personalSignatureSchema,
  signatureConfigurationSchema,
} from './note-config-schemas.ts';
import { encounterSchema, noteSchema } from './note-schemas.ts';
import { noteRuleSchema } from './rule-schemas.ts';

/**
 * The schema each notes type is checked against on every write (the server's note hooks), by
 * resource type name; kept apart from people's RESOURCE_SCHEMAS, whose hooks also settle names and
 * chart patients the notes types do not have.
 */
export const NOTE_SCHEMAS: Readonly<Record<string, AnyObjectSchema>> = {
  Encounter: encounterSchema,
  Note: noteSchema,
  NoteDefinition: noteDefinitionSchema,
  NoteTemplate: noteTemplateSchema,
  NoteSectionForm: noteSectionFormSchema,
  NoteRule: noteRuleSchema,
  SignatureConfiguration: signatureConfigurationSchema,
  PersonalSignature: personalSignatureSchema,
};
