import { HEADERS, type Reference, type Resource } from '@caseload/core';
import { ApiError, NetworkError } from '../api/index.ts';
import type { CollectionHandle, DataLayer, DataLayerOptions } from './data-layer.ts';
import { PATIENT_DATA_COLLECTIONS, collectionPath, practicePrefix, typeOfCollection } from './paths.ts';
import { browserConnectivity, Connectivity } from './queue/connectivity.ts';
import { queueDelete, queueUpload, queueUpsert, type EnqueueContext, type ResourceDraft } from './queue/enqueue.ts';
import { Mutex } from './queue/mutex.ts';
import { listQueuedEdits } from './queue/queued-edits.ts';
import { GATEWAY_STATUSES, isSecurityTokenRefusal } from './queue/retry-policy.ts';
import { SyncStateTracker, type SyncState } from './queue/sync-state.ts';
import { WriteQueue } from './queue/write-queue.ts';
import { CollectionWatch, type CollectionQuery } from './reads/collection-watch.ts';
import { expandReferences, readVersion } from './reads/expand.ts';
import { fetchAll, type ListQuery } from './reads/fetch-all.ts';
import { readHistory } from './reads/history.ts';
import type { LiveValue } from './reads/live-value.ts';
import { PagedQuery } from './reads/paged-query.ts';
import { ReadBuffer } from './reads/read-buffer.ts';
import { readPractice, type ReadContext } from './reads/read-context.ts';
import { ResourceWatch, type ResourceState } from './reads/resource-watch.ts';
import { storeServerCopies } from './reads/server-copies.ts';
import { SecurityTokens } from './security-token/security-tokens.ts';
import { browserTokenStorage } from './security-token/token-storage.ts';
import { DeferredStore } from './store/deferred-store.ts';
import { loadDexieStore } from './store/load-dexie-store.ts';
import type { LocalStore } from './store/local-store.ts';
import { MemoryStore } from './store/memory-store.ts';
import type { PendingWrite } from './store/records.ts';
import { uuid } from './uuid.ts';

/**
 * Builds the data layer for one signed-in user (SPEC.md section 4). The store is that user's
 * IndexedDB database (memory where IndexedDB is missing); writes queued before a reload, or
 * before a 401, are sent once the layer starts (or `resume`s) for the same user.
 */
export function createDataLayer(options: DataLayerOptions): DataLayer {
  return new CaseloadDataLayer(options);
}

/**
 * The user's IndexedDB store, whose code (Dexie) is a chunk of its own: the layer starts at once
 * and its first store operation waits for it. The chunk's download starts once the signed-in
 * shell has painted (store/load-dexie-store.ts), so it does not delay the first screen.
 */
function defaultStore(userKey: string, offlineStorage: boolean): LocalStore {
  if (typeof indexedDB === 'undefined') return new MemoryStore();
  return new DeferredStore(offlineStorage, async () => new (await loadDexieStore()).DexieStore(userKey, offlineStorage));
}

/** Web Locks, where the browser has them: one tab drains a user's queue at a time. */
function acrossTabs(userKey: string): ((drain: () => Promise<void>) => Promise<void>) | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks
    ? async (drain) => {
        await locks.request(`caseload-write-queue:${userKey}`, () => drain());
      }
    : undefined;
}

class CaseloadDataLayer implements DataLayer {
  readonly userKey: string;
  readonly ready: Promise<void>;
  readonly syncState: LiveValue<SyncState>;
  private practice: string;
  private actingProfile: string | undefined;
  private readonly store: LocalStore;
  private readonly clock: () => number;
  private readonly mutex = new Mutex();
  private readonly connectivity: Connectivity;
  private readonly queue: WriteQueue;
  private readonly tokens: SecurityTokens;
  private readonly buffer: ReadBuffer;
  private readonly readContext: ReadContext;
  private readonly sync: SyncStateTracker;
  private readonly newId: () => string;
  private readonly collections = new Map<string, CollectionWatch>();
  private readonly resources = new Map<string, ResourceWatch>();
  private readonly contextListeners = new Set<() => void>();
  private readonly stops: (() => void)[] = [];

  constructor(private readonly o: DataLayerOptions) {
    this.userKey = o.userKey;
    this.practice = o.practiceId ?? '';
    this.actingProfile = o.profile;
    this.clock = o.clock ?? Date.now;
    this.newId = o.newId ?? uuid;
    this.store = o.store ?? defaultStore(o.userKey, o.offlineStorage);
    this.connectivity = new Connectivity(o.connectivity ?? browserConnectivity());
    this.queue = new WriteQueue({
      store: this.store,
      api: o.api,
      clock: this.clock,
      connectivity: this.connectivity,
      mutex: this.mutex,
      exclusive: acrossTabs(o.userKey),
    });
    this.tokens = new SecurityTokens({
      api: o.api,
      clock: this.clock,
      storage: o.tokenStorage ?? browserTokenStorage(o.userKey),
      practiceId: () => this.practice,
      onLastClosed: () => this.store.clearCache(PATIENT_DATA_COLLECTIONS),
    });
    this.buffer = new ReadBuffer((group, ids) => {
      const type = typeOfCollection(group.collection);
      return fetchAll(o.api, collectionPath(group.collection, group.practiceId), {
        filters: [{ field: 'id', op: 'in', value: ids }],
        partition: group.partition,
        crossPartition: type?.partitioned && group.partition === undefined,
      });
    });
    this.readContext = {
      store: this.store,
      mutex: this.mutex,
      api: o.api,
      clock: this.clock,
      practiceId: () => this.practice,
      buffer: this.buffer,
    };
    this.sync = new SyncStateTracker(this.store, this.connectivity, this.queue, this.clock);
    this.syncState = this.sync.live;
    this.stops.push(
      o.api.addHeaderSource(({ path }) => this.headersFor(path)),
      o.api.onSettled((event) => {
        // A gateway answering for a server it cannot reach is no answer from the server either.
        if (event.error instanceof NetworkError || GATEWAY_STATUSES.includes(event.status ?? 0)) this.connectivity.markUnreachable();
        else this.connectivity.markReachable();
        if (event.status === 401 && !event.expectUnauthorized) this.queue.holdForSignIn();
        if (event.error instanceof ApiError && isSecurityTokenRefusal(event.error))
          this.tokens.refused(event.headers[HEADERS.securityToken]);
      }),
      this.connectivity.subscribe((online) => {
        // A patient opened while offline gets its token now.
        if (online) this.tokens.ensure().catch(() => undefined);
      }),
    );
    this.ready = this.start();
  }

  practiceId = () => this.practice;
  profile = () => this.actingProfile;
  setPractice(practiceId: string | undefined) {
    this.practice = practiceId ?? '';
    this.contextChanged();
  }
  setProfile(profile: string | undefined) {
    this.actingProfile = profile;
    this.contextChanged();
  }
  subscribeContext = (listener: () => void) => {
    this.contextListeners.add(listener);
    return () => this.contextListeners.delete(listener);
  };

  watchCollection<T extends Resource = Resource>(collection: string, query: CollectionQuery = {}): CollectionHandle<T> {
    const key = JSON.stringify([readPractice(this.readContext, collection), collection, query]);
    let watch = this.collections.get(key);
    if (!watch) this.collections.set(key, (watch = new CollectionWatch(this.readContext, collection, query)));
    return watch as unknown as CollectionHandle<T>;
  }
  watchResource<T extends Resource = Resource>(collection: string, id: string, options: { partition?: string } = {}) {
    const key = JSON.stringify([readPractice(this.readContext, collection), collection, id, options.partition ?? null]);
    let watch = this.resources.get(key);
    if (!watch) this.resources.set(key, (watch = new ResourceWatch(this.readContext, collection, id, options.partition)));
    return watch.live as unknown as LiveValue<ResourceState<T>>;
  }
  async fetchAll<T extends Resource = Resource>(collection: string, query: ListQuery = {}): Promise<T[]> {
    const practiceId = readPractice(this.readContext, collection);
    const items = await fetchAll<T>(this.o.api, collectionPath(collection, practiceId), query);
    await storeServerCopies(this.readContext, collection, practiceId, items);
    return items;
  }
  expand(references: readonly Reference[]) {
    return expandReferences(this.readContext, references);
  }
  readVersion<T extends Resource = Resource>(collection: string, id: string, versionId: string) {
    return readVersion(this.readContext, collection, id, versionId) as Promise<T | undefined>;
  }
  pagedQuery<T extends Resource = Resource>(collection: string): PagedQuery<T> {
    return new PagedQuery<T>({ ...this.readContext, isOnline: () => this.connectivity.online }, collection);
  }
  async readHistory<T extends Resource = Resource>(collection: string, id: string, options: { partition?: string } = {}): Promise<T[]> {
    return (await readHistory(this.readContext, collection, id, options.partition)) as T[];
  }

  upsert<T extends Resource>(collection: string, item: ResourceDraft<T>): Promise<T> {
    return queueUpsert(this.enqueueContext, collection, item);
  }
  remove(collection: string, item: Resource): Promise<void> {
    return queueDelete(this.enqueueContext, collection, item);
  }
  upload(collection: string, item: Resource, content: Blob, contentType = content.type || 'application/octet-stream'): Promise<void> {
    return queueUpload(this.enqueueContext, collection, item, { blob: content, contentType });
  }
  flush() {
    return this.queue.kick();
  }
  resume() {
    return this.queue.resume();
  }
  queueStats() {
    return this.queue.stats();
  }

  dismissFailed(hash: string) {
    return this.store.removeFailed([hash]);
  }
  queuedEdits() {
    return listQueuedEdits(this.store);
  }
  async hasUnsentEdits() {
    const [pending, failed] = await Promise.all([this.store.countPending(), this.store.listFailed()]);
    return pending > 0 || failed.length > 0;
  }

  openPatient(patientId: string) {
    return this.tokens.openPatient(patientId);
  }
  closePatient(patientId: string) {
    return this.tokens.closePatient(patientId);
  }
  openPatients() {
    return this.tokens.openPatients();
  }
  async clearLocalPatientData(options: { keepUnsentEdits?: boolean } = {}) {
    await this.tokens.closeAll();
    await this.mutex.run(() => (options.keepUnsentEdits ? this.store.clearCache() : this.store.clearAll()));
  }

  dispose() {
    for (const stop of this.stops) stop();
    for (const watch of [...this.collections.values(), ...this.resources.values()]) watch.dispose();
    this.queue.dispose();
    this.sync.dispose();
    this.buffer.dispose();
    this.connectivity.dispose();
    this.store.close();
  }

  private get enqueueContext(): EnqueueContext {
    return {
      store: this.store,
      mutex: this.mutex,
      clock: this.clock,
      newId: this.newId,
      practiceId: () => this.practice,
      profile: () => this.actingProfile,
      isInFlight: (record) => this.queue.isInFlight(record),
      kick: () => void this.queue.kick(),
    };
  }

  /** The headers every request to the server gets: the security token and the acting profile. */
  private headersFor(path: string): Record<string, string> {
    const headers: Record<string, string> = {};
    const token = this.tokens.headerFor(path);
    if (token) headers[HEADERS.securityToken] = token;
    if (this.actingProfile && this.practice && path.startsWith(practicePrefix(this.practice)))
      headers[HEADERS.profile] = this.actingProfile;
    return headers;
  }

  private contextChanged() {
    for (const listener of [...this.contextListeners]) listener();
  }

  /**
   * With the cache in memory, a reload empties it but not the queue: the queued items are put
   * back so screens show the user's unsent text. Then the counts are read and sending starts.
   */
  private async start(): Promise<void> {
    if (!this.store.persistsItems) {
      await this.mutex.run(async () => {
        const latest = new Map<string, PendingWrite>();
        for (const p of await this.store.listPending()) latest.set(`${p.collection}\u0000${p.id}`, p);
        for (const p of latest.values()) {
          if (p.kind === 'delete' || (await this.store.getItem(p.collection, p.id))) continue;
          await this.store.putItems([
            {
              collection: p.collection,
              id: p.id,
              practiceId: p.practiceId,
              partition: p.item.partition,
              item: p.item,
              saved: p.original,
              dirty: true,
            },
          ]);
        }
      });
    }
    await this.sync.refresh();
    void this.queue.kick();
  }
}
