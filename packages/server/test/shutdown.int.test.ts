import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@caseload/core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startChildServer, type ChildServer } from './child-server.ts';
import { TEST_PASSWORD } from './harness.ts';

/**
 * The server process asked to stop (SIGTERM) while a request is still arriving: the request
 * finishes, and one that comes after it on the same connection is refused in the product's
 * error shape, not Fastify's.
 */

let server: ChildServer | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await server?.kill();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** The HTTP/1.1 responses in `raw`, in order (each with a Content-Length, as the server sends them). */
function parseResponses(raw: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const length = Number(headers.get('content-length') ?? 0);
    const body = Buffer.from(rest.slice(headEnd + 4))
      .subarray(0, length)
      .toString();
    responses.push({ status: Number(statusLine!.split(' ')[1]), headers, body });
    rest = Buffer.from(rest.slice(headEnd + 4))
      .subarray(length)
      .toString();
  }
  return responses;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a request that arrives while the server shuts down', () => {
  it('answers 503 with Retry-After in the product error shape, and the server exits cleanly', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-shutdown-'));
    // With an administrator the first start seeds no demo practice, and is soon over.
    const admin = { CASELOAD_ADMIN_EMAIL: `shutdown-${randomUUID().slice(0, 8)}@test.caseload`, CASELOAD_ADMIN_PASSWORD: TEST_PASSWORD };
    server = await startChildServer({ databaseUrl: inject('databaseUrl'), dataDir, extra: admin });
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    // The XSRF cookie a sign-in needs, on this connection.
    socket.write(`GET /api/v1/auth/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    while (parseResponses(received).length < 1) await sleep(20);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(parseResponses(received)[0]!.headers.get('set-cookie') ?? '')![1]!;
    received = '';
    // A sign-in still arriving (half its body sent) when the shutdown begins keeps it waiting.
    const body = JSON.stringify({ email: 'nobody@test.caseload', password: 'not-a-password-at-all' });
    socket.write(
      `POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Cookie: XSRF-TOKEN=${xsrf}\r\nX-XSRF-TOKEN: ${decodeURIComponent(xsrf)}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(300);
    server.signal('SIGTERM');
    await sleep(500);
    // The rest of that body, and while the sign-in runs (a password check takes a while), a second
    // request behind it on the same connection.
    socket.write(body.slice(10));
    await sleep(50);
    socket.write(`GET /api/v1/auth/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await closed;

    const responses = parseResponses(received);
    expect(responses, `${received}\n${server.output()}`).toHaveLength(2);
    // The sign-in ran to its end (a wrong password), the shutdown notwithstanding.
    expect(responses[0]!.status, received).toBe(401);
    const refused = responses[1]!;
    expect(refused.status, received).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({ title: 'Service Unavailable', status: 503, detail: MESSAGES.shuttingDown });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.headers.get('x-request-id')).toBeTruthy();

    await server.exited;
    expect(server.exitCode(), server.output()).toBe(0);
  });
});
