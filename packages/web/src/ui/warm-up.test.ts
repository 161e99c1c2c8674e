import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A loader whose download the test finishes (or fails) when it likes. */
function deferredLoader(name: string, started: string[]) {
  let settle!: (ok: boolean) => void;
  const load = () => {
    started.push(name);
    return new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error(`${name} failed`)))));
  };
  return { load, finish: () => settle(true), fail: () => settle(false) };
}

/** The page's load event and an idle callback that runs on the next timer tick. */
function stubBrowser() {
  const onLoad: (() => void)[] = [];
  vi.stubGlobal('window', { addEventListener: (_: string, run: () => void) => onLoad.push(run) });
  vi.stubGlobal('document', { readyState: 'loading' });
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  return { load: () => onLoad.splice(0).forEach((run) => run()) };
}

// A zero-delay timer set while timers run is due 1 ms later under fake timers.
const flush = () => vi.advanceTimersByTimeAsync(1);

describe('warmUpLater', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts WARM_UP_DELAY_MS after the page has loaded, one loader at a time, in order', async () => {
    const page = stubBrowser();
    const { warmUpLater, WARM_UP_DELAY_MS } = await import('./warm-up.ts');
    const started: string[] = [];
    const first = deferredLoader('first', started);
    const second = deferredLoader('second', started);
    warmUpLater(first.load);
    warmUpLater(second.load);

    await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS * 2);
    expect(started).toEqual([]);
    page.load();
    await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS - 1);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    // The second waits until the first has arrived: their evaluations never share a task.
    expect(started).toEqual(['first']);
    first.finish();
    await flush();
    await flush();
    expect(started).toEqual(['first', 'second']);
  });

  it('goes on after a failed loader, and runs loaders registered after it began', async () => {
    const page = stubBrowser();
    const { warmUpLater, WARM_UP_DELAY_MS } = await import('./warm-up.ts');
    const started: string[] = [];
    const failing = deferredLoader('failing', started);
    const late = deferredLoader('late', started);
    warmUpLater(failing.load);
    page.load();
    await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS);
    await flush();
    expect(started).toEqual(['failing']);

    // Registered while the first is still downloading: it waits its turn.
    warmUpLater(late.load);
    await flush();
    expect(started).toEqual(['failing']);
    failing.fail();
    await flush();
    await flush();
    expect(started).toEqual(['failing', 'late']);
  });
});
