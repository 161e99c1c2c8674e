import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from './api-client.ts';
import { ApiError, NetworkError } from './api-error.ts';

type Call = { url: string; init: RequestInit };

function clientWith(answer: (call: Call) => Response | Promise<Response>, cookies = 'XSRF-TOKEN=tok%2D1; other=x') {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof globalThis.fetch;
  return { client: new ApiClient({ fetch, cookies: () => cookies }), calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const headerOf = (call: Call, name: string) => (call.init.headers as Record<string, string>)[name];

describe('ApiClient', () => {
  it('sends and parses JSON, with cookies', async () => {
    const { client, calls } = clientWith(() => json(200, { ok: true }));
    await expect(client.post('/api/v1/x', { a: 1 })).resolves.toEqual({ ok: true });
    expect(calls[0]!.init.body).toBe('{"a":1}');
    expect(headerOf(calls[0]!, 'content-type')).toBe('application/json');
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it('echoes the XSRF-TOKEN cookie on unsafe methods only', async () => {
    const { client, calls } = clientWith(() => new Response(null, { status: 204 }));
    await client.get('/a');
    await client.post('/a');
    await client.put('/a', {});
    await client.patch('/a', []);
    await client.delete('/a');
    expect(calls.map((c) => headerOf(c, 'x-xsrf-token'))).toEqual([undefined, 'tok-1', 'tok-1', 'tok-1', 'tok-1']);
  });

  it('asks for an XSRF cookie first when the page has none', async () => {
    let cookies = '';
    const calls: string[] = [];
    const fetch = (async (url: string) => {
      calls.push(url);
      if (url.endsWith('/auth/session')) cookies = 'XSRF-TOKEN=fresh';
      return new Response(null, { status: 204 });
    }) as unknown as typeof globalThis.fetch;
    const client = new ApiClient({ fetch, cookies: () => cookies });
    const response = await client.send('POST', '/api/v1/auth/sign-out');
    expect(calls).toEqual(['/api/v1/auth/session', '/api/v1/auth/sign-out']);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
  });

  it('turns an error body into a typed ApiError', async () => {
    const { client } = clientWith(() =>
      json(
        400,
        { title: 'Bad Request', status: 400, detail: 'Fix it.', issues: [{ path: 'password', message: 'Too short.' }] },
        { 'x-request-id': 'req-12345678' },
      ),
    );
    const error = await client.post('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect([e.status, e.title, e.message, e.requestId]).toEqual([400, 'Bad Request', 'Fix it.', 'req-12345678']);
    expect(e.issueFor('password')).toBe('Too short.');
    expect(e.issueFor('email')).toBeUndefined();
  });

  it('keeps a body that is not JSON as text', async () => {
    const { client } = clientWith(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const error = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.responseText).toBe('<h1>Bad gateway</h1>');
    expect(error.issues).toEqual([]);
  });

  it('reads Retry-After in seconds', async () => {
    const { client } = clientWith(() => json(429, { title: 'Too Many Requests', status: 429, detail: 'Wait.' }, { 'retry-after': '120' }));
    const error = (await client.post('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfter).toBe(120);
  });

  it('tells the unauthorized listeners about a 401, unless the call expects one', async () => {
    const { client } = clientWith(() =>
      json(401, { title: 'Unauthorized', status: 401, detail: 'Session expired.  Please refresh the page.' }),
    );
    const heard: number[] = [];
    const stop = client.onUnauthorized((e) => heard.push(e.status));
    await client.get('/x').catch(() => undefined);
    await client.post('/sign-in', {}, { expectUnauthorized: true }).catch(() => undefined);
    expect(heard).toEqual([401]);
    stop();
    await client.get('/x').catch(() => undefined);
    expect(heard).toEqual([401]);
  });

  it('reports a request that got no answer as a NetworkError, and lets aborts through', async () => {
    const { client } = clientWith(() => Promise.reject(new TypeError('fetch failed')));
    await expect(client.get('/x')).rejects.toBeInstanceOf(NetworkError);
    const aborted = clientWith(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    await expect(aborted.client.get('/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("adds the headers of its sources to every request; the call's own headers win", async () => {
    const { client, calls } = clientWith(() => new Response(null, { status: 204 }));
    const stop = client.addHeaderSource(({ path }) =>
      path.startsWith('/p/') ? { 'x-security-token': 't:1', 'x-profile': 'Practitioner/a' } : undefined,
    );
    await client.get('/p/x', { headers: { 'x-profile': 'Practitioner/b' } });
    await client.get('/elsewhere');
    stop();
    await client.get('/p/x');
    expect(calls.map((c) => [headerOf(c, 'x-security-token'), headerOf(c, 'x-profile')])).toEqual([
      ['t:1', 'Practitioner/b'],
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });

  it('tells the settled listeners how each request ended, with the headers sent', async () => {
    let answer: () => Response | Promise<Response> = () => new Response(null, { status: 204 });
    const { client } = clientWith(() => answer());
    const events: { status?: number; error?: string; token?: string }[] = [];
    client.onSettled((e) => events.push({ status: e.status, error: e.error?.name, token: e.headers['x-security-token'] }));
    await client.get('/a', { headers: { 'x-security-token': 'x:1' } });
    answer = () => json(403, { title: 'Forbidden', status: 403, detail: 'No.', subStatus: 1001 });
    await client.get('/a').catch(() => undefined);
    answer = () => Promise.reject(new TypeError('fetch failed'));
    await client.get('/a').catch(() => undefined);
    expect(events).toEqual([
      { status: 204, error: undefined, token: 'x:1' },
      { status: 403, error: 'ApiError', token: undefined },
      { status: undefined, error: 'NetworkError', token: undefined },
    ]);
  });

  it('sends a raw body as it is, with its own content type', async () => {
    const { client, calls } = clientWith(() => json(200, {}));
    const blob = new Blob(['%PDF'], { type: 'application/pdf' });
    await client.send('POST', '/content', { rawBody: blob, headers: { 'content-type': 'application/pdf' } });
    expect(calls[0]!.init.body).toBe(blob);
    expect(headerOf(calls[0]!, 'content-type')).toBe('application/pdf');
  });

  it('reports an answer whose body never arrived as a NetworkError', async () => {
    const broken = new Response(new ReadableStream({ start: (c) => c.error(new TypeError('terminated')) }), { status: 200 });
    const { client } = clientWith(() => broken);
    await expect(client.get('/x')).rejects.toBeInstanceOf(NetworkError);
  });

  it('downloads a streamed file into a Blob, telling the bytes so far, with its file name', async () => {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(encoder.encode('"a","b"\r\n'));
        c.enqueue(encoder.encode('"1","2"\r\n'));
        c.close();
      },
    });
    const { client, calls } = clientWith(
      () =>
        new Response(stream, {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="trail.csv"' },
        }),
    );
    const progress: number[] = [];
    const file = await client.download('POST', '/export', {
      body: [],
      headers: { accept: 'text/csv' },
      onProgress: (b) => progress.push(b),
    });
    expect(await file.blob.text()).toBe('"a","b"\r\n"1","2"\r\n');
    expect(file.blob.type).toBe('text/csv; charset=utf-8');
    expect(file.fileName).toBe('trail.csv');
    expect(progress).toEqual([9, 18]);
    expect(headerOf(calls[0]!, 'x-xsrf-token')).toBe('tok-1');
    expect(headerOf(calls[0]!, 'accept')).toBe('text/csv');
  });

  it('refuses a download like any call, and a download cut short is a NetworkError, never a short file', async () => {
    const { client } = clientWith(() => json(403, { title: 'Forbidden', status: 403, detail: 'No.' }));
    const refused = await client.download('POST', '/export').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    const cut = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('"a"\r\n'));
        c.error(new TypeError('terminated'));
      },
    });
    const { client: dropping } = clientWith(() => new Response(cut, { status: 200 }));
    await expect(dropping.download('POST', '/export')).rejects.toBeInstanceOf(NetworkError);
  });
});
