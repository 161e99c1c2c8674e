import type { Resource } from '@caseload/core';
import { isGlobalCollection, typeOfCollection } from '../paths.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { PendingWrite } from '../store/records.ts';
import { loadPatchGenerator } from './load-patch-generator.ts';
import type { Mutex } from './mutex.ts';

/** A resource as a screen hands it to an upsert: a new one has no id or meta yet. */
export type ResourceDraft<T extends Resource = Resource> = T | Omit<T, 'id' | 'meta'>;

/** What the local half of a write needs. */
export interface EnqueueContext {
  store: LocalStore;
  mutex: Mutex;
  clock: () => number;
  /** A new UUID: ids of new resources, idempotency keys. */
  newId: () => string;
  /** The chosen practice network ('' when none). */
  practiceId: () => string;
  /** The chosen acting profile (`x-profile`), if any. */
  profile: () => string | undefined;
  isInFlight: (record: PendingWrite) => boolean;
  /** Tells the queue there is something to send. */
  kick: () => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

function practiceOf(ctx: EnqueueContext, collection: string): string {
  if (isGlobalCollection(collection)) return '';
  const practiceId = ctx.practiceId();
  if (!practiceId) throw new Error(`No practice is chosen, so ${collection} cannot be written.`);
  return practiceId;
}

/**
 * The local half of an upsert (SPEC.md section 4): the item is stored at once, so every screen
 * shows it, and a pending upsert holding the whole item is queued behind everything before it.
 * A new item gets a client-made UUID, so a create made offline is a PUT the server creates. A
 * pending delete of the same item is cancelled. The idempotency key is made here, once.
 */
export async function queueUpsert<T extends Resource>(ctx: EnqueueContext, collection: string, draft: ResourceDraft<T>): Promise<T> {
  const practiceId = practiceOf(ctx, collection);
  // Fetched while the write is stored, so the drain has it when it sends (send-write.ts).
  loadPatchGenerator().catch(() => undefined);
  const stored = await ctx.mutex.run(() =>
    ctx.store.transaction(async () => {
      const now = ctx.clock();
      const given = draft as Partial<Resource>;
      const id = given.id || ctx.newId();
      const existing = await ctx.store.getItem(collection, id);
      const pending = await ctx.store.pendingFor(collection, id);
      for (const p of pending) {
        if (p.kind === 'delete' && !ctx.isInFlight(p)) await ctx.store.removePending(p);
      }
      // Local meta follows the rebases of earlier writes; an unsaved item's version is ''.
      const { isDeleted: _deleted, ...meta } = existing?.item.meta ?? given.meta ?? { versionId: '' };
      const item = {
        ...draft,
        id,
        resourceType: given.resourceType ?? typeOfCollection(collection)?.name ?? collection,
        meta: { ...meta, versionId: meta.versionId ?? '', lastModified: iso(now) },
      } as unknown as T;
      const queuedUpserts = pending.some((p) => p.kind !== 'delete');
      await ctx.store.putItems([{ collection, id, practiceId, partition: item.partition, item, saved: existing?.saved, dirty: true }]);
      await ctx.store.addPendingUpsert({
        kind: 'upsert',
        collection,
        id,
        practiceId,
        profile: ctx.profile(),
        item,
        // Behind an unsent write of the same item the server copy is not known yet: the earlier
        // write's success fills it in (settle-write.ts).
        original: queuedUpserts ? undefined : existing?.saved,
        idempotencyKey: ctx.newId(),
        createdAt: now,
        attempts: 0,
      });
      return item;
    }),
  );
  // After the transaction, never inside it: the drain must not run in the transaction's scope.
  ctx.kick();
  return stored;
}

/**
 * The local half of a delete: the item is marked deleted (isDeleted, lastModified now), a delete
 * is queued and the item leaves the store. An item created on this device and never sent needs
 * nothing from the server: its queued create is simply dropped.
 */
export async function queueDelete(ctx: EnqueueContext, collection: string, given: Resource): Promise<void> {
  const practiceId = practiceOf(ctx, collection);
  const queued = await ctx.mutex.run(() =>
    ctx.store.transaction(async () => {
      const now = ctx.clock();
      const existing = await ctx.store.getItem(collection, given.id);
      const current = existing?.item ?? given;
      const upserts = (await ctx.store.pendingFor(collection, given.id)).filter((p) => p.kind !== 'delete');
      const neverSent = !current.meta?.versionId && upserts.every((p) => p.attempts === 0 && !ctx.isInFlight(p));
      if (neverSent) {
        for (const p of upserts) await ctx.store.removePending(p);
      } else {
        const marked: Resource = { ...current, meta: { ...current.meta, isDeleted: true, lastModified: iso(now) } };
        await ctx.store.addPendingDelete({
          kind: 'delete',
          collection,
          id: given.id,
          practiceId,
          profile: ctx.profile(),
          item: marked,
          idempotencyKey: ctx.newId(),
          createdAt: now,
          attempts: 0,
        });
      }
      await ctx.store.deleteItems(collection, [given.id]);
      return !neverSent;
    }),
  );
  if (queued) ctx.kick();
}

/**
 * Queues a content upload (SPEC.md section 4): it leaves after the writes queued before it (so
 * after the create of a new item) and the resource is read again once the bytes are accepted.
 */
export async function queueUpload(
  ctx: EnqueueContext,
  collection: string,
  given: Resource,
  content: { blob: Blob; contentType: string },
): Promise<void> {
  const practiceId = practiceOf(ctx, collection);
  await ctx.mutex.run(() =>
    ctx.store.transaction(async () => {
      const now = ctx.clock();
      const existing = await ctx.store.getItem(collection, given.id);
      const item = existing?.item ?? given;
      if (existing) await ctx.store.putItems([{ ...existing, dirty: true }]);
      await ctx.store.addPendingUpsert({
        kind: 'upload',
        collection,
        id: given.id,
        practiceId,
        profile: ctx.profile(),
        item,
        content,
        idempotencyKey: ctx.newId(),
        createdAt: now,
        attempts: 0,
      });
    }),
  );
  ctx.kick();
}
