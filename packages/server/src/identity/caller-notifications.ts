import pg from 'pg';
import type { CallerCache } from './caller-cache.ts';

/** The channel the triggers of migration 4 and the resource tables notify on. */
export const CALLER_CHANNEL = 'caseload_callers';

const RETRY_MS = 1000;

/**
 * Keeps a server's caller cache in step with the database: listens on one dedicated connection for
 * the notifications PostgreSQL sends after a change to sessions, accounts, memberships, or a
 * practice's roles, preferences and practitioners commits (`account:<id>`, `session:<id hash>`,
 * `practice:<id>`), on every server of a fleet alike. The cache is on only while listening: after
 * a lost connection, or a round trip on it that failed or ran past the statement limit (a frozen
 * database), it is emptied and stays off until LISTEN succeeds again on a new connection.
 */
export interface CallerListener {
  /**
   * Resolves once every notification sent before this call has been applied: a round trip on the
   * listening connection, which PostgreSQL answers only after the notifications queued for it.
   * A write answered after `sync` has therefore reached this server's cache.
   */
  sync(): Promise<void>;
  /** How many times `sync` was asked for (each waited, or found the cache off); for tests. */
  readonly syncs: number;
  /** The PostgreSQL process serving the listening connection while it listens; for tests. */
  readonly backendPid: number | undefined;
  close(): Promise<void>;
}

export function listenForCallerChanges(config: pg.ClientConfig, cache: CallerCache): CallerListener {
  let client: pg.Client | undefined;
  let listening: number | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const apply = (payload: string) => {
    const at = payload.indexOf(':');
    const kind = payload.slice(0, at);
    const id = payload.slice(at + 1);
    if (kind === 'account') cache.forgetAccount(id);
    else if (kind === 'session') cache.forgetSession(id);
    else if (kind === 'practice') cache.forgetPractice(id);
    else cache.clear();
  };

  const lost = () => {
    listening = undefined;
    cache.enabled = false;
    cache.clear();
    client?.removeAllListeners().on('error', () => {});
    client?.end().catch(() => {});
    client = undefined;
    if (!closed) timer = setTimeout(connect, RETRY_MS);
  };

  async function connect() {
    if (closed) return;
    const next = new pg.Client(config);
    client = next;
    next.on('error', lost);
    next.on('end', () => client === next && lost());
    next.on('notification', (message) => apply(message.payload ?? ''));
    try {
      await next.connect();
      await next.query(`LISTEN ${CALLER_CHANNEL}`);
      if (client === next && !closed) {
        // node-postgres keeps the backend's pid (from BackendKeyData) untyped.
        listening = (next as unknown as { processID?: number }).processID;
        cache.enabled = true;
      }
    } catch {
      if (client === next) lost();
    }
  }

  // One round trip at a time on the listening connection: callers arriving while one is on the
  // wire share the next, which starts after it (so after their commits), never the current one.
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const roundTrip = async () => {
    const current = client;
    try {
      await current?.query('SELECT 1');
    } catch {
      // Notifications may have been missed: the cache goes off until listening again.
      if (client === current) lost();
    }
  };
  const sync = (): Promise<void> => {
    if (!running) {
      running = roundTrip().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = undefined;
      return sync();
    });
    return queued;
  };

  void connect();
  let syncs = 0;
  return {
    get syncs() {
      return syncs;
    },
    get backendPid() {
      return listening;
    },
    async sync() {
      syncs += 1;
      if (!cache.enabled || !client) return;
      await sync();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      cache.close();
      const last = client;
      client = undefined;
      last?.removeAllListeners().on('error', () => {});
      await last?.end().catch(() => {});
    },
  };
}
