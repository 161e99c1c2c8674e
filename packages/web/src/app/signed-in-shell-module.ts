import type { ReactPromise } from 'react';
import type SignedInShell from './SignedInShell.tsx';

type ShellModule = { default: typeof SignedInShell };

/**
 * A promise carrying its outcome (`status`, `value`, `reason`), as React marks the promises it
 * tracks: `use` reads one that has settled synchronously, without suspending (React's
 * `ReactPromise` types).
 */
type TrackedPromise<T> = Promise<T> & ReactPromise<T>;
type Outcome<T> = { status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; reason: unknown };

let shell: TrackedPromise<ShellModule> | undefined;
/** A render has read the current promise: from then on its outcome is final. */
let readByRender = false;

function load(): TrackedPromise<ShellModule> {
  if (shell) return shell;
  const loading = import('./SignedInShell.tsx') as TrackedPromise<ShellModule>;
  const settle = (outcome: Outcome<ShellModule>) => Object.assign(loading, outcome);
  settle({ status: 'pending' });
  loading.then(
    (value) => settle({ status: 'fulfilled', value }),
    (reason: unknown) => {
      settle({ status: 'rejected', reason });
      // Only main.tsx's early fetch saw it fail: the render, when it comes, fetches again.
      if (shell === loading && !readByRender) shell = undefined;
    },
  );
  shell = loading;
  readByRender = false;
  return loading;
}

/**
 * The signed-in shell's chunk, for the router to read with `use`. Read after it has arrived (the
 * usual case: main.tsx fetches it early), the shell renders at once instead of suspending: a
 * suspended first render commits its Suspense fallback, and React then holds the shell's own
 * commit until 300 ms after that fallback showed (its FALLBACK_THROTTLE_MS), which put 300 ms
 * between the rendered shell and its first paint (docs/performance.md, "The shell read without a
 * loading fallback"). Once a render has read it, a failed fetch stays failed: rendering throws
 * it to the error boundary, which shows the stale-build screen, whose button reloads the page.
 * (Forgotten, every render that read it would fetch again, fail again, and no screen would show.)
 */
export function loadSignedInShell(): TrackedPromise<ShellModule> {
  const loading = load();
  readByRender = true;
  return loading;
}

/** Starts fetching the shell's chunk ahead of the render that needs it (main.tsx); should this fetch fail, that render fetches again. */
export function preloadSignedInShell(): void {
  load().catch(() => undefined);
}
