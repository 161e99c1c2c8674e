import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Keyset paging of GET {Collection} and POST {Collection}/queries (docs/api.md "Calls"): every
 * live resource exactly once, in the documented order, whatever the page boundaries and ties.
 */

let t: TestServer;
const PAGE = 37;
const BIRTH_DATES = ['1980-01-01', '1975-06-15', '1990-12-31', '2001-02-03', '1962-07-20', '1999-09-09'];
const FIRST = ['ada', 'Ada', 'ADA', 'alan', 'Grace', 'grace', 'zoë', "o'brien", 'émile', 'de la Cruz', 'Bo', 'bo'];
const LAST = ['Lovelace', 'turing', 'HOPPER', 'smith', 'Smith', 'x', ''];

type Patient = Record<string, any> & { id: string; meta: { lastModified: string; versionId: string } };
let live: Patient[] = [];
let deleted: Patient[] = [];

const SORT_KEYS: Record<string, (p: Patient) => string> = {
  Name: (p) => (p.display ?? '').toLowerCase(),
  Created: (p) => p.created ?? '',
  BirthDate: (p) => p.birthDate ?? '',
  Mrn: (p) => p.mrn ?? '',
  LastModified: (p) => p.meta.lastModified,
};

/** UTF-8 byte order, as `COLLATE "C"` compares. */
const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

function sortedIds(list: Patient[], orderBy: string, order: 'asc' | 'desc'): string[] {
  const key = SORT_KEYS[orderBy]!;
  const sign = order === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => sign * (bytes(key(a), key(b)) || bytes(a.id, b.id))).map((p) => p.id);
}

interface Paged {
  ids: string[];
  pageSizes: number[];
}

/** Follows x-continuation-token to the end, checking that only the last page comes without one. */
async function pageAll(method: 'GET' | 'POST', path: string, body?: unknown, base = ''): Promise<Paged> {
  const ids: string[] = [];
  const pageSizes: number[] = [];
  let token: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await t.request(method, `${base}${path}`, {
      body,
      headers: token ? { 'x-continuation-token': token } : {},
    });
    expect(page.status, page.text).toBe(200);
    ids.push(...page.body.map((r: Patient) => r.id));
    pageSizes.push(page.body.length);
    token = page.headers.get('x-continuation-token') ?? undefined;
    if (!token) return { ids, pageSizes };
  }
  throw new Error('paging never ended');
}

function expectFullPages(pageSizes: number[], size: number) {
  for (const n of pageSizes.slice(0, -1)) expect(n).toBe(size);
  expect(pageSizes.at(-1)).toBeLessThanOrEqual(size);
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)))));
  }
  return out;
}

function seedPatient(i: number): Record<string, unknown> {
  const first = FIRST[(i * 7) % FIRST.length]!;
  const last = LAST[(i * 3) % LAST.length]!;
  const p: Record<string, unknown> = {};
  // A patient needs names or a display (docs/validation.md): most have only a display (an
  // import), some a legal name, whose "Family, Given" the server makes their display.
  if (i % 53 !== 5) p.display = `${first} ${last}`.trim();
  else p.names = [{ given: [first], ...(last ? { family: last } : {}) }];
  if (i % 41 !== 3) p.birthDate = BIRTH_DATES[i % BIRTH_DATES.length];
  // MRNs are unique in a practice (a repeat is refused), so they differ, in mixed case; 919 is
  // prime to 1000, so no two of the 250 repeat. A patient sent without one gets the practice's
  // next six-digit number: the sort keys read the stored bodies, so those sort by it.
  if (i % 29 !== 4) p.mrn = `${i % 3 === 0 ? 'mrn' : 'MRN'}-${String((i * 919) % 1000).padStart(4, '0')}`;
  return p;
}

beforeAll(async () => {
  t = await startTestServer();
  const created = await inBatches(
    Array.from({ length: 250 }, (_, i) => i),
    10,
    async (i) => {
      const r = await t.request('POST', 'Patients', { body: seedPatient(i) });
      if (r.status !== 201) throw new Error(`seed ${i}: ${r.status} ${r.text}`);
      return r.body as Patient;
    },
  );
  deleted = created.filter((_, i) => i % 25 === 11);
  for (const p of deleted) {
    const r = await t.request('DELETE', `Patients/${p.id}?versionId=${p.meta.versionId}`);
    if (r.status !== 204) throw new Error(`delete: ${r.status} ${r.text}`);
  }
  live = created.filter((p) => !deleted.includes(p));
}, 120_000);
afterAll(() => t?.close());

describe('GET Patients pages through every sort field in both orders', () => {
  for (const orderBy of Object.keys(SORT_KEYS)) {
    for (const order of ['asc', 'desc'] as const) {
      it(`${orderBy} ${order}: every live resource once, in order`, async () => {
        const { ids, pageSizes } = await pageAll('GET', `Patients?pageSize=${PAGE}&orderBy=${orderBy}&order=${order}`);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual(sortedIds(live, orderBy, order));
        expectFullPages(pageSizes, PAGE);
        expect(pageSizes.length).toBe(Math.ceil(live.length / PAGE));
      });
    }
  }

  it('defaults: LastModified newest first, 100 a page; Name A to Z', async () => {
    const first = await t.request('GET', 'Patients');
    expect(first.body).toHaveLength(100);
    expect(first.body.map((p: Patient) => p.id)).toEqual(sortedIds(live, 'LastModified', 'desc').slice(0, 100));
    const byName = await t.request('GET', `Patients?orderBy=Name&pageSize=${PAGE}`);
    expect(byName.body.map((p: Patient) => p.id)).toEqual(sortedIds(live, 'Name', 'asc').slice(0, PAGE));
    const created = await t.request('GET', `Patients?orderBy=Created&pageSize=${PAGE}`);
    expect(created.body.map((p: Patient) => p.id)).toEqual(sortedIds(live, 'Created', 'desc').slice(0, PAGE));
  });

  it('ties span pages without loss or duplicates (pageSize 1 over equal birth dates)', async () => {
    // Six birth dates among ~240 patients: every page boundary falls inside a run of equal values.
    const { ids } = await pageAll('GET', 'Patients?pageSize=7&orderBy=BirthDate');
    expect(ids).toEqual(sortedIds(live, 'BirthDate', 'asc'));
    const filter = [{ field: 'birthDate', op: 'eq', value: BIRTH_DATES[0] }];
    const ones = await pageAll('POST', 'Patients/queries?pageSize=1&orderBy=BirthDate&order=desc', filter);
    const expected = sortedIds(
      live.filter((p) => p.birthDate === BIRTH_DATES[0]),
      'BirthDate',
      'desc',
    );
    expect(expected.length).toBeGreaterThan(30);
    expect(ones.ids).toEqual(expected);
  });

  it('a page size that divides the total ends without an empty trailing page', async () => {
    const divisor = [40, 30, 24, 20, 16, 15, 12, 10, 8, 6, 5].find((d) => live.length % d === 0)!;
    const { pageSizes } = await pageAll('GET', `Patients?pageSize=${divisor}&orderBy=Mrn`);
    expect(pageSizes).toEqual(Array(live.length / divisor).fill(divisor));
  });

  it('pageSize 1000 returns everything on one page without a token', async () => {
    const all = await t.request('GET', 'Patients?pageSize=1000&orderBy=Name');
    expect(all.body).toHaveLength(live.length);
    expect(all.headers.get('x-continuation-token')).toBeNull();
  });

  it('gives patients sent without an MRN the next six-digit number, which the Mrn order sorts by', async () => {
    // Before MRNs were assigned (docs/validation.md), these sorted as missing; now none is missing.
    const all = [...live, ...deleted];
    expect(all.every((p) => typeof p.mrn === 'string' && p.mrn.length > 0)).toBe(true);
    const sentWithout = Array.from({ length: 250 }, (_, i) => i).filter((i) => i % 29 === 4).length;
    expect(all.filter((p) => /^\d{6}$/.test(p.mrn)).length).toBe(sentWithout);
    // Digits come before letters in byte order: the assigned numbers lead, in their own order.
    const assigned = live.filter((p) => /^\d{6}$/.test(p.mrn));
    const { ids } = await pageAll('GET', `Patients?pageSize=${PAGE}&orderBy=Mrn`);
    expect(ids.slice(0, assigned.length)).toEqual(sortedIds(assigned, 'Mrn', 'asc'));
  });

  it('does not list deleted resources', async () => {
    const all = await t.request('GET', 'Patients?pageSize=1000');
    const ids = new Set(all.body.map((p: Patient) => p.id));
    expect(deleted.length).toBeGreaterThan(5);
    for (const p of deleted) expect(ids.has(p.id)).toBe(false);
  });
});

describe('POST Patients/queries pages the same way', () => {
  const filter = [
    {
      or: [
        { field: 'birthDate', op: 'in', value: [BIRTH_DATES[1], BIRTH_DATES[2]] },
        { field: 'mrn', op: 'startsWith', value: 'mrn-' },
      ],
    },
  ];
  const matches = () => live.filter((p) => p.birthDate === BIRTH_DATES[1] || p.birthDate === BIRTH_DATES[2] || /^mrn-/i.test(p.mrn ?? ''));

  for (const [orderBy, order] of [
    ['Name', 'asc'],
    ['BirthDate', 'desc'],
    ['LastModified', 'asc'],
    ['Mrn', 'desc'],
  ] as const) {
    it(`${orderBy} ${order} with a filter`, async () => {
      const { ids, pageSizes } = await pageAll('POST', `Patients/queries?pageSize=${PAGE}&orderBy=${orderBy}&order=${order}`, filter);
      expect(ids.length).toBeGreaterThan(PAGE * 2);
      expect(ids).toEqual(sortedIds(matches(), orderBy, order));
      expectFullPages(pageSizes, PAGE);
    });
  }

  it('Prefer: return=minimal answers 204 with x-total-count', async () => {
    const count = await t.request('POST', 'Patients/queries', { body: filter, headers: { prefer: 'return=minimal' } });
    expect(count.status).toBe(204);
    expect(count.text).toBe('');
    expect(count.headers.get('x-total-count')).toBe(String(matches().length));

    const none = await t.request('POST', 'Patients/queries', {
      body: [{ field: 'mrn', op: 'eq', value: 'no-such-mrn' }],
      headers: { prefer: 'return=minimal' },
    });
    expect(none.status).toBe(204);
    expect(none.headers.get('x-total-count')).toBe('0');

    // Deleted resources are not counted.
    const all = await t.request('POST', 'Patients/queries', { body: [], headers: { prefer: 'return=minimal' } });
    expect(all.headers.get('x-total-count')).toBe(String(live.length));
    const listCount = await t.request('GET', 'Patients', { headers: { prefer: 'return=minimal' } });
    expect(listCount.status).toBe(204);
    expect(listCount.headers.get('x-total-count')).toBe(String(live.length));
  });
});

describe('continuation tokens are signed and bound to their query', () => {
  async function firstToken(path = `Patients?pageSize=${PAGE}&orderBy=Name`, method: 'GET' | 'POST' = 'GET', body?: unknown) {
    const page = await t.request(method, path, { body });
    const token = page.headers.get('x-continuation-token');
    expect(token).toBeTruthy();
    return token!;
  }
  const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);

  it('accepts its own token', async () => {
    const token = await firstToken();
    const next = await t.request('GET', `Patients?pageSize=${PAGE}&orderBy=Name`, { headers: { 'x-continuation-token': token } });
    expect(next.status).toBe(200);
    expect(next.body.map((p: Patient) => p.id)).toEqual(sortedIds(live, 'Name', 'asc').slice(PAGE, 2 * PAGE));
  });

  it('refuses a token with a character flipped in either part', async () => {
    const token = await firstToken();
    const [payload, mac] = token.split('.') as [string, string];
    expect(mac).toBeTruthy();
    const tampered = [
      `${flip(payload, 0)}.${mac}`,
      `${flip(payload, Math.floor(payload.length / 2))}.${mac}`,
      `${flip(payload, payload.length - 1)}.${mac}`,
      `${payload}.${flip(mac, 0)}`,
      `${payload}.${flip(mac, Math.floor(mac.length / 2))}`,
      `${payload}.${flip(mac, mac.length - 1)}`,
      `${payload}.${mac}.x`,
      `${payload}.`,
      payload,
    ];
    for (const bad of tampered) {
      const r = await t.request('GET', `Patients?pageSize=${PAGE}&orderBy=Name`, { headers: { 'x-continuation-token': bad } });
      expect(r.status, bad).toBe(400);
      expect(r.body.detail).toMatch(/continuation token/i);
    }
  });

  it('refuses a forged position signed by nobody', async () => {
    const token = await firstToken();
    const [payload, mac] = token.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...decoded, v: '' })).toString('base64url');
    const r = await t.request('GET', `Patients?pageSize=${PAGE}&orderBy=Name`, { headers: { 'x-continuation-token': `${forged}.${mac}` } });
    expect(r.status).toBe(400);
  });

  it('refuses a token reused with another orderBy, order, filter, collection or practice', async () => {
    const token = await firstToken();
    const headers = { 'x-continuation-token': token };
    const other = `p-${randomUUID().slice(0, 12)}`;
    expect((await t.request('POST', `/api/v1/database/${other}`)).status).toBe(204);
    const reuses: [string, string, unknown?][] = [
      ['GET', `Patients?pageSize=${PAGE}&orderBy=Mrn`],
      ['GET', `Patients?pageSize=${PAGE}&orderBy=Name&order=desc`],
      ['GET', `Patients?pageSize=${PAGE}`],
      ['POST', `Patients/queries?pageSize=${PAGE}&orderBy=Name`, [{ field: 'mrn', op: 'exists', value: true }]],
      ['GET', `Practitioners?pageSize=${PAGE}&orderBy=Name`],
      ['GET', `/api/v1/practices/${other}/Patients?pageSize=${PAGE}&orderBy=Name`],
    ];
    for (const [method, path, body] of reuses) {
      const r = await t.request(method, path, { body, headers });
      expect(r.status, `${method} ${path}`).toBe(400);
    }

    const filtered = [{ field: 'mrn', op: 'exists', value: true }];
    const queryToken = await firstToken(`Patients/queries?pageSize=${PAGE}&orderBy=Name`, 'POST', filtered);
    const otherFilter = await t.request('POST', `Patients/queries?pageSize=${PAGE}&orderBy=Name`, {
      body: [{ field: 'mrn', op: 'exists', value: false }],
      headers: { 'x-continuation-token': queryToken },
    });
    expect(otherFilter.status).toBe(400);
    const asList = await t.request('GET', `Patients?pageSize=${PAGE}&orderBy=Name`, { headers: { 'x-continuation-token': queryToken } });
    expect(asList.status).toBe(400);
    const same = await t.request('POST', `Patients/queries?pageSize=${PAGE}&orderBy=Name`, {
      body: filtered,
      headers: { 'x-continuation-token': queryToken },
    });
    expect(same.status).toBe(200);
  });

  it('refuses garbage', async () => {
    for (const garbage of ['garbage', 'a.b', '...', 'x'.repeat(500), '%%%.%%%', 'eyJ9.eyJ9', randomUUID()]) {
      const r = await t.request('GET', `Patients?pageSize=${PAGE}`, { headers: { 'x-continuation-token': garbage } });
      expect(r.status, garbage).toBe(400);
      expect(r.body.status).toBe(400);
    }
  });
});

describe('paging parameters are checked', () => {
  it('refuses pageSize outside 1 to 1000 or not a whole number', async () => {
    for (const size of ['0', '1001', 'abc', '-1', '2.5']) {
      const r = await t.request('GET', `Patients?pageSize=${size}`);
      expect(r.status, size).toBe(400);
      expect(r.body.detail).toMatch(/pageSize/);
    }
    expect((await t.request('GET', 'Patients?pageSize=1')).body).toHaveLength(1);
  });

  it('refuses an unknown orderBy, naming the valid ones', async () => {
    for (const orderBy of ['Nonsense', 'Email', 'name']) {
      const r = await t.request('GET', `Patients?orderBy=${orderBy}`);
      expect(r.status, orderBy).toBe(400);
      for (const valid of ['LastModified', 'Created', 'Name', 'BirthDate', 'Mrn']) expect(r.body.detail).toContain(valid);
    }
  });

  it('refuses orderBy names inherited from Object.prototype with 400, not 500', async () => {
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    const statuses: string[] = [];
    for (const orderBy of names) {
      const list = await t.request('GET', `Patients?orderBy=${orderBy}`);
      const query = await t.request('POST', `Patients/queries?orderBy=${orderBy}`, { body: [] });
      statuses.push(`${orderBy}: list ${list.status}, query ${query.status}`);
    }
    expect(statuses).toEqual(names.map((n) => `${n}: list 400, query 400`));
  });

  it("refuses order 'sideways'", async () => {
    const r = await t.request('GET', 'Patients?orderBy=Name&order=sideways');
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/asc or desc/);
  });
});

describe('Name sorts case-insensitively beyond ASCII, the same on every PostgreSQL', () => {
  it('orders accented capitals with their lower-case forms', async () => {
    const practice = `p-${randomUUID().slice(0, 12)}`;
    expect((await t.request('POST', `/api/v1/database/${practice}`)).status).toBe(204);
    const base = `/api/v1/practices/${practice}/`;
    const names = ['ÉSA', 'ébène', 'Émile', 'éva', 'Ölaf', 'örjan', 'Zoe', 'zoë', 'alma'];
    const created: Patient[] = [];
    for (const display of names) created.push((await t.request('POST', `${base}Patients`, { body: { display } })).body);
    const { ids } = await pageAll('GET', 'Patients?pageSize=2&orderBy=Name', undefined, base);
    const byName = new Map(created.map((p) => [p.id, p.display]));
    // lower-cased display in byte order: alma, ébène, émile, ésa, éva, ölaf, örjan, zoe, zoë
    expect(ids.map((id) => byName.get(id))).toEqual([...names].sort((a, b) => bytes(a.toLowerCase(), b.toLowerCase())));
  });
});
