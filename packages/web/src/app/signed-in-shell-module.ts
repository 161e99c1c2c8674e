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

/**
 * The signed-in shell's chunk, fetched once: main.tsx starts it beside the session check, and
 * the router reads it with `use`. Read after it has arrived (the usual case), the shell renders
 * at once instead of suspending: a suspended first render commits its Suspense fallback, and
 * React then holds the shell's own commit until 300 ms after that fallback showed (its
 * FALLBACK_THROTTLE_MS), which put 300 ms between the rendered shell and its first paint
 * (docs/performance.md, "Lighthouse"). A failed fetch stays failed: rendering throws it to the
 * error boundary, which shows the stale-build screen, whose button reloads the page. (Forgotten,
 * it was fetched again by every render that read it, failing each time, and no screen showed.)
 */
export function loadSignedInShell(): TrackedPromise<ShellModule> {
  if (shell) return shell;
  const loading = import('./SignedInShell.tsx') as TrackedPromise<ShellModule>;
  const settle = (outcome: Outcome<ShellModule>) => Object.assign(loading, outcome);
  settle({ status: 'pending' });
  loading.then(
    (value) => settle({ status: 'fulfilled', value }),
    (reason: unknown) => settle({ status: 'rejected', reason }),
  );
  shell = loading;
  return loading;
}
