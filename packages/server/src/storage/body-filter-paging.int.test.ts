import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Filter } from '@caseload/core';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * Pages of a body-field equality (`address.city eq ...`) over HTTP through the real server. Such a
 * page walks the last-modified order a bounded way first (2,000 rows for small pages), then looks
 * its matches up in the body's GIN index, then walks everything (resource-search.ts). Whichever
 * way answers, the rows are the same: these compare every page with the rows the test wrote,
 * and Server-Timing's statement count says which way answered.
 */

let t: TestServer;
let clinician: TestUser;

/** Patient n (1 newest, ROWS oldest), as written straight into the table below. */
const ROWS = 2600;
const RARE = new Set([50, 2300, 2400, 2500]);
const cityOf = (n: number) => (RARE.has(n) ? 'Rareton' : n % 4 === 0 ? 'Commonton' : 'Elsewhere');
const onCareTeam = (n: number) => n % 8 === 0;
const BASE = Date.parse('2026-06-01T00:00:00Z');
const modifiedOf = (n: number) => new Date(BASE - n * 1000).toISOString();
const idOf = (n: number) => `bf-${String(n).padStart(4, '0')}`;
const numbers = (test: (n: number) => boolean) => Array.from({ length: ROWS }, (_, i) => i + 1).filter(test);

interface Page {
  ids: string[];
  token: string | null;
  statements: number;
}

async function page(
  client: TestUser['client'] | TestServer['admin'],
  filters: Filter[],
  query: string,
  token?: string | null,
): Promise<Page> {
  const r = await client.request('POST', `Patients/queries?${query}`, {
    body: filters,
    headers: token ? { 'x-continuation-token': token } : {},
  });
  expect(r.status, r.text).toBe(200);
  const timing = r.headers.get('server-timing') ?? '';
  return {
    ids: (r.body as { id: string }[]).map((p) => p.id),
    token: r.headers.get('x-continuation-token'),
    statements: Number(/desc="(\d+) statements"/.exec(timing)?.[1]),
  };
}

/** Every page, following the continuation token to the end. */
async function allPages(client: TestUser['client'] | TestServer['admin'], filters: Filter[], query: string): Promise<Page[]> {
  const pages = [await page(client, filters, query)];
  while (pages.at(-1)!.token) pages.push(await page(client, filters, query, pages.at(-1)!.token));
  return pages;
}

const city = (value: string): Filter => ({ field: 'address.city', op: 'eq', value });

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  await t.request('POST', 'PracticePreferences', { body: { display: 'preferences', patientPopulationLevel: 'CareTeam' } });
  await t.server.app.db.pool.query(
    `INSERT INTO r_patient (practice_id, id, version_id, version_seq, last_modified, body)
     SELECT $1, r.id, 'v', 1, r.modified::timestamptz, jsonb_build_object('resourceType', 'Patient', 'id', r.id,
       'display', 'Patient ' || r.id, 'names', jsonb_build_array(jsonb_build_object('family', 'Patient ' || r.id)),
       'tier', r.tier, 'address', jsonb_build_object('city', r.city),
       'careTeam', CASE WHEN r.team THEN jsonb_build_array(jsonb_build_object('member',
         jsonb_build_object('resourceType', 'Practitioner', 'id', $2::text))) ELSE '[]'::jsonb END)
     FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::boolean[]) AS r(id, modified, city, tier, team)`,
    [
      t.practiceId,
      clinician.profile.id,
      numbers(() => true).map(idOf),
      numbers(() => true).map(modifiedOf),
      numbers(() => true).map(cityOf),
      numbers(() => true).map((n) => n % 3),
      numbers(() => true).map(onCareTeam),
    ],
  );
});

afterAll(async () => {
  await t?.close();
});

describe('a body-field equality, paged newest first', () => {
  it('pages a common value from the walk, one statement a page, down to its last', async () => {
    const pages = await allPages(t.admin, [city('Commonton')], 'pageSize=50');
    expect(pages.flatMap((p) => p.ids)).toEqual(numbers((n) => cityOf(n) === 'Commonton').map(idOf));
    expect(pages).toHaveLength(13);
    expect(pages.slice(0, 12).map((p) => p.statements)).toEqual(Array(12).fill(1));
    // The last page is short, so the walk cannot tell it is the last: the look-up confirms it.
    expect(pages[12]!.statements).toBe(2);
  });

  it('finds a rare value beyond the walk with the look-up, paged the same', async () => {
    const pages = await allPages(t.admin, [city('Rareton')], 'pageSize=2');
    expect(pages.map((p) => p.ids)).toEqual([
      [idOf(50), idOf(2300)],
      [idOf(2400), idOf(2500)],
    ]);
    expect(pages.map((p) => p.statements)).toEqual([2, 2]);
  });

  it('answers nothing for a value no row has', async () => {
    const [only] = await allPages(t.admin, [city('Nowhere')], 'pageSize=20');
    expect(only!.ids).toEqual([]);
  });

  it('answers `in`, `or` groups and other body tests beside the equality', async () => {
    const either = numbers((n) => RARE.has(n) || cityOf(n) === 'Commonton');
    const anyOf: Filter = { field: 'address.city', op: 'in', value: ['Rareton', 'Commonton'] };
    expect((await allPages(t.admin, [anyOf], 'pageSize=100')).flatMap((p) => p.ids)).toEqual(either.map(idOf));
    const orGroup: Filter = { or: [city('Rareton'), city('Commonton')] };
    expect((await allPages(t.admin, [orGroup], 'pageSize=100')).flatMap((p) => p.ids)).toEqual(either.map(idOf));
    const notTierOne: Filter = { field: 'tier', op: 'ne', value: 1 };
    expect((await allPages(t.admin, [city('Commonton'), notTierOne], 'pageSize=100')).flatMap((p) => p.ids)).toEqual(
      numbers((n) => cityOf(n) === 'Commonton' && n % 3 !== 1).map(idOf),
    );
  });

  it('starts the walk where a last-modified filter does', async () => {
    // Older than patient 2000: the walk starts there and reaches all three older rare rows.
    const older: Filter = { field: 'meta.lastModified', op: 'lt', value: modifiedOf(2000) };
    const first = await page(t.admin, [older, city('Rareton')], 'pageSize=2');
    expect(first.ids).toEqual([idOf(2300), idOf(2400)]);
    expect(first.statements).toBe(1);
  });

  it('pages in another sort order the same way', async () => {
    const pages = await allPages(t.admin, [city('Rareton')], 'orderBy=Name&order=desc&pageSize=3');
    expect(pages.map((p) => p.ids)).toEqual([[idOf(2500), idOf(2400), idOf(2300)], [idOf(50)]]);
  });

  it('keeps to the caller’s patients (CareTeam) in the walk and the look-up', async () => {
    const common = await allPages(clinician.client, [city('Commonton')], 'pageSize=100');
    expect(common.flatMap((p) => p.ids)).toEqual(numbers((n) => cityOf(n) === 'Commonton' && onCareTeam(n)).map(idOf));
    // Patient 2400 is the only rare one on the clinician's care team.
    expect((await allPages(clinician.client, [city('Rareton')], 'pageSize=10')).flatMap((p) => p.ids)).toEqual([idOf(2400)]);
  });

  it('prepares the walk and unfiltered pages, whose plans no value changes, and plans the rest for their values', async () => {
    // The walk and an unfiltered page are the sort index's first rows whatever the values; the
    // look-up's and a filtered page's best plans depend on how many rows match, so a generic plan
    // made for a common value must never serve them.
    const query = vi.spyOn(t.server.app.db.pool, 'query');
    try {
      await page(t.admin, [city('Commonton')], 'pageSize=20');
      await page(t.admin, [city('Rareton')], 'pageSize=20');
      await page(t.admin, [], 'pageSize=20');
      await page(t.admin, [{ field: 'meta.lastModified', op: 'lt', value: modifiedOf(100) }], 'pageSize=20');
      // Other work of the server (the expiry sweeper, refused-attempt audits) may send plain text meanwhile.
      const sent = query.mock.calls.map(
        ([config]) => (typeof config === 'string' ? { text: config } : config) as unknown as { name?: string; text: string },
      );
      const walks = sent.filter((c) => c.text.includes(') walked WHERE'));
      const lookUps = sent.filter((c) => c.text.includes('matched AS MATERIALIZED'));
      const pages = sent.filter((c) => c.text.includes('FROM r_patient WHERE') && !walks.includes(c) && !lookUps.includes(c));
      expect(walks).toHaveLength(2);
      expect(new Set(walks.map((c) => c.name))).toEqual(new Set([expect.stringMatching(/^s_/)]));
      expect(lookUps).toHaveLength(1);
      expect(lookUps[0]!.name).toBeUndefined();
      expect(pages.map((c) => c.name)).toEqual([expect.stringMatching(/^s_/), undefined]);
    } finally {
      query.mockRestore();
    }
  });
});
