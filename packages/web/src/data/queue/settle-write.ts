import type { Issue, Resource } from '@caseload/core';
import { ApiError } from '../../api/index.ts';
import { isOlderCopy } from '../reads/copy-order.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { FailedUpsert, PendingWrite, StoredItem } from '../store/records.ts';
import { failureHash } from './failure-hash.ts';
import { mergeEdits } from './merge-edits.ts';
import { changesOfEdits } from './queued-edits.ts';

/**
 * After a write succeeded: drop it from the queue, rebase the item's later queued writes on the
 * server's answer, and refresh the local item, merging edits made while it was on the wire
 * (base = what was sent, theirs = the answer, mine = the item now). Answers the item's writes
 * still queued, rebased, in order: the first is the one to send next.
 *
 * Runs inside the queue's mutex and inside a store transaction the caller opened, so that every
 * answer that came back together is stored in one IndexedDB transaction (write-queue.ts).
 */
export async function settleAnswer(
  store: LocalStore,
  record: PendingWrite,
  theirs: Resource | undefined,
  now: number,
): Promise<PendingWrite[]> {
  // Issued together: IndexedDB runs a transaction's requests in order, without a round trip each.
  const [, queued, local] = await Promise.all([
    store.removePending(record),
    store.pendingFor(record.collection, record.id),
    store.getItem(record.collection, record.id),
  ]);
  const later = queued.filter((p) => p.seq !== record.seq);
  if (record.kind === 'delete' || !theirs) return later;
  for (const next of later) {
    if (next.kind === 'delete') {
      // Deletes name the version to delete: now the one the server just made.
      next.item = { ...next.item, meta: { ...theirs.meta, isDeleted: true, lastModified: next.item.meta.lastModified } };
    } else {
      next.item = mergeEdits(record.item, theirs, next.item);
      next.original = theirs;
    }
  }
  const dirty = later.some((p) => p.kind !== 'delete');
  // The item's saved copy is never put back to an older version (copy-order.ts): a read answered
  // before this answer may have stored a version made after this write (another device's edit).
  // The queue above is rebased on `theirs` either way: that is what the user's edits were made on.
  const saved = local?.saved && isOlderCopy(theirs, local.saved) ? local.saved : theirs;
  await Promise.all([
    // One bulk write for all of them: they were read just now, in this transaction.
    store.replacePending(later),
    // An item no longer cached (deleted here, or its patient closed) is not brought back.
    local &&
      store.putItems([
        {
          ...local,
          partition: saved.partition,
          item: dirty ? mergeEdits(record.item, theirs, local.item) : saved,
          saved,
          dirty,
          confirmedAt: now,
        },
      ]),
  ]);
  return later;
}

/** The server's copy of an item, `gone` when it answered 404 or 410, undefined when unknown. */
export type ServerCopy = Resource | 'gone' | undefined;

/** Reads the server copy for a restore; a failure to read leaves it unknown. */
export async function readServerCopy(read: () => Promise<Resource>): Promise<ServerCopy> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return 'gone';
    return undefined;
  }
}

/**
 * After the server refused a write: drop it (for an upsert, with the item's later upserts, which
 * build on it), keep a failed-upsert record for each write dropped (the item as that edit left it
 * and what the edit changed), and put the server's copy back (or the last known saved copy when
 * the server cannot be read now). Nothing the user typed goes without a record they can see and
 * copy. Runs inside the queue's mutex; `serverCopy` was read before entering it.
 */
export function settleRefused(store: LocalStore, record: PendingWrite, refusal: Refusal, serverCopy: ServerCopy): Promise<FailedUpsert[]> {
  return store.transaction(() => dropRefused(store, record, refusal, serverCopy));
}

/** Why a write was refused, and when. */
export interface Refusal {
  status: number;
  detail?: string;
  /** The refusal's issues, each naming a field of the item written. */
  issues?: Issue[];
  at: number;
}

async function dropRefused(store: LocalStore, record: PendingWrite, refusal: Refusal, serverCopy: ServerCopy): Promise<FailedUpsert[]> {
  const [pending, local] = await Promise.all([store.pendingFor(record.collection, record.id), store.getItem(record.collection, record.id)]);
  const dropped: PendingWrite[] = record.kind === 'delete' ? [record] : pending.filter((p) => p.kind !== 'delete');
  if (!dropped.some((p) => p.seq === record.seq)) dropped.unshift(record);
  const failed = failedRecords(dropped, refusal, record.kind === 'upsert' ? (record.original ?? local?.saved) : undefined);
  // The failed records first, then the writes dropped: a store that tells its changes as they
  // are made (MemoryStore) never shows the queue emptied with a refusal not yet recorded.
  for (const f of failed) await store.putFailed(f);
  for (const p of dropped) await store.removePending(p);
  await restore(store, record, serverCopy, pending, local);
  return failed;
}

/** One failed record per dropped write, in queue order, each with what that edit changed. */
function failedRecords(dropped: PendingWrite[], refusal: Refusal, base: Resource | undefined): FailedUpsert[] {
  const changes = changesOfEdits(dropped, base);
  return dropped.map((write, i) => ({
    hash: failureHash(write.collection, write.kind, write.item, write.idempotencyKey),
    collection: write.collection,
    id: write.id,
    operation: write.kind,
    item: write.item,
    changes: changes[i],
    madeAt: write.createdAt,
    seq: write.seq,
    lastAttempt: refusal.at,
    status: refusal.status,
    detail: refusal.detail,
    ...(refusal.issues && { issues: refusal.issues }),
  }));
}

async function restore(
  store: LocalStore,
  record: PendingWrite,
  serverCopy: ServerCopy,
  pending: PendingWrite[],
  local: StoredItem | undefined,
): Promise<void> {
  const stillDeleting = pending.some((p) => p.kind === 'delete' && p.seq !== record.seq);
  // A refused delete brings the item back; a refused edit restores only an item still cached.
  if ((!local && record.kind !== 'delete') || stillDeleting) return;
  if (serverCopy === 'gone') {
    await store.deleteItems(record.collection, [record.id]);
    return;
  }
  const candidate = serverCopy ?? (record.kind === 'delete' ? unmarkDeleted(record.item) : (record.original ?? local?.saved));
  // Never older than the saved copy already here (copy-order.ts): a read answered meanwhile may
  // have stored a newer version than the one read for the refusal, or than the edit's original.
  const copy = candidate && local?.saved && isOlderCopy(candidate, local.saved) ? local.saved : candidate;
  if (!copy) {
    // A create the server refused was never saved anywhere: the failed record is all there is.
    await store.deleteItems(record.collection, [record.id]);
    return;
  }
  await store.putItems([
    {
      collection: record.collection,
      id: record.id,
      practiceId: record.practiceId,
      partition: copy.partition,
      item: copy,
      saved: copy,
      dirty: false,
    },
  ]);
}

function unmarkDeleted(item: Resource): Resource {
  const { isDeleted: _deleted, ...meta } = item.meta;
  return { ...item, meta };
}
