import pg from 'pg';

/** What every storage function needs: something that runs one parameterised statement. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    params?: readonly unknown[],
  ): Promise<pg.QueryResult<R>>;
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

  query<R extends pg.QueryResultRow>(text: string, params?: readonly unknown[]) {
    return timed(this.stats, () => this.pool.query<R>(text, params as unknown[]));
  }

  /**
   * Runs `work` in one transaction on one connection: everything it writes commits together or
   * not at all.
   */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const tx: Queryable = {
      query: <R extends pg.QueryResultRow>(text: string, params?: readonly unknown[]) =>
        timed(this.stats, () => client.query<R>(text, params as unknown[])),
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
