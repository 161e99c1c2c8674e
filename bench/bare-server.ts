import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';

/**
 * The baseline of bench/api-throughput.ts: Fastify + pg running, per operation, only the SQL
 * Caseload runs (copied from packages/server/src/storage/resource-rows.ts and resource-search.ts)
 * against the same r_patient tables. No practice check, access control, audit, validation,
 * Server-Timing, paging tokens or idempotency: whatever Caseload costs beyond this is its own.
 * Patients only; queries take one `eq` filter on a body field. Run as a child process (PORT,
 * DATABASE_URL); prints `running at <url>`.
 */

const ROW_COLUMNS = 'id, partition, version_id, version_seq, is_deleted, expires_at, body';
const HISTORY = `, h AS (INSERT INTO r_patient_history
  (practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body)
  SELECT practice_id, id, version_seq, version_id, partition, last_modified, is_deleted, body FROM c)`;
const INSERT = `WITH c AS (INSERT INTO r_patient
  (practice_id, id, partition, version_id, version_seq, last_modified, is_deleted, expires_at, body)
  VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8::jsonb)
  ON CONFLICT (practice_id, id) DO NOTHING RETURNING *)${HISTORY} SELECT 1 FROM c`;
const UPDATE = `WITH c AS (UPDATE r_patient SET
  partition = $3, version_id = $4, version_seq = version_seq + 1, last_modified = $5,
  is_deleted = $6, expires_at = $7, body = $8::jsonb
  WHERE practice_id = $1 AND id = $2 RETURNING *)${HISTORY} SELECT 1 FROM c`;
// Caseload's walk-first page for a body-field equality (resource-search.ts): the newest 2,000 rows
// tested one by one. A value too rare to fill a page there falls back to the plain statement
// (Caseload looks it up in the GIN index first); the bench's cities are 5 % each, so neither
// server gets that far.
const WALK_QUERY = `SELECT body, id, sort_value FROM (SELECT *, last_modified AS sort_value FROM r_patient
  WHERE practice_id = $1 AND NOT is_deleted AND (expires_at IS NULL OR expires_at > $2)
  ORDER BY last_modified DESC, id DESC LIMIT 2000) walked WHERE body @? $3::jsonpath
  ORDER BY sort_value DESC, id DESC LIMIT $4`;
const QUERY = `SELECT body, id, last_modified AS sort_value FROM r_patient
  WHERE practice_id = $1 AND NOT is_deleted AND (expires_at IS NULL OR expires_at > $2) AND body @? $3::jsonpath
  ORDER BY last_modified DESC, id DESC LIMIT $4`;

type Body = Record<string, any>;
interface PracticeParams {
  practice: string;
}
interface IdParams extends PracticeParams {
  id: string;
}
interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
}

// Caseload's Database uses a pool of 20; the same here, so the comparison is like for like.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, (_req, body, done) => {
  done(null, JSON.parse(body as string));
});

const base = '/api/v1/practices/:practice/Patients';

app.get(`${base}/:id`, async (request, reply) => {
  const { practice, id } = request.params as IdParams;
  const result = await pool.query(`SELECT ${ROW_COLUMNS} FROM r_patient WHERE practice_id = $1 AND id = $2`, [practice, id]);
  return result.rows[0] ? result.rows[0].body : reply.code(404).send();
});

app.post(base, async (request, reply) => {
  const { practice } = request.params as PracticeParams;
  const resource = nextVersion(request.body as Body, randomUUID());
  await transaction((client) => client.query(INSERT, versionParams(practice, resource)));
  return reply.code(201).send(resource);
});

app.post(`${base}/queries`, async (request) => {
  const { practice } = request.params as PracticeParams;
  const [filter] = request.body as { field: string; value: string }[];
  const path = `lax $${filter!.field
    .split('.')
    .map((s) => `.${JSON.stringify(s)}`)
    .join('')} ? (@ == ${JSON.stringify(filter!.value)})`;
  const pageSize = Number((request.query as { pageSize?: string }).pageSize ?? 100);
  const params = [practice, new Date(), path, pageSize + 1];
  let result = await pool.query(WALK_QUERY, params);
  if (result.rows.length <= pageSize) result = await pool.query(QUERY, params);
  return result.rows.slice(0, pageSize).map((r) => r.body);
});

app.patch(`${base}/:id`, async (request, reply: FastifyReply) => {
  const { practice, id } = request.params as IdParams;
  const { versionId } = request.query as { versionId?: string };
  const next = await transaction(async (client) => {
    const row = (await client.query(`SELECT ${ROW_COLUMNS} FROM r_patient WHERE practice_id = $1 AND id = $2 FOR UPDATE`, [practice, id]))
      .rows[0];
    if (!row || row.version_id !== versionId) return undefined;
    const resource = nextVersion(applyPatch(row.body, request.body as PatchOperation[]), id, row.body.created);
    await client.query(UPDATE, versionParams(practice, resource));
    return resource;
  });
  return next ?? reply.code(409).send();
});

function nextVersion(input: Body, id: string, created?: string): Body {
  const now = new Date().toISOString();
  return { ...input, id, resourceType: 'Patient', created: created ?? now, meta: { versionId: randomUUID(), lastModified: now } };
}

function versionParams(practice: string, r: Body): unknown[] {
  return [practice, r.id, null, r.meta.versionId, r.meta.lastModified, false, null, JSON.stringify(r)];
}

/** Just enough RFC 6902 for the benchmark's `replace`/`add` of one member; no checks. */
function applyPatch(body: Body, operations: PatchOperation[]): Body {
  const copy = structuredClone(body);
  for (const { path, value } of operations) {
    const keys = path.split('/').slice(1);
    const last = keys.pop()!;
    let target = copy;
    for (const key of keys) target = target[key];
    target[last] = value;
  }
  return copy;
}

async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`Bare server is running at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void app
        .close()
        .then(() => pool.end())
        .then(() => process.exit(0)),
  );
}
