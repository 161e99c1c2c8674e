import type { Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import type { FailedUpsert } from '../../../data/index.ts';
import { describeItem, editLines, editPositions, editText, editTitle, orderFailures, refusalReason, restoredEdit } from './edit-text.ts';

const person = {
  id: 'r1',
  resourceType: 'RelatedPerson',
  partition: 'pat-1',
  meta: { versionId: '3', lastModified: '2026-01-01T00:00:00Z' },
  display: 'Rose Quill',
  telecom: [{ system: 'Phone', value: '555-010-0299' }],
} as unknown as Resource;

const refused = (fields: Partial<FailedUpsert> = {}): FailedUpsert => ({
  hash: 'h1',
  collection: 'RelatedPeople',
  id: 'r1',
  operation: 'upsert',
  item: person,
  changes: [
    { path: 'telecom.0.value', before: '555-010-0200', after: '555-010-0299' },
    { path: 'addresses.0.city', before: 'Springfield', after: '' },
  ],
  madeAt: 1_000,
  seq: 4,
  lastAttempt: 2_000,
  status: 403,
  detail: "You don't have permissions to perform this action.",
  ...fields,
});

describe('a refused edit in words', () => {
  it('names what it was and says each value the edit changed', () => {
    expect(editTitle(refused())).toBe('Edit of related person: Rose Quill');
    expect(editTitle(refused({ item: { ...person, meta: { versionId: '', lastModified: '' } } }))).toBe('New related person: Rose Quill');
    expect(editTitle(refused({ operation: 'delete' }))).toBe('Delete of related person: Rose Quill');
    expect(editLines(refused())).toEqual([
      { label: 'Phone 1', value: '555-010-0299', removed: false },
      { label: 'Address 1 city', value: 'Springfield', removed: true },
    ]);
    expect(editLines(refused({ operation: 'delete' }))).toEqual([]);
  });

  it('says every field of a record kept before edits recorded their changes, bookkeeping left out', () => {
    expect(editLines(refused({ changes: undefined }))).toEqual([
      { label: 'Display', value: 'Rose Quill', removed: false },
      { label: 'Phone 1 system', value: 'Phone', removed: false },
      { label: 'Phone 1', value: '555-010-0299', removed: false },
    ]);
  });

  it('copies as plain text: what, why, when, and the values', () => {
    expect(editText(refused(), `Not saved: ${refusalReason(refused())}`, () => '9:02 AM')).toBe(
      [
        'Edit of related person: Rose Quill',
        "Not saved: You don't have permissions to perform this action.",
        'Made 9:02 AM',
        'Phone 1: 555-010-0299',
        'Address 1 city: removed (was Springfield)',
      ].join('\n'),
    );
  });

  it("lists the latest refusals first, an item's edits together in the order they were made", () => {
    const a3 = refused({ hash: 'a3', id: 'a', seq: 3, lastAttempt: 10 });
    const a1 = refused({ hash: 'a1', id: 'a', seq: 1, lastAttempt: 10 });
    const b2 = refused({ hash: 'b2', id: 'b', seq: 2, lastAttempt: 20 });
    const ordered = orderFailures([a3, b2, a1]);
    expect(ordered.map((f) => f.hash)).toEqual(['b2', 'a1', 'a3']);
    expect([...editPositions(ordered)]).toEqual([
      ['a1', { n: 1, of: 2 }],
      ['a3', { n: 2, of: 2 }],
    ]);
  });

  it("restores the user's fields on the server's current version", () => {
    const current = { ...person, display: 'Changed elsewhere', meta: { versionId: '4', lastModified: '2026-01-02T00:00:00Z' } };
    expect(restoredEdit(current, person)).toEqual({ ...person, meta: current.meta });
    expect(restoredEdit(undefined, person)).toBe(person);
  });

  it('names the item by its display, else its type', () => {
    expect(describeItem(person)).toBe('Rose Quill');
    expect(describeItem({ resourceType: 'Scribble', id: '0123456789', meta: { versionId: '1', lastModified: '' } })).toBe(
      'Scribble 01234567',
    );
  });
});
