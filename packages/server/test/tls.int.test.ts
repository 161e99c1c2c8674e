import fs from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { RunningServer } from '../src/server.ts';
import { TEST_PASSWORD } from './harness.ts';
import { startTlsServer, TEST_TLS_ENV } from './tls-fixture.ts';

/**
 * CASELOAD_TLS_CERT and CASELOAD_TLS_KEY: the server speaks HTTPS, HTTP/2 to clients that offer
 * it (browsers do) and HTTP/1.1 over TLS to the rest, with the same routes and the same cookies,
 * marked Secure. Real clients over real sockets: Node's HTTP/2 and HTTPS clients, trusting the
 * test certificate of test/fixtures/tls.
 */

const { CASELOAD_TLS_CERT: certFile, CASELOAD_TLS_KEY: keyFile } = TEST_TLS_ENV;
const ADMIN = 'tls-admin@test.caseload';

let server: RunningServer;
let ca: Buffer;

beforeAll(async () => {
  ca = await fs.readFile(certFile);
  server = await startTlsServer(inject('databaseUrl'), { email: ADMIN, password: TEST_PASSWORD });
});

afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  protocol: string | undefined;
}

/** One request over HTTP/2 (its own session, closed after). */
function overHttp2(method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(server.url, { ca });
    session.on('error', reject);
    const stream = session.request({ ':method': method, ':path': pathname, ...headers });
    let status = 0;
    let answerHeaders: Answer['headers'] = {};
    const chunks: Buffer[] = [];
    stream.on('response', (h) => {
      status = Number(h[':status']);
      answerHeaders = h;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const protocol = session.alpnProtocol;
      session.close();
      resolve({ status, headers: answerHeaders, body: Buffer.concat(chunks).toString(), protocol });
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

/** One request over HTTP/1.1 with TLS, offering only HTTP/1.1. */
function overHttps(pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      `${server.url}${pathname}`,
      { agent: new https.Agent({ ca, ALPNProtocols: ['http/1.1'] }) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const protocol = (response.socket as import('node:tls').TLSSocket).alpnProtocol || undefined;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString(), protocol });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const cookiesOf = (headers: Answer['headers']) => {
  const setCookie = headers['set-cookie'];
  return (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) as string[];
};

describe('with a certificate', () => {
  it('serves https, and answers over HTTP/2 a client that offers it', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await overHttp2('GET', '/api/v1/auth/session');
    expect(answer.protocol).toBe('h2');
    expect(answer.status).toBe(204);
    expect(answer.headers['x-request-id']).toBeTruthy();
  });

  it('answers HTTP/1.1 over TLS to a client that offers only that', async () => {
    const answer = await overHttps('/api/v1/auth/session');
    expect(answer.protocol).toBe('http/1.1');
    expect(answer.status).toBe(204);
  });

  it('signs in over HTTP/2 with Secure cookies, and the session holds on the next request', async () => {
    const first = await overHttp2('GET', '/api/v1/auth/session');
    const xsrf = cookiesOf(first.headers).find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).toMatch(/;\s*Secure/i);
    const xsrfValue = decodeURIComponent(xsrf.split(';')[0]!.slice('XSRF-TOKEN='.length));

    const signIn = await overHttp2(
      'POST',
      '/api/v1/auth/sign-in',
      { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${encodeURIComponent(xsrfValue)}`, 'x-xsrf-token': xsrfValue },
      JSON.stringify({ email: ADMIN, password: TEST_PASSWORD }),
    );
    expect(signIn.status, signIn.body).toBe(200);
    const cookies = cookiesOf(signIn.headers);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);

    const jar = cookies.map((c) => c.split(';')[0]).join('; ');
    const session = await overHttp2('GET', '/api/v1/auth/session', { cookie: jar });
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body)).toEqual(expect.objectContaining({ account: expect.objectContaining({ email: ADMIN }) }));
  });
});

describe('the TLS settings', () => {
  it('go together: one without the other is refused at start', () => {
    expect(() => loadConfig({ CASELOAD_TLS_CERT: certFile })).toThrow(
      'CASELOAD_TLS_CERT and CASELOAD_TLS_KEY go together: set both, or neither.',
    );
    expect(() => loadConfig({ CASELOAD_TLS_KEY: keyFile })).toThrow(
      'CASELOAD_TLS_CERT and CASELOAD_TLS_KEY go together: set both, or neither.',
    );
    expect(loadConfig({}).tls).toBeUndefined();
  });
});
