const loaders: (() => Promise<unknown>)[] = [];
let scheduled = false;
let started = false;
let running = false;

/** How long after the page's `load` the warm-up starts: past the first screen's own requests. */
export const WARM_UP_DELAY_MS = 3_000;

/**
 * Registers code loaded on demand (a dialog's chunk) to be fetched anyway a few seconds after the
 * page has loaded: it stays out of what the first screen waits for, yet is in memory before the
 * user opens it, even if the connection drops first and the service worker has not cached the
 * build yet. A failed fetch is ignored here; opening the dialog tries again and says why. Code
 * registered after the warm-up began is fetched in its turn.
 */
export function warmUpLater(load: () => Promise<unknown>): void {
  loaders.push(load);
  if (typeof window === 'undefined') return;
  if (started) return void loadNext();
  if (scheduled) return;
  scheduled = true;
  const start = () =>
    setTimeout(() => {
      started = true;
      loadNext();
    }, WARM_UP_DELAY_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * One loader at a time, each when the browser is next idle: a module is evaluated in the task
 * its download completes in, so fetching them all at once evaluated several in one long task
 * (seen in Lighthouse's traces: docs/performance.md, "Running the benches"), which a user's first
 * tap could wait behind.
 */
function loadNext(): void {
  if (running) return;
  const load = loaders.shift();
  if (!load) return;
  running = true;
  whenIdle(
    () =>
      void load()
        .catch(() => undefined)
        .finally(() => {
          running = false;
          loadNext();
        }),
  );
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1_000 });
  else setTimeout(run, 0);
}
