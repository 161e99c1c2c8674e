import type pg from 'pg';
import { fixed, printTable } from './table.ts';
import { percentile } from './timing.ts';

/**
 * The fix bench/scale.ts proposes for its cross-partition query and count, tried on the loaded
 * table and undone: an expression index on the two filtered fields plus the sort, and the filter
 * written as `body #> path = value` (which that index serves) instead of `body @? jsonpath`
 * (which only the GIN index serves, row by row rechecked). SQL only, timed from here; the server
 * is not changed. Run with BENCH_TRY_INDEX=true.
 */

export const PROPOSED_INDEX = `CREATE INDEX r_note_author_status ON r_note
  (practice_id, (body #> '{author,id}'), (body #> '{status}'), last_modified, id) WHERE NOT is_deleted`;

const WHERE = `practice_id = $1 AND NOT is_deleted AND (expires_at IS NULL OR expires_at > $2)
  AND body #> '{author,id}' = $3::jsonb AND body #> '{status}' = $4::jsonb`;
const PAGE = `SELECT body, id, last_modified AS sort_value FROM r_note WHERE ${WHERE} ORDER BY last_modified DESC, id DESC LIMIT 51`;
const COUNT = `SELECT count(*) AS count FROM r_note WHERE ${WHERE}`;

export async function tryProposedIndex(db: pg.Client, practiceId: string, authors: string[]): Promise<void> {
  await db.query(`SET maintenance_work_mem = '512MB'`);
  const started = performance.now();
  await db.query(PROPOSED_INDEX);
  await db.query('ANALYZE r_note');
  const built = (performance.now() - started) / 1000;
  try {
    const rows: string[][] = [];
    for (const [label, sql] of [['page of 50', PAGE], ['count', COUNT]] as const) {
      const passes: number[][] = [];
      for (let pass = 0; pass < 2; pass++) {
        const times: number[] = [];
        for (const author of authors) {
          const t = performance.now();
          await db.query(sql, [practiceId, new Date(), JSON.stringify(author), '"Final"']);
          times.push(performance.now() - t);
        }
        passes.push(times);
      }
      const [first, second] = passes as [number[], number[]];
      rows.push([label, fixed(percentile(second, 50), 1), fixed(percentile(second, 95), 1),
        `${fixed(percentile(first, 50), 1)} / ${fixed(percentile(first, 95), 1)}`]);
    }
    console.log(`\nProposed index (built in ${fixed(built, 1)} s) and \`#>\` filters, SQL alone from this process:\n${PROPOSED_INDEX}`);
    printTable(['query', 'p50 ms', 'p95 ms', 'first pass p50 / p95 ms'], rows);
  } finally {
    await db.query('DROP INDEX r_note_author_status');
  }
}
