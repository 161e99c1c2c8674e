import pg from 'pg';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { CallerCache } from '../packages/server/src/identity/caller-cache.ts';
import { isIdle, loadCaller, touchSession } from '../packages/server/src/identity/session-store.ts';
import { startCostMeter } from './support/cost-meter.ts';
import { describeMachine } from './support/machine.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres } from './support/postgres.ts';
import { envInt, fixed, printTable } from './support/table.ts';

/**
 * What the pieces of a Caseload request cost, one at a time, to say where bench/api-throughput.ts's
 * gap to the bare server goes and what would close it. Each piece runs N times from 20 concurrent
 * clients (Caseload's pool size) against the server's own tables (its migrations, fresh database);
 * the figure is CPU per operation in PostgreSQL and in this Node process. The statements are copies
 * of the server's (storage/resource-rows.ts, audit/audit-writer.ts) as of this writing, the caller
 * lookup as it was (3 statements) and as the server now runs it (its own `loadCaller`, and a hit of
 * its caller cache).
 * Run: `npx tsx bench/request-cost.ts` (env BENCH_OPERATIONS_EACH, default 20000).
 */

const N = envInt('BENCH_OPERATIONS_EACH', 20_000);
const DATABASE = 'caseload_bench_request_cost';

const READ =
  'SELECT id, partition, version_id, version_seq, is_deleted, expires_at, body FROM r_patient WHERE practice_id = $1 AND id = $2';
// The caller lookup as it was before identity/session-store.ts's loadCaller, for comparison.
const SESSION = 'SELECT * FROM sessions WHERE id_hash = $1';
const ACCOUNT = 'SELECT * FROM accounts WHERE id = $1';
const MEMBERSHIPS = 'SELECT * FROM memberships WHERE account_id = $1 ORDER BY practice_id, profile_type, profile_id';
/** An audit event of a read, the size the server writes (about 750 bytes). */
const AUDIT_BODY = {
  resourceType: 'AuditEvent',
  type: 'patient-record',
  action: 'R',
  outcome: 'Success',
  agent: { who: { resourceType: 'Account', id: 'acc-1', display: 'bench-admin@bench.caseload' }, accountId: 'acc-1', address: '127.0.0.1' },
  entity: { resourceType: 'Patient', id: 'p-1', versionId: '6a1f4d0e-4f3b-4a55-9d7e-2f0e6b1c9a11' },
  patient: { resourceType: 'Patient', id: 'p-1' },
  requestId: 'b3e1c0de-0000-4000-8000-000000000000',
  recorded: '2026-01-01T00:00:00.000Z',
  created: '2026-01-01T00:00:00.000Z',
};

await ensurePostgres();
const machine = await describeMachine();
const url = await createFreshDatabase(DATABASE);
const pool = new pg.Pool({ connectionString: url, max: 20 });
try {
  await migrate(url);
  await pool.query(`INSERT INTO accounts (id, email, associate_role) VALUES ('acc-1', 'bench-admin@bench.caseload', 'SysAdmin')`);
  await pool.query(`INSERT INTO sessions (id_hash, account_id, xsrf_token, idle_timeout_minutes) VALUES ('h-1', 'acc-1', 'x', 30)`);
  await pool.query(`INSERT INTO r_patient (practice_id, id, version_id, version_seq, last_modified, body)
    SELECT 'bench', 'p-' || g, 'v', 1, now(), jsonb_build_object('display', 'Patient ' || g, 'address', jsonb_build_object('city', 'Salem'))
    FROM generate_series(1, 10000) g`);
  await pool.query('VACUUM ANALYZE');

  // A cache as the auth plugin keeps one, holding the bench session (no listener: switched on by hand).
  const cache = new CallerCache(3_600_000);
  cache.enabled = true;
  cache.setIdentity((await loadCaller(pool, 'h-1', new Date()))!, cache.generation);
  const q = (text: string, values: unknown[], name?: string) => pool.query(name ? { name, text, values } : { text, values });
  const patient = (i: number) => `p-${1 + (i % 10_000)}`;
  // The audit table with other index sets, to price each (the same rows, the same INSERT):
  // only its primary key, and the primary key plus btree expression indexes on the fields audit
  // queries filter by (patient, agent, entity) instead of the GIN over every path.
  await pool.query(
    `CREATE TABLE audit_pk_only (LIKE r_audit_event INCLUDING DEFAULTS INCLUDING CONSTRAINTS, PRIMARY KEY (practice_id, id))`,
  );
  await pool.query(
    `CREATE TABLE audit_by_field (LIKE r_audit_event INCLUDING DEFAULTS INCLUDING CONSTRAINTS, PRIMARY KEY (practice_id, id))`,
  );
  for (const field of ['{patient,id}', '{agent,who,id}', '{entity,id}']) {
    await pool.query(`CREATE INDEX ON audit_by_field (practice_id, (body #> '${field}'), last_modified, id)`);
  }
  await pool.query(`CREATE INDEX ON audit_by_field (practice_id, last_modified, id)`);
  const auditInto = (table: string) => () => {
    const id = crypto.randomUUID();
    return q(
      `INSERT INTO ${table} (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, expires_at, body)
      VALUES ($1, $2, NULL, $2, 1, now(), false, NULL, $3::jsonb)`,
      ['bench', id, JSON.stringify({ ...AUDIT_BODY, id })],
    );
  };
  const audit = (rows: number) => {
    const values = Array.from(
      { length: rows },
      (_, r) => `($${r * 3 + 1}, $${r * 3 + 2}, NULL, $${r * 3 + 2}, 1, now(), false, NULL, $${r * 3 + 3}::jsonb)`,
    );
    const params = Array.from({ length: rows }, () => {
      const id = crypto.randomUUID();
      return ['bench', id, JSON.stringify({ ...AUDIT_BODY, id })];
    });
    return q(
      `INSERT INTO r_audit_event (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, expires_at, body)
      VALUES ${values.join(', ')}`,
      params.flat(),
    );
  };
  // Under load the audit writer batches the events of concurrent reads; 1 and 10 per INSERT bracket it.
  const pieces: [string, (i: number) => Promise<unknown>][] = [
    ['read by id (as the server runs it: unnamed statement)', (i) => q(READ, ['bench', patient(i)])],
    ['read by id, prepared (named statement)', (i) => q(READ, ['bench', patient(i)], 'read')],
    [
      'identity: session + account + memberships, 3 statements (before the caller cache)',
      async () => {
        await q(SESSION, ['h-1']);
        await q(ACCOUNT, ['acc-1']);
        await q(MEMBERSHIPS, ['acc-1']);
      },
    ],
    [
      'identity: the same 3, prepared',
      async () => {
        await q(SESSION, ['h-1'], 's');
        await q(ACCOUNT, ['acc-1'], 'a');
        await q(MEMBERSHIPS, ['acc-1'], 'm');
      },
    ],
    ["identity: the server's loadCaller (1 joined statement, prepared)", () => loadCaller(pool, 'h-1', new Date())],
    [
      "identity: a hit of the server's caller cache",
      async () => {
        const cached = cache.identity('h-1');
        if (!cached || isIdle(cached.session, new Date()) || !(await touchSession(pool, cached.session, new Date())))
          throw new Error('cache miss');
      },
    ],
    ['audit row of a read, 1 per INSERT', () => audit(1)],
    ['audit row of a read, 10 per INSERT (per row)', (i) => (i % 10 === 0 ? audit(10) : Promise.resolve())],
    ['audit row, 1 per INSERT, table with its primary key only', auditInto('audit_pk_only')],
    ['audit row, 1 per INSERT, primary key + 3 field indexes + last_modified (no GIN)', auditInto('audit_by_field')],
  ];
  const rows: string[][] = [];
  for (const [label, work] of pieces) {
    for (let i = 0; i < 500; i++) await work(i);
    const meter = await startCostMeter(process.pid, url, DATABASE);
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < N) await work(next++);
      }),
    );
    const cost = await meter.stop();
    rows.push([label, fixed(cost.databaseCpuMs / N, 3), fixed(cost.loadGeneratorCpuMs / N, 3), `${fixed(cost.otherShare * 100)} %`]);
  }
  console.log(`\nRequest pieces, ${fixed(N)} operations each from 20 concurrent clients\nMachine: ${machine}`);
  printTable(['piece', 'PostgreSQL CPU ms/op', 'Node CPU ms/op', 'other load'], rows);
} finally {
  await pool.end();
  await dropDatabase(DATABASE);
}
