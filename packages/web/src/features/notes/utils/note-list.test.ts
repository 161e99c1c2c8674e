import { noteDisplayStatus, type Note } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { filterNotes, noteAuthors } from './note-list.ts';

const note = (id: string, over: Partial<Note>): Note => ({
  id,
  meta: { versionId: '1', lastModified: '2026-01-01T00:00:00Z' },
  resourceType: 'Note',
  partition: 'p',
  subject: { resourceType: 'Patient', id: 'p' },
  kind: 'Note',
  composition: 'Individual',
  encounter: { resourceType: 'Encounter', id: `e${id}` },
  author: { resourceType: 'Practitioner', id: 'a1', display: 'Ann' },
  sections: [],
  completion: 'InProgress',
  status: 'Preliminary',
  ...over,
});

describe('the Notes tab list', () => {
  const notes = [
    note('1', { encounterDate: '2026-03-01T10:00:00Z' }),
    note('2', { encounterDate: '2026-03-05T10:00:00Z', status: 'Final', kind: 'GroupNote' }),
    note('3', {
      encounterDate: '2026-03-03T10:00:00Z',
      author: { resourceType: 'Practitioner', id: 'b2', display: 'Bob' },
      pendingSignatures: [{ role: 'CoSigner', signers: [], reason: '' }],
      signatures: [],
    }),
  ];

  it('lists newest session first', () => {
    expect(filterNotes(notes, {}).map((n) => n.id)).toEqual(['2', '3', '1']);
  });

  it('filters by kind, status (awaiting co-signature apart) and author', () => {
    expect(filterNotes(notes, { kind: 'GroupNote' }).map((n) => n.id)).toEqual(['2']);
    expect(filterNotes(notes, { status: 'Preliminary' }).map((n) => n.id)).toEqual(['1']);
    expect(filterNotes(notes, { status: 'AwaitingCoSignature' }).map((n) => n.id)).toEqual(['3']);
    expect(filterNotes(notes, { authorId: 'b2' }).map((n) => n.id)).toEqual(['3']);
    expect(filterNotes(notes, { authorId: 'b2', kind: 'GroupNote' })).toEqual([]);
  });

  it('names each author once, A to Z', () => {
    expect(noteAuthors(notes)).toEqual([
      { value: 'a1', label: 'Ann' },
      { value: 'b2', label: 'Bob' },
    ]);
    expect(noteDisplayStatus(notes[2]!)).toBe('AwaitingCoSignature');
  });
});
