import { noteDisplayStatus, type Note, type NoteDisplayStatus, type NoteKind } from '@caseload/core';

/** The Notes tab's filters; undefined means any. */
export interface NoteListFilter {
  kind?: NoteKind;
  status?: NoteDisplayStatus;
  authorId?: string;
}

/** When a note happened, for sorting: its session start, else when it was created. */
const dateOf = (n: Note) => n.encounterDate ?? n.created ?? n.meta?.lastModified ?? '';

/** The notes the filters keep, newest session first (ties: newest change first). */
export function filterNotes(notes: readonly Note[], filter: NoteListFilter): Note[] {
  return notes
    .filter((n) => !n.meta?.isDeleted)
    .filter((n) => !filter.kind || n.kind === filter.kind)
    .filter((n) => !filter.status || noteDisplayStatus(n) === filter.status)
    .filter((n) => !filter.authorId || n.author?.id === filter.authorId)
    .sort((a, b) => dateOf(b).localeCompare(dateOf(a)) || (b.meta?.lastModified ?? '').localeCompare(a.meta?.lastModified ?? ''));
}

/** The authors the notes name, for the author filter, A to Z. */
export function noteAuthors(notes: readonly Note[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const n of notes) if (n.author?.id && !seen.has(n.author.id)) seen.set(n.author.id, n.author.display ?? n.author.id);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}
