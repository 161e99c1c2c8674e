import type { Resource } from '@caseload/core';
import type { Mutex } from '../queue/mutex.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { PendingWrite, StoredItem } from '../store/records.ts';

export interface CopiesContext {
  store: LocalStore;
  mutex: Mutex;
}

/**
 * Stores what a read answered without losing anything the user has not sent yet: an item with
 * queued edits keeps them (only its saved copy is refreshed), and an item deleted here but not
 * yet on the server is not brought back. Runs inside the queue's mutex, so a read answered while
 * the user types can never overwrite the edit just made.
 */
export async function storeServerCopies(ctx: CopiesContext, collection: string, practiceId: string, resources: Resource[]): Promise<void> {
  if (resources.length === 0) return;
  await ctx.mutex.run(async () => {
    const pending = new Map<string, PendingWrite[]>();
    for (const p of await ctx.store.pendingInCollection(collection)) {
      pending.set(p.id, [...(pending.get(p.id) ?? []), p]);
    }
    const records: StoredItem[] = [];
    for (const resource of resources) {
      const queued = pending.get(resource.id);
      const base = { collection, id: resource.id, practiceId, partition: resource.partition, saved: resource };
      if (!queued) {
        records.push({ ...base, item: resource, dirty: false });
        continue;
      }
      const last = queued[queued.length - 1]!;
      if (last.kind === 'delete') continue;
      const local = await ctx.store.getItem(collection, resource.id);
      // With offline storage off, a reload empties the cache but not the queue: the queued item
      // is then the user's latest text.
      records.push({ ...base, item: local?.item ?? last.item, dirty: true });
    }
    await ctx.store.putItems(records);
  });
}

/**
 * The server has no copy of `id` the user may see (deleted, or out of reach): drop the cached one,
 * unless it holds unsent edits (a create still queued, say).
 */
export async function forgetServerCopy(ctx: CopiesContext, collection: string, id: string): Promise<void> {
  await ctx.mutex.run(async () => {
    if ((await ctx.store.pendingFor(collection, id)).length > 0) return;
    await ctx.store.deleteItems(collection, [id]);
  });
}
