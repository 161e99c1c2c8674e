import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` rows to mount now: `first` at once; once they have painted, `step` more
 * per transition (React renders each in 5 ms slices and sets it aside for a keystroke), one
 * after another, until all are mounted. A long form is on screen and answerable after its first
 * rows, not after all of them. Without a window (server rendering, the unit tests'
 * renderToString) every row renders at once.
 */
export function useProgressiveCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(() => (typeof window === 'undefined' ? total : Math.min(total, first)));
  const firstScreen = count <= first;
  useEffect(() => {
    if (count >= total) return;
    const more = () => startTransition(() => setCount((n) => Math.min(total, n + step)));
    if (!firstScreen) {
      // Chunks after the first follow straight on: a transition yields to input and paint by itself.
      more();
      return;
    }
    // The first rows paint before anything else is built.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(more, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total, step, firstScreen]);
  return Math.min(count, total);
}
