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
 * statement runs unprepared instead. Not for searches, whose best plan depends on the values.
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
   * not at all.
   */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const tx: Queryable = {
      query: <R extends pg.QueryResultRow>(text: Statement, params?: readonly unknown[]) =>
        timed(this.stats, () => client.query<R>(config(text, params))),
    };
    try {
      await client.query('BEGIN');
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
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
