import { createHash } from 'node:crypto';
import pg from 'pg';
import { leavesConnectionUnusable } from './database-errors.ts';

/** SQL text, or a named statement each connection prepares once (see {@link prepared}). */
export type Statement = string | { name: string; text: string };

/** What every storage function needs: something that runs one parameterised statement. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: Statement, params?: readonly unknown[]): Promise<pg.QueryResult<R>>;
}

const preparedNames = new Map<string, string>();
const MAX_PREPARED = 2_000;

/**
 * Marks SQL run on every request (a read by id, an audit insert) for preparing: each connection
 * parses and plans it once, then only binds parameters, a large part of a short statement's cost
 * (docs/performance.md, "Pages prepared"). The name is a digest of the text, so the same
 * text is the same statement on every connection. Only for texts from a small fixed set: each
 * name stays prepared on every connection for its life, so past MAX_PREPARED distinct texts the
 * statement runs unprepared instead. Not for searches whose best plan depends on the values;
 * a page that is the sort index's first rows whatever the values qualifies (PreparedFamily).
 */
export function prepared(text: string): Statement {
  let name = preparedNames.get(text);
  if (!name) {
    if (preparedNames.size >= MAX_PREPARED) return text;
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    preparedNames.set(text, name);
  }
  return { name, text };
}

/**
 * `prepared` for a family of texts that a client's input shapes (a search's filters and page
 * size): at most `max` distinct texts of the family are prepared, the rest run unprepared, so no
 * client can fill MAX_PREPARED, or every connection's memory, with one family's variants.
 */
export class PreparedFamily {
  private readonly texts = new Set<string>();

  constructor(private readonly max: number) {}

  statement(text: string): Statement {
    if (!this.texts.has(text)) {
      if (this.texts.size >= this.max) return text;
      this.texts.add(text);
    }
    return prepared(text);
  }
}

function config(text: Statement, params: readonly unknown[] | undefined): pg.QueryConfig {
  return typeof text === 'string' ? { text, values: params as unknown[] } : { ...text, values: params as unknown[] };
}

/** Database time and rows one request used; sent back as Server-Timing. */
export interface QueryStats {
  queries: number;
  rows: number;
  milliseconds: number;
}

/**
 * Time limits on database work (README, "Configuration"; docs/architecture.md, "Time limits"),
 * so that a database that is gone, frozen or overloaded makes a request fail in seconds rather
 * than hang. 0 turns a limit off.
 */
export interface DatabaseLimits {
  /** Waiting for a connection: for a free one of the pool, or for a new one to open. */
  connectMs: number;
  /** One statement of a request, and a request's wait for a lock. */
  statementMs: number;
  /** One statement of long work: counts, merges, removing a practice, seeding, the sweeper. */
  longStatementMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { connectMs: 10_000, statementMs: 15_000, longStatementMs: 120_000 };

/**
 * PostgreSQL ends a statement at its limit; the client stops waiting this much later, for a
 * server that cannot even do that (frozen, or cut off without a reset).
 */
const CLIENT_GRACE_MS = 1_000;

/** Long work gets a few connections of its own, so it can never hold every request's. */
const LONG_WORK_CONNECTIONS = 4;

export interface DatabaseOptions {
  /** Connections of the requests' pool. */
  max?: number;
  limits?: DatabaseLimits;
  /** Where a connection failing while nobody was using it is reported. */
  log?: (message: string) => void;
}

/** The connection pools; the only place that knows about `pg.Pool`. */
export class Database {
  /** Requests' connections, under the requests' limits. */
  readonly pool: pg.Pool;
  /** Long work's connections, under the long statement limit. */
  readonly longPool: pg.Pool;
  readonly limits: DatabaseLimits;
  private readonly log: (message: string) => void;

  constructor(
    readonly connectionString: string,
    options: DatabaseOptions = {},
  ) {
    this.limits = options.limits ?? DEFAULT_DATABASE_LIMITS;
    this.log = options.log ?? ((message) => console.error(message));
    this.pool = this.newPool(options.max ?? 20, this.limits.statementMs);
    this.longPool = this.newPool(LONG_WORK_CONNECTIONS, this.limits.longStatementMs);
  }

  /**
   * Settings for a connection of one's own (the caller-change listener): the pools' wait for a
   * connection and a request statement's limit, on the client's side only.
   */
  clientConfig(): pg.ClientConfig {
    return {
      connectionString: this.connectionString,
      connectionTimeoutMillis: this.limits.connectMs,
      query_timeout: clientTimeout(this.limits.statementMs),
    };
  }

  /** Another Database on the same server and limits, with a requests' pool of `max` connections. */
  withConnections(max: number): Database {
    return new Database(this.connectionString, { max, limits: this.limits, log: this.log });
  }

  /** A view of the requests' pool that records what one request spends, for Server-Timing. */
  forRequest(stats: QueryStats): RequestDatabase {
    return new RequestDatabase(this, this.pool, stats);
  }

  /** The same for long work, on its own connections and under the long statement limit. */
  forLongWork(stats: QueryStats = { queries: 0, rows: 0, milliseconds: 0 }): RequestDatabase {
    return new RequestDatabase(this, this.longPool, stats);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.longPool.end()]);
  }

  /**
   * A pool whose statements end after `statementMs` (PostgreSQL's statement_timeout, the client
   * waiting a grace period longer). Lock waits end with the requests' statement limit, so long work
   * never sits waiting for a lock for long while holding its own; a transaction left idle is ended
   * after the long limit, so a stuck process cannot hold its locks for ever.
   */
  private newPool(max: number, statementMs: number): pg.Pool {
    const { connectMs, statementMs: lockMs, longStatementMs } = this.limits;
    const pool = new pg.Pool({
      connectionString: this.connectionString,
      max,
      connectionTimeoutMillis: connectMs,
      statement_timeout: statementMs,
      query_timeout: clientTimeout(statementMs),
      lock_timeout: lockMs,
      idle_in_transaction_session_timeout: longStatementMs,
    });
    // An idle connection that dies (the database restarting) is dropped by the pool; say so.
    pool.on('error', (error) => this.log(`A database connection closed while idle: ${error.message}`));
    // One in use reports the same failure through the statement it is running or runs next, which
    // is where it is handled; without a listener here the event would crash the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    return pool;
  }
}

/** How long the client waits for a statement PostgreSQL ends after `statementMs` (0: no limit). */
function clientTimeout(statementMs: number): number {
  return statementMs === 0 ? 0 : statementMs + CLIENT_GRACE_MS;
}

export class RequestDatabase implements Queryable {
  constructor(
    private readonly database: Database,
    private readonly pool: pg.Pool,
    readonly stats: QueryStats,
  ) {}

  query<R extends pg.QueryResultRow>(text: Statement, params?: readonly unknown[]) {
    return timed(this.stats, () => this.pool.query<R>(config(text, params)));
  }

  /** This request's view of the long-work connections (a count, a merge), with the same stats. */
  forLongWork(): RequestDatabase {
    return this.database.forLongWork(this.stats);
  }

  /**
   * Runs `work` in one transaction on one connection: everything it writes commits together or
   * not at all. BEGIN waits for the first statement, and statements `work` defers
   * ({@link WriteTransaction.defer}) go last: a write whose only statement is deferred runs as that
   * one statement on its own (atomic by itself, no BEGIN or COMMIT), which is how a plain create
   * costs one round trip.
   */
  async transaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
    const tx = new LazyTransaction(this.pool, this.stats);
    try {
      const result = await work(tx);
      await tx.commit();
      return result;
    } catch (error) {
      await tx.rollback(error);
      throw error;
    } finally {
      tx.release();
    }
  }
}

/**
 * A statement held back until the end of its transaction, with what to do with its answer.
 * `settle` may throw to refuse the write: inside a transaction that rolls it back; alone, the
 * statement must have been written so that a refused write changed nothing (a guarded CTE).
 */
export interface DeferredStatement {
  text: Statement;
  params: readonly unknown[];
  settle(result: pg.QueryResult): void;
  /** Turns a database error of this statement (a unique violation) into the caller's error. */
  mapError?(error: unknown): unknown;
}

/** A transaction's view for writers: statements, deferred statements and reads that take no lock. */
export interface WriteTransaction extends Queryable {
  /** Queues `statement` to run after everything else `work` sends (in order), before COMMIT. */
  defer(statement: DeferredStatement): void;
  /**
   * A read that needs no lock: inside the transaction once it has begun, else on its own, so a
   * read-then-write whose write is guarded (by version) never opens a transaction for the read.
   */
  readUnlocked<R extends pg.QueryResultRow = pg.QueryResultRow>(text: Statement, params?: readonly unknown[]): Promise<pg.QueryResult<R>>;
}

/** Runs `statement` through `tx`'s queue when it has one, else at once (a caller-owned transaction). */
export async function runDeferrable(tx: Queryable, statement: DeferredStatement): Promise<void> {
  if (isWriteTransaction(tx)) return tx.defer(statement);
  await runNow(tx, statement);
}

/** `tx`'s unlocked read when it has one, else its ordinary query. */
export function unlockedReader(tx: Queryable): Queryable {
  return isWriteTransaction(tx) ? { query: (text, params) => tx.readUnlocked(text, params) } : tx;
}

function isWriteTransaction(tx: Queryable): tx is WriteTransaction {
  return typeof (tx as Partial<WriteTransaction>).defer === 'function';
}

async function runNow(db: Queryable, statement: DeferredStatement): Promise<void> {
  let result: pg.QueryResult;
  try {
    result = await db.query(statement.text, statement.params);
  } catch (error) {
    throw statement.mapError ? statement.mapError(error) : error;
  }
  statement.settle(result);
}

class LazyTransaction implements WriteTransaction {
  private client: pg.PoolClient | undefined;
  private opening: Promise<pg.PoolClient> | undefined;
  private deferred: DeferredStatement[] = [];
  /** Why the connection must not go back to the pool, once something made it unusable. */
  private unusable: unknown;
  private readonly inTransaction: Queryable = {
    query: async <R extends pg.QueryResultRow>(text: Statement, params?: readonly unknown[]) => {
      const client = await this.begin();
      return timed(this.stats, () => client.query<R>(config(text, params)));
    },
  };

  constructor(
    private readonly pool: pg.Pool,
    private readonly stats: QueryStats,
  ) {}

  async query<R extends pg.QueryResultRow>(text: Statement, params?: readonly unknown[]): Promise<pg.QueryResult<R>> {
    await this.flush();
    return this.inTransaction.query<R>(text, params);
  }

  readUnlocked<R extends pg.QueryResultRow>(text: Statement, params?: readonly unknown[]): Promise<pg.QueryResult<R>> {
    // Once begun, or with a write queued that the read must see, it belongs in the transaction.
    if (this.opening || this.deferred.length > 0) return this.query<R>(text, params);
    return timed(this.stats, () => this.pool.query<R>(config(text, params)));
  }

  defer(statement: DeferredStatement): void {
    this.deferred.push(statement);
  }

  async commit(): Promise<void> {
    if (!this.opening && this.deferred.length === 1) {
      // The whole write is one statement: it needs no transaction around it.
      const only = this.deferred.pop()!;
      return runNow({ query: (text, params) => timed(this.stats, () => this.pool.query(config(text, params))) }, only);
    }
    await this.flush();
    if (this.opening) await (await this.opening).query('COMMIT');
  }

  /**
   * Rolls back after `cause` failed the work. A connection that is gone, or still busy with a
   * statement the client gave up on, is not sent ROLLBACK (it would wait out another limit): it is
   * closed instead, and PostgreSQL rolls back a transaction whose connection closes.
   */
  async rollback(cause: unknown): Promise<void> {
    this.deferred = [];
    if (!this.opening) return;
    let client: pg.PoolClient;
    try {
      client = await this.opening;
    } catch (error) {
      // Connected, but BEGIN failed: whatever state the connection is in, it goes.
      this.unusable = error;
      return;
    }
    if (leavesConnectionUnusable(cause)) {
      this.unusable = cause;
      return;
    }
    await client.query('ROLLBACK').catch((error: unknown) => {
      this.unusable = error;
    });
  }

  /** Gives the connection back to the pool, or has the pool close it when it is unusable. */
  release(): void {
    this.client?.release(this.unusable === undefined ? undefined : (this.unusable as Error));
    this.client = undefined;
  }

  private begin(): Promise<pg.PoolClient> {
    this.opening ??= (async () => {
      const client = await this.pool.connect();
      this.client = client;
      await client.query('BEGIN');
      return client;
    })();
    return this.opening;
  }

  private async flush(): Promise<void> {
    while (this.deferred.length > 0) await runNow(this.inTransaction, this.deferred.shift()!);
  }
}

async function timed<R extends pg.QueryResultRow>(stats: QueryStats, run: () => Promise<pg.QueryResult<R>>): Promise<pg.QueryResult<R>> {
  const start = performance.now();
  try {
    const result = await run();
    stats.rows += result.rowCount ?? 0;
    return result;
  } finally {
    stats.queries += 1;
    stats.milliseconds += performance.now() - start;
  }
}
