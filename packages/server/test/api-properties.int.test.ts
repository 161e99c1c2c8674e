import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RawJson,
  deepNesting,
  edgeNumber,
  nestedText,
  oddObject,
  rawNumber,
  toJsonText,
  troubleJson,
  troubleString,
} from './arbitraries.ts';
import { startTestServer, type ApiResponse, type TestServer } from './harness.ts';
import { sampleNoteBody } from './note-samples.ts';

/**
 * Properties of the resource API under hostile input, over real HTTP: whatever a client sends,
 * the server answers 2xx or 4xx with a problem body, never 500; and a refused write changes
 * nothing. Each property runs ~100 cases; the file stays under a minute.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/**
 * ~100 cases a property; a failing one stops shrinking after 30 s (reporting the smallest case so
 * far) so the file stays within its time budget even while it finds bugs.
 */
const RUN_OPTIONS = { numRuns: 100, interruptAfterTimeLimit: 30_000 };
const PATCH_TYPE = 'application/json-patch+json';

/** Sends JSON text as it is (so bodies can hold what JSON.stringify never writes). */
function send(method: string, path: string, text: string | undefined, headers: Record<string, string> = {}) {
  return t.request(method, path, {
    raw: text,
    headers: text === undefined ? headers : { 'content-type': 'application/json', ...headers },
  });
}

/** A 4xx answers the error body of docs/api.md; nothing ever answers 5xx. */
function expectClientOutcome(response: ApiResponse, what: string): void {
  const context = `${what} → ${response.status} ${response.text.slice(0, 300)}`;
  expect(response.status, context).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.body, context).toMatchObject({ title: expect.any(String), status: response.status, detail: expect.any(String) });
  }
}

/** The live Patient count, as a client asks for it: Prefer: return=minimal on an empty query. */
async function patientCount(): Promise<number> {
  const counted = await t.request('POST', 'Patients/queries', { body: [], headers: { prefer: 'return=minimal' } });
  expect(counted.status).toBe(204);
  return Number(counted.headers.get('x-total-count'));
}

const SEED = {
  display: 'Property Patient',
  birthDate: '1990-01-01',
  active: true,
  name: [{ family: 'Doe', given: ['Jane', 'J'] }],
  identifiers: [{ system: 'urn:mrn', value: 'MRN-P' }],
  address: { city: 'Springfield', lines: ['1 Main St'] },
};

async function seedPatient(): Promise<{ id: string; versionId: string; text: string; body: any }> {
  const created = await t.request('POST', 'Patients', { body: SEED });
  expect(created.status).toBe(201);
  const read = await t.request('GET', `Patients/${created.body.id}`);
  return { id: created.body.id, versionId: created.body.meta.versionId, text: read.text, body: read.body };
}

/** Text that does not compress (PostgreSQL compresses long index entries before it measures them). */
function randomText(length: number): string {
  return randomBytes(length).toString('base64').slice(0, length);
}

/** Incompressible text that is the same for the same seed, so fast-check can replay it. */
function seededText(length: number, seed: number): string {
  let text = '';
  for (let block = 0; text.length < length; block++) {
    text += createHash('sha256').update(`${seed}:${block}`).digest('base64');
  }
  return text.slice(0, length);
}

/** Percent-encodes every UTF-8 byte (encodeURIComponent throws on unpaired surrogates). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

describe('(a) POST Patients/queries with any body', () => {
  const FIELDS = [
    'display',
    'birthDate',
    'active',
    'identifiers.value',
    'name.family',
    'name.given',
    'a.b.c',
    'id',
    'partition',
    'meta.versionId',
    'meta.lastModified',
    'meta.isDeleted',
    'meta',
    'meta.lastModifiedBy.id',
    '__proto__',
    'constructor.prototype',
    'toString',
    'a..b',
    '1a',
    '$',
    '@',
    'a.b.c.d.e.f.g.h.i',
    "a'; DROP TABLE r_patient; --",
  ];
  const OPS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'contains', 'startsWith', 'exists'];
  const value = fc.oneof(
    troubleString,
    edgeNumber,
    fc.boolean(),
    fc.constant(null),
    rawNumber,
    fc.constantFrom('2024-02-29', '0001-01-01', '9999-12-31T23:59:59-14:00', '2024-01-01T00:00:00.123456+14:00', 'now'),
    fc.array(fc.oneof(troubleString, edgeNumber, fc.boolean(), fc.constant(null), rawNumber), { maxLength: 5 }),
    troubleJson,
  );
  const leaf = fc.record(
    {
      field: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, troubleString, troubleJson),
      op: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...OPS) }, troubleString, troubleJson),
      value,
    },
    { requiredKeys: ['field', 'op'] },
  );
  const filter = fc.letrec<{ filter: unknown }>((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: leaf },
      fc.record({ and: fc.array(tie('filter'), { maxLength: 3 }) }),
      fc.record({ or: fc.array(tie('filter'), { maxLength: 3 }) }),
      fc.record({ or: fc.array(tie('filter'), { maxLength: 2 }), and: fc.array(tie('filter'), { maxLength: 2 }) }),
      oddObject,
    ),
  })).filter;
  const body = fc.oneof(
    { weight: 4, arbitrary: fc.array(filter, { maxLength: 4 }) },
    { weight: 1, arbitrary: troubleJson },
    { weight: 1, arbitrary: oddObject },
    { weight: 1, arbitrary: fc.array(leaf, { minLength: 95, maxLength: 105 }) },
  );
  const query = fc.record(
    {
      orderBy: fc.constantFrom('LastModified', 'Created', 'Name', 'BirthDate', 'Mrn', 'Nope', ''),
      order: fc.constantFrom('asc', 'desc', 'sideways'),
      pageSize: fc.constantFrom('1', '1000', '0', '1001', '-1', '1.5', 'x'),
    },
    { requiredKeys: [] },
  );

  it('answers 200 (or 204 for a count) or 400 with a problem body, never 500', async () => {
    await seedPatient();
    await fc.assert(
      fc.asyncProperty(body, query, fc.boolean(), async (filters, params, minimal) => {
        const search = new URLSearchParams(params as Record<string, string>).toString();
        const text = toJsonText(filters);
        const response = await send(
          'POST',
          `Patients/queries${search ? `?${search}` : ''}`,
          text,
          minimal ? { prefer: 'return=minimal' } : {},
        );
        expectClientOutcome(response, text.slice(0, 300));
        expect([200, 400, ...(minimal ? [204] : [])], text.slice(0, 300)).toContain(response.status);
        if (response.status === 200) expect(Array.isArray(response.body)).toBe(true);
      }),
      RUN_OPTIONS,
    );
  });
});

describe('(b) PATCH a Patient with any JSON Patch and its correct versionId', () => {
  const SEGMENTS = [
    'display',
    'name',
    'given',
    'family',
    'identifiers',
    'value',
    'address',
    'lines',
    'city',
    'active',
    'created',
    '0',
    '1',
    '2',
    '-',
    '01',
    '-1',
    '999999999999',
    'id',
    'meta',
    'versionId',
    'resourceType',
    'partition',
    '__proto__',
    'constructor',
    'prototype',
    '~0',
    '~1',
    '~',
    '',
    'toString',
  ];
  const pointer = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '/display',
        '/name/0/given/-',
        '/name/0/given/1',
        '/name/-',
        '/identifiers/0/value',
        '/address/lines/0',
        '/id',
        '/meta',
        '/meta/versionId',
        '/meta/lastModified',
        '/resourceType',
        '/partition',
        '/__proto__/x',
        '/constructor/prototype',
        '/constructor/prototype/polluted',
        '/name/0/__proto__',
        '/created',
        '',
        '/',
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...SEGMENTS) }, troubleString), { minLength: 1, maxLength: 4 })
        .map((s) => `/${s.join('/')}`),
    },
    { weight: 1, arbitrary: troubleString },
  );
  const operation = fc.record(
    {
      op: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test') },
        troubleString,
        troubleJson,
      ),
      path: fc.oneof({ weight: 8, arbitrary: pointer }, troubleJson),
      from: pointer,
      value: fc.oneof(troubleJson, oddObject, rawNumber, fc.constantFrom('Jane', 'Doe', 1, true)),
    },
    { requiredKeys: ['op', 'path'] },
  );
  const patch = fc.oneof(
    { weight: 6, arbitrary: fc.array(operation, { minLength: 1, maxLength: 4 }) },
    // A valid change after a bad operation must not apply either: all or nothing.
    { weight: 2, arbitrary: operation.map((op) => [op, { op: 'replace', path: '/display', value: 'half-applied' }]) },
    { weight: 1, arbitrary: troubleJson },
    { weight: 1, arbitrary: oddObject },
  );

  it('never 500s; a refusal changes nothing; a success changes the version and keeps server fields', async () => {
    await fc.assert(
      fc.asyncProperty(patch, async (operations) => {
        const before = await seedPatient();
        const text = toJsonText(operations);
        const response = await send('PATCH', `Patients/${before.id}?versionId=${before.versionId}`, text, { 'content-type': PATCH_TYPE });
        expectClientOutcome(response, text.slice(0, 300));
        const after = await t.request('GET', `Patients/${before.id}`);
        if (response.status >= 400) {
          expect([400, 413], text.slice(0, 300)).toContain(response.status);
          expect(after.text, text.slice(0, 300)).toBe(before.text);
          return;
        }
        expect(response.status, text.slice(0, 300)).toBe(200);
        const patched = response.body;
        expect(patched.id).toBe(before.id);
        expect(patched.resourceType).toBe('Patient');
        expect(patched.created).toBe(before.body.created);
        expect(patched.meta.versionId).toMatch(/^[0-9a-f-]{36}$/);
        expect(patched.meta.versionId).not.toBe(before.versionId);
        // meta is rebuilt by the server: the same members a create gets, never one from the patch.
        expect(Object.keys(patched.meta).sort()).toEqual(Object.keys(before.body.meta).sort());
        expect(patched.partition).toBeUndefined();
        expect(after.body).toEqual(patched);
      }),
      RUN_OPTIONS,
    );
  });
});

describe('(c) POST Patients and PUT Patients/{id} with any body', () => {
  /** Request bodies as JSON text: anything JSON, odd objects, deep nesting, huge strings, not JSON at all. */
  const bodyText = fc.oneof(
    { weight: 3, arbitrary: troubleJson.map(toJsonText) },
    { weight: 4, arbitrary: oddObject.map(toJsonText) },
    { weight: 2, arbitrary: deepNesting.map(({ depth, kind }) => `{"display":"deep","x":${nestedText(depth, kind)}}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('display', 'mrn', 'birthDate', 'created', 'notes'),
          fc.constantFrom(10_000, 200_000, 1_000_000, 4 * 1024 * 1024 + 1),
        )
        .map(([key, n]) => `{${JSON.stringify(key)}:${JSON.stringify('x'.repeat(n))}}`),
    },
    {
      // Incompressible text of a few KB, as a pasted document would be. Built from a seed rather
      // than generated character by character, so a failure shrinks in a few steps, not thousands.
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('display', 'mrn', 'birthDate', 'created', 'notes'), fc.constantFrom(1000, 2600, 6000), fc.nat())
        .map(([key, length, seed]) => `{${JSON.stringify(key)}:${JSON.stringify(seededText(length, seed))}}`),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '"x"', '{"id":null}', '{"id":""}', '{"display":1e400}') },
  );

  it('POST never 500s, and a refused create leaves the count unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(bodyText, async (text) => {
        const before = await patientCount();
        const response = await send('POST', 'Patients', text);
        expectClientOutcome(response, text.slice(0, 300));
        expect(await patientCount(), `${response.status} for ${text.slice(0, 300)}`).toBe(before + (response.status === 201 ? 1 : 0));
        if (response.status === 201) expect(response.body.resourceType).toBe('Patient');
      }),
      RUN_OPTIONS,
    );
  });

  /** A PUT target: the seeded Patient (current, stale or no version) or a new or malformed id. */
  const target = fc.oneof(
    fc.constantFrom('current-query' as const, 'current-meta' as const, 'stale' as const, 'none' as const),
    fc.constantFrom('new' as const, 'x'.repeat(65), 'a b', '..', '-x', 'é', '%00', '__proto__', 'constructor'),
  );
  const putBody = fc.oneof(
    { weight: 4, arbitrary: oddObject.map((o) => ({ kind: 'object' as const, o })) },
    { weight: 1, arbitrary: bodyText.map((text) => ({ kind: 'text' as const, text })) },
  );

  it('PUT never 500s; a refused write changes neither the count nor the resource', async () => {
    const seeded = await seedPatient();
    let current = { versionId: seeded.versionId, text: seeded.text };
    await fc.assert(
      fc.asyncProperty(target, putBody, async (to, body) => {
        const isSeed = ['current-query', 'current-meta', 'stale', 'none'].includes(to);
        const id = isSeed ? seeded.id : to === 'new' ? `put-${randomUUID()}` : to;
        const versionId = to === 'stale' ? randomUUID() : current.versionId;
        let text: string;
        if (body.kind === 'text') {
          text = body.text;
        } else {
          // Keep the odd members, but let most bodies reach the update itself.
          const fields: Record<string, unknown> = { ...body.o, id, display: 'put' };
          if (to === 'current-meta') fields.meta = { versionId };
          text = toJsonText(fields);
        }
        const query = to === 'current-query' || to === 'stale' ? `?versionId=${versionId}` : '';
        const count = await patientCount();
        const response = await send('PUT', `Patients/${encodeURIComponent(id)}${query}`, text);
        const what = `${to}: ${text.slice(0, 300)}`;
        expectClientOutcome(response, what);
        expect(await patientCount(), `${response.status} for ${what}`).toBe(count + (response.status === 201 ? 1 : 0));
        const seed = await t.request('GET', `Patients/${seeded.id}`);
        if (isSeed && response.status === 200) {
          expect(response.body.id).toBe(seeded.id);
          expect(response.body.meta.versionId).not.toBe(current.versionId);
          expect(seed.body).toEqual(response.body);
          current = { versionId: seed.body.meta.versionId, text: seed.text };
        } else {
          expect(seed.text, what).toBe(current.text);
        }
        // Without the current version the seeded Patient can never be overwritten.
        if (to === 'stale' || to === 'none') expect([400, 409, 413], what).toContain(response.status);
      }),
      RUN_OPTIONS,
    );
  });
});

describe('(d) any value in the write, paging and scope headers', () => {
  /** Header-safe text: what fetch can send (no CR, LF, NUL; Latin-1 only). */
  const headerChar = fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('\t', '%', '&', '=', '/', '.', ':', '~'),
  );
  const headerText = fc.string({ unit: headerChar, maxLength: 40 }).map((s) => s.trim());
  // Long, but all seven together stay under Node's 16 KiB header limit (pinned separately below).
  const longText = fc.constantFrom(200, 201, 1024, 2000).map((n) => 'a'.repeat(n));

  const header = (plausible: fc.Arbitrary<string>) => fc.oneof({ weight: 3, arbitrary: plausible }, headerText, longText);

  // Real continuation tokens are filled in before the property runs.
  const tokens: string[] = [];

  const headers = fc.record(
    {
      'x-time-to-live': header(
        fc.oneof(
          fc.constantFrom('1', '0', '-1', '1.5', '1e3', '0x10', ' 5', 'NaN', 'Infinity', '315360000', '315360001', '9'.repeat(30)),
          edgeNumber.map(String),
        ),
      ),
      'x-no-history': header(fc.constantFrom('true', 'false', 'TRUE', '1', 'yes', 'true, true')),
      'x-profile': header(
        fc.constantFrom(
          'Practitioner/p-1',
          'Patient/x',
          'practitioner/p',
          'Practitioner/',
          '/x',
          'A/b/c',
          `Practitioner/${'x'.repeat(64)}`,
          'Practitioner/../x',
        ),
      ),
      'x-partition-key': header(fc.constantFrom('patient-1', "' OR 1=1 --", 'é', '%00', 'x'.repeat(300))),
      'x-continuation-token': header(
        fc.oneof(
          fc.constantFrom('a.b', 'a.b.c', '.', 'e30.e30', 'eyJxIjoiYSJ9.x'),
          fc.nat().map((i) => tokens[i % tokens.length] ?? 'none'),
          fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('A', 'b', '.', '-', '_')).map(([i, at, c]) => {
            const token = tokens[i % tokens.length] ?? 'none.none';
            const pos = at % token.length;
            return token.slice(0, pos) + c + token.slice(pos + 1);
          }),
        ),
      ),
      'idempotency-key': header(
        fc.oneof(fc.uuid(), fc.constantFrom('short', 'k'.repeat(128), 'k'.repeat(129), 'has space here', 'key:with.all-chars_1')),
      ),
      'if-none-exist': header(
        fc.oneof(
          fc.constantFrom(
            'display=x',
            'identifiers.value=MRN-P',
            'a=1&b=2',
            '=',
            '&&',
            'display',
            '%zz=1',
            'meta.isDeleted=true',
            'meta.lastModified=now',
            'id=x&id=y',
            '__proto__=1',
          ),
          fc.tuple(troubleString, troubleString).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`),
        ),
      ),
    },
    { requiredKeys: [] },
  );

  it('never 500s, whatever the values', async () => {
    const seeded = await seedPatient();
    await seedPatient();
    const note = await t.request('POST', 'Notes', { body: sampleNoteBody(seeded.id, 'n') });
    expect(note.status).toBe(201);
    // Real tokens, for Patients and for one patient's Notes, to replay and tamper with.
    for (const path of ['Patients?pageSize=1', 'Patients?pageSize=1&orderBy=Name']) {
      const page = await t.request('GET', path);
      tokens.push(page.headers.get('x-continuation-token') ?? '');
    }
    const calls = [
      { method: 'POST', path: 'Patients', body: { display: 'header case' } },
      { method: 'POST', path: 'Patients/queries', body: [] },
      { method: 'POST', path: 'Patients/queries?pageSize=1', body: [{ field: 'display', op: 'ne', value: null }] },
      { method: 'GET', path: 'Patients?pageSize=1' },
      { method: 'GET', path: `Patients/${seeded.id}` },
      { method: 'PUT', path: `Patients/header-put-${randomUUID()}`, body: undefined },
      { method: 'POST', path: 'Notes/queries', body: [] },
      { method: 'GET', path: `Notes/${note.body.id}` },
      { method: 'POST', path: 'Notes', body: sampleNoteBody(seeded.id, 'header note') },
      { method: 'PATCH', path: `Patients/${seeded.id}`, body: [{ op: 'replace', path: '/display', value: 'h' }] },
    ];
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: calls.length - 1 }), headers, async (which, values) => {
        const call = calls[which]!;
        let path = call.path;
        let body: unknown = call.body;
        if (call.method === 'PUT') body = { id: path.split('/')[1], display: 'header put' };
        if (call.method === 'PATCH') {
          const current = await t.request('GET', `Patients/${seeded.id}`);
          path = `${path}?versionId=${current.body.meta.versionId}`;
        }
        const contentType: Record<string, string> = call.method === 'PATCH' ? { 'content-type': PATCH_TYPE } : {};
        const response = await t.request(call.method, path, { body, headers: { ...contentType, ...(values as Record<string, string>) } });
        expectClientOutcome(response, `${call.method} ${path} ${JSON.stringify(values)}`);
      }),
      RUN_OPTIONS,
    );
  });
});

describe('inputs the properties above found, pinned', () => {
  // Each is a client mistake or attack, so the answer must be a 4xx; a 500 also logs a false alarm.
  it.each([
    ['U+0000 in a string', '{"display":"a\\u0000b"}'],
    ['U+0000 in a member name', '{"display":"x","a\\u0000":1}'],
    ['an unpaired high surrogate', '{"display":"a\\ud800b"}'],
    ['an unpaired low surrogate', '{"display":"\\udc00"}'],
    ['arrays nested 5,000 deep', `{"display":"deep","x":${nestedText(5000, 'array')}}`],
    ['objects nested 20,000 deep', `{"display":"deep","x":${nestedText(20_000, 'object')}}`],
  ])('POST Patients with %s is refused with a 4xx and stores nothing', async (_, text) => {
    const before = await patientCount();
    const response = await send('POST', 'Patients', text);
    expect([400, 413], response.text.slice(0, 200)).toContain(response.status);
    expectClientOutcome(response, text.slice(0, 100));
    expect(await patientCount()).toBe(before);
  });

  it.each([
    ['a display of 3,000 random characters', 'display', randomText(3000)],
    ['an mrn of 3,000 random characters', 'mrn', randomText(3000)],
    ['a created of 3,000 random characters', 'created', randomText(3000)],
    ['a display of 1,000,000 x', 'display', 'x'.repeat(1_000_000)],
  ])('POST Patients with %s is stored or refused with a 4xx, never a 500', async (_, key, value) => {
    // Every text sort field (Name from display, Mrn, BirthDate, Created) is a btree index expression.
    const before = await patientCount();
    const response = await t.request('POST', 'Patients', { body: { [key]: value } });
    expectClientOutcome(response, `${key}: ${value.length} characters`);
    expect(await patientCount()).toBe(before + (response.status === 201 ? 1 : 0));
  });

  it('a header block over the size limit answers 431 with the problem body', async () => {
    const response = await t.request('GET', 'Patients', { headers: { 'x-automation': 'a'.repeat(17_000) } });
    expect(response.status).toBe(431);
    expectClientOutcome(response, '17,000-character header');
  });

  it.each([
    ['an op object whose toString is null', [{ op: { toString: null }, path: '/display', value: 'x' }]],
    ['an op object whose valueOf and toString are not functions', [{ op: { valueOf: 1, toString: 1 }, path: '/display' }]],
    ['a path object whose toString is null', [{ op: 'add', path: { toString: null }, value: 'x' }]],
    ['a from object whose toString is null', [{ op: 'move', from: { toString: null }, path: '/display' }]],
  ])('PATCH with %s is refused with 400 and changes nothing', async (_, operations) => {
    const before = await seedPatient();
    const response = await send('PATCH', `Patients/${before.id}?versionId=${before.versionId}`, toJsonText(operations), {
      'content-type': PATCH_TYPE,
    });
    expect(response.status, response.text.slice(0, 200)).toBe(400);
    expectClientOutcome(response, JSON.stringify(operations));
    expect((await t.request('GET', `Patients/${before.id}`)).text).toBe(before.text);
  });

  it.each([
    ['U+0000', [{ op: 'add', path: '/display', value: 'a\u0000b' }]],
    ['an unpaired surrogate', [{ op: 'add', path: '/x', value: { k: '\ud800' } }]],
    ['deep nesting', [{ op: 'add', path: '/x', value: new RawJson(nestedText(5000, 'array')) }]],
  ])('PATCH adding a value with %s is refused with a 4xx and changes nothing', async (_, operations) => {
    const before = await seedPatient();
    const response = await send('PATCH', `Patients/${before.id}?versionId=${before.versionId}`, toJsonText(operations), {
      'content-type': PATCH_TYPE,
    });
    expect([400, 413], response.text.slice(0, 200)).toContain(response.status);
    expect((await t.request('GET', `Patients/${before.id}`)).text).toBe(before.text);
  });
});
