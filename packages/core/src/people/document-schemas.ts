import { boolean, number, object, string } from 'yup';
import type { Reference, Resource } from '../resources/resource.ts';
import type { Coding } from './types.ts';
import { DOCUMENT_CATEGORIES } from '../vocabularies/practice-codes.ts';
import { codingOf, dateTimeText, isoDate, referenceSchema, requiredText, resourceShape } from './common-schemas.ts';

/**
 * A document in a patient's chart (a letter, a treatment summary, a copy of a signed consent):
 * what it is, and the Media whose content holds its file. Staff upload it; the patient's portal
 * reads it only once it is shared with them (docs/portal.md, "Documents").
 */
export interface DocumentReference extends Resource {
  resourceType: 'DocumentReference';
  partition: string;
  patient?: Reference;
  title: string;
  category: Coding;
  /** yyyy-MM-dd: the day the document is of (a letter's date), not the upload's. */
  date: string;
  /** Who uploaded it: set by the server from the caller. */
  author?: Reference;
  /** The Media whose content is the file. */
  media: Reference;
  /** The file's type and size, copied from the Media's content by the client for the list. */
  contentType?: string;
  size?: number;
  sharedWithPatient?: boolean;
  /** Set by the server when `sharedWithPatient` turns true; cleared when it turns false. */
  sharedAt?: string;
  sharedBy?: Reference;
}

/** A chart document: title, category, date and its file; who wrote and shared it is the server's. */
export const documentReferenceSchema = object({
  ...resourceShape,
  patient: referenceSchema('Patient'),
  title: requiredText(200),
  category: codingOf(DOCUMENT_CATEGORIES).required(),
  date: isoDate().required(),
  author: referenceSchema('Practitioner'),
  media: referenceSchema('Media').required(),
  contentType: string().strict(true).max(200),
  size: number().strict(true).integer().min(0),
  sharedWithPatient: boolean().strict(true),
  sharedAt: dateTimeText('instant'),
  sharedBy: referenceSchema('Practitioner'),
});
