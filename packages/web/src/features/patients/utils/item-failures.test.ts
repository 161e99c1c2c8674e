import { describe, expect, it } from 'vitest';
import type { FailedUpsert } from '../../../data/index.ts';
import { groupByItem } from './item-failures.ts';

const failure = (id: string, seq: number, lastAttempt: number): FailedUpsert => ({
  hash: `${id}-${seq}`,
  collection: 'RelatedPeople',
  id,
  operation: 'upsert',
  item: { id, resourceType: 'RelatedPerson', meta: { versionId: '1', lastModified: '' } },
  seq,
  lastAttempt,
  status: 403,
});

describe('refused edits by item', () => {
  it('says each item once, with its last edit and every record, newest refusal first', () => {
    const groups = groupByItem([failure('a', 3, 10), failure('b', 2, 20), failure('a', 1, 10)]);
    expect(groups.map((g) => [g.latest.hash, g.all.map((f) => f.hash)])).toEqual([
      ['b-2', ['b-2']],
      ['a-3', ['a-1', 'a-3']],
    ]);
  });
});
