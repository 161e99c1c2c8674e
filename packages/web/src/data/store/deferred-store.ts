import type { LocalStore } from './local-store.ts';
import type { StoreChange } from './records.ts';

/** The methods of the contract that return a promise: each is forwarded once the store is there. */
type AsyncMethod = {
  [K in keyof LocalStore]: LocalStore[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof LocalStore];

const ASYNC_METHODS = [
  'getItem',
  'listItems',
  'putItems',
  'deleteItems',
  'getHistorical',
  'putHistorical',
  'getView',
  'putView',
  'addPendingUpsert',
  'addPendingDelete',
  'updatePending',
  'removePending',
  'replacePending',
  'pendingRefs',
  'getPending',
  'pendingFor',
  'pendingInCollection',
  'listPending',
  'countPending',
  'putFailed',
  'removeFailed',
  'listFailed',
  'clearCache',
  'clearAll',
  'transaction',
] as const satisfies readonly AsyncMethod[];

// A method of the contract missing from the list above fails to compile here.
type Missing = Exclude<AsyncMethod, (typeof ASYNC_METHODS)[number]>;
const everyMethodForwarded: [Missing] extends [never] ? true : Missing = true;
void everyMethodForwarded;

/**
 * A store whose implementation arrives later: the IndexedDB one is built after its code (Dexie) has
 * been fetched as a chunk of its own, so neither the download nor Dexie's set-up sits in the page's
 * first JavaScript or in a React render (docs/performance.md, "Initial JavaScript").
 *
 * Every call made before the store is there waits for it and then runs in call order, so the
 * guarantees are the real store's: a queued write is in IndexedDB before its promise settles.
 * Once it is there, calls go straight through, in the same tick (not after an extra `await`):
 * the calls inside {@link LocalStore.transaction} must run in the transaction's own scope.
 * If loading fails (the chunk cannot be fetched), every call rejects with that error.
 */
export class DeferredStore implements LocalStore {
  readonly persistsItems: boolean;
  /** Resolves with the real store. */
  readonly ready: Promise<LocalStore>;
  private store: LocalStore | undefined;
  private closed = false;
  /** Each subscription and how to end it on the real store (a no-op until that is there). */
  private readonly subscriptions = new Set<{ listener: (change: StoreChange) => void; stop: () => void }>();

  constructor(persistsItems: boolean, load: () => Promise<LocalStore>) {
    this.persistsItems = persistsItems;
    this.ready = load().then((store) => {
      if (this.closed) store.close();
      this.store = store;
      for (const entry of this.subscriptions) entry.stop = store.subscribe(entry.listener);
      return store;
    });
    // A failure is told to each caller; the promise itself must not count as unhandled.
    this.ready.catch(() => undefined);
    for (const name of ASYNC_METHODS) {
      (this as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        const call = (store: LocalStore) => (store[name] as (...a: unknown[]) => Promise<unknown>)(...args);
        return this.store ? call(this.store) : this.ready.then(call);
      };
    }
  }

  declare getItem: LocalStore['getItem'];
  declare listItems: LocalStore['listItems'];
  declare putItems: LocalStore['putItems'];
  declare deleteItems: LocalStore['deleteItems'];
  declare getHistorical: LocalStore['getHistorical'];
  declare putHistorical: LocalStore['putHistorical'];
  declare getView: LocalStore['getView'];
  declare putView: LocalStore['putView'];
  declare addPendingUpsert: LocalStore['addPendingUpsert'];
  declare addPendingDelete: LocalStore['addPendingDelete'];
  declare updatePending: LocalStore['updatePending'];
  declare removePending: LocalStore['removePending'];
  declare replacePending: LocalStore['replacePending'];
  declare pendingRefs: LocalStore['pendingRefs'];
  declare getPending: LocalStore['getPending'];
  declare pendingFor: LocalStore['pendingFor'];
  declare pendingInCollection: LocalStore['pendingInCollection'];
  declare listPending: LocalStore['listPending'];
  declare countPending: LocalStore['countPending'];
  declare putFailed: LocalStore['putFailed'];
  declare removeFailed: LocalStore['removeFailed'];
  declare listFailed: LocalStore['listFailed'];
  declare clearCache: LocalStore['clearCache'];
  declare clearAll: LocalStore['clearAll'];
  declare transaction: LocalStore['transaction'];

  subscribe(listener: (change: StoreChange) => void): () => void {
    const entry = { listener, stop: this.store ? this.store.subscribe(listener) : () => undefined };
    this.subscriptions.add(entry);
    return () => {
      entry.stop();
      this.subscriptions.delete(entry);
    };
  }

  close(): void {
    this.closed = true;
    this.store?.close();
  }
}
