import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` rows to mount now: `first` at once, then `step` more after each painted
 * frame, in a transition (React renders it in 5 ms slices and drops it for a keystroke), until
 * all are mounted. A long form is on screen and answerable after its first rows, not after all
 * of them; the rest follow within a few frames. Without a window (server rendering, the unit
 * tests' renderToString) every row renders at once.
 */
export function useProgressiveCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(() => (typeof window === 'undefined' ? total : Math.min(total, first)));
  useEffect(() => {
    if (count >= total) return;
    // After the next frame has painted, so each chunk's rows are seen before the next is built.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setCount((n) => Math.min(total, n + step))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total, step]);
  return Math.min(count, total);
}
