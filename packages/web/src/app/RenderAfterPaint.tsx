import { useDeferredValue, type ReactNode } from 'react';

export interface RenderAfterPaintProps {
  /** What shows first, at once: something cheap (a loading indicator, or nothing). */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Commits `fallback` first, then renders `children` in a deferred (transition) render, which React
 * splits into slices of about 5 ms with the browser free to paint and handle input between them.
 * For a big subtree whose render would otherwise be one long task: the signed-in shell after the
 * session answer (docs/performance.md, "Splitting the first render"). Once rendered, it stays
 * rendered.
 */
export function RenderAfterPaint({ fallback, children }: RenderAfterPaintProps) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
