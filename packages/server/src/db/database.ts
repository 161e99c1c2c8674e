import { createHash } from 'node:crypto';
import pg from 'pg';

/** SQL text, or a named statement each connection prepares once (see {@link prepared}). */
export type Statement = string | { name: string; text: string };

/** What every storage function needs: something that runs one parameterised statement. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: Statement,
    params?: readonly unknown[],
  ): Promise<pg.QueryResult<R>>;
}

const preparedNames = new Map<string, string>();
const MAX_PREPARED = 2_000;

/**
 * Marks SQL run on every request (a read by id, an audit insert) for preparing: each connection
 * parses and plans it once, then only binds parameters, which measured a read's PostgreSQL time
 * from 0.077 to 0.028 ms (docs/performance.md). The name is a digest of the text, so the same
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

/** The connection pool; the only place that knows about `pg.Pool`. */
export class Database {
  readonly pool: pg.Pool;

  constructor(connectionString: string, max = 20) {
    this.pool = new pg.Pool({ connectionString, max });
    // An idle client losing its connection must not crash the server; the pool replaces it.
    this.pool.on('error', () => {});
  }

  /** A view of the pool that records what one request spends, for Server-Timing. */
  forRequest(stats: QueryStats): RequestDatabase {
    return new RequestDatabase(this.pool, stats);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

export class RequestDatabase implements Queryable {
  constructor(
    private readonly pool: pg.Pool,
    readonly stats: QueryStats,
  ) {}

  query<R extends pg.QueryResultRow>(text: Statement, params?: readonly unknown[]) {
    return timed(this.stats, () => this.pool.query<R>(config(text, params)));
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
      await tx.rollback();
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

  async rollback(): Promise<void> {
    this.deferred = [];
    if (this.opening) await (await this.opening.catch(() => undefined))?.query('ROLLBACK').catch(() => {});
  }

  release(): void {
    this.client?.release();
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

async function timed<R extends pg.QueryResultRow>(
  stats: QueryStats,
  run: () => Promise<pg.QueryResult<R>>,
): Promise<pg.QueryResult<R>> {
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
