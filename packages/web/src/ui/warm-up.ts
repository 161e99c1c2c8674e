const loaders: (() => Promise<unknown>)[] = [];
let scheduled = false;

/** How long after the page's `load` the warm-up starts: past the first screen's own requests. */
export const WARM_UP_DELAY_MS = 3_000;

/**
 * Registers code loaded on demand (a dialog's chunk) to be fetched anyway a few seconds after the
 * page has loaded: it stays out of what the first screen waits for, yet is in memory before the
 * user opens it, even if the connection drops first and the service worker has not cached the
 * build yet. A failed fetch is ignored here; opening the dialog tries again and says why.
 */
export function warmUpLater(load: () => Promise<unknown>): void {
  loaders.push(load);
  if (scheduled || typeof window === 'undefined') return;
  scheduled = true;
  const start = () => setTimeout(() => loaders.splice(0).forEach((l) => void l().catch(() => undefined)), WARM_UP_DELAY_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
