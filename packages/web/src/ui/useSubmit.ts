import { useCallback, useRef, useState } from 'react';

export interface Submit<A extends unknown[]> {
  /** Runs the action unless one is already running; errors land in `error`, never thrown. */
  run: (...args: A) => Promise<void>;
  pending: boolean;
  error: unknown;
  clearError: () => void;
}

/** A form's submit: one at a time, with its pending state and its last error. */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<unknown>): Submit<A> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const running = useRef(false);
  const run = useCallback(
    async (...args: A) => {
      if (running.current) return;
      running.current = true;
      setPending(true);
      setError(null);
      try {
        await action(...args);
      } catch (e) {
        setError(e);
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action],
  );
  return { run, pending, error, clearError: useCallback(() => setError(null), []) };
}
