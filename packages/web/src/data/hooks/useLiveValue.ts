import { startTransition, useEffect, useState } from 'react';

/** What useLiveValue watches: a LiveValue, or anything with its `subscribe` and `get`. */
export interface Watchable<T> {
  subscribe(listener: () => void): () => void;
  get(): T;
}

/**
 * The current value of a LiveValue (a list, a resource, the sync state), re-rendering when it
 * changes, with each change rendered as a transition.
 *
 * Why not `useSyncExternalStore`: React renders its updates synchronously, each store notification
 * in its own uninterruptible task. When the first reads answer after the shell appears (the
 * device's copy, then the server's, for several lists and resources, each in its own IndexedDB or
 * fetch callback), that was a row of long tasks on a phone's CPU re-rendering the shell
 * (docs/performance.md, "The shell's data as transitions"). As transitions, React renders them in
 * slices of about 5 ms, lets input and paint run in between, and folds changes that arrive while
 * one is rendering into the next render. The cost is that two components watching the same value
 * may show it a frame apart; both settle on the latest value, which `get` always answers.
 *
 * The subscription is made in the effect, at once (as useSyncExternalStore does): deferring it
 * past the first paint broke the stored appearance's round trip (e2e/web-shell.e2e.test.ts,
 * "keeps the dark scheme"), so only the store's opening and the dashboard's lists wait for paint.
 */
export function useLiveValue<T>(live: Watchable<T>): T {
  const [seen, setSeen] = useState(() => ({ live, value: live.get() }));
  useEffect(() => {
    const update = () =>
      startTransition(() => setSeen((s) => (s.live === live && Object.is(s.value, live.get()) ? s : { live, value: live.get() })));
    const stop = live.subscribe(update);
    // A change between the render and this subscription (or a value another watcher kept current).
    update();
    return stop;
  }, [live]);
  // Another value to watch (another practice, another id): its current value at once.
  return seen.live === live ? seen.value : live.get();
}
