import type { Filter } from '@caseload/core';

/** The query grammar's free-text field: names, MRN and birth date of a patient (server-side). */
const TEXT = '_text';

/** M/D/YYYY or MM/DD/YYYY, as people in the US type a birth date. */
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * What a typed search asks the server for: the text trimmed, with a US-style date (3/7/1985,
 * 03/07/1985) turned into the stored yyyy-MM-dd form (1985-03-07), so a birth date is found
 * however it is typed. An impossible date (13/40/1985) is searched as the text typed.
 */
export function normaliseSearchText(typed: string): string {
  const text = typed.trim().replace(/\s+/g, ' ');
  const m = US_DATE.exec(text);
  if (!m) return text;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return text;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The filters of a patient search: none for empty text (the whole list), else `_text contains`. */
export function patientSearchFilters(typed: string): Filter[] {
  const text = normaliseSearchText(typed);
  return text ? [{ field: TEXT, op: 'contains', value: text }] : [];
}

/** The sort fields the patient list offers (the Patient type's, docs/api.md). */
export const PATIENT_SORT_FIELDS = ['Name', 'Created', 'BirthDate', 'Mrn', 'LastModified'] as const;
export type PatientSortField = (typeof PATIENT_SORT_FIELDS)[number];

/** How each sort is named in the list's sort menu. */
export const PATIENT_SORT_LABELS: Record<PatientSortField, string> = {
  Name: 'Name',
  Created: 'Date added',
  BirthDate: 'Birth date',
  Mrn: 'MRN',
  LastModified: 'Last changed',
};
