import { NOTE_STATUS_OPTIONS, noteKindOptions, NoteKinds, type Filter, type NoteDisplayStatus, type NoteKind } from '@caseload/core';
import type { PagedQueryRequest } from '../../../data/index.ts';

/** The My notes filters; undefined means any. */
export interface MyNotesFilter {
  status?: NoteDisplayStatus;
  kind?: NoteKind;
}

/** The statuses and kinds the filters offer, in the words every note list uses (ScribeSession notes come with the scribe issue). */
export const STATUS_OPTIONS = NOTE_STATUS_OPTIONS;
export const KIND_OPTIONS = noteKindOptions(NoteKinds.filter((k) => k !== 'ScribeSession'));

/**
 * The server filters of each display status. Unsigned and awaiting co-signature are both
 * Preliminary: the author's own signature tells them apart, as in the dashboard's counts.
 */
const STATUS_FILTERS: Record<NoteDisplayStatus, Filter[]> = {
  Preliminary: [
    { field: 'status', op: 'eq', value: 'Preliminary' },
    { field: 'signatures.role', op: 'ne', value: 'Author' },
  ],
  AwaitingCoSignature: [
    { field: 'status', op: 'eq', value: 'Preliminary' },
    { field: 'signatures.role', op: 'eq', value: 'Author' },
  ],
  Final: [{ field: 'status', op: 'eq', value: 'Final' }],
  Amended: [{ field: 'status', op: 'eq', value: 'Amended' }],
  EnteredInError: [{ field: 'status', op: 'eq', value: 'EnteredInError' }],
};

/**
 * The server search behind My notes: the practitioner's notes across every patient
 * (`crossPartition`), narrowed by the filters, newest session first, a page at a time.
 */
export function myNotesRequest(practitionerId: string, filter: MyNotesFilter): PagedQueryRequest {
  const filters: Filter[] = [{ field: 'author.id', op: 'eq', value: practitionerId }];
  if (filter.status) filters.push(...STATUS_FILTERS[filter.status]);
  if (filter.kind) filters.push({ field: 'kind', op: 'eq', value: filter.kind });
  return { filters, orderBy: 'EncounterDate', order: 'desc', crossPartition: true };
}
