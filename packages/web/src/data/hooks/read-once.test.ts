import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../api/index.ts';
import { readOnce } from './read-once.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A read whose answer the test gives when it chooses, counting how often it was started. */
function pendingRead<T>() {
  const started: { resolve(value: T): void; reject(error: unknown): void }[] = [];
  const read = () => new Promise<T>((resolve, reject) => started.push({ resolve, reject }));
  return { read, started };
}

/** The outcomes a read handed on, in order. */
function recorder<T>() {
  const seen: unknown[] = [];
  return {
    seen,
    outcomes: { value: (v: T) => seen.push({ value: v }), failed: (error: unknown, show: boolean) => seen.push({ error, show }) },
  };
}

const apiError = (status: number) => new ApiError({ status, body: { title: `status ${status}` }, responseText: '' });

describe('readOnce (useServerRead)', () => {
  it('starts the read at once and hands on its answer', async () => {
    const { read, started } = pendingRead<string[]>();
    const { seen, outcomes } = recorder<string[]>();
    readOnce(read, outcomes);
    expect(started).toHaveLength(1);
    started[0]!.resolve(['a', 'b']);
    await vi.runAllTimersAsync();
    expect(seen).toEqual([{ value: ['a', 'b'] }]);
  });

  it('with afterPaint, starts the read only after the next paint, and not at all when cancelled first', async () => {
    const { read, started } = pendingRead<number>();
    const { seen, outcomes } = recorder<number>();
    readOnce(read, outcomes, { afterPaint: true });
    expect(started).toHaveLength(0);
    await vi.runAllTimersAsync();
    expect(started).toHaveLength(1);
    started[0]!.resolve(7);
    await vi.runAllTimersAsync();
    expect(seen).toEqual([{ value: 7 }]);

    readOnce(read, outcomes, { afterPaint: true })();
    await vi.runAllTimersAsync();
    expect(started).toHaveLength(1);
  });

  it('drops an answer or a failure that comes after it was cancelled', async () => {
    const { read, started } = pendingRead<number>();
    const { seen, outcomes } = recorder<number>();
    readOnce(read, outcomes)();
    readOnce(read, outcomes)();
    started[0]!.resolve(1);
    started[1]!.reject(apiError(500));
    await vi.runAllTimersAsync();
    expect(seen).toEqual([]);
  });

  it('marks aborts and 401s as not to show, and every other failure as to show', async () => {
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    const network = new NetworkError(new TypeError('fetch failed'));
    const failures = [abort, apiError(401), apiError(403), apiError(500), network];
    const { seen, outcomes } = recorder<never>();
    for (const failure of failures) readOnce(() => Promise.reject(failure), outcomes);
    await vi.runAllTimersAsync();
    expect(seen).toEqual([
      { error: abort, show: false },
      { error: failures[1], show: false },
      { error: failures[2], show: true },
      { error: failures[3], show: true },
      { error: network, show: true },
    ]);
  });
});
