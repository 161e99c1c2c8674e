import type { StoreChange } from './records.ts';

/** The subscriber list of a store: both implementations tell their changes the same way. */
export class ChangeEmitter {
  private readonly listeners = new Set<(change: StoreChange) => void>();

  subscribe(listener: (change: StoreChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: StoreChange): void {
    // A copy: a listener that unsubscribes (or subscribes) while being told must not skip others.
    for (const listener of [...this.listeners]) listener(change);
  }
}
