import type { Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { deepEqual, mergeEdits } from './merge-edits.ts';

const r = (fields: Record<string, unknown>, version = 'v1') =>
  ({ id: 'n1', resourceType: 'Note', meta: { versionId: version, lastModified: 'x' }, ...fields }) as Resource;

describe('mergeEdits (base = sent, theirs = answer, mine = now)', () => {
  it('keeps changes made on either side', () => {
    const base = r({ text: 'a', title: 'T' });
    const theirs = r({ text: 'a', title: 'T', signedBy: 'someone' }, 'v2');
    const mine = r({ text: 'b', title: 'T' });
    expect(mergeEdits(base, theirs, mine)).toEqual(r({ text: 'b', title: 'T', signedBy: 'someone' }, 'v2'));
  });

  it('takes the user edit where both changed the same value', () => {
    expect(mergeEdits(r({ text: 'a' }), r({ text: 'server' }, 'v2'), r({ text: 'mine' }))).toMatchObject({ text: 'mine' });
  });

  it('merges nested objects member by member and arrays as whole values', () => {
    const base = r({ period: { start: '1', end: '2' }, tags: ['a'] });
    const theirs = r({ period: { start: '0', end: '2' }, tags: ['a', 'b'] }, 'v2');
    const mine = r({ period: { start: '1', end: '3' }, tags: ['c'] });
    expect(mergeEdits(base, theirs, mine)).toMatchObject({ period: { start: '0', end: '3' }, tags: ['c'] });
  });

  it('keeps a member the user removed removed', () => {
    expect(mergeEdits(r({ text: 'a', draft: true }), r({ text: 'a', draft: true }, 'v2'), r({ text: 'a' }))).not.toHaveProperty('draft');
  });

  it('always takes id, meta, resourceType and partition from the server', () => {
    const merged = mergeEdits(r({ partition: 'p' }), r({ partition: 'p' }, 'v9'), {
      ...r({ partition: 'p' }),
      meta: { versionId: '', lastModified: 'local' },
    });
    expect(merged.meta).toEqual({ versionId: 'v9', lastModified: 'x' });
  });
});

describe('deepEqual', () => {
  it('treats undefined members as absent', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual([1, { x: [2] }], [1, { x: [2] }])).toBe(true);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
  });
});
