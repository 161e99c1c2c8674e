import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function newMedia(display = 'scan'): Promise<any> {
  const created = await t.request('POST', 'Media', { body: { display, partition: 'patient-1' } });
  expect(created.status).toBe(201);
  return created.body;
}

function upload(path: string, bytes: Buffer, contentType = 'application/pdf') {
  return t.request('POST', path, { raw: new Uint8Array(bytes), headers: { 'content-type': contentType } });
}

/** The harness reads bodies as text; downloads need the bytes (sent with the admin's session). */
async function download(path: string, headers: Record<string, string> = {}) {
  const cookie = [...t.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(t.admin.url(path), { headers: { ...headers, cookie } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const json = (bytes: Buffer) => JSON.parse(bytes.toString('utf8'));

describe('upload and download', () => {
  it('stores the bytes as a new version and downloads them unchanged', async () => {
    const media = await newMedia();
    const bytes = randomBytes(300 * 1024);
    const uploaded = await upload(`Media/${media.id}/content`, bytes);
    expect(uploaded.status).toBe(200);
    const resource = uploaded.body;
    expect(resource.meta.versionId).not.toBe(media.meta.versionId);
    expect(resource.display).toBe('scan');
    expect(resource.content).toEqual({
      contentType: 'application/pdf',
      hash: sha256(bytes),
      size: bytes.length,
      url: `/api/v1/practices/${t.practiceId}/Media/${media.id}/_history/${resource.meta.versionId}/content`,
    });
    expect((await t.request('GET', `Media/${media.id}`)).body).toEqual(resource);

    const got = await download(`Media/${media.id}/content`);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-length')).toBe(String(bytes.length));
    expect(got.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    expect(got.headers.get('content-disposition')).toBe('inline');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');

    expect((await download(resource.content.url)).bytes.equals(bytes)).toBe(true);
    const cached = await download(`Media/${media.id}/content`, { 'if-none-match': `"${sha256(bytes)}"` });
    expect(cached.status).toBe(304);
  });

  it('keeps each version’s content downloadable after a second upload', async () => {
    const media = await newMedia();
    const first = Buffer.from('first version of the letter');
    const second = Buffer.from('second version of the letter, revised');
    const v1 = (await upload(`Media/${media.id}/content`, first, 'text/plain')).body;
    const v2 = (await upload(`Media/${media.id}/content`, second, 'text/plain')).body;
    expect(v2.content.hash).toBe(sha256(second));

    expect((await download(`Media/${media.id}/content`)).bytes.toString()).toBe(second.toString());
    const old = await download(`Media/${media.id}/_history/${v1.meta.versionId}/content`);
    expect(old.status).toBe(200);
    expect(old.bytes.toString()).toBe(first.toString());
    expect((await download(v1.content.url)).bytes.toString()).toBe(first.toString());
    expect((await download(`Media/${media.id}/_history/no-such-version/content`)).status).toBe(404);
  });

  it('answers the bytes base64-encoded on ?base64=true', async () => {
    const media = await newMedia();
    const bytes = randomBytes(5000);
    await upload(`Media/${media.id}/content`, bytes, 'application/octet-stream');
    const encoded = await t.request('GET', `Media/${media.id}/content?base64=true`);
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(Buffer.from(encoded.text, 'base64').equals(bytes)).toBe(true);
    expect((await t.request('GET', `Media/${media.id}/content?base64=maybe`)).status).toBe(400);
  });

  it('keeps JSON content as bytes, and refuses an empty body', async () => {
    const media = await newMedia();
    const bytes = Buffer.from('{"not":"a resource"}');
    const uploaded = await upload(`Media/${media.id}/content`, bytes, 'application/json');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.content.size).toBe(bytes.length);
    expect((await download(`Media/${media.id}/content`)).bytes.equals(bytes)).toBe(true);
    const empty = await upload(`Media/${media.id}/content`, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toMatch(/empty/);
    const malformed = await upload(`Media/${media.id}/content`, bytes, 'not a media type');
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/media type such as image\/png/);
  });

  it('serves uploaded HTML sandboxed, so it cannot run script on our origin', async () => {
    const media = await newMedia();
    await upload(`Media/${media.id}/content`, Buffer.from('<script>alert(1)</script>'), 'text/html');
    const got = await download(`Media/${media.id}/content`);
    expect(got.headers.get('content-security-policy')).toBe('sandbox');
    expect(got.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('answers 404 for an unknown resource and for a resource without content', async () => {
    expect((await upload('Media/no-such-media/content', Buffer.from('x'))).status).toBe(404);
    const media = await newMedia();
    expect((await download(`Media/${media.id}/content`)).status).toBe(404);
  });

  it('works the same for global collections', async () => {
    const created = await t.request('POST', '/api/v1/Announcements', { body: { display: 'Downtime' } });
    expect(created.status).toBe(201);
    const bytes = randomBytes(2048);
    const uploaded = await upload(`/api/v1/Announcements/${created.body.id}/content`, bytes, 'image/png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.content.url).toBe(`/api/v1/Announcements/${created.body.id}/_history/${uploaded.body.meta.versionId}/content`);
    expect((await download(`/api/v1/Announcements/${created.body.id}/content`)).bytes.equals(bytes)).toBe(true);
  });
});

describe('thumbnails', () => {
  it('resizes a PNG to fit within n×n', async () => {
    const media = await newMedia('photo');
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    await upload(`Media/${media.id}/content`, png, 'image/png');
    for (const attempt of ['rendered', 'cached']) {
      const thumb = await download(`Media/${media.id}/content?thumbnail=100`);
      expect(thumb.status, attempt).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(thumb.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 100, 50]);
    }
    expect((await download(`Media/${media.id}/content?thumbnail=0`)).status).toBe(400);
    expect((await download(`Media/${media.id}/content?thumbnail=2000`)).status).toBe(400);
  });

  it('refuses a thumbnail of content that is not an image', async () => {
    const media = await newMedia();
    await upload(`Media/${media.id}/content`, Buffer.from('%PDF-1.7 ...'), 'application/pdf');
    const refused = await download(`Media/${media.id}/content?thumbnail=64`);
    expect(refused.status).toBe(400);
    expect(json(refused.bytes).detail).toMatch(/Thumbnails are made of PNG, JPEG, WebP and GIF images only/);
  });
});

describe('limits and versions', () => {
  it('answers 413 over the limit and leaves the resource unchanged', async () => {
    const media = await newMedia();
    const tooLarge = await upload(`Media/${media.id}/content`, Buffer.alloc(8 * MiB + 1, 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.detail).toBe('The content is larger than the 8 MiB this server accepts.');
    expect((await t.request('GET', `Media/${media.id}`)).body).toEqual(media);
  });

  it('answers 409 for a stale versionId and accepts the current one', async () => {
    const media = await newMedia();
    const v2 = await upload(`Media/${media.id}/content?versionId=${media.meta.versionId}`, Buffer.from('one'));
    expect(v2.status).toBe(200);
    const stale = await upload(`Media/${media.id}/content?versionId=${media.meta.versionId}`, Buffer.from('two'));
    expect(stale.status).toBe(409);
    expect((await download(`Media/${media.id}/content`)).bytes.toString()).toBe('one');
  });

  it('answers 410 for uploads to and downloads from a deleted resource', async () => {
    const media = await newMedia();
    const v2 = (await upload(`Media/${media.id}/content`, Buffer.from('bytes'))).body;
    expect((await t.request('DELETE', `Media/${media.id}?versionId=${v2.meta.versionId}`)).status).toBe(204);
    expect((await upload(`Media/${media.id}/content`, Buffer.from('more'))).status).toBe(410);
    expect((await download(`Media/${media.id}/content`)).status).toBe(410);
    expect((await download(`Media/${media.id}/_history/${v2.meta.versionId}/content`)).status).toBe(410);
  });
});

describe('chunked upload', () => {
  it('assembles chunks sent out of order, with one re-sent, and removes the staged chunks', async () => {
    const media = await newMedia();
    const whole = randomBytes(3 * MiB + 12_345);
    const size = Math.ceil(whole.length / 5);
    const chunk = (n: number) => whole.subarray(n * size, (n + 1) * size);
    const send = (n: number, bytes: Buffer) =>
      t.request('POST', `Media/${media.id}/content/chunks/${n}`, {
        raw: new Uint8Array(bytes),
        headers: { 'content-type': 'application/pdf' },
      });

    for (const n of [3, 0, 4]) expect((await send(n, chunk(n))).status).toBe(200);
    // Chunk 1 arrives damaged (say the connection dropped); the client re-sends it after resuming.
    expect((await send(1, chunk(1).subarray(0, 1000))).status).toBe(200);
    const listed = await t.request('GET', `Media/${media.id}/content/chunks`);
    expect(listed.status).toBe(200);
    expect(listed.body.chunks).toEqual([
      { n: 0, size },
      { n: 1, size: 1000 },
      { n: 3, size },
      { n: 4, size: whole.length - 4 * size },
    ]);
    expect((await send(1, chunk(1))).status).toBe(200);
    const last = await send(2, chunk(2));
    expect(last.body.totalSize).toBe(whole.length);

    const committed = await t.request('POST', `Media/${media.id}/content/chunks`);
    expect(committed.status).toBe(200);
    expect(committed.body.content).toMatchObject({ contentType: 'application/pdf', hash: sha256(whole), size: whole.length });
    expect((await download(`Media/${media.id}/content`)).bytes.equals(whole)).toBe(true);
    expect((await t.request('GET', `Media/${media.id}/content/chunks`)).body).toEqual({ chunks: [], totalSize: 0 });
  });

  it('refuses a commit with a missing chunk, naming it, and takes x-content-type', async () => {
    const media = await newMedia();
    for (const n of [0, 2]) {
      await t.request('POST', `Media/${media.id}/content/chunks/${n}`, { raw: Buffer.from(`part ${n}`) });
    }
    const refused = await t.request('POST', `Media/${media.id}/content/chunks`);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Chunk 1 is missing; chunks must be numbered from 0 without gaps.');

    await t.request('POST', `Media/${media.id}/content/chunks/1`, { raw: Buffer.from('part 1') });
    const committed = await t.request('POST', `Media/${media.id}/content/chunks`, { headers: { 'x-content-type': 'text/plain' } });
    expect(committed.status).toBe(200);
    expect(committed.body.content.contentType).toBe('text/plain');
    expect((await download(`Media/${media.id}/content`)).bytes.toString()).toBe('part 0part 1part 2');
  });

  it('keeps the chunks after a stale commit, and replays a committed answer to a retry with the same key', async () => {
    const media = await newMedia();
    await t.request('POST', `Media/${media.id}/content/chunks/0`, { raw: Buffer.from('only chunk') });
    await upload(`Media/${media.id}/content`, Buffer.from('someone else'));
    const stale = await t.request('POST', `Media/${media.id}/content/chunks?versionId=${media.meta.versionId}`);
    expect(stale.status).toBe(409);
    expect((await t.request('GET', `Media/${media.id}/content/chunks`)).body.totalSize).toBe(10);

    const commit = () => t.request('POST', `Media/${media.id}/content/chunks`, { headers: { 'idempotency-key': `commit-${media.id}` } });
    const first = await commit();
    expect(first.status).toBe(200);
    expect(first.body.content.contentType).toBe('application/octet-stream');
    const retried = await commit();
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first.body);
  });

  it('refuses a commit with nothing staged and chunk numbers out of range', async () => {
    const media = await newMedia();
    expect((await t.request('POST', `Media/${media.id}/content/chunks`)).status).toBe(400);
    expect((await t.request('POST', `Media/${media.id}/content/chunks/-1`, { raw: Buffer.from('x') })).status).toBe(400);
    expect((await t.request('POST', 'Media/no-such-media/content/chunks/0', { raw: Buffer.from('x') })).status).toBe(404);
  });
});

describe('removal and purge', () => {
  it('removes content with a new version; earlier versions keep theirs', async () => {
    const media = await newMedia();
    const v2 = (await upload(`Media/${media.id}/content`, Buffer.from('kept in history'))).body;
    expect((await t.request('DELETE', `Media/${media.id}/content`)).status).toBe(204);
    const current = (await t.request('GET', `Media/${media.id}`)).body;
    expect(current.content).toBeUndefined();
    expect(current.meta.versionId).not.toBe(v2.meta.versionId);
    expect((await download(`Media/${media.id}/content`)).status).toBe(404);
    expect((await download(v2.content.url)).bytes.toString()).toBe('kept in history');
  });

  it('purges the bytes of every version, so old downloads answer 410', async () => {
    const media = await newMedia();
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const v2 = (await upload(`Media/${media.id}/content`, png, 'image/png')).body;
    expect((await download(`${v2.content.url}?thumbnail=10`)).status).toBe(200);
    const v3 = (await upload(`Media/${media.id}/content`, Buffer.from('uploaded by mistake'))).body;
    await t.request('POST', `Media/${media.id}/content/chunks/0`, { raw: Buffer.from('staged') });

    expect((await t.request('DELETE', `Media/${media.id}/content?purge=true`)).status).toBe(204);
    expect((await t.request('GET', `Media/${media.id}`)).body.content).toBeUndefined();
    expect((await download(`Media/${media.id}/content`)).status).toBe(404);
    expect((await download(v3.content.url)).status).toBe(410);
    expect((await download(v2.content.url)).status).toBe(410);
    expect((await download(`${v2.content.url}?thumbnail=10`)).status).toBe(410);
    expect((await t.request('GET', `Media/${media.id}/content/chunks`)).body.chunks).toEqual([]);
  });

  it('still purges a deleted resource, which otherwise refuses content calls', async () => {
    const media = await newMedia();
    const v2 = (await upload(`Media/${media.id}/content`, Buffer.from('phi'))).body;
    await t.request('DELETE', `Media/${media.id}?versionId=${v2.meta.versionId}`);
    expect((await t.request('DELETE', `Media/${media.id}/content`)).status).toBe(410);
    expect((await t.request('DELETE', `Media/${media.id}/content?purge=true`)).status).toBe(204);
    expect((await t.request('GET', `Media/${media.id}`)).status).toBe(410);
  });
});

describe('access', () => {
  it('lets a reader download but not upload, stage or purge (403, audited)', async () => {
    const media = await newMedia();
    await upload(`Media/${media.id}/content`, Buffer.from('chart scan'));
    const reviewer = (await t.createUser({ roles: ['Quality Assurance'] })).client;
    const read = await reviewer.request('GET', `Media/${media.id}/content`);
    expect(read.status).toBe(200);
    expect(read.text).toBe('chart scan');
    const bytes = { raw: Buffer.from('overwrite'), headers: { 'content-type': 'text/plain' } };
    expect((await reviewer.request('POST', `Media/${media.id}/content`, bytes)).status).toBe(403);
    expect((await reviewer.request('POST', `Media/${media.id}/content/chunks/0`, bytes)).status).toBe(403);
    expect((await reviewer.request('DELETE', `Media/${media.id}/content?purge=true`)).status).toBe(403);
    expect((await download(`Media/${media.id}/content`)).bytes.toString()).toBe('chart scan');
  });
});
