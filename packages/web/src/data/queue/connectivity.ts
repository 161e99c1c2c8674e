/** Where the online state comes from: the browser's `navigator.onLine` and its events. */
export interface ConnectivityEnvironment {
  /** The browser's own belief (navigator.onLine). */
  isOnline(): boolean;
  /** Fires `online` and `offline` (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/** The page's window and navigator; always online where there is no window (tests, workers). */
export function browserConnectivity(): ConnectivityEnvironment {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return { isOnline: () => true };
  return { isOnline: () => navigator.onLine, events: window };
}

/**
 * Whether requests can reach the server. Offline when the browser says so, or when a request got
 * no answer (navigator.onLine stays true behind a dead Wi-Fi); online again when the browser
 * fires `online` or any request is answered. Listeners hear every change.
 */
export class Connectivity {
  private unreachable = false;
  private last: boolean;
  private readonly listeners = new Set<(online: boolean) => void>();
  private readonly onBrowserEvent = (event: Event) => {
    // The browser's `online` is news worth trying: forget the failed request that marked us offline.
    if (event.type === 'online') this.unreachable = false;
    this.update();
  };

  constructor(private readonly env: ConnectivityEnvironment) {
    this.last = this.online;
    env.events?.addEventListener('online', this.onBrowserEvent);
    env.events?.addEventListener('offline', this.onBrowserEvent);
  }

  get online(): boolean {
    return this.env.isOnline() && !this.unreachable;
  }

  /**
   * The browser's own belief alone. The queue waits only for this: while requests merely go
   * unanswered, its retries every 5 s are what finds out the connection is back.
   */
  get browserOnline(): boolean {
    return this.env.isOnline();
  }

  /** A request got no answer. */
  markUnreachable(): void {
    this.unreachable = true;
    this.update();
  }

  /** A request was answered (any status). */
  markReachable(): void {
    this.unreachable = false;
    this.update();
  }

  /** Calls `listener` with the new state on each change; returns the unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.env.events?.removeEventListener('online', this.onBrowserEvent);
    this.env.events?.removeEventListener('offline', this.onBrowserEvent);
    this.listeners.clear();
  }

  private update(): void {
    const now = this.online;
    if (now === this.last) return;
    this.last = now;
    for (const listener of [...this.listeners]) listener(now);
  }
}
