import type { Resource } from '@caseload/core';
import type { Mutex } from '../queue/mutex.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { PendingWrite, StoredItem } from '../store/records.ts';
import { isOlderCopy } from './copy-order.ts';

export interface CopiesContext {
  store: LocalStore;
  mutex: Mutex;
}

/**
 * Stores what a read answered without losing anything the user has not sent yet: an item with
 * queued edits keeps them (only its saved copy is refreshed), and an item deleted here but not
 * yet on the server is not brought back. A stored copy is never replaced with an older version
 * of it (copy-order.ts): a read answered after a write or another read that was sent later must
 * not undo what they stored. Runs inside the queue's mutex, so a read answered while the user
 * types can never overwrite the edit just made, and in one store transaction, so the versions
 * compared are still the stored ones when the newer copies are written (another tab included).
 */
export async function storeServerCopies(ctx: CopiesContext, collection: string, practiceId: string, resources: Resource[]): Promise<void> {
  if (resources.length === 0) return;
  await ctx.mutex.run(() =>
    ctx.store.transaction(async () => {
      // Issued together: IndexedDB runs a transaction's requests in order, without a round trip each.
      const [queuedWrites, stored] = await Promise.all([
        ctx.store.pendingInCollection(collection),
        Promise.all(resources.map((resource) => ctx.store.getItem(collection, resource.id))),
      ]);
      const pending = new Map<string, PendingWrite[]>();
      for (const p of queuedWrites) pending.set(p.id, [...(pending.get(p.id) ?? []), p]);
      const records: StoredItem[] = [];
      resources.forEach((resource, i) => {
        const local = stored[i];
        const older = isOlderCopy(resource, local?.saved);
        const queued = pending.get(resource.id);
        if (!queued) {
          if (!older)
            records.push({
              collection,
              id: resource.id,
              practiceId,
              partition: resource.partition,
              item: resource,
              saved: resource,
              dirty: false,
            });
          return;
        }
        const last = queued[queued.length - 1]!;
        if (last.kind === 'delete') return;
        // Queued edits stay on top whatever the read says; only a newer saved copy goes under them.
        const saved = older ? local!.saved! : resource;
        // With offline storage off, a reload empties the cache but not the queue: the queued item
        // is then the user's latest text.
        records.push({
          collection,
          id: resource.id,
          practiceId,
          partition: saved.partition,
          item: local?.item ?? last.item,
          saved,
          dirty: true,
        });
      });
      await ctx.store.putItems(records);
    }),
  );
}

/**
 * The server had no copy of `id` the user may see (deleted, or out of reach) when it answered a
 * read sent at `sentAt` (device clock): drop the cached one, unless it holds unsent edits (a create
 * still queued, say) or the server accepted a write of it after the read left (`confirmedAt`): a
 * read sent before a create was accepted but answered after it says nothing about the item now.
 * Both are checked inside the queue's mutex, where write answers are stored, so neither can change
 * between the check and the delete.
 */
export async function forgetServerCopy(ctx: CopiesContext, collection: string, id: string, sentAt: number): Promise<void> {
  await ctx.mutex.run(() =>
    ctx.store.transaction(async () => {
      const [queued, stored] = await Promise.all([ctx.store.pendingFor(collection, id), ctx.store.getItem(collection, id)]);
      if (!stored || queued.length > 0 || (stored.confirmedAt ?? Number.NEGATIVE_INFINITY) >= sentAt) return;
      await ctx.store.deleteItems(collection, [id]);
    }),
  );
}
