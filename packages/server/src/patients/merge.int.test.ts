import { MESSAGES } from '@caseload/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { sampleNoteBody } from '../../test/note-samples.ts';

/**
 * Merging two patients over HTTP (docs/api.md, "Merge patients"): the duplicate's records move
 * to the survivor as new versions, references elsewhere follow, the duplicate becomes a deleted
 * tombstone pointing at the survivor, and every refusal leaves the data as it was.
 */

let t: TestServer;
let merger: TestUser;
const PATCH = { 'content-type': 'application/json-patch+json' };
const CROSS = { 'x-enable-cross-partition': 'true' };

beforeAll(async () => {
  t = await startTestServer();
  merger = await t.createUser({ roles: ['Administrative'] });
});
afterAll(() => t?.close());

async function created(path: string, body: Record<string, unknown>, as = t.admin) {
  const r = await as.request('POST', path, { body });
  expect(r.status, r.text).toBe(201);
  return r.body;
}

async function patient(name: string, fields: Record<string, unknown> = {}) {
  const [family, given] = name.split(' ').reverse();
  return created('Patients', { display: `${family}, ${given}`, names: [{ given: [given], family }], ...fields });
}

/** A chart: a patient with notes, an episode of care with a diagnosis, and a deleted note. */
async function chart(name: string, fields: Record<string, unknown> = {}, notes = 3) {
  const p = await patient(name, fields);
  const subject = { resourceType: 'Patient', id: p.id, display: p.display };
  const noteList = [];
  for (let i = 0; i < notes; i++) noteList.push(await created('Notes', sampleNoteBody(p.id, `note ${i}`, { subject })));
  const condition = await created('Conditions', {
    partition: p.id,
    patient: subject,
    code: { code: 'F32.1' },
    verificationStatus: 'Confirmed',
  });
  const episode = await created('EpisodesOfCare', {
    partition: p.id,
    patient: subject,
    status: 'active',
    programs: [],
    diagnoses: [{ condition: { resourceType: 'Condition', id: condition.id, partition: p.id } }],
  });
  const gone = await created('Notes', sampleNoteBody(p.id, 'deleted note', { subject }));
  expect((await t.request('DELETE', `Notes/${gone.id}?versionId=${gone.meta.versionId}`)).status).toBe(204);
  return { patient: p, notes: noteList, condition, episode, deleted: gone };
}

const merge = (survivor: string, body: unknown, as = merger.client, query = '') =>
  as.request('POST', `Patients/${survivor}/merge${query}`, { body });

const partitionIds = async (type: string, partition: string) => {
  const r = await t.request('GET', `${type}?pageSize=1000`, { headers: { 'x-partition-key': partition } });
  return (r.body as any[]).map((x) => x.id).sort();
};

/** Everything a refused merge must leave alone: both patients' versions and the duplicate's notes. */
async function snapshot(...patients: string[]) {
  const rows = await t.server.app.db.pool.query(
    `SELECT 'p' AS k, id, version_id, partition FROM r_patient WHERE practice_id = $1 AND id = ANY($2)
     UNION ALL SELECT 'n', id, version_id, partition FROM r_note WHERE practice_id = $1 AND partition = ANY($2)
     ORDER BY 1, 2`,
    [t.practiceId, patients],
  );
  return rows.rows;
}

describe('a merge', () => {
  let s: Awaited<ReturnType<typeof chart>>;
  let d: Awaited<ReturnType<typeof chart>>;
  let response: any;
  let refs: Record<string, any> = {};

  beforeAll(async () => {
    const team = (id: string) => ({ member: { resourceType: 'Practitioner', id } });
    s = await chart(
      'Ann Lee',
      {
        mrn: 'MRN-100',
        careTeam: [team(merger.profile.id)],
        telecom: [{ system: 'Phone', use: 'Mobile', value: '555-0100', rank: 1 }],
      },
      1,
    );
    d = await chart('Anne Lee', {
      mrn: 'MRN-200',
      birthDate: '1980-05-06',
      careTeam: [team(merger.profile.id), team('other-practitioner')],
      telecom: [{ system: 'Email', use: 'Home', value: 'anne@example.org' }],
    });
    const dRef = { resourceType: 'Patient', id: d.patient.id, display: d.patient.display };
    const sRef = { resourceType: 'Patient', id: s.patient.id, display: s.patient.display };
    refs = {
      token: await created('SecurityTokens', { patientAllowances: [dRef, sRef] }, merger.client),
      channel: await created('Channels', { subject: 'Intake', patient: dRef }),
      communication: await created('Communications', { subject: 'Letter', patient: dRef }),
      group: await created('GroupNoteDefinitions', {
        display: 'Group',
        attendees: [{ patient: dRef }, { patient: { resourceType: 'Patient', id: 'x' } }],
      }),
      bystander: await created('Channels', { subject: 'Other', patient: { resourceType: 'Patient', id: 'x' } }),
    };
    response = await merge(
      s.patient.id,
      { duplicate: d.patient.id, duplicateVersionId: d.patient.meta.versionId },
      merger.client,
      `?versionId=${s.patient.meta.versionId}`,
    );
  });

  it('answers 200 with the survivor, the tombstone and what moved', () => {
    expect(response.status, response.text).toBe(200);
    expect(response.body.survivor.id).toBe(s.patient.id);
    expect(response.body.duplicate).toMatchObject({
      id: d.patient.id,
      active: false,
      mergedInto: { resourceType: 'Patient', id: s.patient.id },
    });
    expect(response.body.moved).toEqual({ Condition: 1, EpisodeOfCare: 1, Note: 4 });
    // An appointment names only its own chart's patient (docs/scheduling.md, "Group appointments"),
    // so none names the duplicate from another chart.
    expect(response.body.repointed).toEqual({ Channel: 1, Communication: 1, GroupNoteDefinition: 1, SecurityToken: 1 });
  });

  it("moves every record of the duplicate's partition to the survivor's", async () => {
    expect(await partitionIds('Notes', d.patient.id)).toEqual([]);
    expect(await partitionIds('Notes', s.patient.id)).toEqual([...s.notes, ...d.notes].map((n) => n.id).sort());
    expect(await partitionIds('EpisodesOfCare', s.patient.id)).toEqual([s.episode.id, d.episode.id].sort());
    expect(await partitionIds('Conditions', d.patient.id)).toEqual([]);
    const note = await t.request('GET', `Notes/${d.notes[0].id}`);
    expect(note.body.partition).toBe(s.patient.id);
    expect(note.body.subject).toEqual({ resourceType: 'Patient', id: s.patient.id, display: s.patient.display });
    const episode = await t.request('GET', `EpisodesOfCare/${d.episode.id}`);
    expect(episode.body.diagnoses[0].condition).toEqual({ resourceType: 'Condition', id: d.condition.id, partition: s.patient.id });
    // A deleted record moves too, and stays deleted.
    expect((await t.request('GET', `Notes/${d.deleted.id}`)).status).toBe(410);
    const deleted = await t.request('GET', `Notes/${d.deleted.id}/_history`);
    expect(deleted.body[0]).toMatchObject({ partition: s.patient.id, meta: { isDeleted: true } });
  });

  it("adds exactly one version per moved record, and leaves the survivor's own records alone", async () => {
    for (const note of d.notes) {
      const history = await t.request('GET', `Notes/${note.id}/_history`);
      expect(history.body).toHaveLength(2);
      expect(history.body[1]).toMatchObject({ partition: d.patient.id, meta: { versionId: note.meta.versionId } });
    }
    expect((await t.request('GET', `Conditions/${d.condition.id}/_history`)).body).toHaveLength(2);
    expect((await t.request('GET', `Notes/${d.deleted.id}/_history`)).body).toHaveLength(3);
    expect((await t.request('GET', `Notes/${s.notes[0].id}/_history`)).body).toHaveLength(1);
  });

  it('keeps the duplicate as a deleted tombstone pointing at the survivor', async () => {
    const read = await t.request('GET', `Patients/${d.patient.id}`);
    expect(read.status).toBe(410);
    expect(read.body.detail).toBe(MESSAGES.gone);
    const history = await t.request('GET', `Patients/${d.patient.id}/_history`);
    expect(history.body).toHaveLength(2);
    expect(history.body[0]).toMatchObject({ active: false, mergedInto: { id: s.patient.id }, meta: { isDeleted: true } });
    const list = await t.request('POST', 'Patients/queries', { body: [] });
    expect((list.body as any[]).map((p) => p.id)).not.toContain(d.patient.id);
  });

  it("gives the survivor the duplicate's care team, MRN, contacts and missing details", async () => {
    const survivor = (await t.request('GET', `Patients/${s.patient.id}`)).body;
    expect(survivor.mrn).toBe('MRN-100');
    // One MR identifier, the survivor's own; the duplicate's MRN is kept as a merged MRN.
    expect(survivor.identifiers.filter((i: any) => i.type === 'MR')).toEqual([
      { system: 'urn:caseload:mrn', type: 'MR', value: 'MRN-100' },
    ]);
    expect(survivor.identifiers).toContainEqual({ system: 'urn:caseload:merged-mrn', type: 'PI', value: 'MRN-200' });
    // And the survivor stays writable under the MRN rules (one MR identifier).
    const edited = await t.request('PATCH', `Patients/${s.patient.id}?versionId=${survivor.meta.versionId}`, {
      headers: PATCH,
      body: [{ op: 'add', path: '/alerts', value: ['Interpreter needed'] }],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(survivor.careTeam.map((m: any) => m.member.id)).toEqual([merger.profile.id, 'other-practitioner']);
    expect(survivor.telecom.map((c: any) => c.value)).toEqual(['555-0100', 'anne@example.org']);
    expect(survivor.birthDate).toBe('1980-05-06');
    expect((await t.request('GET', `Patients/${s.patient.id}/_history`)).body).toHaveLength(3);
  });

  it('re-points references held by unpartitioned records, naming the survivor once', async () => {
    const survivor = { resourceType: 'Patient', id: s.patient.id };
    const token = (await merger.client.request('GET', `SecurityTokens/${refs.token.id}`)).body;
    expect(token.patientAllowances).toEqual([{ ...survivor, display: s.patient.display }]);
    expect((await t.request('GET', `Channels/${refs.channel.id}`)).body.patient).toMatchObject(survivor);
    expect((await t.request('GET', `Communications/${refs.communication.id}`)).body.patient).toMatchObject(survivor);
    const group = (await t.request('GET', `GroupNoteDefinitions/${refs.group.id}`)).body;
    expect(group.attendees.map((a: any) => a.patient.id)).toEqual([s.patient.id, 'x']);
    expect((await t.request('GET', `Channels/${refs.bystander.id}/_history`)).body).toHaveLength(1);
  });

  it('is audited: one event naming both patients, and one per version written', async () => {
    const requestId = response.headers.get('x-request-id');
    const events = await t.server.app.db.pool.query(`SELECT body FROM r_audit_event WHERE practice_id = $1 AND body->>'requestId' = $2`, [
      t.practiceId,
      requestId,
    ]);
    const bodies = events.rows.map((r) => r.body);
    const mergeEvent = bodies.filter((b) => b.description?.startsWith('Patient merge'));
    expect(mergeEvent).toHaveLength(1);
    expect(mergeEvent[0]).toMatchObject({
      type: { code: '110110' },
      action: 'U',
      entity: { resourceType: 'Patient', id: d.patient.id },
      patient: { id: s.patient.id },
      agent: { who: merger.profile },
    });
    expect(mergeEvent[0].description).toContain(d.patient.id);
    expect(mergeEvent[0].description).toContain(s.patient.id);
    // 6 moved, 4 re-pointed, the survivor and the tombstone.
    const versions = bodies.filter((b) => !b.description);
    expect(versions).toHaveLength(6 + 4 + 2);
    expect(versions.filter((b) => b.action === 'D').map((b) => b.entity.id)).toEqual([d.patient.id]);
  });

  it("refuses new records in the merged patient's partition with 410", async () => {
    // A note valid in every other way, so the refusal is the merged partition's.
    const r = await t.request('POST', 'Notes', { body: sampleNoteBody(d.patient.id, 'late') });
    expect(r.status).toBe(410);
    expect(await partitionIds('Notes', d.patient.id)).toEqual([]);
  });

  it('refuses merging into or from the tombstone with 400', async () => {
    const other = await patient('Bo Diaz');
    const before = await snapshot(other.id, d.patient.id, s.patient.id);
    for (const [survivor, duplicate] of [
      [other.id, d.patient.id],
      [d.patient.id, other.id],
    ]) {
      const r = await merge(survivor!, { duplicate });
      expect(r.status, r.text).toBe(400);
      expect(r.body.detail).toContain('merged');
    }
    expect(await snapshot(other.id, d.patient.id, s.patient.id)).toEqual(before);
  });
});

describe('refusals leave the data unchanged', () => {
  let a: Awaited<ReturnType<typeof chart>>;
  let b: Awaited<ReturnType<typeof chart>>;
  let before: unknown;

  beforeAll(async () => {
    a = await chart('Cy Ng', {}, 1);
    b = await chart('Cyrus Ng', {}, 2);
    before = await snapshot(a.patient.id, b.patient.id);
  });

  it('403 without the Merge patients grant set', async () => {
    for (const roles of [['Practitioner'], ['Support']]) {
      const user = await t.createUser({ roles });
      const r = await merge(a.patient.id, { duplicate: b.patient.id }, user.client);
      expect(r.status).toBe(403);
      expect(r.body.detail).toBe(MESSAGES.forbidden);
    }
    expect(await snapshot(a.patient.id, b.patient.id)).toEqual(before);
  });

  it('404 for an unknown patient on either side', async () => {
    expect((await merge(a.patient.id, { duplicate: 'no-such-patient' })).status).toBe(404);
    expect((await merge('no-such-patient', { duplicate: b.patient.id })).status).toBe(404);
    expect(await snapshot(a.patient.id, b.patient.id)).toEqual(before);
  });

  it('400 for a patient merged into itself, or a malformed body', async () => {
    const self = await merge(a.patient.id, { duplicate: a.patient.id });
    expect(self.status).toBe(400);
    expect(self.body.detail).toBe('A patient cannot be merged into itself.');
    for (const body of [
      {},
      [],
      { duplicate: 7 },
      { duplicate: b.patient.id, extra: 1 },
      { duplicate: b.patient.id, duplicateVersionId: 1 },
    ]) {
      expect((await merge(a.patient.id, body)).status).toBe(400);
    }
    expect(await snapshot(a.patient.id, b.patient.id)).toEqual(before);
  });

  it('409 when a given versionId is stale, for either patient', async () => {
    const stale = await merge(a.patient.id, { duplicate: b.patient.id }, merger.client, '?versionId=stale');
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(MESSAGES.conflict);
    const staleDuplicate = await merge(a.patient.id, { duplicate: b.patient.id, duplicateVersionId: 'stale' });
    expect(staleDuplicate.status).toBe(409);
    expect(await snapshot(a.patient.id, b.patient.id)).toEqual(before);
  });

  it("404 when either patient is outside the caller's population", async () => {
    const role = await created('SecurityRoles', {
      display: 'Merger on a care team',
      grantSets: ['Read patients', 'Merge patients', 'Use security tokens'],
    });
    const limited = await t.createUser({ roles: [`SecurityRole/${role.id}`] });
    await created('PracticePreferences', { patientPopulationLevel: 'CareTeam' });
    // On a's care team only: b is out of reach, so the merge is a 404 either way round.
    const teamed = await t.request('PATCH', `Patients/${a.patient.id}?versionId=${a.patient.meta.versionId}`, {
      headers: PATCH,
      body: [{ op: 'add', path: '/careTeam', value: [{ member: { resourceType: 'Practitioner', id: limited.profile.id } }] }],
    });
    expect(teamed.status).toBe(200);
    before = await snapshot(a.patient.id, b.patient.id);
    expect((await merge(a.patient.id, { duplicate: b.patient.id }, limited.client)).status).toBe(404);
    expect((await merge(b.patient.id, { duplicate: a.patient.id }, limited.client)).status).toBe(404);
    expect(await snapshot(a.patient.id, b.patient.id)).toEqual(before);
  });
});

describe('a write racing the merge', () => {
  it('either lands before the merge and moves with it, or loses with 409; nothing is stranded', async () => {
    for (let round = 0; round < 3; round++) {
      const survivor = await patient(`Dee Park${round}`);
      const dup = await chart(`Di Park${round}`, {}, 20);
      const target = dup.notes[19];
      const [merged, patched] = await Promise.all([
        merge(survivor.id, { duplicate: dup.patient.id }),
        t.request('PATCH', `Notes/${target.id}?versionId=${target.meta.versionId}`, {
          headers: PATCH,
          body: [{ op: 'replace', path: '/display', value: 'edited' }],
        }),
      ]);
      expect(merged.status, merged.text).toBe(200);
      expect([200, 409]).toContain(patched.status);
      const note = (await t.request('GET', `Notes/${target.id}`)).body;
      const history = (await t.request('GET', `Notes/${target.id}/_history`)).body;
      expect(note.partition).toBe(survivor.id);
      if (patched.status === 200) {
        expect(note.display).toBe('edited');
        expect(history).toHaveLength(3);
      } else {
        expect(note.display).toBe('note 19');
        expect(history).toHaveLength(2);
      }
      expect(await partitionIds('Notes', dup.patient.id)).toEqual([]);
    }
  });

  it('two merges of the same duplicate: one wins, the other is refused', async () => {
    const [x, y] = [await patient('Ed Ray'), await patient('Eddie Ray')];
    const dup = await chart('Edward Ray', {}, 5);
    const [first, second] = await Promise.all([merge(x.id, { duplicate: dup.patient.id }), merge(y.id, { duplicate: dup.patient.id })]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const winner = first.status === 200 ? x.id : y.id;
    expect((await partitionIds('Notes', winner)).length).toBe(5);
    const all = await t.request('GET', 'Notes?pageSize=1000', { headers: CROSS });
    expect((all.body as any[]).filter((n) => n.partition === dup.patient.id)).toEqual([]);
  });
});
