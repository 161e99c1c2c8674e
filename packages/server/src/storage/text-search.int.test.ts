import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * The patient search as you type (`_text`, docs/query-grammar.md) and the indexed filter fields of
 * Notes, over HTTP through the real server: what is found, in the Name order the patient list asks
 * for, paged, limited to the caller's population, and what is refused.
 */

let t: TestServer;
let clinician: TestUser;
const ids: Record<string, string> = {};

const PATIENTS = [
  { key: 'ada', display: 'Lovelace', names: [{ given: ['Ada', 'Augusta'], family: 'Lovelace' }], birthDate: '1915-12-10', mrn: 'MRN-1915' },
  { key: 'alan', display: 'Turing', names: [{ given: ['Alan'], family: 'Turing' }], birthDate: '1912-06-23', mrn: 'MRN-1912' },
  {
    key: 'grace',
    display: 'Hopper',
    names: [
      { given: ['Grace'], family: 'Hopper' },
      { use: 'Nickname', given: ['Amazing Grace'] },
    ],
    birthDate: '1906-12-09',
    mrn: 'MRN-1906',
    identifiers: [{ type: 'SS', value: 'X-77-Q' }],
  },
  { key: 'love', display: 'Love', names: [{ given: ['Courtney'], family: 'Love' }], birthDate: '1964-07-09', mrn: 'MRN-1964' },
];

const search = (client: TestUser['client'] | TestServer['admin'], value: string, query = 'orderBy=Name&pageSize=50') =>
  client.request('POST', `Patients/queries?${query}`, { body: [{ field: '_text', op: 'contains', value }] });
/** Family names of the answer, in its order (the server derives display from the names). */
const displays = (r: { body: { names: { family: string }[] }[] }) => r.body.map((p) => p.names[0]!.family);

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  await t.request('POST', 'PracticePreferences', { body: { display: 'preferences', patientPopulationLevel: 'CareTeam' } });
  for (const { key, ...patient } of PATIENTS) {
    // The clinician is on the care team of Ada and Courtney Love only.
    const careTeam = key === 'ada' || key === 'love' ? [{ member: { resourceType: 'Practitioner', id: clinician.profile.id } }] : [];
    const r = await t.request('POST', 'Patients', { body: { resourceType: 'Patient', ...patient, careTeam } });
    expect(r.status, r.text).toBe(201);
    ids[key] = r.body.id;
  }
});

afterAll(async () => {
  await t?.close();
});

describe('_text on Patients', () => {
  it.each<[string, string, string[]]>([
    ['a family name prefix, any case', 'LOV', ['Love', 'Lovelace']],
    ['one letter, in Name order', 'g', ['Hopper', 'Lovelace', 'Turing']],
    ['every word must occur', 'ada 1915', ['Lovelace']],
    ['a nickname', 'amazing', ['Hopper']],
    ['an MRN', 'mrn-1912', ['Turing']],
    ['a birth date as the web sends it', '1964-07-09', ['Love']],
    ['an identifier value', '77-q', ['Hopper']],
    ['nothing', 'zzz', []],
  ])('finds %s', async (_, value, expected) => {
    const r = await search(t.admin, value);
    expect(r.status).toBe(200);
    expect(displays(r)).toEqual(expected);
  });

  it('pages in Name order with the continuation token', async () => {
    const first = await search(t.admin, 'a', 'orderBy=Name&pageSize=2');
    const token = first.headers.get('x-continuation-token');
    // Courtney Love has no "a" anywhere.
    expect(displays(first)).toEqual(['Hopper', 'Lovelace']);
    expect(token).toBeTruthy();
    const second = await t.admin.request('POST', 'Patients/queries?orderBy=Name&pageSize=2', {
      body: [{ field: '_text', op: 'contains', value: 'a' }],
      headers: { 'x-continuation-token': token! },
    });
    expect(displays(second)).toEqual(['Turing']);
  });

  it('pages the same when it matches first and sorts after (a word with a trigram)', async () => {
    const page = (token?: string) =>
      t.admin.request('POST', 'Patients/queries?orderBy=Name&pageSize=3', {
        body: [{ field: '_text', op: 'contains', value: 'mrn' }],
        headers: token ? { 'x-continuation-token': token } : {},
      });
    const first = await page();
    expect(displays(first)).toEqual(['Hopper', 'Love', 'Lovelace']);
    const second = await page(first.headers.get('x-continuation-token')!);
    expect(displays(second)).toEqual(['Turing']);
    expect(second.headers.get('x-continuation-token')).toBeNull();
  });

  it('pages a common word (more matches than it sorts at once) by walking the Name order', async () => {
    // 2,100 patients written straight into the table, last first: more than a filters-first page
    // sorts, and a first try that kept what it scanned first would miss P0001 to P0099.
    await t.server.app.db.pool.query(
      `INSERT INTO r_patient (practice_id, id, version_id, version_seq, last_modified, body)
       SELECT $1, 'common-' || n, 'v', 1, now(), jsonb_build_object('resourceType', 'Patient', 'id', 'common-' || n,
         'display', 'Commonword, P' || lpad(n::text, 4, '0'), 'names', jsonb_build_array(jsonb_build_object('family', 'Commonword')))
       FROM generate_series(2100, 1, -1) n`,
      [t.practiceId],
    );
    const page = (token?: string) =>
      t.admin.request('POST', 'Patients/queries?orderBy=Name&pageSize=50', {
        body: [{ field: '_text', op: 'contains', value: 'commonword' }],
        headers: token ? { 'x-continuation-token': token } : {},
      });
    const first = await page();
    const second = await page(first.headers.get('x-continuation-token')!);
    const names = [...first.body, ...second.body].map((p: { display: string }) => p.display);
    expect(names).toEqual(Array.from({ length: 100 }, (_, i) => `Commonword, P${String(i + 1).padStart(4, '0')}`));
  });

  it('finds only patients of the caller population (CareTeam)', async () => {
    expect(displays(await search(clinician.client, 'lov'))).toEqual(['Love', 'Lovelace']);
    expect(displays(await search(clinician.client, 'g'))).toEqual(['Lovelace']);
    expect(displays(await search(clinician.client, 'hopper'))).toEqual([]);
  });

  it('follows an edit at once', async () => {
    const current = await t.request('GET', `Patients/${ids.alan}`);
    const r = await t.request('PATCH', `Patients/${ids.alan}?versionId=${current.body.meta.versionId}`, {
      body: [{ op: 'replace', path: '/names/0/family', value: 'Turingway' }],
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect(r.status).toBe(200);
    expect(displays(await search(t.admin, 'turingway'))).toEqual(['Turingway']);
  });

  it.each<[string, unknown, string]>([
    ['another op', [{ field: '_text', op: 'startsWith', value: 'ada' }], '0.op'],
    ['an empty search', [{ field: '_text', op: 'contains', value: '  ' }], '0.value'],
    ['101 characters', [{ field: '_text', op: 'contains', value: 'a'.repeat(101) }], '0.value'],
  ])('refuses %s with a 400', async (_, body, path) => {
    const r = await t.request('POST', 'Patients/queries', { body });
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual([expect.objectContaining({ path })]);
  });

  it('is refused on a type without text search', async () => {
    const r = await t.request('POST', 'Locations/queries', { body: [{ field: '_text', op: 'contains', value: 'main' }] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('The query is invalid.');
    expect(r.body.issues).toEqual([{ path: '0.field', message: expect.stringContaining('Location has no text search') }]);
  });
});

describe('indexed filter fields of Notes', () => {
  const notes = (filters: unknown[]) =>
    t.request('POST', 'Notes/queries', { body: filters, headers: { 'x-enable-cross-partition': 'true' } });
  const idsOf = (r: { body: { id: string }[] }) => r.body.map((n) => n.id).sort();

  it('answers eq and in on author.id and status', async () => {
    // Written straight into the table: a note's status is set by signing, not by a write.
    await t.server.app.db.pool.query(
      `INSERT INTO r_note (practice_id, id, partition, version_id, version_seq, last_modified, body)
       SELECT $1, 'note-' || s, $2::text, 'v', 1, now(), jsonb_build_object('resourceType', 'Note', 'id', 'note-' || s,
         'partition', $2, 'status', s, 'author', jsonb_build_object('resourceType', 'Practitioner', 'id', $3::text))
       FROM unnest(ARRAY['Final', 'Draft']) s`,
      [t.practiceId, ids.ada, clinician.profile.id],
    );
    const author = { field: 'author.id', op: 'eq', value: clinician.profile.id };
    expect(idsOf(await notes([author, { field: 'status', op: 'eq', value: 'Final' }]))).toEqual(['note-Final']);
    expect(idsOf(await notes([author, { field: 'status', op: 'in', value: ['Draft', 'Amended'] }]))).toEqual(['note-Draft']);
    expect(idsOf(await notes([author]))).toEqual(['note-Draft', 'note-Final']);
    expect((await notes([{ field: 'status', op: 'eq', value: 'final' }])).body).toEqual([]);
  });

  it('refuses a list in an indexed field and stores nothing', async () => {
    const listed = (await notes([{ field: 'display', op: 'eq', value: 'listed' }])).body;
    const r = await t.request('POST', 'Notes', {
      body: {
        resourceType: 'Note',
        partition: ids.ada,
        display: 'listed',
        subject: { resourceType: 'Patient', id: ids.ada },
        author: [{ resourceType: 'Practitioner', id: clinician.profile.id }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.issues).toContainEqual({ path: 'author.id', message: 'author.id holds one value, not a list.' });
    expect((await notes([{ field: 'display', op: 'eq', value: 'listed' }])).body).toEqual(listed);
  });
});
