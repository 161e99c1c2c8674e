import { Dexie, type Table } from 'dexie/dist/modern/dexie.mjs';
import { LOCAL_DB_SCHEMA_VERSION } from '../constants.ts';
import { ChangeEmitter } from './change-emitter.ts';
import { databaseName } from './database-name.ts';
import { bySeq, type LocalStore, type NewPendingDelete, type NewPendingUpsert, type PendingRef } from './local-store.ts';
import { MemoryStore } from './memory-store.ts';
import type {
  FailedUpsert,
  HistoricalItem,
  PendingDelete,
  PendingUpsert,
  PendingWrite,
  StoreChange,
  StoredItem,
  StoredView,
} from './records.ts';

/** The cached patient data: in IndexedDB only when offline storage is on. */
const CACHE_TABLES = {
  items: '[collection+id], collection',
  historical: '[collection+id+versionId], collection',
  views: 'key, collection',
} as const;

/** The write queue: always in IndexedDB, so an edit survives a reload or a crash. */
const QUEUE_TABLES = {
  pendingUpserts: 'seq, [collection+id], collection',
  pendingDeletes: 'seq, [collection+id], collection',
  failedUpserts: 'hash, lastAttempt',
} as const;

class CaseloadDatabase extends Dexie {
  declare items: Table<StoredItem, [string, string]>;
  declare historical: Table<HistoricalItem, [string, string, string]>;
  declare views: Table<StoredView, string>;
  declare pendingUpserts: Table<PendingUpsert, number>;
  declare pendingDeletes: Table<PendingDelete, number>;
  declare failedUpserts: Table<FailedUpsert, string>;

  constructor(name: string, offlineStorage: boolean) {
    // No liveQuery reads this database (the store tells its own subscribers), so Dexie's query
    // cache and its change broadcasting would only cost time on every write of a draining queue.
    super(name, { cache: 'disabled' });
    this.unuse({ stack: 'dbcore', name: 'Observability' });
    // Dexie 4 adds or drops a declared table without a version bump, so turning offline storage
    // on or off keeps schema version 2 and never touches the queue tables.
    this.version(LOCAL_DB_SCHEMA_VERSION).stores(offlineStorage ? { ...CACHE_TABLES, ...QUEUE_TABLES } : QUEUE_TABLES);
  }
}

export { databaseName };

/**
 * The local store in IndexedDB (through Dexie), one database per user (SPEC.md section 4, schema
 * version 2). With offline storage on, all six tables live there; with it off, items, historical
 * and views are held in memory and only the write queue is written to disk, so unsent edits
 * survive a reload while cached patient data never outlives the tab.
 *
 * Exercised in real Chromium by the end-to-end tests; the unit tests run the queue against
 * {@link MemoryStore}, which keeps the same contract.
 */
export class DexieStore implements LocalStore {
  readonly persistsItems: boolean;
  private readonly db: CaseloadDatabase;
  private readonly memoryCache: MemoryStore | undefined;
  private readonly emitter = new ChangeEmitter();
  /** Changes made inside {@link transaction}, told once it has committed. */
  private deferred: StoreChange[] = [];

  constructor(userKey: string, offlineStorage: boolean) {
    this.persistsItems = offlineStorage;
    this.db = new CaseloadDatabase(databaseName(userKey), offlineStorage);
    this.memoryCache = offlineStorage ? undefined : new MemoryStore();
    if (!offlineStorage) {
      // Offline storage was on in an earlier session: its cached copies must not stay on disk.
      this.db.on('ready', (db) => clearLeftoverCache((db as Dexie).backendDB()));
    }
  }

  async getItem(collection: string, id: string) {
    return this.memoryCache ? this.memoryCache.getItem(collection, id) : this.db.items.get([collection, id]);
  }
  async listItems(collection: string) {
    return this.memoryCache ? this.memoryCache.listItems(collection) : this.db.items.where('collection').equals(collection).toArray();
  }
  async putItems(items: StoredItem[]) {
    if (this.memoryCache) return this.memoryCache.putItems(items);
    if (items.length === 0) return;
    await this.db.items.bulkPut(items);
    this.emitPerCollection('items', items);
  }
  async deleteItems(collection: string, ids: string[]) {
    if (this.memoryCache) return this.memoryCache.deleteItems(collection, ids);
    if (ids.length === 0) return;
    await this.db.items.bulkDelete(ids.map((id) => [collection, id] as [string, string]));
    this.emit({ table: 'items', collection });
  }

  async getHistorical(collection: string, id: string, versionId: string) {
    return this.memoryCache
      ? this.memoryCache.getHistorical(collection, id, versionId)
      : this.db.historical.get([collection, id, versionId]);
  }
  async putHistorical(items: HistoricalItem[]) {
    if (this.memoryCache) return this.memoryCache.putHistorical(items);
    if (items.length === 0) return;
    await this.db.historical.bulkPut(items);
    this.emitPerCollection('historical', items);
  }

  async getView(key: string) {
    return this.memoryCache ? this.memoryCache.getView(key) : this.db.views.get(key);
  }
  async putView(view: StoredView) {
    if (this.memoryCache) return this.memoryCache.putView(view);
    await this.db.views.put(view);
    this.emit({ table: 'views', collection: view.collection });
  }

  async addPendingUpsert(record: NewPendingUpsert) {
    const stored = await this.addPending(this.db.pendingUpserts, record);
    this.emit({ table: 'pendingUpserts', collection: record.collection, delta: 1 });
    return stored;
  }
  async addPendingDelete(record: NewPendingDelete) {
    const stored = await this.addPending(this.db.pendingDeletes, record);
    this.emit({ table: 'pendingDeletes', collection: record.collection, delta: 1 });
    return stored;
  }
  async updatePending(record: PendingWrite) {
    // Only a record still queued is rewritten: one removed meanwhile (sent, cancelled) stays gone.
    const done = await this.db.transaction('rw', this.db.pendingUpserts, this.db.pendingDeletes, async () => {
      if (record.kind === 'delete') {
        return (await this.db.pendingDeletes.update(record.seq, { ...record })) === 1;
      }
      return (await this.db.pendingUpserts.update(record.seq, { ...record })) === 1;
    });
    if (done) this.emit({ table: record.kind === 'delete' ? 'pendingDeletes' : 'pendingUpserts', collection: record.collection, delta: 0 });
  }
  async removePending(record: Pick<PendingWrite, 'kind' | 'seq' | 'collection'>) {
    const table = record.kind === 'delete' ? this.db.pendingDeletes : this.db.pendingUpserts;
    await table.delete(record.seq);
    // Callers remove only records they read in the same step (or reserved), so one went.
    this.emit({ table: record.kind === 'delete' ? 'pendingDeletes' : 'pendingUpserts', collection: record.collection, delta: -1 });
  }
  async replacePending(records: PendingWrite[]) {
    if (records.length === 0) return;
    const deletes = records.filter((r): r is PendingDelete => r.kind === 'delete');
    const upserts = records.filter((r): r is PendingUpsert => r.kind !== 'delete');
    await this.db.transaction('rw', this.db.pendingUpserts, this.db.pendingDeletes, async () => {
      if (upserts.length) await this.db.pendingUpserts.bulkPut(upserts);
      if (deletes.length) await this.db.pendingDeletes.bulkPut(deletes);
    });
    for (const record of records) {
      this.emit({ table: record.kind === 'delete' ? 'pendingDeletes' : 'pendingUpserts', collection: record.collection, delta: 0 });
    }
  }
  async pendingRefs() {
    // A key cursor over the [collection+id] index: the items (which can be long notes) stay on disk.
    const refs: PendingRef[] = [];
    await this.db.transaction('r', this.db.pendingUpserts, this.db.pendingDeletes, async () => {
      for (const table of ['pendingUpserts', 'pendingDeletes'] as const) {
        await this.db[table].orderBy('[collection+id]').eachKey((key, cursor) => {
          const [collection, id] = key as [string, string];
          refs.push({ seq: cursor.primaryKey as number, table, collection, id });
        });
      }
    });
    return refs.sort(bySeq);
  }
  async getPending(refs: readonly Pick<PendingRef, 'seq' | 'table'>[]) {
    return this.db.transaction('r', this.db.pendingUpserts, this.db.pendingDeletes, async () => {
      const found = new Map<string, PendingWrite | undefined>();
      for (const table of ['pendingUpserts', 'pendingDeletes'] as const) {
        const seqs = refs.filter((r) => r.table === table).map((r) => r.seq);
        if (seqs.length === 0) continue;
        const records: (PendingWrite | undefined)[] = await this.db[table].bulkGet(seqs);
        seqs.forEach((seq, i) => found.set(`${table}:${seq}`, records[i]));
      }
      return refs.map((r) => found.get(`${r.table}:${r.seq}`));
    });
  }
  async pendingFor(collection: string, id: string) {
    const key: [string, string] = [collection, id];
    return this.db.transaction('r', this.db.pendingUpserts, this.db.pendingDeletes, async () =>
      merged(
        await this.db.pendingUpserts.where('[collection+id]').equals(key).toArray(),
        await this.db.pendingDeletes.where('[collection+id]').equals(key).toArray(),
      ),
    );
  }
  async pendingInCollection(collection: string) {
    return this.db.transaction('r', this.db.pendingUpserts, this.db.pendingDeletes, async () =>
      merged(
        await this.db.pendingUpserts.where('collection').equals(collection).toArray(),
        await this.db.pendingDeletes.where('collection').equals(collection).toArray(),
      ),
    );
  }
  async listPending() {
    return this.db.transaction('r', this.db.pendingUpserts, this.db.pendingDeletes, async () =>
      merged(await this.db.pendingUpserts.toArray(), await this.db.pendingDeletes.toArray()),
    );
  }
  async countPending() {
    return this.db.transaction('r', this.db.pendingUpserts, this.db.pendingDeletes, async () => {
      return (await this.db.pendingUpserts.count()) + (await this.db.pendingDeletes.count());
    });
  }

  async putFailed(record: FailedUpsert) {
    await this.db.failedUpserts.put(record);
    this.emit({ table: 'failedUpserts' });
  }
  async removeFailed(hashes: string[]) {
    if (hashes.length === 0) return;
    await this.db.failedUpserts.bulkDelete(hashes);
    this.emit({ table: 'failedUpserts' });
  }
  async listFailed() {
    return this.db.failedUpserts.orderBy('lastAttempt').reverse().toArray();
  }

  async clearCache(collections?: readonly string[]) {
    if (this.memoryCache) return this.memoryCache.clearCache(collections);
    const { items, historical, views } = this.db;
    await this.db.transaction('rw', items, historical, views, async () => {
      if (!collections) {
        await Promise.all([items.clear(), historical.clear(), views.clear()]);
        return;
      }
      const list = [...collections];
      await Promise.all([
        items.where('collection').anyOf(list).delete(),
        historical.where('collection').anyOf(list).delete(),
        views.where('collection').anyOf(list).delete(),
      ]);
    });
    for (const table of ['items', 'historical', 'views'] as const) {
      if (!collections) this.emit({ table, cleared: true });
      else for (const collection of collections) this.emit({ table, collection, cleared: true });
    }
  }
  async clearAll() {
    await this.clearCache();
    await this.db.transaction('rw', this.db.pendingUpserts, this.db.pendingDeletes, this.db.failedUpserts, async () => {
      await Promise.all([this.db.pendingUpserts.clear(), this.db.pendingDeletes.clear(), this.db.failedUpserts.clear()]);
    });
    for (const table of ['pendingUpserts', 'pendingDeletes', 'failedUpserts'] as const) this.emit({ table });
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    try {
      // Every table this database declares; with the cache in memory, that is the queue alone.
      return await this.db.transaction('rw', this.db.tables, work);
    } finally {
      // Told after the commit and outside the transaction's scope: a listener's own reads must
      // neither see uncommitted data nor run inside a transaction that is about to end.
      const changes = mergeChanges(this.deferred);
      this.deferred = [];
      for (const change of changes) this.emitter.emit(change);
    }
  }

  subscribe(listener: (change: StoreChange) => void) {
    const stopOwn = this.emitter.subscribe(listener);
    const stopCache = this.memoryCache?.subscribe(listener);
    return () => {
      stopOwn();
      stopCache?.();
    };
  }
  close() {
    this.db.close();
  }

  /**
   * Adds a record with the next seq across both queue tables. The read of the last seq and the
   * add share one read-write transaction, which IndexedDB serialises across tabs, so two tabs
   * can never give two writes the same place.
   */
  private async addPending<R extends PendingWrite>(table: Table<R, number>, record: Omit<R, 'seq'>): Promise<R> {
    return this.db.transaction('rw', this.db.pendingUpserts, this.db.pendingDeletes, async () => {
      const [lastUpsert, lastDelete] = await Promise.all([
        this.db.pendingUpserts.toCollection().last(),
        this.db.pendingDeletes.toCollection().last(),
      ]);
      const seq = Math.max(lastUpsert?.seq ?? 0, lastDelete?.seq ?? 0) + 1;
      const stored = { ...record, seq } as R;
      await table.add(stored);
      return stored;
    });
  }

  private emit(change: StoreChange): void {
    if (Dexie.currentTransaction) this.deferred.push(change);
    else this.emitter.emit(change);
  }

  private emitPerCollection(table: StoreChange['table'], records: { collection: string }[]) {
    for (const collection of new Set(records.map((r) => r.collection))) this.emit({ table, collection });
  }
}

/**
 * The changes of one transaction, one per table and collection: a drain settling several answers
 * at once tells each screen once, and the queue's deltas add up.
 */
function mergeChanges(changes: StoreChange[]): StoreChange[] {
  const byTarget = new Map<string, StoreChange>();
  for (const change of changes) {
    const key = `${change.table}\u0000${change.collection ?? ''}\u0000${change.cleared ? 1 : 0}`;
    const seen = byTarget.get(key);
    if (!seen) byTarget.set(key, { ...change });
    else if (seen.delta !== undefined) seen.delta = change.delta === undefined ? undefined : seen.delta + change.delta;
  }
  return [...byTarget.values()];
}

function merged(upserts: PendingUpsert[], deletes: PendingDelete[]): PendingWrite[] {
  return [...upserts, ...deletes].sort(bySeq);
}

/** Empties cache tables an earlier session left on disk, through the raw IndexedDB connection. */
function clearLeftoverCache(idb: IDBDatabase): Promise<void> {
  const leftovers = Object.keys(CACHE_TABLES).filter((name) => idb.objectStoreNames.contains(name));
  if (leftovers.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const tx = idb.transaction(leftovers, 'readwrite');
    for (const name of leftovers) tx.objectStore(name).clear();
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}
