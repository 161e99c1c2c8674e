import fc from 'fast-check';
import { AUDIT_EVENT_TYPES, MESSAGES, SUB_STATUS, type Resource } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePeopleBody } from '../../src/people/people-samples.ts';
import { startTestServer, type ApiClient, type ApiResponse, type TestServer, type TestUser } from '../harness.ts';
import { sampleNoteBody } from '../note-samples.ts';
import {
  PATCH_JSON,
  auditEventsOf,
  mapLimit,
  inPractice,
  isForbidden,
  isNotFound,
  isUnauthorized,
  pool,
  provisionPractice,
  signInAssociate,
  storedRow,
} from './support.ts';

/**
 * Attack tests of issue 3's Proof. Each attack must fail with nothing read or changed: after each,
 * the target is read back from the real tables (version, deleted flag) and the audit trail is
 * checked for a read the attacker should not have made.
 */

let t: TestServer;
const A = () => t.practiceId;
let B: string;

const noteOf = (partition: string, display: string) => sampleNoteBody(partition, display, { text: `${display}: private content` });

/** Creates as the internal administrator (absolute path) and returns the resource. */
async function seed(path: string, body: Record<string, unknown>): Promise<Resource> {
  const r = await t.request('POST', path, { body });
  if (r.status !== 201) throw new Error(`seeding ${path}: ${r.status} ${r.text}`);
  return r.body;
}

async function patchAsAdmin(path: string, resource: Resource, ops: unknown[]): Promise<Resource> {
  const r = await t.request('PATCH', `${path}/${resource.id}?versionId=${resource.meta.versionId}`, { headers: PATCH_JSON, body: ops });
  if (r.status !== 200) throw new Error(`patching ${path}: ${r.status} ${r.text}`);
  return r.body;
}

/** The ids a list answered with. */
const ids = (r: ApiResponse) => (Array.isArray(r.body) ? r.body.map((x: Resource) => x.id).sort() : r.body);
const count = (r: ApiResponse) => r.headers.get('x-total-count');
const cross = { 'x-enable-cross-partition': 'true' };
const minimal = { prefer: 'return=minimal' };

/**
 * Successful read events (110110 R) any of these requests left for this resource id: reads that
 * happened. Refused attempts are recorded too, as Failure (audit-refusals.int.test.ts).
 */
async function readEventsFor(accountId: string, resourceId: string): Promise<number> {
  const r = await pool(t).query<{ n: string }>(
    `SELECT count(*) AS n FROM r_audit_event
     WHERE body->'agent'->>'accountId' = $1 AND body->'entity'->>'id' = $2 AND body->>'action' = 'R' AND body->>'outcome' = 'Success'`,
    [accountId, resourceId],
  );
  return Number(r.rows[0]!.n);
}

/** Fails unless the stored row is still exactly this version and not deleted. */
async function expectUnchanged(table: string, practiceId: string, resource: Resource): Promise<void> {
  const row = await storedRow(t, table, practiceId, resource.id);
  expect(row?.version_id, `${table} ${resource.id} changed`).toBe(resource.meta.versionId);
  expect(row?.is_deleted).toBe(false);
}

beforeAll(async () => {
  t = await startTestServer();
  B = await provisionPractice(t, 'other');
}, 120_000);
afterAll(() => t?.close());

describe("another practice's resources", () => {
  let prac: TestUser;
  let pracB: TestUser;
  let patientB: Resource;
  let noteB1: Resource;
  let noteB: Resource;
  let encounterB: Resource;
  let ownPatient: Resource;

  beforeAll(async () => {
    ownPatient = await seed('Patients', { display: 'Own patient' });
    patientB = await seed(inPractice(B, 'Patients'), { display: 'Patient of practice B' });
    noteB1 = await seed(inPractice(B, 'Notes'), noteOf(patientB.id, 'B note'));
    noteB = await patchAsAdmin(inPractice(B, 'Notes'), noteB1, [{ op: 'replace', path: '/display', value: 'B note v2' }]);
    encounterB = await seed(inPractice(B, 'Encounters'), { display: 'B encounter', partition: patientB.id });
    // A clinician holding Note CRUD: whatever is refused here is refused for reach, not permission.
    prac = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
    pracB = await t.createUser({ roles: ['Practitioner'], practiceId: B });
  });

  it('by id: through the other practice URL and through the own practice URL, every method is a 404', async () => {
    const c = prac.client;
    const v = `?versionId=${noteB.meta.versionId}`;
    const attempts: [string, string, Record<string, unknown>?][] = [
      ['GET', inPractice(B, `Notes/${noteB.id}`)],
      ['GET', inPractice(B, `Patients/${patientB.id}`)],
      ['GET', inPractice(B, 'Notes')],
      ['GET', `Notes/${noteB.id}`],
      ['GET', `Patients/${patientB.id}`],
      ['GET', `Encounters/${encounterB.id}`],
    ];
    for (const [method, path] of attempts) {
      const r = await c.request(method, path);
      expect(isNotFound(r), `${method} ${path} -> ${r.status}`).toBe(true);
    }
    for (const base of [inPractice(B, 'Notes'), 'Notes']) {
      const patch = await c.request('PATCH', `${base}/${noteB.id}${v}`, {
        headers: PATCH_JSON,
        body: [{ op: 'replace', path: '/display', value: 'hacked' }],
      });
      const put = await c.request('PUT', `${base}/${noteB.id}${v}`, { body: { ...noteB, display: 'hacked' } });
      const del = await c.request('DELETE', `${base}/${noteB.id}${v}`);
      expect([patch.status, put.status, del.status], base).toEqual([404, 404, 404]);
    }
    // A member of practice B only cannot use practice A's URL either.
    expect(isNotFound(await pracB.client.request('GET', inPractice(A(), `Patients/${ownPatient.id}`)))).toBe(true);
    await expectUnchanged('r_note', B, noteB);
    expect(await readEventsFor(prac.accountId, noteB.id)).toBe(0);
  });

  it('by query and count: filters on its ids and partition find nothing', async () => {
    const c = prac.client;
    const queries = [
      [{ field: 'id', op: 'eq', value: noteB.id }],
      [{ field: 'partition', op: 'eq', value: patientB.id }],
      [{ field: 'display', op: 'startsWith', value: 'B note' }],
      [
        {
          or: [
            { field: 'id', op: 'in', value: [noteB.id, noteB1.id] },
            { field: 'text', op: 'contains', value: 'private' },
          ],
        },
      ],
    ];
    for (const body of queries) {
      const list = await c.request('POST', 'Notes/queries', { body, headers: cross });
      expect(list.status).toBe(200);
      expect(list.body).toEqual([]);
      const n = await c.request('POST', 'Notes/queries', { body, headers: { ...cross, ...minimal } });
      expect(count(n)).toBe('0');
    }
    const byKey = await c.request('GET', 'Notes', { headers: { 'x-partition-key': patientB.id } });
    expect(byKey.body).toEqual([]);
    const patients = await c.request('POST', 'Patients/queries', { body: [{ field: 'id', op: 'eq', value: patientB.id }] });
    expect(patients.body).toEqual([]);
    expect(isNotFound(await c.request('POST', inPractice(B, 'Notes/queries'), { body: [], headers: cross }))).toBe(true);
  });

  it('by expansion: references to its resources, latest or versioned, expand to expansionError', async () => {
    const c = prac.client;
    // A note's subject is the patient whose chart holds it (docs/notes.md): one naming B from
    // another chart is refused outright (400), so B's patient cannot be pointed at that way.
    const misfiled = await c.request('POST', 'Notes', {
      body: { ...noteOf(ownPatient.id, 'subject B'), subject: { resourceType: 'Patient', id: patientB.id } },
    });
    expect(misfiled.status).toBe(400);
    const note = await c.request('POST', 'Notes', {
      body: {
        ...noteOf(ownPatient.id, 'pointing at B'),
        encounter: { resourceType: 'Encounter', id: encounterB.id },
        partOf: { resourceType: 'Note', id: noteB1.id, versionId: noteB1.meta.versionId },
      },
    });
    expect(note.status).toBe(201);
    // (derivedFrom names care-plan outcomes of the note's own chart only: one of B's is refused, 400.)
    const read = await c.request('GET', `Notes/${note.body.id}?expand=subject,encounter,partOf`);
    expect(read.status).toBe(200);
    expect(read.body.subject.resource?.id).toBe(ownPatient.id);
    for (const field of ['encounter', 'partOf']) {
      expect(read.body[field].resource, field).toBeUndefined();
      expect(read.body[field].expansionError, field).toMatch(/could not be expanded\.$/);
    }
    const list = await c.request('GET', 'Notes?expand=subject,partOf', { headers: { 'x-partition-key': ownPatient.id } });
    // Every subject is the chart's own patient now (docs/notes.md), so it may expand; B's note never does.
    expect(
      list.body.every((n: Resource) => [undefined, ownPatient.id].includes((n.subject as { resource?: Resource })?.resource?.id)),
    ).toBe(true);
    expect(list.body.every((n: Resource) => (n.partOf as { resource?: unknown } | undefined)?.resource === undefined)).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('B note');
  });

  it('by history and by version: 404 through either URL', async () => {
    const c = prac.client;
    for (const base of [inPractice(B, 'Notes'), 'Notes']) {
      for (const path of [
        `${noteB.id}/_history`,
        `${noteB.id}/_history/${noteB1.meta.versionId}`,
        `${noteB.id}/_history/${noteB.meta.versionId}`,
      ]) {
        const r = await c.request('GET', `${base}/${path}`);
        expect(isNotFound(r), `${base}/${path} -> ${r.status}`).toBe(true);
      }
    }
    expect(await readEventsFor(prac.accountId, noteB.id)).toBe(0);
  });

  it("the profile header cannot act as another user's profile or one in another practice", async () => {
    const other = await t.createUser({ roles: ['Administrative'] });
    for (const profile of [`Practitioner/${other.profile.id}`, `Practitioner/${pracB.profile.id}`, `Patient/${ownPatient.id}`]) {
      const read = await prac.client.request('GET', `Patients/${ownPatient.id}`, { headers: { 'x-profile': profile } });
      expect(read.status, profile).toBe(403);
      const write = await prac.client.request('POST', 'Patients', {
        body: { display: `as ${profile}` },
        headers: { 'x-profile': profile },
      });
      expect(write.status, profile).toBe(403);
    }
    const forged = await pool(t).query(`SELECT 1 FROM r_patient WHERE practice_id = $1 AND body->>'display' LIKE 'as %'`, [A()]);
    expect(forged.rowCount).toBe(0);
    // Nor can a client forge who wrote a version: the server records the acting profile.
    const own = await prac.client.request('POST', 'Notes', {
      body: { ...noteOf(ownPatient.id, 'mine'), meta: { lastModifiedBy: { resourceType: 'Practitioner', id: other.profile.id } } },
    });
    expect(own.body.meta.lastModifiedBy).toEqual({ resourceType: 'Practitioner', id: prac.profile.id });
  });

  it("a practice admin cannot reach it either, and practice B's own member can", async () => {
    const adm = await t.createUser({ roles: ['Administrative'] });
    expect(isNotFound(await adm.client.request('GET', inPractice(B, `Patients/${patientB.id}`)))).toBe(true);
    expect(isNotFound(await adm.client.request('GET', `Patients/${patientB.id}`))).toBe(true);
    // The control: the data is there for those who belong.
    expect((await pracB.client.request('GET', inPractice(B, `Notes/${noteB.id}`))).status).toBe(200);
  });
});

/** Patient A on the reachable side, patient B on the other; notes in each. */
interface Population {
  practiceId: string;
  patientA: Resource;
  patientB: Resource;
  noteA: Resource;
  noteB1: Resource;
  noteB: Resource;
}

/** The checks both population levels share: A reachable; B a 404 everywhere, absent from lists and counts. */
async function expectPopulationLimits(c: ApiClient, p: Population, accountId: string): Promise<void> {
  const at = (path: string) => inPractice(p.practiceId, path);
  expect((await c.request('GET', at(`Notes/${p.noteA.id}`))).status).toBe(200);
  expect((await c.request('GET', at(`Patients/${p.patientA.id}`))).status).toBe(200);
  for (const path of [
    `Notes/${p.noteB.id}`,
    `Patients/${p.patientB.id}`,
    `Notes/${p.noteB.id}/_history`,
    `Notes/${p.noteB.id}/_history/${p.noteB1.meta.versionId}`,
  ]) {
    const r = await c.request('GET', at(path));
    expect(isNotFound(r), `GET ${path} -> ${r.status}`).toBe(true);
  }
  // Lists and counts across partitions hold only patient A's records.
  const notes = await c.request('GET', at('Notes'), { headers: cross });
  expect(notes.body.map((n: Resource) => n.partition)).toEqual([p.patientA.id]);
  expect(count(await c.request('POST', at('Notes/queries'), { body: [], headers: { ...cross, ...minimal } }))).toBe('1');
  expect(ids(await c.request('GET', at('Patients')))).toEqual([p.patientA.id]);
  expect(count(await c.request('POST', at('Patients/queries'), { body: [], headers: minimal }))).toBe('1');
  // Naming B's partition or id finds nothing, and counts say so.
  expect((await c.request('GET', at('Notes'), { headers: { 'x-partition-key': p.patientB.id } })).body).toEqual([]);
  expect(count(await c.request('POST', at('Notes/queries'), { body: [], headers: { 'x-partition-key': p.patientB.id, ...minimal } }))).toBe(
    '0',
  );
  const byFilter = await c.request('POST', at('Notes/queries'), {
    body: [
      {
        or: [
          { field: 'partition', op: 'eq', value: p.patientB.id },
          { field: 'id', op: 'eq', value: p.noteB.id },
        ],
      },
    ],
    headers: cross,
  });
  expect(byFilter.body).toEqual([]);
  // Expansion of B's records from a reachable note fails like a missing reference. (Its subject
  // is A, the patient whose chart holds it: a note naming another subject is refused, 400.)
  const pointer = await c.request('POST', at('Notes'), {
    body: {
      ...noteOf(p.patientA.id, 'pointer'),
      partOf: { resourceType: 'Note', id: p.noteB1.id, versionId: p.noteB1.meta.versionId },
    },
  });
  expect(pointer.status).toBe(201);
  const expanded = await c.request('GET', at(`Notes/${pointer.body.id}?expand=subject,partOf`));
  expect(expanded.body.subject.resource?.id).toBe(p.patientA.id);
  for (const field of ['partOf']) {
    expect(expanded.body[field].resource, field).toBeUndefined();
    expect(expanded.body[field].expansionError, field).toBe(
      MESSAGES.expansionFailure(expanded.body[field].resourceType, expanded.body[field].id, expanded.body[field].versionId),
    );
  }
  // Writes to B's records, and new records in B's partition, are 404s that change nothing.
  const v = `?versionId=${p.noteB.meta.versionId}`;
  const writes = [
    await c.request('PATCH', at(`Notes/${p.noteB.id}${v}`), {
      headers: PATCH_JSON,
      body: [{ op: 'replace', path: '/display', value: 'x' }],
    }),
    await c.request('PUT', at(`Notes/${p.noteB.id}${v}`), { body: { ...p.noteB, display: 'x' } }),
    await c.request('PUT', at(`Notes/${p.noteB.id}`), { body: { ...p.noteB, display: 'x', meta: undefined } }),
    await c.request('DELETE', at(`Notes/${p.noteB.id}${v}`)),
    await c.request('POST', at('Notes'), { body: noteOf(p.patientB.id, 'planted') }),
  ];
  expect(writes.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
  await expectUnchanged('r_note', p.practiceId, p.noteB);
  const planted = await pool(t).query("SELECT 1 FROM r_note WHERE practice_id = $1 AND partition = $2 AND body->>'display' = $3", [
    p.practiceId,
    p.patientB.id,
    'planted',
  ]);
  expect(planted.rowCount).toBe(0);
  expect(await readEventsFor(accountId, p.noteB.id)).toBe(0);
}

describe('another patient under the CareTeam population level', () => {
  let p: Population;
  let onTeam: TestUser;

  beforeAll(async () => {
    const practiceId = await provisionPractice(t, 'careteam');
    // The user first, so the care team can name their Practitioner profile.
    onTeam = await t.createUser({ roles: ['Non-Prescribing Clinician'], practiceId });
    const other = await t.createUser({ roles: ['Practitioner'], practiceId });
    const team = (id: string) => ({ careTeam: [{ member: { resourceType: 'Practitioner', id } }] });
    await seed(inPractice(practiceId, 'PracticePreferences'), { display: 'preferences', patientPopulationLevel: 'CareTeam' });
    const patientA = await seed(inPractice(practiceId, 'Patients'), { display: 'Patient A', ...team(onTeam.profile.id) });
    const patientB = await seed(inPractice(practiceId, 'Patients'), { display: 'Patient B', ...team(other.profile.id) });
    const noteA = await seed(inPractice(practiceId, 'Notes'), noteOf(patientA.id, 'A note'));
    const noteB1 = await seed(inPractice(practiceId, 'Notes'), noteOf(patientB.id, 'B note'));
    const noteB = await patchAsAdmin(inPractice(practiceId, 'Notes'), noteB1, [{ op: 'replace', path: '/display', value: 'B note v2' }]);
    p = { practiceId, patientA, patientB, noteA, noteB1, noteB };
  });

  it("a practitioner on patient A's care team reaches A only: B is a 404 by id, history, query, count and expansion", async () => {
    await expectPopulationLimits(onTeam.client, p, onTeam.accountId);
  });

  it("B's content, current or of a version, is a 404 too", async () => {
    const at = (path: string) => inPractice(p.practiceId, path);
    const uploaded = await t.request('POST', at(`Notes/${p.noteB.id}/content`), {
      raw: 'B private scan',
      headers: { 'content-type': 'text/plain' },
    });
    expect([200, 201, 204]).toContain(uploaded.status);
    const current = (await t.request('GET', at(`Notes/${p.noteB.id}`))).body as Resource;
    const c = onTeam.client;
    for (const path of [`Notes/${p.noteB.id}/content`, `Notes/${p.noteB.id}/_history/${current.meta.versionId}/content`]) {
      const r = await c.request('GET', at(path));
      expect(isNotFound(r), `GET ${path} -> ${r.status}`).toBe(true);
      expect(r.text).not.toContain('B private scan');
    }
    const del = await c.request('DELETE', at(`Notes/${p.noteB.id}/content`));
    expect(del.status).toBe(404);
    const upload = await c.request('POST', at(`Notes/${p.noteB.id}/content`), {
      raw: 'overwritten',
      headers: { 'content-type': 'text/plain' },
    });
    expect(upload.status).toBe(404);
    expect((await t.request('GET', at(`Notes/${p.noteB.id}/content`))).text).toBe('B private scan');
  });

  it("if-none-exist cannot probe B's records: a match out of reach is not returned", async () => {
    const at = (path: string) => inPractice(p.practiceId, path);
    const r = await onTeam.client.request('POST', at('Notes'), {
      body: noteOf(p.patientA.id, 'probe'),
      headers: { 'if-none-exist': `display=${encodeURIComponent('B note v2')}` },
    });
    expect(r.status).toBe(201);
    expect(r.body.id).not.toBe(p.noteB.id);
    expect(r.body.partition).toBe(p.patientA.id);
  });

  it("a user who may edit patients cannot add themself to B's care team", async () => {
    const caseManager = await t.createUser({ roles: ['Case Management'], practiceId: p.practiceId });
    const r = await caseManager.client.request(
      'PATCH',
      inPractice(p.practiceId, `Patients/${p.patientB.id}?versionId=${p.patientB.meta.versionId}`),
      {
        headers: PATCH_JSON,
        body: [{ op: 'add', path: '/careTeam/-', value: { member: { resourceType: 'Practitioner', id: caseManager.profile.id } } }],
      },
    );
    expect(isNotFound(r)).toBe(true);
    await expectUnchanged('r_patient', p.practiceId, p.patientB);
  });

  describe('security tokens', () => {
    let manager: TestUser;
    let token: Resource;
    const at = (path: string) => inPractice(p.practiceId, path);
    const withToken = (tk: Resource, extra: Record<string, string> = {}) => ({
      headers: { 'x-security-token': `${tk.id}:${tk.meta.versionId}`, ...extra },
    });

    beforeAll(async () => {
      // A practice role with "Manage security tokens" but not "Access all patients": break-the-glass.
      const role = await seed(at('SecurityRoles'), {
        display: 'Break the glass',
        grantSets: ['Read patients', 'Read notes', 'Use security tokens', 'Manage security tokens'],
      });
      manager = await t.createUser({ roles: [`SecurityRole/${role.id}`], practiceId: p.practiceId });
    });

    it('a valid token adds its allowed patient to the reach under CareTeam, and nothing else', async () => {
      const c = manager.client;
      expect(isNotFound(await c.request('GET', at(`Notes/${p.noteB.id}`)))).toBe(true);
      const created = await c.request('POST', at('SecurityTokens'), {
        body: { patientAllowances: [{ resourceType: 'Patient', id: p.patientB.id }] },
      });
      expect(created.status).toBe(201);
      token = created.body;
      expect((await c.request('GET', at(`Notes/${p.noteB.id}`), withToken(token))).status).toBe(200);
      expect(isNotFound(await c.request('GET', at(`Notes/${p.noteA.id}`), withToken(token)))).toBe(true);
      const list = await c.request('GET', at('Notes'), withToken(token, cross));
      expect(list.body.map((n: Resource) => n.partition)).toEqual([p.patientB.id]);
      // It adds reach, never permissions: the role has no Note:Update.
      const patch = await c.request('PATCH', at(`Notes/${p.noteB.id}?versionId=${p.noteB.meta.versionId}`), {
        ...withToken(token, PATCH_JSON),
        body: [{ op: 'replace', path: '/display', value: 'x' }],
      });
      expect(isForbidden(patch)).toBe(true);
    });

    it('a practitioner cannot put a patient outside their reach on their own token', async () => {
      const r = await onTeam.client.request('POST', at('SecurityTokens'), {
        body: { patientAllowances: [{ resourceType: 'Patient', id: p.patientB.id }] },
      });
      expect(r.status).toBe(404);
      const own = await onTeam.client.request('POST', at('SecurityTokens'), {
        body: { patientAllowances: [{ resourceType: 'Patient', id: p.patientA.id }] },
      });
      expect(own.status).toBe(201);
    });

    it("the server owns a token's owner and expiration: an update can neither extend nor hand it over", async () => {
      const c = manager.client;
      const r = await c.request('PATCH', at(`SecurityTokens/${token.id}?versionId=${token.meta.versionId}`), {
        headers: PATCH_JSON,
        body: [
          { op: 'replace', path: '/expiration', value: '2999-01-01T00:00:00.000Z' },
          { op: 'replace', path: '/owner', value: { resourceType: 'Practitioner', id: onTeam.profile.id } },
        ],
      });
      expect(r.status).toBe(200);
      expect(r.body.expiration).toBe(token.expiration);
      expect(r.body.owner).toEqual(token.owner);
      token = r.body;
    });

    it("another user's token, a stale version, an unknown id and a malformed header answer 403 sub-status 1001", async () => {
      const headers = [`${token.id}:${token.meta.versionId}`];
      const mine = await onTeam.client.request('GET', at(`Notes/${p.noteB.id}`), { headers: { 'x-security-token': headers[0]! } });
      expect([mine.status, mine.body.subStatus]).toEqual([403, SUB_STATUS.invalidSecurityToken]);
      for (const value of [`${token.id}:not-the-version`, 'no-such-token:v1', 'garbage', `${token.id}:${token.meta.versionId}:extra`]) {
        const r = await manager.client.request('GET', at(`Notes/${p.noteB.id}`), { headers: { 'x-security-token': value } });
        expect([r.status, r.body.subStatus], value).toEqual([403, SUB_STATUS.invalidSecurityToken]);
      }
      expect(await readEventsFor(onTeam.accountId, p.noteB.id)).toBe(0);
    });

    it("others' tokens cannot be seen or revoked without Manage security tokens (404)", async () => {
      const spare = await manager.client.request('POST', at('SecurityTokens'), { body: { patientAllowances: [] } });
      expect(spare.status).toBe(201);
      const read = await onTeam.client.request('GET', at(`SecurityTokens/${spare.body.id}`));
      const list = await onTeam.client.request('GET', at('SecurityTokens'));
      const del = await onTeam.client.request('DELETE', at(`SecurityTokens/${spare.body.id}?versionId=${spare.body.meta.versionId}`));
      const row = await storedRow(t, 'r_security_token', p.practiceId, spare.body.id);
      expect({
        read: read.status,
        listed: list.body.some((x: Resource) => x.id === spare.body.id),
        deleted: del.status,
        storedDeleted: row?.is_deleted,
      }).toEqual({ read: 404, listed: false, deleted: 404, storedDeleted: false });
    });

    it("an expired token answers 403 sub-status 1002 with the spec's message, and reads nothing", async () => {
      // Expire it in the stored row itself, as 24 hours passing would.
      await pool(t).query(
        `UPDATE r_security_token SET body = jsonb_set(body, '{expiration}', to_jsonb($3::text)) WHERE practice_id = $1 AND id = $2`,
        [p.practiceId, token.id, new Date(Date.now() - 60_000).toISOString()],
      );
      const r = await manager.client.request('GET', at(`Notes/${p.noteB.id}`), withToken(token));
      expect(r.status).toBe(403);
      expect(r.body.subStatus).toBe(SUB_STATUS.expiredSecurityToken);
      expect(r.body.detail).toBe(MESSAGES.tokenExpired);
      const events = await auditEventsOf(t, r);
      expect(events.map((e) => e.body.type.code)).toEqual([AUDIT_EVENT_TYPES.securityAlert.code]);
      const list = await manager.client.request('GET', at('Notes'), withToken(token, cross));
      expect([list.status, list.body.subStatus]).toEqual([403, SUB_STATUS.expiredSecurityToken]);
    });
  });
});

describe('another patient under the Program population level', () => {
  let p: Population;
  let enrolled: TestUser;
  let episodeA: Resource;

  beforeAll(async () => {
    const practiceId = await provisionPractice(t, 'program');
    const program1 = await seed(inPractice(practiceId, 'Programs'), { display: 'Program 1' });
    const program2 = await seed(inPractice(practiceId, 'Programs'), { display: 'Program 2' });
    await seed(inPractice(practiceId, 'PracticePreferences'), { display: 'preferences', patientPopulationLevel: 'Program' });
    const patientA = await seed(inPractice(practiceId, 'Patients'), { display: 'Patient A' });
    const patientB = await seed(inPractice(practiceId, 'Patients'), { display: 'Patient B' });
    episodeA = await seed(inPractice(practiceId, 'EpisodesOfCare'), {
      display: 'A in program 1',
      partition: patientA.id,
      status: 'active',
      programs: [{ program: { resourceType: 'Program', id: program1.id } }],
    });
    await seed(inPractice(practiceId, 'EpisodesOfCare'), {
      display: 'B in program 2',
      partition: patientB.id,
      status: 'active',
      programs: [{ program: { resourceType: 'Program', id: program2.id } }],
    });
    const noteA = await seed(inPractice(practiceId, 'Notes'), noteOf(patientA.id, 'A note'));
    const noteB1 = await seed(inPractice(practiceId, 'Notes'), noteOf(patientB.id, 'B note'));
    const noteB = await patchAsAdmin(inPractice(practiceId, 'Notes'), noteB1, [{ op: 'replace', path: '/display', value: 'B note v2' }]);
    p = { practiceId, patientA, patientB, noteA, noteB1, noteB };
    const practitioner = await seed(inPractice(practiceId, 'Practitioners'), {
      display: 'Program 1 clinician',
      programs: [{ resourceType: 'Program', id: program1.id }],
    });
    enrolled = await t.createUser({ roles: ['Non-Prescribing Clinician'], practiceId, profileId: practitioner.id });
  });

  it(
    'a practitioner of program 1 reaches patients enrolled in it ' + 'only: B is a 404 by id, history, query, count and expansion',
    async () => {
      await expectPopulationLimits(enrolled.client, p, enrolled.accountId);
    },
  );

  it('ending the enrolment ends the reach', async () => {
    const del = await t.request('DELETE', inPractice(p.practiceId, `EpisodesOfCare/${episodeA.id}?versionId=${episodeA.meta.versionId}`));
    expect(del.status).toBe(204);
    expect(isNotFound(await enrolled.client.request('GET', inPractice(p.practiceId, `Notes/${p.noteA.id}`)))).toBe(true);
  });
});

describe('portal logins', () => {
  let patientA: Resource;
  let patientB: Resource;
  let relatedA: Resource;
  let otherRelatedA: Resource;
  let appointmentA: Resource;
  let appointmentB: Resource;
  let consentB: Resource;
  let noteA: Resource;
  let noteB: Resource;
  let portal: TestUser;
  let related: TestUser;

  beforeAll(async () => {
    patientA = await seed('Patients', {
      display: 'Portal patient A',
      telecom: [{ system: 'Phone', value: '555-0100' }],
      diagnosis: 'private',
    });
    patientB = await seed('Patients', { display: 'Patient B', diagnosis: 'private B' });
    relatedA = await seed('RelatedPeople', { display: 'Parent of A', partition: patientA.id });
    otherRelatedA = await seed('RelatedPeople', { display: 'Other parent of A', partition: patientA.id });
    const relatedB = await seed('RelatedPeople', { display: 'Parent of B', partition: patientB.id });
    // Booked by the system of origin (x-sync), so this practice need not turn appointmentCreation on.
    const booked = async (body: Record<string, unknown>) => {
      const r = await t.request('POST', 'Appointments', {
        body: {
          status: 'booked',
          owner: { resourceType: 'Practitioner', id: 'attack-clinician' },
          start: '2031-05-05T14:00:00Z',
          end: '2031-05-05T15:00:00Z',
          overrideConflicts: true,
          ...body,
        },
        headers: { 'x-sync': 'true' },
      });
      if (r.status !== 201) throw new Error(`seeding Appointments: ${r.status} ${r.text}`);
      return r.body as Resource;
    };
    // Patient A's appointment names someone of B's chart among its attendees (a parent of B bringing A).
    appointmentA = await booked({
      display: 'A visit',
      partition: patientA.id,
      attendees: [
        { subject: { resourceType: 'RelatedPerson', id: relatedB.id } },
        { subject: { resourceType: 'Patient', id: patientA.id } },
      ],
    });
    appointmentB = await booked({ display: 'B visit', partition: patientB.id });
    consentB = await seed('Consents', { ...samplePeopleBody('Consent', patientB.id), display: 'B consent' });
    noteA = await seed('Notes', noteOf(patientA.id, 'A note'));
    noteB = await seed('Notes', noteOf(patientB.id, 'B note'));
    portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patientA.id });
    related = await t.createUser({ roles: [], profileType: 'RelatedPerson', profileId: relatedA.id });
  });

  for (const who of ['patient', 'related person'] as const) {
    it(`a ${who} login cannot read another patient's record or partition (404), nor any notes (403)`, async () => {
      const user = who === 'patient' ? portal : related;
      const c = user.client;
      expect((await c.request('GET', `Patients/${patientA.id}`)).status).toBe(200);
      expect((await c.request('GET', `Appointments/${appointmentA.id}`)).status).toBe(200);
      for (const path of [
        `Patients/${patientB.id}`,
        `Appointments/${appointmentB.id}`,
        `Consents/${consentB.id}`,
        `Appointments/${appointmentB.id}/_history`,
        `Appointments/${appointmentB.id}/_history/${appointmentB.meta.versionId}`,
      ]) {
        const r = await c.request('GET', path);
        expect(isNotFound(r), `${who} GET ${path} -> ${r.status}`).toBe(true);
      }
      // Notes are not a portal type at all: refused for the type, the patient's own included.
      for (const note of [noteA, noteB]) expect(isForbidden(await c.request('GET', `Notes/${note.id}`))).toBe(true);
      expect(isForbidden(await c.request('GET', 'Notes', { headers: cross }))).toBe(true);
      // Lists: only the own partition, whatever partition key or filter is sent.
      expect(ids(await c.request('GET', 'Patients'))).toEqual([patientA.id]);
      expect((await c.request('GET', 'Appointments', { headers: { 'x-partition-key': patientB.id } })).body).toEqual([]);
      const all = await c.request('GET', 'Appointments', { headers: cross });
      expect(all.body.map((x: Resource) => x.partition)).toEqual([patientA.id]);
      expect(count(await c.request('POST', 'Consents/queries', { body: [], headers: { ...cross, ...minimal } }))).toBe('0');
      const filtered = await c.request('POST', 'Patients/queries', { body: [{ field: 'id', op: 'eq', value: patientB.id }] });
      expect(filtered.body).toEqual([]);
      // Expansion of another chart's person named on one's own appointment fails like a missing one.
      const expanded = await c.request('GET', `Appointments/${appointmentA.id}?expand=attendees.subject`);
      const [other, self] = expanded.body.attendees.map((a: { subject: { resource?: Resource; expansionError?: string } }) => a.subject);
      expect(other.resource).toBeUndefined();
      expect(other.expansionError).toMatch(/could not be expanded\.$/);
      expect(self.resource?.id).toBe(patientA.id);
      // Writes into the other partition: 404, nothing written (a valid consent: refused for its reach, not its shape).
      const planted = await c.request('POST', 'Consents', {
        body: { ...samplePeopleBody('Consent', patientB.id), display: `planted by ${who}` },
      });
      expect(planted.status).toBe(404);
      const moved = await c.request('PATCH', `Appointments/${appointmentB.id}?versionId=${appointmentB.meta.versionId}`, {
        headers: PATCH_JSON,
        body: [{ op: 'replace', path: '/status', value: 'cancelled' }],
      });
      expect(moved.status).toBe(404);
      await expectUnchanged('r_appointment', A(), appointmentB);
      const rows = await pool(t).query(`SELECT 1 FROM r_consent WHERE practice_id = $1 AND body->>'display' = $2`, [
        A(),
        `planted by ${who}`,
      ]);
      expect(rows.rowCount).toBe(0);
      expect(await readEventsFor(user.accountId, patientB.id)).toBe(0);
    });
  }

  it('a portal login cannot plant personal preferences owned by someone else', async () => {
    const staff = await t.createUser({ roles: ['Practitioner'] });
    const r = await portal.client.request('POST', 'PersonalPreferences', {
      body: { display: 'planted', owner: { resourceType: 'Practitioner', id: staff.profile.id }, colourScheme: 'dark' },
    });
    // docs/access.md: "The server sets the owner": the preferences are the portal user's own.
    expect(r.status).toBe(201);
    expect(r.body.owner).toEqual({ resourceType: 'Patient', id: patientA.id });
    const planted = await pool(t).query(`SELECT 1 FROM r_personal_preferences WHERE practice_id = $1 AND body->'owner'->>'id' = $2`, [
      A(),
      staff.profile.id,
    ]);
    expect(planted.rowCount, 'preferences owned by the practitioner, written by the patient').toBe(0);
  });

  it("a related person reaches only their own RelatedPerson record, not the other parent's", async () => {
    expect((await related.client.request('GET', `RelatedPeople/${relatedA.id}`)).status).toBe(200);
    expect(isNotFound(await related.client.request('GET', `RelatedPeople/${otherRelatedA.id}`))).toBe(true);
    expect(ids(await related.client.request('GET', 'RelatedPeople', { headers: cross }))).toEqual([relatedA.id]);
  });

  it('a patient may change their contact details but nothing else of their record', async () => {
    const current = (await t.request('GET', `Patients/${patientA.id}`)).body;
    const r = await portal.client.request('PATCH', `Patients/${patientA.id}?versionId=${current.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'replace', path: '/diagnosis', value: 'none' }],
    });
    expect(isForbidden(r)).toBe(true);
    await expectUnchanged('r_patient', A(), current);
    const ok = await portal.client.request('PATCH', `Patients/${patientA.id}?versionId=${current.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'replace', path: '/telecom', value: [{ system: 'Phone', value: '555-0199' }] }],
    });
    expect(ok.status).toBe(200);
  });
});

describe("other staff members' own records", () => {
  it("without Access all notifications, another user's notifications are out of reach (404)", async () => {
    const patient = await seed('Patients', { display: 'Notified about' });
    const alice = await t.createUser({ roles: ['Practitioner'] });
    const bob = await t.createUser({ roles: ['Practitioner'] });
    const forBob = await seed('Notifications', {
      display: 'Lab result for your patient',
      partition: patient.id,
      recipient: { resourceType: 'Practitioner', id: bob.profile.id },
    });
    expect((await bob.client.request('GET', `Notifications/${forBob.id}`)).status).toBe(200);
    const read = await alice.client.request('GET', `Notifications/${forBob.id}`);
    const list = await alice.client.request('GET', 'Notifications', { headers: cross });
    const dismiss = await alice.client.request('DELETE', `Notifications/${forBob.id}?versionId=${forBob.meta.versionId}`);
    const row = await storedRow(t, 'r_notification', A(), forBob.id);
    expect({
      read: read.status,
      listed: Array.isArray(list.body) && list.body.some((n: Resource) => n.id === forBob.id),
      dismissed: dismiss.status,
      storedDeleted: row?.is_deleted,
    }).toEqual({ read: 404, listed: false, dismissed: 404, storedDeleted: false });
  });

  it("a clinician cannot change another clinician's personal signature", async () => {
    const alice = await t.createUser({ roles: ['Practitioner'] });
    const bob = await t.createUser({ roles: ['Practitioner'] });
    const signature = await bob.client.request('POST', 'PersonalSignatures', {
      body: { display: 'Dr Bob', owner: { resourceType: 'Practitioner', id: bob.profile.id }, text: 'Bob, LCSW' },
    });
    expect(signature.status).toBe(201);
    const forged = await alice.client.request(
      'PATCH',
      `PersonalSignatures/${signature.body.id}?versionId=${signature.body.meta.versionId}`,
      {
        headers: PATCH_JSON,
        body: [{ op: 'replace', path: '/text', value: 'Alice pretending to be Bob' }],
      },
    );
    // Signatures are their owner's to write: another's is out of reach, a 404 as if missing.
    expect(isNotFound(forged), `PATCH of another's signature -> ${forged.status}`).toBe(true);
    await expectUnchanged('r_personal_signature', A(), signature.body);
  });
});

describe('forged and stale sessions', () => {
  const SESSION = 'caseload_session';

  it("a forged session cookie is a 401 with the spec's message", async () => {
    const c = t.anonymous();
    await c.request('GET', '/api/v1/auth/session');
    for (const forged of ['forged', 'A'.repeat(43), "' OR '1'='1"]) {
      c.cookies.set(SESSION, encodeURIComponent(forged));
      const r = await c.request('GET', 'Patients');
      expect(isUnauthorized(r), forged).toBe(true);
      expect((await c.request('POST', 'Patients', { body: { display: 'forged' } })).status).toBe(401);
    }
  });

  it('a signed-out session is a 401 when its cookie is replayed', async () => {
    const user = await t.createUser({ roles: ['Practitioner'] });
    const stolen = user.client.cookies.get(SESSION)!;
    expect((await user.client.request('GET', 'Patients')).status).toBe(200);
    expect((await user.client.request('POST', '/api/v1/auth/sign-out')).status).toBe(204);
    user.client.cookies.set(SESSION, stolen);
    expect(isUnauthorized(await user.client.request('GET', 'Patients'))).toBe(true);
  });

  it("a session idle past the practice's sessionTimeoutInMinutes is a 401, and stays ended", async () => {
    const practiceId = await provisionPractice(t, 'idle');
    await seed(inPractice(practiceId, 'PracticePreferences'), { display: 'preferences', sessionTimeoutInMinutes: 1 });
    const user = await t.createUser({ roles: ['Practitioner'], practiceId });
    const at = inPractice(practiceId, 'Patients');
    expect((await user.client.request('GET', at)).status).toBe(200);
    const sessions = await pool(t).query<{ idle_timeout_minutes: number }>(
      'SELECT idle_timeout_minutes FROM sessions WHERE account_id = $1',
      [user.accountId],
    );
    expect(sessions.rows.map((s) => s.idle_timeout_minutes)).toEqual([1]);
    // 30 s idle is within the minute.
    await pool(t).query(`UPDATE sessions SET last_seen_at = now() - interval '30 seconds' WHERE account_id = $1`, [user.accountId]);
    expect((await user.client.request('GET', at)).status).toBe(200);
    const stolen = user.client.cookies.get(SESSION)!;
    await pool(t).query(`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE account_id = $1`, [user.accountId]);
    // The server caches callers and forgets one when the database notifies a change; a successful
    // write answers only after every notification committed before it was heard, so one write
    // (any caller's) makes the server know of the backdated session. In service, last_seen_at
    // only moves forward and a cached caller is at most 5 s old, so no idle session is cached.
    expect((await t.request('POST', 'Patients/queries', { body: [] })).status).toBe(200);
    expect(isUnauthorized(await user.client.request('GET', at))).toBe(true);
    // Ended, not just refused once: bringing the clock back does not revive it.
    await pool(t).query(`UPDATE sessions SET last_seen_at = now() WHERE account_id = $1`, [user.accountId]);
    user.client.cookies.set(SESSION, stolen);
    expect(isUnauthorized(await user.client.request('GET', at))).toBe(true);
  });
});

describe('XSRF', () => {
  let adm: TestUser;
  let target: Resource;

  beforeAll(async () => {
    adm = await t.createUser({ roles: ['Administrative'] });
    target = await seed('Patients', { display: 'XSRF target' });
  });

  const attempts = (variant: string) =>
    [
      ['POST', 'Patients', { display: `xsrf ${variant}` }],
      ['PUT', `Patients/${target.id}?versionId=${target.meta.versionId}`, { ...target, display: `xsrf ${variant}` }],
      [
        'PATCH',
        `Patients/${target.id}?versionId=${target.meta.versionId}`,
        [{ op: 'replace', path: '/display', value: `xsrf ${variant}` }],
      ],
      ['DELETE', `Patients/${target.id}?versionId=${target.meta.versionId}`, undefined],
    ] as const;

  async function expectRefusedAndAudited(r: ApiResponse, label: string) {
    expect(isForbidden(r), `${label} -> ${r.status}`).toBe(true);
    const events = await auditEventsOf(t, r);
    expect(
      events.map((e) => [e.practice_id, e.body.type.code, e.body.outcome]),
      label,
    ).toContainEqual([A(), AUDIT_EVENT_TYPES.securityAlert.code, 'Failure']);
    expect(
      events.some((e) => e.body.type.code === AUDIT_EVENT_TYPES.patientRecord.code),
      label,
    ).toBe(false);
  }

  it('a missing X-XSRF-TOKEN on POST, PUT, PATCH and DELETE is a 403, audited as a Security Alert, and writes nothing', async () => {
    for (const [method, path, body] of attempts('missing')) {
      const r = await adm.client.request(method, path, { body, omitXsrf: true, headers: method === 'PATCH' ? PATCH_JSON : {} });
      await expectRefusedAndAudited(r, `${method} without the header`);
    }
    await expectUnchanged('r_patient', A(), target);
    const written = await pool(t).query(`SELECT 1 FROM r_patient WHERE practice_id = $1 AND body->>'display' LIKE 'xsrf %'`, [A()]);
    expect(written.rowCount).toBe(0);
  });

  it('a wrong X-XSRF-TOKEN, or a planted cookie echoed in the header, is refused the same way', async () => {
    for (const [method, path, body] of attempts('wrong')) {
      const r = await adm.client.request(method, path, {
        body,
        headers: { 'x-xsrf-token': 'wrong', ...(method === 'PATCH' ? PATCH_JSON : {}) },
      });
      await expectRefusedAndAudited(r, `${method} with a wrong header`);
    }
    // Double-submit with an attacker's own value in cookie and header: not this session's token.
    const real = adm.client.cookies.get('XSRF-TOKEN')!;
    adm.client.cookies.set('XSRF-TOKEN', 'planted-by-attacker');
    try {
      for (const [method, path, body] of attempts('planted')) {
        const r = await adm.client.request(method, path, { body, headers: method === 'PATCH' ? PATCH_JSON : {} });
        await expectRefusedAndAudited(r, `${method} with a planted cookie`);
      }
    } finally {
      adm.client.cookies.set('XSRF-TOKEN', real);
    }
    await expectUnchanged('r_patient', A(), target);
    const written = await pool(t).query(`SELECT 1 FROM r_patient WHERE practice_id = $1 AND body->>'display' LIKE 'xsrf %'`, [A()]);
    expect(written.rowCount).toBe(0);
  });

  it('sign-out without the header does not end the session', async () => {
    const r = await adm.client.request('POST', '/api/v1/auth/sign-out', { omitXsrf: true });
    expect(r.status).toBe(403);
    expect((await adm.client.request('GET', `Patients/${target.id}`)).status).toBe(200);
  });
});

describe('SQL metacharacters', () => {
  let prac: TestUser;
  let own: Set<string>;
  let foreign: Set<string>;
  let patient: Resource;
  let noteOwn: Resource;

  const META = [
    "'",
    '"',
    '\\',
    "';--",
    "' OR '1'='1",
    '" OR "1"="1',
    "'); DROP TABLE r_patient; --",
    '%',
    '_',
    '%_%',
    '*',
    '$1',
    '$$',
    '$.display',
    '@ == "x"',
    ') || (true',
    '? (@ != null)',
    '::jsonpath',
    '/*',
    '*/',
    '\\u0027',
    '.*',
    '[a-z]+',
    '(?i)x',
    '\\d',
    'like_regex',
    '\n',
    '\u2028',
    '💥',
    'é',
  ];

  /** The query grammar's field: dot-separated names; anything else must be refused. */
  const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

  beforeAll(async () => {
    prac = await t.createUser({ roles: ['Administrative'] });
    patient = await seed('Patients', { display: 'O\'Brien "; DROP TABLE r_patient; --', tags: ["'", '%'] });
    noteOwn = await seed('Notes', noteOf(patient.id, 'note with \' and " and \\'));
    const listOwn = await pool(t).query<{ id: string }>('SELECT id FROM r_patient WHERE practice_id = $1', [A()]);
    own = new Set(listOwn.rows.map((r) => r.id));
    await seed(inPractice(B, 'Patients'), { display: "O'Brien of B" });
    const listB = await pool(t).query<{ id: string }>('SELECT id FROM r_patient WHERE practice_id <> $1', [A()]);
    foreign = new Set(listB.rows.map((r) => r.id));
  });

  /** 200 holding only this practice's patients, or a 400; never a 500, never another practice. */
  function expectSafe(r: ApiResponse, label: string) {
    expect([200, 204, 400], `${label} -> ${r.status} ${r.text.slice(0, 200)}`).toContain(r.status);
    if (r.status === 200 && Array.isArray(r.body)) {
      for (const item of r.body as Resource[]) {
        expect(foreign.has(item.id), `${label} returned another practice's ${item.id}`).toBe(false);
        expect(own.has(item.id) || item.partition === patient.id, `${label} returned ${item.id}`).toBe(true);
      }
    }
  }

  it('in every filter field name: a 400', async () => {
    const fields = [
      ...META.filter((m) => !FIELD_NAME.test(m)),
      'display;',
      'display--',
      'a b',
      'display.',
      '.display',
      'a..b',
      'a.b.c.d.e.f.g.h.i',
      '$',
      'display)',
      "display'",
    ];
    for (const field of fields) {
      const r = await prac.client.request('POST', 'Patients/queries', { body: [{ field, op: 'eq', value: 'x' }] });
      expect(r.status, `field ${JSON.stringify(field)} -> ${r.status}`).toBe(400);
    }
    // Names the grammar allows but that are JavaScript or SQL words are plain names.
    for (const field of ['__proto__', 'constructor', 'select', 'id', 'partition', 'meta.versionId']) {
      expectSafe(await prac.client.request('POST', 'Patients/queries', { body: [{ field, op: 'eq', value: "' OR 1=1 --" }] }), field);
    }
  });

  it('in every filter value, field and operator: 200 with own results only, or 400', async () => {
    const fields = ['display', 'tags', 'name.family', 'id', 'partition', 'meta.versionId', 'meta.lastModified', 'meta.isDeleted'];
    const ops = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'contains', 'startsWith', 'in', 'exists'];
    const cases = fields.flatMap((field) => ops.flatMap((op) => META.map((value) => [field, op, value] as const)));
    await mapLimit(cases, 16, async ([field, op, value]) => {
      const body = [{ field, op, value: op === 'in' ? [value, "' OR ''='"] : value }];
      expectSafe(await prac.client.request('POST', 'Patients/queries', { body }), `${field} ${op} ${JSON.stringify(value)}`);
    });
    // The metacharacters are data: they find the record that holds them, and only it.
    const exact = await prac.client.request('POST', 'Patients/queries', { body: [{ field: 'display', op: 'eq', value: patient.display }] });
    expect(ids(exact)).toEqual([patient.id]);
    const quote = await prac.client.request('POST', 'Patients/queries', { body: [{ field: 'tags', op: 'eq', value: "'" }] });
    expect(ids(quote)).toEqual([patient.id]);
    const percent = await prac.client.request('POST', 'Patients/queries', { body: [{ field: 'display', op: 'contains', value: '%' }] });
    expect(percent.body).toEqual([]);
  });

  it('in arbitrary strings (property): 200 with own results only, or 400', async () => {
    const metaChar = fc.constantFrom(...META, ' ', 'a', '0');
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.array(metaChar, { maxLength: 6 }).map((a) => a.join('')),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('display', 'id', 'partition', 'tags', 'a.b'),
        fc.constantFrom('eq', 'ne', 'lt', 'contains', 'startsWith'),
        text,
        async (field, op, value) => {
          const r = await prac.client.request('POST', 'Patients/queries', { body: [{ field, op, value }] });
          expectSafe(r, `${field} ${op} ${JSON.stringify(value)}`);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('in ids: 404 or 400 (414 when too long), never 500', async () => {
    const badIds = [...META.filter((m) => m !== '\n'), '%00', '..', '../Notes', "x' OR '1'='1", 'a'.repeat(300)];
    const unsafe: string[] = [];
    for (const raw of badIds) {
      const id = raw === '%00' ? raw : encodeURIComponent(raw);
      for (const [method, path, body] of [
        ['GET', `Patients/${id}`, undefined],
        ['GET', `Patients/${id}/_history`, undefined],
        ['GET', `Patients/${id}/_history/${id}`, undefined],
        ['PATCH', `Patients/${id}?versionId=${id}`, [{ op: 'replace', path: '/display', value: 'x' }]],
        ['PUT', `Patients/${id}?versionId=${id}`, { id: raw, display: 'x' }],
        ['DELETE', `Patients/${id}?versionId=${id}`, undefined],
      ] as const) {
        const r = await prac.client.request(method, path, { body, headers: method === 'PATCH' ? PATCH_JSON : {} });
        // 414: the URL is longer than the router takes, refused before any handler.
        if (![400, 404, 409, 414].includes(r.status)) unsafe.push(`${method} ${path.slice(0, 80)} -> ${r.status}`);
      }
    }
    // A real id with a NUL where the version goes.
    for (const path of [
      `Patients/${patient.id}/_history/%00`,
      `Patients/${patient.id}/_history/%00/content`,
      `Notes/${noteOwn.id}?versionId=%00`,
    ]) {
      const r = await prac.client.request('GET', path);
      if (![400, 403, 404, 409].includes(r.status)) unsafe.push(`GET ${path} -> ${r.status}`);
    }
    expect(unsafe).toEqual([]);
    const count = await pool(t).query('SELECT count(*)::int AS n FROM r_patient WHERE practice_id = $1', [A()]);
    expect(count.rows[0].n).toBe(own.size);
  });

  it('in headers and ordering parameters: 400, 403 or an empty result, never 500', async () => {
    const c = prac.client;
    const unsafe: string[] = [];
    for (const value of META.filter((m) => !/[\n\u2028💥é]/u.test(m))) {
      const checks: [string, Promise<ApiResponse>, number[]][] = [
        ['x-partition-key', c.request('GET', 'Appointments', { headers: { 'x-partition-key': value } }), [200]],
        ['orderBy', c.request('GET', `Patients?orderBy=${encodeURIComponent(value)}`), [400]],
        ['order', c.request('GET', `Patients?order=${encodeURIComponent(value)}`), [400]],
        ['pageSize', c.request('GET', `Patients?pageSize=${encodeURIComponent(value)}`), [400]],
        ['expand', c.request('GET', `Patients?expand=${encodeURIComponent(value)}`), [400]],
        ['x-continuation-token', c.request('GET', 'Patients', { headers: { 'x-continuation-token': value } }), [400]],
        ['x-profile', c.request('GET', 'Patients', { headers: { 'x-profile': value } }), [400]],
        ['x-security-token', c.request('GET', 'Patients', { headers: { 'x-security-token': value } }), [403]],
        ['x-enable-cross-partition', c.request('GET', 'Appointments', { headers: { 'x-enable-cross-partition': value } }), [400]],
        ['x-time-to-live', c.request('POST', 'Patients', { body: { display: 'ttl' }, headers: { 'x-time-to-live': value } }), [400]],
        [
          'idempotency-key',
          c.request('POST', 'Patients', { body: { display: 'idem' }, headers: { 'idempotency-key': value } }),
          /^[A-Za-z0-9._:-]{8,128}$/.test(value) ? [201] : [400],
        ],
        [
          'if-none-exist field',
          c.request('POST', 'Patients', { body: { display: 'ine' }, headers: { 'if-none-exist': `${encodeURIComponent(value)}=x` } }),
          FIELD_NAME.test(value) ? [200, 201] : [400],
        ],
        [
          'if-none-exist value',
          c.request('POST', 'Patients', {
            body: { display: `ine ${value}` },
            headers: { 'if-none-exist': `display=${encodeURIComponent(`ine ${value}`)}` },
          }),
          [200, 201],
        ],
      ];
      for (const [name, pending, allowed] of checks) {
        const r = await pending;
        if (!allowed.includes(r.status)) unsafe.push(`${name}: ${JSON.stringify(value)} -> ${r.status} ${r.text.slice(0, 100)}`);
        if (name === 'x-partition-key' && r.status === 200 && r.body.length)
          unsafe.push(`x-partition-key ${JSON.stringify(value)} listed ${r.body.length}`);
      }
    }
    expect(unsafe).toEqual([]);
    // Valid ordering still sorts by the stored value, quotes and all.
    const sorted = await c.request('GET', 'Patients?orderBy=Name&order=asc');
    expect(sorted.status).toBe(200);
  });

  it('in stored bodies: kept verbatim, and characters PostgreSQL cannot store are a 400', async () => {
    const c = prac.client;
    for (const value of META) {
      const created = await c.request('POST', 'Patients', { body: { display: value, note: { [value]: value } } });
      expect(created.status, JSON.stringify(value)).toBe(201);
      const read = await c.request('GET', `Patients/${created.body.id}`);
      expect(read.body.display).toBe(value);
      expect(read.body.note[value]).toBe(value);
    }
    const unstorable: Record<string, number> = {};
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00y']) {
      unstorable[JSON.stringify(bad)] = (await c.request('POST', 'Patients', { body: { display: bad } })).status;
      unstorable[`key ${JSON.stringify(bad)}`] = (await c.request('POST', 'Patients', { body: { display: 'k', [bad]: 1 } })).status;
    }
    expect(unstorable).toEqual(Object.fromEntries(Object.keys(unstorable).map((k) => [k, 400])));
    expect((await t.request('GET', `Notes/${noteOwn.id}`)).body.display).toBe(noteOwn.display);
  });
});

describe('privilege escalation', () => {
  let prac: TestUser;
  let adm: TestUser;
  let ownRole: Resource;

  beforeAll(async () => {
    prac = await t.createUser({ roles: ['Practitioner'] });
    ownRole = await seed('SecurityRoles', { display: 'Reception extra', grantSets: ['Read patients'] });
    adm = await t.createUser({ roles: ['Administrative', `SecurityRole/${ownRole.id}`] });
  });

  /** The calls only more powerful roles may make must stay refused. */
  async function expectNoNewPermissions(c: ApiClient, label: string) {
    const medication = await c.request('POST', 'Medications', {
      body: { display: 'escalated', partition: (await seed('Patients', { display: 'p' })).id },
    });
    expect(isForbidden(medication), `${label}: Medication:Create -> ${medication.status}`).toBe(true);
    expect((await c.request('POST', '/api/v1/database/escalated-by-test')).status, `${label}: provisioning`).toBe(403);
    expect((await c.request('POST', '/api/v1/Announcements', { body: { display: 'escalated' } })).status, `${label}: global write`).toBe(
      403,
    );
  }

  it('a Practitioner PATCHing its own Practitioner to add roles and permissions is refused, and gains nothing', async () => {
    const c = prac.client;
    const me = (await t.request('GET', `Practitioners/${prac.profile.id}`)).body as Resource;
    const r = await c.request('PATCH', `Practitioners/${me.id}?versionId=${me.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [
        { op: 'add', path: '/roles', value: ['Administrative', 'SysAdmin'] },
        { op: 'add', path: '/permissions', value: ['administrative:FullPermissions:Allow', 'AuditEvent:Read'] },
        { op: 'add', path: '/grantSets', value: ['Full permissions'] },
      ],
    });
    expect(isForbidden(r)).toBe(true);
    const put = await c.request('PUT', `Practitioners/${me.id}?versionId=${me.meta.versionId}`, {
      body: { ...me, roles: ['Administrative'] },
    });
    expect(isForbidden(put)).toBe(true);
    await expectUnchanged('r_practitioner', A(), me);
    expect(isForbidden(await c.request('GET', 'AuditEvents'))).toBe(true);
    expect(isForbidden(await c.request('POST', 'SecurityRoles', { body: { display: 'mine', grantSets: ['Full permissions'] } }))).toBe(
      true,
    );
    const role = await c.request('PATCH', `SecurityRoles/${ownRole.id}?versionId=${ownRole.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'add', path: '/grantSets/-', value: 'Full permissions' }],
    });
    expect(isForbidden(role)).toBe(true);
    const roles = await c.request('PUT', `/api/v1/practices/${A()}/users/${prac.accountId}/roles`, { body: { roles: ['Administrative'] } });
    expect(isForbidden(roles)).toBe(true);
    await expectUnchanged('r_security_role', A(), ownRole);
    await expectNoNewPermissions(c, 'Practitioner');
    const session = await c.request('GET', '/api/v1/auth/session');
    expect(session.body.profiles.map((x: { roles: string[] }) => x.roles)).toEqual([['Practitioner']]);
  });

  it('an Administrative user changing its own Practitioner, its own roles or its own SecurityRole gains nothing', async () => {
    const c = adm.client;
    const me = (await t.request('GET', `Practitioners/${adm.profile.id}`)).body as Resource;
    // Practitioner:Update is theirs, but a Practitioner's fields are not where roles live.
    const r = await c.request('PATCH', `Practitioners/${me.id}?versionId=${me.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [
        { op: 'add', path: '/roles', value: ['Prescribing Clinician', 'SysAdmin'] },
        { op: 'add', path: '/permissions', value: ['Medication:Create', 'internal:ManageDatabases:Allow'] },
      ],
    });
    expect([200, 403]).toContain(r.status);
    const roles = await c.request('PUT', `/api/v1/practices/${A()}/users/${adm.accountId}/roles`, {
      body: { roles: ['Administrative', 'Prescribing Clinician'] },
    });
    expect(isForbidden(roles), `changing one's own roles -> ${roles.status}`).toBe(true);
    // Editing the SecurityRole one holds, to add what one does not hold, is escalation too.
    const role = await c.request('PATCH', `SecurityRoles/${ownRole.id}?versionId=${ownRole.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'add', path: '/grantSets/-', value: 'Manage medications' }],
    });
    expect.soft(isForbidden(role), `PATCHing one's own SecurityRole to add Manage medications -> ${role.status}`).toBe(true);
    await expectNoNewPermissions(c, 'Administrative');
    const session = await c.request('GET', '/api/v1/auth/session');
    expect(session.body.profiles.map((x: { roles: string[] }) => x.roles)).toEqual([['Administrative', `SecurityRole/${ownRole.id}`]]);
  });

  it('a practice user may not define a role with associate-only grant sets, and unknown grant sets are a 400', async () => {
    // docs/access.md, "No escalation": a RoleManagement holder (Administrative) may hand out any
    // practice grant set, but no practice user hands out an associate-only one.
    const c = adm.client;
    for (const grantSets of [
      ['View all practices'],
      ['Manage databases'],
      ['Push preassociations'],
      ['Read patients', 'Manage global templates'],
    ]) {
      const r = await c.request('POST', 'SecurityRoles', { body: { display: `escalation ${grantSets.join('+')}`, grantSets } });
      expect.soft(isForbidden(r), `defining a role with ${grantSets.join(', ')} -> ${r.status}`).toBe(true);
    }
    const practiceSets = await c.request('POST', 'SecurityRoles', {
      body: { display: 'clinic', grantSets: ['Read patients', 'Manage medications'] },
    });
    expect(practiceSets.status).toBe(201);
    // Adding an associate-only grant set to an existing role is refused the same way.
    const widened = await c.request('PATCH', `SecurityRoles/${practiceSets.body.id}?versionId=${practiceSets.body.meta.versionId}`, {
      headers: PATCH_JSON,
      body: [{ op: 'add', path: '/grantSets/-', value: 'View all practices' }],
    });
    expect.soft(isForbidden(widened), `PATCH adding View all practices -> ${widened.status}`).toBe(true);
    await expectUnchanged('r_security_role', A(), practiceSets.body);
    for (const who of [adm.client, t.admin]) {
      const unknown = await who.request('POST', 'SecurityRoles', { body: { display: 'typo', grantSets: ['Read patient'] } });
      expect.soft([unknown.status, unknown.body.detail]).toEqual([400, MESSAGES.unknownGrantSet('Read patient')]);
    }
    const rows = await pool(t).query(
      `SELECT body->>'display' AS d FROM r_security_role ` +
        `WHERE practice_id = $1 AND (body->>'display' LIKE 'escalation %' OR body->>'display' = 'typo')`,
      [A()],
    );
    expect(rows.rows).toEqual([]);
  });
});

describe('internal-only calls', () => {
  it('provisioning or removing a database is a 403 for a practice admin and for associates without ManageDatabases', async () => {
    const adm = await t.createUser({ roles: ['Administrative'] });
    const administrator = await signInAssociate(t, 'Administrator');
    const support = await signInAssociate(t, 'Support');
    for (const c of [adm.client, administrator.client, support.client]) {
      const created = await c.request('POST', '/api/v1/database/x-escalated');
      expect(isForbidden(created)).toBe(true);
      const events = await auditEventsOf(t, created);
      expect(events.map((e) => e.body.type.code)).toEqual([AUDIT_EVENT_TYPES.securityAlert.code]);
      expect(isForbidden(await c.request('DELETE', `/api/v1/database/${B}`))).toBe(true);
    }
    const exists = await pool(t).query('SELECT id FROM practices WHERE id = ANY($1::text[])', [[B, 'x-escalated']]);
    expect(exists.rows.map((r) => r.id)).toEqual([B]);
    expect((await t.request('GET', inPractice(B, 'Patients'))).status).toBe(200);
  });
});
