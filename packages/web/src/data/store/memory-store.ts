import { ChangeEmitter } from './change-emitter.ts';
import { cloneRecord } from './clone-record.ts';
import { bySeq, type LocalStore, type NewPendingDelete, type NewPendingUpsert, type PendingRef } from './local-store.ts';
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

const itemKey = (collection: string, id: string) => `${collection}\u0000${id}`;
const historicalKey = (collection: string, id: string, versionId: string) => `${collection}\u0000${id}\u0000${versionId}`;

/**
 * The local store held in memory: used when offline storage is off (nothing of the patient's
 * stays on the device after the tab closes) and by the unit tests. It keeps the same contract as
 * the IndexedDB store, copies included.
 */
export class MemoryStore implements LocalStore {
  readonly persistsItems = false;
  private readonly items = new Map<string, StoredItem>();
  private readonly historical = new Map<string, HistoricalItem>();
  private readonly views = new Map<string, StoredView>();
  private readonly upserts = new Map<number, PendingUpsert>();
  private readonly deletes = new Map<number, PendingDelete>();
  private readonly failed = new Map<string, FailedUpsert>();
  private readonly emitter = new ChangeEmitter();
  private lastSeq = 0;

  async getItem(collection: string, id: string) {
    return cloneRecord(this.items.get(itemKey(collection, id)));
  }
  async listItems(collection: string) {
    return [...this.items.values()].filter((i) => i.collection === collection).map(cloneRecord);
  }
  async putItems(items: StoredItem[]) {
    for (const item of items) this.items.set(itemKey(item.collection, item.id), cloneRecord(item));
    this.emitPerCollection('items', items);
  }
  async deleteItems(collection: string, ids: string[]) {
    for (const id of ids) this.items.delete(itemKey(collection, id));
    if (ids.length > 0) this.emit({ table: 'items', collection });
  }

  async getHistorical(collection: string, id: string, versionId: string) {
    return cloneRecord(this.historical.get(historicalKey(collection, id, versionId)));
  }
  async putHistorical(items: HistoricalItem[]) {
    for (const h of items) this.historical.set(historicalKey(h.collection, h.id, h.versionId), cloneRecord(h));
    this.emitPerCollection('historical', items);
  }

  async getView(key: string) {
    return cloneRecord(this.views.get(key));
  }
  async putView(view: StoredView) {
    this.views.set(view.key, cloneRecord(view));
    this.emit({ table: 'views', collection: view.collection });
  }

  async addPendingUpsert(record: NewPendingUpsert) {
    const stored: PendingUpsert = { ...cloneRecord(record), seq: ++this.lastSeq };
    this.upserts.set(stored.seq, stored);
    this.emit({ table: 'pendingUpserts', collection: record.collection, delta: 1 });
    return cloneRecord(stored);
  }
  async addPendingDelete(record: NewPendingDelete) {
    const stored: PendingDelete = { ...cloneRecord(record), seq: ++this.lastSeq };
    this.deletes.set(stored.seq, stored);
    this.emit({ table: 'pendingDeletes', collection: record.collection, delta: 1 });
    return cloneRecord(stored);
  }
  async updatePending(record: PendingWrite) {
    if (record.kind === 'delete') {
      if (!this.deletes.has(record.seq)) return;
      this.deletes.set(record.seq, cloneRecord(record));
    } else {
      if (!this.upserts.has(record.seq)) return;
      this.upserts.set(record.seq, cloneRecord(record));
    }
    this.emit({ table: record.kind === 'delete' ? 'pendingDeletes' : 'pendingUpserts', collection: record.collection, delta: 0 });
  }
  async removePending(record: Pick<PendingWrite, 'kind' | 'seq' | 'collection'>) {
    const table = record.kind === 'delete' ? this.deletes : this.upserts;
    if (!table.delete(record.seq)) return;
    this.emit({ table: record.kind === 'delete' ? 'pendingDeletes' : 'pendingUpserts', collection: record.collection, delta: -1 });
  }
  async replacePending(records: PendingWrite[]) {
    for (const record of records) await this.updatePending(record);
  }
  async pendingRefs(): Promise<PendingRef[]> {
    return this.allPending().map(({ seq, kind, collection, id }) => ({
      seq,
      table: kind === 'delete' ? 'pendingDeletes' : 'pendingUpserts',
      collection,
      id,
    }));
  }
  async getPending(refs: readonly Pick<PendingRef, 'seq' | 'table'>[]) {
    return refs.map((ref) =>
      cloneRecord<PendingWrite | undefined>((ref.table === 'pendingDeletes' ? this.deletes : this.upserts).get(ref.seq)),
    );
  }
  async pendingFor(collection: string, id: string) {
    return this.allPending()
      .filter((p) => p.collection === collection && p.id === id)
      .map(cloneRecord);
  }
  async pendingInCollection(collection: string) {
    return this.allPending()
      .filter((p) => p.collection === collection)
      .map(cloneRecord);
  }
  async listPending() {
    return this.allPending().map(cloneRecord);
  }
  async countPending() {
    return this.upserts.size + this.deletes.size;
  }

  async putFailed(record: FailedUpsert) {
    this.failed.set(record.hash, cloneRecord(record));
    this.emit({ table: 'failedUpserts' });
  }
  async removeFailed(hashes: string[]) {
    let removed = false;
    for (const hash of hashes) removed = this.failed.delete(hash) || removed;
    if (removed) this.emit({ table: 'failedUpserts' });
  }
  async listFailed() {
    return [...this.failed.values()].sort((a, b) => b.lastAttempt - a.lastAttempt).map(cloneRecord);
  }

  async clearCache(collections?: readonly string[]) {
    const hit = (r: { collection: string }) => !collections || collections.includes(r.collection);
    for (const table of [this.items, this.historical, this.views] as Map<unknown, { collection: string }>[]) {
      for (const [key, record] of table) if (hit(record)) table.delete(key);
    }
    this.emitCleared(collections);
  }
  async clearAll() {
    await this.clearCache();
    this.upserts.clear();
    this.deletes.clear();
    this.failed.clear();
    for (const table of ['pendingUpserts', 'pendingDeletes', 'failedUpserts'] as const) this.emit({ table });
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  subscribe(listener: (change: StoreChange) => void) {
    return this.emitter.subscribe(listener);
  }
  close() {}

  private allPending(): PendingWrite[] {
    return [...this.upserts.values(), ...this.deletes.values()].sort(bySeq);
  }
  private emitCleared(collections: readonly string[] | undefined) {
    for (const table of ['items', 'historical', 'views'] as const) {
      if (!collections) this.emit({ table, cleared: true });
      else for (const collection of collections) this.emit({ table, collection, cleared: true });
    }
  }
  private emit(change: StoreChange) {
    this.emitter.emit(change);
  }
  private emitPerCollection(table: StoreChange['table'], records: { collection: string }[]) {
    for (const collection of new Set(records.map((r) => r.collection))) this.emit({ table, collection });
  }
}
