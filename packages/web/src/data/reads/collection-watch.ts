import type { Filter, Resource } from '@caseload/core';
import { ApiError, NetworkError } from '../../api/index.ts';
import { collectionPath } from '../paths.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { StoredItem } from '../store/records.ts';
import { fetchAll } from './fetch-all.ts';
import { coalesced, LiveValue } from './live-value.ts';
import { matchesFilters } from './local-filter.ts';
import { reportLater } from './report-later.ts';
import { canRead, readPractice, type ReadContext } from './read-context.ts';
import { storeServerCopies } from './server-copies.ts';

/** Which resources of a collection a screen lists. */
export interface CollectionQuery {
  /** One patient's resources. */
  partition?: string;
  filters?: Filter[];
  /** Across patients, for patient-partitioned types. */
  crossPartition?: boolean;
}

/** What a screen listing a collection sees. */
export interface CollectionState<T extends Resource = Resource> {
  items: T[];
  /** A read from the server is under way. */
  loading: boolean;
  /** The server refused the last read. (No answer at all is not an error: the sync state shows offline.) */
  error?: ApiError;
}

/** The identity of one list: the same query in another practice is another list. */
export const viewKey = (practiceId: string, collection: string, query: CollectionQuery) =>
  JSON.stringify([practiceId, collection, query.partition ?? null, query.filters ?? [], query.crossPartition ?? false]);

const newestFirst = (a: StoredItem, b: StoredItem) => (b.item.meta?.lastModified ?? '').localeCompare(a.item.meta?.lastModified ?? '');

/**
 * The list as the device knows it: the server's last answer for this query (its order kept),
 * with items created or edited here since it was read in front: unsent ones, and sent ones the
 * server accepted after it answered (without them a new item would vanish from its list the
 * moment its write succeeds, until the list is read again). Before the query
 * was ever answered (offline), every cached item matching the query.
 */
export async function readCollection(
  store: LocalStore,
  practiceId: string,
  collection: string,
  query: CollectionQuery,
): Promise<Resource[]> {
  const [view, cached] = await Promise.all([store.getView(viewKey(practiceId, collection, query)), store.listItems(collection)]);
  const mine = cached.filter((i) => i.practiceId === practiceId && (query.partition === undefined || i.partition === query.partition));
  if (!view)
    return mine
      .filter((i) => matchesFilters(i.item, query.filters))
      .sort(newestFirst)
      .map((i) => i.item);
  const byId = new Map(mine.map((i) => [i.id, i]));
  const listed = new Set(view.ids);
  const added = mine
    .filter((i) => !listed.has(i.id) && (i.dirty || (i.confirmedAt ?? 0) >= view.fetchedAt) && matchesFilters(i.item, query.filters))
    .sort(newestFirst);
  return [...added.map((i) => i.item), ...view.ids.flatMap((id) => byId.get(id)?.item ?? [])];
}

/** Reads the whole list from the server (every page) and stores it as this query's view. */
export async function refreshCollection(ctx: ReadContext, collection: string, query: CollectionQuery): Promise<void> {
  const practiceId = readPractice(ctx, collection);
  // When the read was asked, not answered: a write the server accepted while the pages were on
  // the wire may be missing from them, so it must count as newer than the list.
  const askedAt = ctx.clock();
  const items = await fetchAll(ctx.api, collectionPath(collection, practiceId), query);
  await storeServerCopies(ctx, collection, practiceId, items);
  await ctx.store.putView({ key: viewKey(practiceId, collection, query), collection, ids: items.map((i) => i.id), fetchedAt: askedAt });
}

/**
 * One list, live: re-read from the local store on every change of the collection's items or
 * views, and refreshed from the server when first watched and on {@link refresh}.
 */
export class CollectionWatch {
  readonly live: LiveValue<CollectionState>;
  private inFlight: Promise<void> | undefined;
  private disposed = false;

  constructor(
    private readonly ctx: ReadContext,
    private readonly collection: string,
    private readonly query: CollectionQuery,
  ) {
    this.live = new LiveValue<CollectionState>({ items: [], loading: true }, () => this.start());
  }

  /** Reads the list from the server again; concurrent calls share one read. */
  refresh(): Promise<void> {
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** The layer is gone (its store closed): late answers are dropped, not reported. */
  dispose(): void {
    this.disposed = true;
  }

  private readonly failed = (error: unknown) => {
    if (!this.disposed) reportLater(error);
  };

  private start(): () => void {
    let alive = true;
    const practiceId = readPractice(this.ctx, this.collection);
    const reread = coalesced(async () => {
      const items = await readCollection(this.ctx.store, practiceId, this.collection, this.query);
      if (alive && !this.disposed) this.live.set({ ...this.live.get(), items });
    });
    const stop = this.ctx.store.subscribe((change) => {
      const table = change.table === 'items' || change.table === 'views';
      if (!table || (change.collection ?? this.collection) !== this.collection) return;
      reread().catch(this.failed);
      // Cleared under an open screen (the last patient closed): it still needs its list.
      if (change.cleared && change.table === 'items') this.refresh().catch(this.failed);
    });
    reread().catch(this.failed);
    this.refresh().catch(this.failed);
    return () => {
      alive = false;
      stop();
    };
  }

  private async load(): Promise<void> {
    // Before a practice is chosen there is nothing to ask the server; the list stays as cached.
    if (!canRead(this.ctx, this.collection)) return this.live.set({ ...this.live.get(), loading: false });
    this.live.set({ ...this.live.get(), loading: true });
    let error: ApiError | undefined;
    try {
      await refreshCollection(this.ctx, this.collection, this.query);
    } catch (e) {
      // No answer at all leaves the cached list on screen; the sync state says offline.
      if (e instanceof ApiError) error = e;
      else if (!(e instanceof NetworkError)) {
        this.live.set({ ...this.live.get(), loading: false });
        throw e;
      }
    }
    this.live.set({ ...this.live.get(), loading: false, error });
  }
}
