import { isErrorToShow } from '../../api/index.ts';
import { afterNextPaint } from './after-next-paint.ts';

/** Where a read's outcome goes. */
export interface ReadOutcomes<T> {
  value(value: T): void;
  /**
   * The read failed. `show` is false for an abort and for a 401 (the session-expired dialog's to
   * show): the screen keeps what it showed under it.
   */
  failed(error: unknown, show: boolean): void;
}

/**
 * Starts `read`, at once or (`afterPaint`) once the screen has painted, and hands its outcome on;
 * answers that come after the returned cancel are dropped, so an unmounted screen or a newer read
 * is never overwritten by an older answer. The part of useServerRead that needs no React.
 */
export function readOnce<T>(read: () => Promise<T>, outcomes: ReadOutcomes<T>, options: { afterPaint?: boolean } = {}): () => void {
  let live = true;
  const start = () =>
    void read().then(
      (value) => live && outcomes.value(value),
      (error: unknown) => live && outcomes.failed(error, isErrorToShow(error)),
    );
  const cancelStart = options.afterPaint ? afterNextPaint(start) : (start(), () => undefined);
  return () => {
    live = false;
    cancelStart();
  };
}
