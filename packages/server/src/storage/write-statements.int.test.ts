import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { MRN_UNAVAILABLE } from '../patients/patient-mrn.hook.ts';

/**
 * A write is one statement when nothing needs a transaction around it (docs/performance.md, "A
 * write is one statement"): the current row, its history row and its audit row in one INSERT or
 * UPDATE with CTEs, guarded by the version read and by the merged-partition check, and MRNs kept
 * unique by an index. These tests pin what that must keep: every row written, or none.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const PATCH = { 'content-type': 'application/json-patch+json' };
const patientBody = () => ({ names: [{ given: ['Wren'], family: 'Statement' }], mrn: `W-${randomUUID().slice(0, 8)}` });
/** The statements the server says a request ran (Server-Timing `db;desc="N statements"`). */
const statements = (headers: Headers) => Number(/desc="(\d+) statements"/.exec(headers.get('server-timing') ?? '')?.[1]);

async function auditOf(id: string): Promise<{ action: string; entity: { versionId?: string } }[]> {
  const r = await t.request('POST', 'AuditEvents/queries', { body: [{ field: 'entity.id', op: 'eq', value: id }] });
  expect(r.status).toBe(200);
  return r.body;
}

describe('a plain write', () => {
  it('creates with one statement: current row, history row and audit row', async () => {
    await t.request('POST', 'Patients', { body: patientBody() }); // the caller's identity is cached from here
    const created = await t.request('POST', 'Patients', { body: patientBody() });
    expect(created.status).toBe(201);
    expect(statements(created.headers)).toBe(1);
    const history = await t.request('GET', `Patients/${created.body.id}/_history`);
    expect(history.body.map((v: { meta: { versionId: string } }) => v.meta.versionId)).toEqual([created.body.meta.versionId]);
    const audit = await auditOf(created.body.id);
    expect(audit.filter((e) => e.action === 'C').map((e) => e.entity.versionId)).toEqual([created.body.meta.versionId]);
  });

  it('patches with a read and one write statement, audited once', async () => {
    const created = (await t.request('POST', 'Patients', { body: patientBody() })).body;
    const patched = await t.request('PATCH', `Patients/${created.id}?versionId=${created.meta.versionId}`, {
      headers: PATCH,
      body: [{ op: 'add', path: '/gender', value: 'female' }],
    });
    expect(patched.status).toBe(200);
    expect(statements(patched.headers)).toBe(2);
    const audit = await auditOf(created.id);
    expect(audit.filter((e) => e.action === 'U').map((e) => e.entity.versionId)).toEqual([patched.body.meta.versionId]);
  });

  it('a refused write leaves no history or audit row behind: a taken MRN by PATCH is 400 at mrn', async () => {
    const holder = (await t.request('POST', 'Patients', { body: patientBody() })).body;
    const other = (await t.request('POST', 'Patients', { body: patientBody() })).body;
    const refused = await t.request('PATCH', `Patients/${other.id}?versionId=${other.meta.versionId}`, {
      headers: PATCH,
      body: [{ op: 'replace', path: '/mrn', value: holder.mrn }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'mrn', message: MRN_UNAVAILABLE }]);
    expect((await t.request('GET', `Patients/${other.id}`)).body).toEqual(other);
    expect((await t.request('GET', `Patients/${other.id}/_history`)).body).toHaveLength(1);
    expect((await auditOf(other.id)).filter((e) => e.action === 'U')).toEqual([]);
  });
});
