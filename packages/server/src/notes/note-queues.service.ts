import {
  encounterInterval,
  practiceTimeZone,
  unsignedNoteStatus,
  type Encounter,
  type Filter,
  type Note,
  type NoteQueuePage,
  type UnsignedNoteStatus,
} from '@caseload/core';
import type { ResourceScope } from '../http/resource-scope.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import { ENCOUNTER, NOTE } from './note-workflow-context.ts';

export interface PageRequest {
  pageSize?: number;
  continuationToken?: string;
}

/**
 * The filters of "my unsigned notes": the author's Preliminary notes the author has not signed
 * yet. A client may POST the same filters to `Notes/queries` (docs/notes.md).
 */
export const unsignedNotesFilters = (authorId: string): Filter[] => [
  { field: 'author.id', op: 'eq', value: authorId },
  { field: 'status', op: 'eq', value: 'Preliminary' },
  { field: 'signatures.role', op: 'ne', value: 'Author' },
];

/** The filters of a supervisor's co-sign queue: notes whose pending co-signature the supervisor may give. */
export const coSignQueueFilters = (supervisorId: string): Filter[] => [
  { field: 'pendingSignatures.signers.id', op: 'eq', value: supervisorId },
  { field: 'status', op: 'eq', value: 'Preliminary' },
];

/**
 * The caller's unsigned notes, oldest session first, each with its warning state: overdue after
 * noteSignWarningTimeout hours from the session's end (weekends per sessionToSignIncludesWeekends).
 * Read through the caller's repository: checked and audited as a query.
 */
export async function myUnsignedNotes(
  scope: ResourceScope,
  page: PageRequest,
): Promise<NoteQueuePage<{ note: Note; unsigned: UnsignedNoteStatus }>> {
  const me = scope.ctx.actor?.id ?? '';
  const result = await scope.repo.search(NOTE, {
    filters: unsignedNotesFilters(me),
    crossPartition: true,
    orderBy: 'EncounterDate',
    order: 'asc',
    ...page,
  });
  const notes = result.items as Note[];
  const preferences = await loadPracticePreferences(scope.ctx.db, scope.ctx.practiceId);
  const ends = await sessionEnds(scope, notes);
  const now = scope.ctx.clock();
  const items = notes.map((note) => {
    const end = ends.get(note.encounter?.id) ?? new Date(note.encounterDate ?? note.created ?? note.meta.lastModified);
    return { note, unsigned: unsignedNoteStatus(end, now, preferences, practiceTimeZone(preferences)) };
  });
  return { items, continuationToken: result.continuationToken };
}

/** The supervisor's co-sign queue, oldest session first. */
export async function coSignQueue(scope: ResourceScope, page: PageRequest): Promise<NoteQueuePage<Note>> {
  const result = await scope.repo.search(NOTE, {
    filters: coSignQueueFilters(scope.ctx.actor?.id ?? ''),
    crossPartition: true,
    orderBy: 'EncounterDate',
    order: 'asc',
    ...page,
  });
  return { items: result.items as Note[], continuationToken: result.continuationToken };
}

/**
 * When each note's session ended, from its encounter. Read as the server: the caller already
 * reads these notes, and only the end time leaves this function; an encounter counts only from
 * its note's own chart (a note naming another chart's encounter tells nothing of it).
 */
async function sessionEnds(scope: ResourceScope, notes: Note[]): Promise<Map<string, Date>> {
  const wanted = notes.filter((n) => typeof n.encounter?.id === 'string');
  if (wanted.length === 0) return new Map();
  const encounters = await scope.repo.system.list<Encounter>(ENCOUNTER, { ids: wanted.map((n) => n.encounter.id), includeDeleted: true });
  const chartOf = new Map(encounters.map((e) => [e.id, e]));
  const ends = new Map<string, Date>();
  for (const note of wanted) {
    const encounter = chartOf.get(note.encounter.id);
    if (encounter?.partition !== note.partition) continue;
    const end = encounterInterval(encounter)?.end;
    if (end) ends.set(encounter.id, end);
  }
  return ends;
}
