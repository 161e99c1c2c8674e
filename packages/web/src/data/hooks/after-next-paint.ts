/** If no frame comes (a tab in the background gets none), run anyway after this long. */
const NO_FRAME_FALLBACK_MS = 100;

/**
 * Runs `run` once the next frame has painted (or after NO_FRAME_FALLBACK_MS without a frame), and
 * answers a function that cancels it. For work a screen starts from its effects that the screen's
 * first paint need not wait for: the first reads (their fetches and IndexedDB transactions) and
 * opening the store. React runs the effects of a commit before the browser paints it, so work
 * started there lands in the same task and before the first paint; a phone's CPU then shows the
 * screen's text later (Lighthouse's largest contentful paint counts every request started before
 * it; docs/performance.md, "The shell's data as transitions").
 */
export function afterNextPaint(run: () => void): () => void {
  if (typeof requestAnimationFrame === 'undefined') {
    const timer = setTimeout(run);
    return () => clearTimeout(timer);
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(afterFrame);
    run();
  };
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  // A frame's callbacks run just before its paint; a timeout set there runs once it is painted.
  const frame = requestAnimationFrame(() => (afterFrame = setTimeout(once)));
  const fallback = setTimeout(once, NO_FRAME_FALLBACK_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(afterFrame);
  };
}
