import type { Resource } from '@caseload/core';
import { BUFFER_DEBOUNCE_MS, EXPANSION_BATCH_SIZE } from '../constants.ts';
import { chunks } from './fetch-all.ts';

/** Reads that can share one query: same practice, collection and partition. */
export interface ReadGroup {
  practiceId: string;
  collection: string;
  partition?: string;
}

interface Waiter {
  resolve: (item: Resource | undefined) => void;
  reject: (error: unknown) => void;
  sent?: () => void;
}

interface Pending {
  group: ReadGroup;
  waiters: Map<string, Waiter[]>;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Coalesces reads by id (SPEC.md section 9, buffer debounce 200 ms): every read of the same group
 * asked for while the window keeps being extended becomes one query `id in [...]`, sent in chunks
 * of 100 ids. A screen of twenty rows each reading its own resource costs one request, not twenty.
 */
export class ReadBuffer {
  private readonly pending = new Map<string, Pending>();

  constructor(
    /** Fetches the resources of `ids` in `group` (those that exist and are within reach). */
    private readonly fetchIds: (group: ReadGroup, ids: string[]) => Promise<Resource[]>,
    private readonly debounceMs = BUFFER_DEBOUNCE_MS,
  ) {}

  /**
   * The server's copy of `id`, or undefined when the server has none the caller may see. `sent` is
   * called when the query leaves (after the debounce): an answer says nothing about what happened
   * on the server after that moment (server-copies.ts, forgetServerCopy).
   */
  read(group: ReadGroup, id: string, sent?: () => void): Promise<Resource | undefined> {
    const key = JSON.stringify([group.practiceId, group.collection, group.partition ?? null]);
    let entry = this.pending.get(key);
    if (entry) clearTimeout(entry.timer);
    else {
      entry = { group, waiters: new Map(), timer: undefined as unknown as ReturnType<typeof setTimeout> };
      this.pending.set(key, entry);
    }
    const current = entry;
    current.timer = setTimeout(() => void this.flush(key, current), this.debounceMs);
    return new Promise((resolve, reject) => {
      const list = current.waiters.get(id) ?? [];
      list.push({ resolve, reject, sent });
      current.waiters.set(id, list);
    });
  }

  /** Drops every waiting read (the layer is being disposed); their promises never settle. */
  dispose(): void {
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    this.pending.clear();
  }

  private async flush(key: string, entry: Pending): Promise<void> {
    this.pending.delete(key);
    await Promise.all(
      chunks([...entry.waiters.keys()], EXPANSION_BATCH_SIZE).map(async (ids) => {
        try {
          const answer = this.fetchIds(entry.group, ids);
          for (const id of ids) for (const w of entry.waiters.get(id)!) w.sent?.();
          const found = new Map((await answer).map((r) => [r.id, r]));
          for (const id of ids) for (const w of entry.waiters.get(id)!) w.resolve(found.get(id));
        } catch (error) {
          for (const id of ids) for (const w of entry.waiters.get(id)!) w.reject(error);
        }
      }),
    );
  }
}
