/**
 * A value that changes over time and can be watched, in the shape React's
 * `useSyncExternalStore` wants: `get` answers the same object until the value changes. The work
 * that keeps it current (store subscriptions, server reads) starts with the first subscriber and
 * stops with the last, so a screen that unmounts stops costing anything.
 */
export class LiveValue<T> {
  private value: T;
  private readonly listeners = new Set<() => void>();
  private stop: (() => void) | undefined;

  constructor(
    initial: T,
    private readonly start: (set: (value: T) => void, get: () => T) => () => void,
  ) {
    this.value = initial;
  }

  get = (): T => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.stop = this.start(this.set, this.get);
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.stop?.();
      this.stop = undefined;
    };
  };

  /** Replaces the value and tells the subscribers (nothing happens for the same value). */
  readonly set = (value: T): void => {
    if (Object.is(value, this.value)) return;
    this.value = value;
    for (const listener of [...this.listeners]) listener();
  };
}

/**
 * Wraps an async refresh so calls made while it runs collapse into one more run after it: a burst
 * of store changes (a queue draining) costs at most two reads, never one per change.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  const loop = async () => {
    try {
      do {
        again = false;
        await run();
      } while (again);
    } finally {
      // Cleared in the same step that ends the loop: a call arriving after the last check must
      // start a new run, not join one that is already over.
      running = undefined;
    }
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = loop();
    return running;
  };
}
