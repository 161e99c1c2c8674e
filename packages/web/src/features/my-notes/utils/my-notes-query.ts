import { NoteKinds, type Filter, type NoteKind, type NoteStatus } from '@caseload/core';
import type { PagedQueryRequest } from '../../../data/index.ts';

/** The My notes filters; undefined means any. */
export interface MyNotesFilter {
  status?: NoteStatus;
  kind?: NoteKind;
}

/** Words for each status the filter offers (the statuses of SPEC.md, in life-cycle order). */
export const MY_NOTE_STATUS_TEXT: Record<NoteStatus, string> = {
  Preliminary: 'Preliminary',
  Final: 'Final',
  Amended: 'Amended',
  EnteredInError: 'Entered in error',
};

/** "MultiServiceNote" as "Multi Service Note". */
export const kindText = (kind: string) => kind.replace(/([a-z])([A-Z])/g, '$1 $2');

/** The statuses and kinds the filters offer (ScribeSession notes come with the scribe issue). */
export const STATUS_OPTIONS = (Object.keys(MY_NOTE_STATUS_TEXT) as NoteStatus[]).map((value) => ({ value, label: MY_NOTE_STATUS_TEXT[value] }));
export const KIND_OPTIONS = NoteKinds.filter((k) => k !== 'ScribeSession').map((value) => ({ value, label: kindText(value) }));

/**
 * The server search behind My notes: the practitioner's notes across every patient
 * (`crossPartition`), narrowed by the filters, newest session first, a page at a time.
 */
export function myNotesRequest(practitionerId: string, filter: MyNotesFilter): PagedQueryRequest {
  const filters: Filter[] = [{ field: 'author.id', op: 'eq', value: practitionerId }];
  if (filter.status) filters.push({ field: 'status', op: 'eq', value: filter.status });
  if (filter.kind) filters.push({ field: 'kind', op: 'eq', value: filter.kind });
  return { filters, orderBy: 'EncounterDate', order: 'desc', crossPartition: true };
}
