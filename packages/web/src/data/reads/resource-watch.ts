import { MESSAGES, type Resource } from '@caseload/core';
import { ApiError, NetworkError } from '../../api/index.ts';
import { LiveValue } from './live-value.ts';
import { canRead, readPractice, type ReadContext } from './read-context.ts';
import { reportLater } from './report-later.ts';
import { forgetServerCopy, storeServerCopies } from './server-copies.ts';

/** What a screen showing one resource sees. */
export interface ResourceState<T extends Resource = Resource> {
  item?: T;
  /** Nothing is known locally yet and the server read is under way. */
  loading: boolean;
  /** The server refused the read, or (404) has no such resource the user may see. */
  error?: ApiError;
}

/** The 404 a read by id answers when the query found nothing (SPEC.md section 8's words). */
export const notFoundError = () =>
  new ApiError({
    status: 404,
    body: { title: 'Not Found', status: 404, detail: MESSAGES.notFound },
    responseText: '',
  });

/**
 * One resource, live: the local copy (which shows unsent edits at once), refreshed from the
 * server through the read buffer, so the reads of a whole screen become one query.
 */
export class ResourceWatch {
  readonly live: LiveValue<ResourceState>;
  private disposed = false;

  constructor(
    private readonly ctx: ReadContext,
    private readonly collection: string,
    private readonly id: string,
    private readonly partition: string | undefined,
  ) {
    this.live = new LiveValue<ResourceState>({ loading: true }, () => this.start());
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
    const reread = async () => {
      const stored = await this.ctx.store.getItem(this.collection, this.id);
      const item = stored && stored.practiceId === practiceId ? stored.item : undefined;
      if (!alive || this.disposed) return;
      const state = this.live.get();
      if (item !== state.item || (item && state.loading)) this.live.set({ ...state, item, loading: state.loading && !item });
    };
    const stop = this.ctx.store.subscribe((change) => {
      if (change.table !== 'items' || (change.collection ?? this.collection) !== this.collection) return;
      reread().catch(this.failed);
      // Cleared under an open screen (the last patient closed): it still needs its resource.
      if (change.cleared) this.fetch(practiceId, () => alive).catch(this.failed);
    });
    reread().catch(this.failed);
    this.fetch(practiceId, () => alive).catch(this.failed);
    return () => {
      alive = false;
      stop();
    };
  }

  private async fetch(practiceId: string, alive: () => boolean): Promise<void> {
    // Before a practice is chosen there is nothing to ask the server.
    if (!canRead(this.ctx, this.collection)) {
      if (alive() && !this.disposed) this.live.set({ ...this.live.get(), loading: false });
      return;
    }
    let error: ApiError | undefined;
    // When the query left; until then (never sent) the time it was asked for, which is earlier.
    let sentAt = this.ctx.clock();
    try {
      const group = { practiceId, collection: this.collection, partition: this.partition };
      const found = await this.ctx.buffer.read(group, this.id, () => (sentAt = this.ctx.clock()));
      if (found) await storeServerCopies(this.ctx, this.collection, practiceId, [found]);
      else {
        await forgetServerCopy(this.ctx, this.collection, this.id, sentAt);
        // A create still queued on this device is not "not found": the server just has not seen it.
        if (!(await this.ctx.store.getItem(this.collection, this.id))) error = notFoundError();
      }
    } catch (e) {
      if (e instanceof ApiError) error = e;
      else if (!(e instanceof NetworkError)) throw e;
    }
    if (alive() && !this.disposed) this.live.set({ ...this.live.get(), loading: false, error });
  }
}
