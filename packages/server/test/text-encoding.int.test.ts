import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from './harness.ts';

/**
 * Text a client sends is UTF-8 or it is refused (docs/api.md, "Text encoding"): a body, a JSON
 * Patch, a query string or a header whose bytes are not UTF-8 answers 400 in the error shape and
 * stores nothing. Before, Node decoded such bytes to U+FFFD (bodies) or Latin-1 (headers) and the
 * write answered 201 with text the client never sent.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const JSON_TYPE = { 'content-type': 'application/json' };
const PATCH_TYPE = { 'content-type': 'application/json-patch+json' };
const BAD_BODY = 'The request body is not valid UTF-8 text.';

/** JSON text with `bytes` spliced in where `@` stands. */
function jsonWith(template: string, bytes: number[]): Buffer {
  const [before, after] = template.split('@');
  return Buffer.concat([Buffer.from(before!, 'utf8'), Buffer.from(bytes), Buffer.from(after!, 'utf8')]);
}

async function countByFamily(family: string): Promise<number> {
  const r = await t.request('POST', 'Patients/queries', {
    body: [{ field: 'names.family', op: 'startsWith', value: family }],
    headers: { prefer: 'return=minimal' },
  });
  expect(r.status).toBe(204);
  return Number(r.headers.get('x-total-count'));
}

function expectRefused(r: ApiResponse, detail: string): void {
  expect(r.status, r.text).toBe(400);
  expect(r.body).toEqual({ title: 'Bad Request', status: 400, detail });
}

/**
 * Sends a request with header values as raw bytes (fetch only takes Latin-1 text for them), signed
 * in as the administrator.
 */
function rawHeaderRequest(method: string, path: string, headers: Record<string, Buffer | string>, body?: Buffer): Promise<ApiResponse> {
  const admin = t.admin;
  const url = new URL(admin.url(path));
  const xsrf = admin.cookies.get('XSRF-TOKEN');
  const all: Record<string, Buffer | string> = {
    cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    ...(xsrf && { 'x-xsrf-token': decodeURIComponent(xsrf) }),
    ...(body && { 'content-length': String(body.length) }),
    ...headers,
  };
  return new Promise((resolve, reject) => {
    // Node writes a header given as a Buffer's Latin-1 text byte for byte.
    const sent = Object.fromEntries(Object.entries(all).map(([k, v]) => [k, typeof v === 'string' ? v : v.toString('latin1')]));
    const req = httpRequest(url, { method, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const isJson = (res.headers['content-type'] ?? '').includes('json') && text;
        resolve({
          status: res.statusCode!,
          headers: new Headers(res.headers as Record<string, string>),
          body: isJson ? JSON.parse(text) : text,
          text,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('JSON bodies', () => {
  // Each is not UTF-8: a lone 0xFF, a lone continuation byte, an overlong '/', an encoded
  // surrogate half (U+D800), a sequence cut short, and Latin-1 'é'.
  const INVALID: Record<string, number[]> = {
    'a byte UTF-8 never uses': [0xff],
    'a continuation byte alone': [0x80],
    'an overlong encoding': [0xc0, 0xaf],
    'an encoded surrogate half': [0xed, 0xa0, 0x80],
    'a sequence cut short': [0xe2, 0x82],
    'Latin-1 text': [0xe9],
  };

  for (const [what, bytes] of Object.entries(INVALID)) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const family = `Enc-${randomUUID().slice(0, 8)}`;
      const r = await t.request('POST', 'Patients', {
        raw: jsonWith(`{"names":[{"given":["A"],"family":"${family}@x"}]}`, bytes),
        headers: JSON_TYPE,
      });
      expectRefused(r, BAD_BODY);
      expect(await countByFamily(family)).toBe(0);
    });
  }

  it('refuses invalid UTF-8 at the very end of the body (after the JSON closes)', async () => {
    const family = `Enc-${randomUUID().slice(0, 8)}`;
    const r = await t.request('POST', 'Patients', {
      raw: jsonWith(`{"names":[{"given":["A"],"family":"${family}"}]} @`, [0xc3]),
      headers: JSON_TYPE,
    });
    expectRefused(r, BAD_BODY);
    expect(await countByFamily(family)).toBe(0);
  });

  it('stores valid UTF-8 as sent: accents, CJK, emoji and a byte-order-free body', async () => {
    const family = `Enc-${randomUUID().slice(0, 8)}-Zoë 李 🌱`;
    const r = await t.request('POST', 'Patients', {
      raw: Buffer.from(JSON.stringify({ names: [{ given: ['Renée'], family }] }), 'utf8'),
      headers: JSON_TYPE,
    });
    expect(r.status, r.text).toBe(201);
    const read = await t.request('GET', `Patients/${r.body.id}`);
    expect(read.body.names[0]).toEqual({ given: ['Renée'], family });
  });

  it("keeps Fastify's answers for JSON that is not UTF-8's problem: malformed, empty, a poisoned prototype", async () => {
    expectRefused(await t.request('POST', 'Patients', { raw: '{"names": [', headers: JSON_TYPE }), 'The request body is not valid JSON.');
    expectRefused(await t.request('POST', 'Patients', { raw: '', headers: JSON_TYPE }), 'The request body is empty; send a JSON value.');
    expectRefused(
      await t.request('POST', 'Patients', { raw: '{"__proto__": {"x": 1}}', headers: JSON_TYPE }),
      'The request body is not valid JSON.',
    );
  });

  it('refuses it on the other JSON calls too (a query, a note call)', async () => {
    expectRefused(
      await t.request('POST', 'Patients/queries', {
        raw: jsonWith('[{"field":"display","op":"eq","value":"@"}]', [0xff]),
        headers: JSON_TYPE,
      }),
      BAD_BODY,
    );
    expectRefused(
      await t.request('POST', 'Notes/group-sessions', { raw: jsonWith('{"title":"@"}', [0xff]), headers: JSON_TYPE }),
      BAD_BODY,
    );
  });

  it('refuses a text/plain body that is not UTF-8 the same way', async () => {
    expectRefused(
      await t.request('POST', 'Patients', { raw: Buffer.from([0x61, 0xff]), headers: { 'content-type': 'text/plain' } }),
      BAD_BODY,
    );
  });
});

describe('JSON Patch bodies', () => {
  it('refuses a patch that is not UTF-8 and leaves the resource as it was', async () => {
    const family = `Enc-${randomUUID().slice(0, 8)}`;
    const created = await t.request('POST', 'Patients', { body: { names: [{ given: ['A'], family }] } });
    expect(created.status).toBe(201);
    const { id, meta } = created.body;
    const r = await t.request('PATCH', `Patients/${id}?versionId=${meta.versionId}`, {
      raw: jsonWith('[{"op":"replace","path":"/names/0/family","value":"X@"}]', [0xfe]),
      headers: PATCH_TYPE,
    });
    expectRefused(r, BAD_BODY);
    const read = await t.request('GET', `Patients/${id}`);
    expect(read.body.meta.versionId).toBe(meta.versionId);
    expect(read.body.names[0].family).toBe(family);
  });

  it('applies a patch in valid UTF-8', async () => {
    const created = await t.request('POST', 'Patients', { body: { names: [{ given: ['A'], family: `Enc-${randomUUID().slice(0, 8)}` }] } });
    const r = await t.request('PATCH', `Patients/${created.body.id}?versionId=${created.body.meta.versionId}`, {
      raw: Buffer.from(JSON.stringify([{ op: 'replace', path: '/names/0/family', value: 'Ñúñez' }]), 'utf8'),
      headers: PATCH_TYPE,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.names[0].family).toBe('Ñúñez');
  });
});

describe('URLs', () => {
  it('refuses a percent-encoded query value that is not UTF-8', async () => {
    expectRefused(await t.request('GET', 'Patients?orderBy=%FF'), 'The URL is not valid UTF-8 once percent-decoded.');
    expectRefused(await t.request('GET', 'Patients?pageSize=1&x=%C3%28'), 'The URL is not valid UTF-8 once percent-decoded.');
  });

  it('refuses a path segment that is not UTF-8 once decoded (the router already did)', async () => {
    const r = await t.request('PUT', 'Patients/a%E9b', { body: { id: 'a\u00e9b', names: [{ given: ['A'], family: 'B' }] } });
    expectRefused(r, 'The URL is not valid.');
  });

  it('accepts percent-encoded UTF-8 and a literal percent sign', async () => {
    const r = await t.request('GET', 'Patients?pageSize=1&note=caf%C3%A9&x=100%25');
    expect(r.status, r.text).toBe(200);
  });
});

describe('headers whose values are stored', () => {
  it('refuses an x-user-system value that is not UTF-8, storing nothing', async () => {
    const family = `Enc-${randomUUID().slice(0, 8)}`;
    const body = Buffer.from(JSON.stringify({ names: [{ given: ['A'], family }] }), 'utf8');
    const r = await rawHeaderRequest(
      'POST',
      'Patients',
      { 'content-type': 'application/json', 'x-user-system': Buffer.from([0x45, 0x48, 0x52, 0xff]) },
      body,
    );
    expectRefused(r, 'The x-user-system header is not valid UTF-8.');
    expect(await countByFamily(family)).toBe(0);
  });

  it('stores a UTF-8 x-user-system value as the text it is, not as Latin-1', async () => {
    const body = Buffer.from(JSON.stringify({ names: [{ given: ['A'], family: `Enc-${randomUUID().slice(0, 8)}` }] }), 'utf8');
    const r = await rawHeaderRequest(
      'POST',
      'Patients',
      { 'content-type': 'application/json', 'x-user-system': Buffer.from('Clínica', 'utf8') },
      body,
    );
    expect(r.status, r.text).toBe(201);
    expect(r.body.meta.userSystem).toBe('Clínica');
  });

  it('refuses a content type that is not UTF-8 on an upload', async () => {
    const media = await t.request('POST', 'Media', {
      body: { partition: (await t.request('POST', 'Patients', { body: { names: [{ given: ['A'], family: 'Upload' }] } })).body.id },
    });
    expect(media.status).toBe(201);
    const r = await rawHeaderRequest(
      'POST',
      `Media/${media.body.id}/content`,
      { 'content-type': Buffer.concat([Buffer.from('text/plain; name="'), Buffer.from([0xff]), Buffer.from('"')]) },
      Buffer.from('hello'),
    );
    expectRefused(r, 'The content-type header is not valid UTF-8.');
    const read = await t.request('GET', `Media/${media.body.id}`);
    expect(read.body.meta.versionId).toBe(media.body.meta.versionId);
  });
});
