import { HEADERS, type Filter, type Resource } from '@caseload/core';
import { ApiError, NetworkError } from '../../api/index.ts';
import { PAGED_QUERY_PAGE_SIZE } from '../constants.ts';
import { collectionPath } from '../paths.ts';
import { coalesced, LiveValue } from './live-value.ts';
import { matchesLocally, sortLocally } from './local-query.ts';
import { canRead, readPractice, type ReadContext } from './read-context.ts';
import { reportLater } from './report-later.ts';
import { storeServerCopies } from './server-copies.ts';

/** One page-by-page search of a collection (docs/api.md, `POST {Collection}/queries`). */
export interface PagedQueryRequest {
  /** Combined with AND; none lists the whole collection. */
  filters?: Filter[];
  /** A sort field of the type (Name, Created, BirthDate, Mrn, LastModified, ...). */
  orderBy?: string;
  order?: 'asc' | 'desc';
  /** One patient's partition (patient-partitioned types). */
  partition?: string;
  /** Across patients, for patient-partitioned types. */
  crossPartition?: boolean;
  /** Results per page; PAGED_QUERY_PAGE_SIZE (50) by default. */
  pageSize?: number;
}

/** What a screen showing a paged search sees. */
export interface PagedQueryState<T extends Resource = Resource> {
  /** The pages read so far, in the server's order (the device's copy of each, unsent edits included). */
  items: T[];
  /** The request these items answer (undefined before the first `setQuery`). */
  request: PagedQueryRequest | undefined;
  /** The first page of the current request is on its way. */
  loading: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  /** The server has more pages (`loadMore` reads the next). */
  hasMore: boolean;
  /** The server refused the last read. */
  error?: ApiError;
  /** The server could not be reached: these are the matches this device holds. */
  fromDevice: boolean;
}

export interface PagedQueryContext extends ReadContext {
  /** False while the server cannot be reached: the device's matches are shown at once. */
  isOnline: () => boolean;
}

const INITIAL: PagedQueryState = { items: [], request: undefined, loading: false, loadingMore: false, hasMore: false, fromDevice: false };

/**
 * A search of one collection read a page at a time, for lists too long to read whole (100,000
 * patients). `setQuery` starts a new search; answers for an older one are dropped (and its request
 * aborted), so typing fast never shows stale results. Every page is stored on the device like any
 * read; when the server cannot be reached, the device's own matches are shown, sorted as the
 * server would. Between answers the list follows the store, so an edit made elsewhere shows here.
 */
export class PagedQuery<T extends Resource = Resource> {
  readonly live: LiveValue<PagedQueryState<T>>;
  private generation = 0;
  private ids: string[] = [];
  /** When (device clock) the first page was asked for: items confirmed after it belong in front. */
  private askedAt = 0;
  private continuation: string | undefined;
  private abort: AbortController | undefined;
  private more: Promise<void> | undefined;
  private watching = false;
  private readonly reread = coalesced(() => this.rereadFromStore());

  constructor(
    private readonly ctx: PagedQueryContext,
    private readonly collection: string,
  ) {
    this.live = new LiveValue<PagedQueryState<T>>(INITIAL as PagedQueryState<T>, () => {
      this.watching = true;
      const stop = ctx.store.subscribe((change) => {
        if (change.table === 'items' && (change.collection ?? this.collection) === this.collection) this.reread().catch(reportLater);
      });
      return () => {
        this.watching = false;
        stop();
      };
    });
  }

  /** Starts a new search (always, even for the same request: a screen may ask again). */
  setQuery(request: PagedQueryRequest): Promise<void> {
    this.cancel();
    const generation = ++this.generation;
    this.ids = [];
    this.continuation = undefined;
    this.more = undefined;
    this.set({ ...INITIAL, request, loading: true } as PagedQueryState<T>);
    return this.read(generation, request);
  }

  /** Reads the next page, if there is one; calls made while one is read share it. */
  loadMore(): Promise<void> {
    const state = this.live.get();
    if (!state.request || !state.hasMore || state.loading || !this.continuation) return Promise.resolve();
    this.more ??= this.read(this.generation, state.request, this.continuation).finally(() => {
      this.more = undefined;
    });
    return this.more;
  }

  /** Ends the search: nothing listed and nothing asked until the next `setQuery`. */
  clear(): void {
    this.cancel();
    this.ids = [];
    this.continuation = undefined;
    this.more = undefined;
    this.set(INITIAL as PagedQueryState<T>);
  }

  /** Aborts the request under way; its answer, should it come, is dropped. */
  cancel(): void {
    this.generation++;
    this.abort?.abort();
    this.abort = undefined;
  }

  private set(state: PagedQueryState<T>) {
    this.live.set(state);
  }

  private current(generation: number) {
    return generation === this.generation;
  }

  private async read(generation: number, request: PagedQueryRequest, continuation?: string): Promise<void> {
    const first = continuation === undefined;
    if (!first) this.set({ ...this.live.get(), loadingMore: true });
    // Offline: what the device holds, at once; the request below may still find the server.
    if (first && !this.ctx.isOnline()) await this.showDeviceMatches(generation, request, true);
    // Before a practice is chosen there is nothing to ask the server.
    if (!canRead(this.ctx, this.collection)) return this.set({ ...this.live.get(), loading: false, loadingMore: false });
    const practiceId = readPractice(this.ctx, this.collection);
    const abort = new AbortController();
    this.abort = abort;
    if (first) this.askedAt = this.ctx.clock();
    try {
      const page = await this.fetchPage(practiceId, request, continuation, abort.signal);
      if (!this.current(generation)) return;
      await storeServerCopies(this.ctx, this.collection, practiceId, page.items);
      if (!this.current(generation)) return;
      this.ids = first ? page.items.map((i) => i.id) : [...this.ids, ...page.items.map((i) => i.id)];
      this.continuation = page.continuation;
      const items = await this.itemsFromStore(practiceId, request);
      if (!this.current(generation)) return;
      this.set({
        ...this.live.get(),
        items,
        loading: false,
        loadingMore: false,
        hasMore: !!page.continuation,
        error: undefined,
        fromDevice: false,
      });
    } catch (e) {
      if (!this.current(generation)) return;
      if (e instanceof NetworkError) return this.showDeviceMatches(generation, request, false);
      // A refusal of a further page keeps the pages shown; of the first, nothing is shown but the error.
      if (e instanceof ApiError) {
        const shown = first ? { items: [], fromDevice: false, hasMore: false } : {};
        return this.set({ ...this.live.get(), ...shown, loading: false, loadingMore: false, error: e });
      }
      this.set({ ...this.live.get(), loading: false, loadingMore: false });
      throw e;
    } finally {
      if (this.abort === abort) this.abort = undefined;
    }
  }

  private async fetchPage(practiceId: string, request: PagedQueryRequest, continuation: string | undefined, signal: AbortSignal) {
    const params = new URLSearchParams({ pageSize: String(request.pageSize ?? PAGED_QUERY_PAGE_SIZE) });
    if (request.orderBy) params.set('orderBy', request.orderBy);
    if (request.order) params.set('order', request.order);
    const headers: Record<string, string> = {};
    if (request.partition !== undefined) headers[HEADERS.partitionKey] = request.partition;
    else if (request.crossPartition) headers[HEADERS.enableCrossPartition] = 'true';
    if (continuation) headers[HEADERS.continuationToken] = continuation;
    const path = collectionPath(this.collection, practiceId);
    const filters = request.filters && request.filters.length > 0 ? request.filters : undefined;
    const response = filters
      ? await this.ctx.api.send<T[]>('POST', `${path}/queries?${params}`, { body: filters, headers, signal })
      : await this.ctx.api.send<T[]>('GET', `${path}?${params}`, { headers, signal });
    return { items: response.body ?? [], continuation: response.headers.get(HEADERS.continuationToken) ?? undefined };
  }

  /** The device's matches for `request`, sorted as the server sorts; no further pages. */
  private async showDeviceMatches(generation: number, request: PagedQueryRequest, stillLoading: boolean) {
    const practiceId = readPractice(this.ctx, this.collection);
    const cached = (await this.ctx.store.listItems(this.collection))
      .filter((i) => i.practiceId === practiceId && (request.partition === undefined || i.partition === request.partition))
      .map((i) => i.item as T)
      .filter((item) => !item.meta?.isDeleted && matchesLocally(item, request.filters));
    if (!this.current(generation)) return;
    const items = sortLocally(cached, this.collection, request.orderBy, request.order);
    this.ids = items.map((i) => i.id);
    this.continuation = undefined;
    this.set({ ...this.live.get(), items, loading: stillLoading, loadingMore: false, hasMore: false, error: undefined, fromDevice: true });
  }

  /**
   * The listed ids as the device holds them now (an edit made here shows at once), with items
   * created here that match the search in front: unsent ones, and ones the server accepted after
   * it was asked (in no page yet; without them a new item would vanish once sent).
   */
  private async itemsFromStore(practiceId: string, request: PagedQueryRequest): Promise<T[]> {
    const stored = (await this.ctx.store.listItems(this.collection)).filter((i) => i.practiceId === practiceId);
    const byId = new Map(stored.map((i) => [i.id, i]));
    const listed = new Set(this.ids);
    const unsent = stored
      .filter(
        (i) =>
          !listed.has(i.id) && ((i.dirty && !i.saved) || (i.confirmedAt ?? 0) >= this.askedAt) && matchesLocally(i.item, request.filters),
      )
      .filter((i) => request.partition === undefined || i.partition === request.partition)
      .map((i) => i.item as T);
    return [...unsent, ...this.ids.flatMap((id) => (byId.get(id)?.item as T | undefined) ?? [])];
  }

  private async rereadFromStore(): Promise<void> {
    const { request, loading, fromDevice } = this.live.get();
    if (!this.watching || !request || loading || fromDevice) return;
    const generation = this.generation;
    const items = await this.itemsFromStore(readPractice(this.ctx, this.collection), request);
    if (this.current(generation)) this.set({ ...this.live.get(), items });
  }
}
