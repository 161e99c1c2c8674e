import type { Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../store/memory-store.ts';
import { settleAnswer, settleRefused } from './settle-write.ts';

/**
 * Storing a write's answer and restoring after a refusal follow copy-order.ts: the item's saved
 * copy never goes back to an older version than the one already stored (a read answered first
 * may have stored a newer one, made by another device after this write).
 */

const version = (versionId: string, second: number, fields: Record<string, unknown>) =>
  ({
    resourceType: 'Note',
    id: 'n1',
    partition: 'pat-1',
    ...fields,
    meta: { versionId, lastModified: `2025-03-03T09:00:${String(second).padStart(2, '0')}.000Z` },
  }) as unknown as Resource;

const v1 = version('v1', 0, { text: 'first', title: 'a' });
/** The answer to the user's write (text changed). */
const v2 = version('v2', 5, { text: 'mine', title: 'a' });
/** Another device's edit made after v2, already read and stored here (title changed). */
const v3 = version('v3', 9, { text: 'mine', title: 'theirs' });

async function queued(store: MemoryStore, item: Resource, original: Resource) {
  return store.addPendingUpsert({
    kind: 'upsert',
    collection: 'Notes',
    id: 'n1',
    practiceId: 'acme',
    item,
    original,
    attempts: 0,
    idempotencyKey: `k-${String(item.text)}`,
    createdAt: 0,
  });
}

async function cachedWith(saved: Resource, item: Resource) {
  const store = new MemoryStore();
  await store.putItems([{ collection: 'Notes', id: 'n1', practiceId: 'acme', partition: 'pat-1', item, saved, dirty: true }]);
  return store;
}

describe('settleAnswer: the stored copy', () => {
  it('takes the answer when it is the newest copy', async () => {
    const sent = { ...v1, text: 'mine' } as Resource;
    const store = await cachedWith(v1, sent);
    await settleAnswer(store, await queued(store, sent, v1), v2, 1_000);
    expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: v2, saved: v2, dirty: false, confirmedAt: 1_000 });
  });

  it('keeps a newer copy a read stored before the answer came', async () => {
    const sent = { ...v1, text: 'mine' } as Resource;
    const store = await cachedWith(v3, sent);
    await settleAnswer(store, await queued(store, sent, v1), v2, 1_000);
    expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: v3, saved: v3, dirty: false, confirmedAt: 1_000 });
  });

  it('still rebases the later queued edits on the answer, and merges them into the item shown', async () => {
    const sent = { ...v1, text: 'mine' } as Resource;
    const typedSince = { ...v1, text: 'mine, and more' } as Resource;
    const store = await cachedWith(v3, typedSince);
    const record = await queued(store, sent, v1);
    await queued(store, typedSince, v1);
    const later = await settleAnswer(store, record, v2, 1_000);
    expect(later).toHaveLength(1);
    expect(later[0]).toMatchObject({ original: v2, item: { text: 'mine, and more', meta: v2.meta } });
    expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: { text: 'mine, and more' }, saved: v3, dirty: true });
  });
});

describe('settleRefused: the copy restored', () => {
  const refusal = { status: 409, at: 1_000 };

  it('restores the server copy read for the refusal when it is the newest', async () => {
    const mine = { ...v1, text: 'mine' } as Resource;
    const store = await cachedWith(v1, mine);
    await settleRefused(store, await queued(store, mine, v1), refusal, v2);
    expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: v2, saved: v2, dirty: false });
  });

  it('never restores an older copy than the saved one already stored', async () => {
    const mine = { ...v1, text: 'mine' } as Resource;
    for (const copy of [v2, undefined]) {
      // Read for the refusal (v2), or unknown (the edit's original, v1): both older than v3.
      const store = await cachedWith(v3, mine);
      await settleRefused(store, await queued(store, mine, v1), refusal, copy);
      expect(await store.getItem('Notes', 'n1')).toMatchObject({ item: v3, saved: v3, dirty: false });
      expect(await store.listFailed()).toMatchObject([{ item: { text: 'mine' }, status: 409 }]);
    }
  });
});
