import type { Resource } from '@caseload/core';
import { fieldChanges, type FieldChange } from '../field-changes.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { PendingWrite } from '../store/records.ts';

/** One edit waiting in the queue, as the user sees it: what, when, and the values it changes. */
export interface QueuedEdit {
  collection: string;
  id: string;
  operation: PendingWrite['kind'];
  /** The item as this edit left it. */
  item: Resource;
  /** What this edit changes (every field of a new item); absent for a delete or an upload. */
  changes?: FieldChange[];
  /** When the user made it (ms since the epoch). */
  madeAt: number;
  /** Its place in the queue. */
  seq: number;
}

/**
 * What each of one item's queued writes changes, in queue order: each against the copy it was
 * made on, the write before it, or for the first `base` (the server copy it was made on;
 * undefined for a new item, whose every field is the user's). Deletes and uploads change no values.
 */
export function changesOfEdits(writes: readonly PendingWrite[], base: Resource | undefined): (FieldChange[] | undefined)[] {
  let before = base;
  return writes.map((write) => {
    if (write.kind !== 'upsert') return undefined;
    const changes = fieldChanges(before, write.item);
    before = write.item;
    return changes;
  });
}

/**
 * Every edit waiting in the queue with the values it changes, in queue order: the text a user
 * can read and copy while it cannot be sent (signed out, offline), so none of it waits unseen.
 */
export async function listQueuedEdits(store: LocalStore): Promise<QueuedEdit[]> {
  const pending = await store.listPending();
  const byItem = new Map<string, PendingWrite[]>();
  for (const p of pending) {
    const key = `${p.collection}\u0000${p.id}`;
    const writes = byItem.get(key);
    if (writes) writes.push(p);
    else byItem.set(key, [p]);
  }
  const edits: QueuedEdit[] = [];
  for (const writes of byItem.values()) {
    const first = writes[0]!;
    const base = first.kind === 'upsert' ? (first.original ?? (await store.getItem(first.collection, first.id))?.saved) : undefined;
    changesOfEdits(writes, base).forEach((changes, i) => {
      const w = writes[i]!;
      edits.push({ collection: w.collection, id: w.id, operation: w.kind, item: w.item, changes, madeAt: w.createdAt, seq: w.seq });
    });
  }
  return edits.sort((a, b) => a.seq - b.seq);
}
