import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Filter } from '@caseload/core';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * The audit trail has no GIN index on its bodies (a row is written for every read, and the index
 * was the largest part of that row's cost: docs/performance.md, "The audit trail without a body
 * index").
 * Its three questions, whose record, by whom, about which resource, have a filter index each.
 * These page those filters over HTTP, compare the rows with the table's, and EXPLAIN the statement
 * the server sent: a filter index answers, and the table is never read whole.
 */

let t: TestServer;
let auditor: TestUser;

const EVENTS = 3000;
const BASE = Date.parse('2026-06-01T00:00:00Z');
const patientOf = (n: number) => `ap-${n % 150}`;
const agentOf = (n: number) => `agent-${n % 40}`;
const entityOf = (n: number) => `entity-${n % 700}`;
const outcomeOf = (n: number) => (n % 97 === 0 ? 'Failure' : 'Success');
const idOf = (n: number) => `ae-${String(n).padStart(5, '0')}`;

interface Sent {
  text: string;
  values?: unknown[];
}

/** The ids a call to AuditEvents answered, with the statements on the audit table it sent. */
async function audited(method: 'GET' | 'POST', path: string, filters?: Filter[]): Promise<{ ids: string[]; sent: Sent[] }> {
  const query = vi.spyOn(t.server.app.db.pool, 'query');
  try {
    const r = await auditor.client.request(method, path, filters ? { body: filters } : {});
    expect(r.status, r.text).toBe(200);
    // Other work of the server (a health probe, the sweeper, the practice check once its cache runs
    // out) may send a plain-text statement meanwhile.
    const sent = query.mock.calls
      .map(([config, values]) => (typeof config === 'string' ? { text: config, values } : (config as unknown as Sent)))
      .filter((c) => c.text?.includes('FROM r_audit_event'));
    return { ids: (r.body as { id: string }[]).map((e) => e.id), sent };
  } finally {
    query.mockRestore();
  }
}

/** One page of `filters` newest first. */
const page = (filters: Filter[]) => audited('POST', 'AuditEvents/queries?pageSize=20', filters);

/** The newest 20 seeded events that `test` picks, as the page should list them. */
const expected = (test: (n: number) => boolean) =>
  Array.from({ length: EVENTS }, (_, i) => i + 1)
    .filter(test)
    .slice(0, 20)
    .map(idOf);

/** Every index and table a plan reads, and how (a bitmap scan names its index on a node of its own). */
function scans(plan: Record<string, unknown>): string[] {
  const read = plan['Index Name'] ?? plan['Relation Name'];
  const own = read ? [`${plan['Node Type']} ${read}`] : [];
  return [...own, ...((plan.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(scans)];
}

async function planOf(statement: Sent): Promise<string[]> {
  const { rows } = await t.server.app.db.pool.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
  return scans((rows[0]['QUERY PLAN'] as [{ Plan: Record<string, unknown> }])[0].Plan);
}

beforeAll(async () => {
  t = await startTestServer();
  auditor = await t.createUser({ roles: ['Administrative'] });
  // Event n (1 newest), written straight into the table as the audit writer would.
  const numbers = Array.from({ length: EVENTS }, (_, i) => i + 1);
  await t.server.app.db.pool.query(
    `INSERT INTO r_audit_event (practice_id, id, partition, version_id, version_seq, last_modified, body)
     SELECT $1, r.id, r.patient, r.id, 1, r.at::timestamptz, jsonb_build_object('resourceType', 'AuditEvent', 'id', r.id,
       'type', jsonb_build_object('code', '110110'), 'action', 'R', 'outcome', r.outcome, 'recorded', r.at, 'created', r.at,
       'agent', jsonb_build_object('who', jsonb_build_object('resourceType', 'Practitioner', 'id', r.agent)),
       'entity', jsonb_build_object('resourceType', 'Note', 'id', r.entity),
       'patient', jsonb_build_object('resourceType', 'Patient', 'id', r.patient))
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS r(id, at, patient, agent, entity, outcome)`,
    [
      t.practiceId,
      numbers.map(idOf),
      numbers.map((n) => new Date(BASE - n * 1000).toISOString()),
      numbers.map(patientOf),
      numbers.map(agentOf),
      numbers.map(entityOf),
      numbers.map(outcomeOf),
    ],
  );
  await t.server.app.db.pool.query('ANALYZE r_audit_event');
});

afterAll(async () => {
  await t?.close();
});

describe('the audit trail, filtered', () => {
  it.each([
    ['patient.id', patientOf(7), (n: number) => patientOf(n) === patientOf(7)],
    ['agent.who.id', agentOf(3), (n: number) => agentOf(n) === agentOf(3)],
    ['entity.id', entityOf(12), (n: number) => entityOf(n) === entityOf(12)],
  ])("by %s: the newest matches, found through that field's filter index", async (field, value, test) => {
    const { ids, sent } = await page([{ field, op: 'eq', value }]);
    expect(ids).toEqual(expected(test));
    expect(sent).toHaveLength(1);
    const plan = await planOf(sent[0]!);
    expect(
      plan.some((s) => /r_audit_event_f_[0-9a-f]{6}$/.test(s)),
      JSON.stringify(plan),
    ).toBe(true);
    expect(plan.filter((s) => s.startsWith('Seq Scan'))).toEqual([]);
  });

  it('by any other field: tested on the rows the sort index walks, with the same answer', async () => {
    const { ids, sent } = await page([{ field: 'outcome', op: 'eq', value: 'Failure' }]);
    expect(ids).toEqual(expected((n) => outcomeOf(n) === 'Failure'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('body @?');
  });

  it('in Created order: the last-modified index, since the server writes both as one instant', async () => {
    const { ids, sent } = await audited('GET', 'AuditEvents?orderBy=Created&order=asc&pageSize=20');
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => idOf(EVENTS - i)));
    expect(sent).toHaveLength(1);
    expect(await planOf(sent[0]!)).toEqual([expect.stringMatching(/^Index Scan r_audit_event_s_lastmodified_[0-9a-f]{6}$/)]);
  });

  it('by patient within a time range: the filter index and the range together', async () => {
    const from = new Date(BASE - 2000 * 1000).toISOString();
    const to = new Date(BASE - 500 * 1000).toISOString();
    const { ids } = await page([
      { field: 'patient.id', op: 'in', value: [patientOf(7), patientOf(8)] },
      { field: 'meta.lastModified', op: 'ge', value: from },
      { field: 'meta.lastModified', op: 'le', value: to },
    ]);
    expect(ids).toEqual(expected((n) => [patientOf(7), patientOf(8)].includes(patientOf(n)) && n >= 500 && n <= 2000));
  });
});
