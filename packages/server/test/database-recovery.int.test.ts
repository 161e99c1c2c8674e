import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@caseload/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiResponse } from './api-client.ts';
import { spawnChildServer, startChildServer, type ChildServer } from './child-server.ts';
import { TEST_PASSWORD } from './harness.ts';
import { isAlive, postmasterPid, processGroup, processTree, signalAll, waitForExit, waitForPostmaster } from './postgres-processes.ts';

/**
 * The server with its own embedded PostgreSQL, as `npm start` runs it, and real processes killed
 * and frozen under it: the database dying under load (the server must stay up, answer 503 while
 * it is gone, restart it and serve again), the server dying and leaving its database running (the
 * next start must stop it), the database frozen (every request answers 503 within the limits).
 */

const adminEmail = `recovery-admin-${randomUUID().slice(0, 8)}@test.caseload`;
const children: ChildServer[] = [];
/** One data folder for the whole file, each describe's server started on it in turn (one initdb). */
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-recovery-'));
  // As root the embedded PostgreSQL runs as the postgres user, who must reach the folder.
  await fs.chmod(dataDir, 0o755);
});

/** Starts `npm start`'s entry point on `dataDir` with no DATABASE_URL: it runs its own PostgreSQL. */
async function startServer(extra: Record<string, string> = {}): Promise<ChildServer> {
  const server = await startChildServer({
    dataDir,
    extra: { CASELOAD_ADMIN_EMAIL: adminEmail, CASELOAD_ADMIN_PASSWORD: TEST_PASSWORD, ...extra },
  });
  children.push(server);
  return server;
}

async function signedIn(server: ChildServer, practiceId: string): Promise<ApiClient> {
  const client = new ApiClient(server.url, `${server.url}/api/v1/practices/${practiceId}/`);
  await client.signIn(adminEmail, TEST_PASSWORD);
  const provisioned = await client.request('POST', `/api/v1/database/${practiceId}`);
  expect(provisioned.status).toBe(204);
  return client;
}

/** SIGTERM, as a service manager stops it: the server must stop its PostgreSQL and exit 0. */
async function stopCleanly(server: ChildServer): Promise<void> {
  server.signal('SIGTERM');
  await server.exited;
  expect(server.exitCode(), server.output()).toBe(0);
}

/** Stops whatever server still runs on the folder (a test that failed half-way may leave one). */
async function stopRunning(): Promise<void> {
  for (const child of children.filter((c) => c.running())) await stopCleanly(child);
}

afterAll(async () => {
  await Promise.all(children.map((c) => c.kill()));
  // A PostgreSQL a failed test left behind would keep the folder busy: stop it first.
  const pid = await postmasterPid(dataDir);
  if (pid !== undefined && isAlive(pid)) {
    signalAll([pid], 'SIGQUIT');
    await waitForExit(pid, 10_000);
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

function patientBody(marker: string) {
  return { display: `${marker}`, identifiers: [{ system: 'urn:test-marker', value: marker }] };
}

/** Live Patients carrying a marker (Prefer: return=minimal count). */
async function countByMarker(client: ApiClient, marker: string): Promise<number> {
  const counted = await client.request('POST', 'Patients/queries', {
    body: [{ field: 'identifiers.value', op: 'eq', value: marker }],
    headers: { prefer: 'return=minimal' },
  });
  expect(counted.status).toBe(204);
  return Number(counted.headers.get('x-total-count'));
}

/** A 503 in the product's shape: `{ title, status, detail }` and a Retry-After in seconds. */
function expectUnavailable(response: ApiResponse, detail?: string): void {
  expect(response.status, response.text).toBe(503);
  expect(response.body).toEqual({ title: 'Service Unavailable', status: 503, detail: detail ?? expect.any(String) });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the embedded PostgreSQL killed, then stopped, under load', () => {
  interface Attempt {
    marker: string;
    key: string;
    ackedId?: string;
    ackedAt?: number;
  }
  const attempts: Attempt[] = [];
  const answers: ApiResponse[] = [];
  const networkErrors: unknown[] = [];
  const kills: number[] = [];
  let server: ChildServer;
  let client: ApiClient;
  let stop = false;

  /**
   * A client that creates patients one after another, each with its Idempotency-Key, and sends
   * the same create again (same key) after a 503, as the web client's queue does.
   */
  async function writer(worker: number): Promise<void> {
    for (let n = 0; !stop; n++) {
      const attempt: Attempt = { marker: `k-${worker}-${n}-${randomUUID()}`, key: `recovery-${randomUUID()}` };
      attempts.push(attempt);
      while (!stop) {
        let response: ApiResponse;
        try {
          response = await client.request('POST', 'Patients', {
            body: patientBody(attempt.marker),
            headers: { 'idempotency-key': attempt.key },
          });
        } catch (error) {
          networkErrors.push(error);
          await sleep(200);
          continue;
        }
        answers.push(response);
        if (response.status === 201) {
          attempt.ackedId = response.body.id;
          attempt.ackedAt = Date.now();
          break;
        }
        await sleep(100);
      }
    }
  }

  const ackedSince = (at: number) => attempts.filter((a) => a.ackedAt !== undefined && a.ackedAt > at).length;

  beforeAll(async () => {
    server = await startServer();
    client = await signedIn(server, `pgkill-${randomUUID().slice(0, 12)}`);
    const loops = Array.from({ length: 4 }, (_, w) => writer(w));
    try {
      for (let round = 0; round < 2; round++) {
        const since = Date.now();
        const deadline = since + 30_000;
        while (ackedSince(since) < 10 && Date.now() < deadline && server.running()) await sleep(20);
        if (ackedSince(since) < 10) break;
        const pid = await waitForPostmaster(dataDir, 5_000);
        kills.push(Date.now());
        if (round === 0) {
          // The whole of PostgreSQL dies at once, backends and all: a power cut for the database.
          signalAll(await processTree(pid), 'SIGKILL');
        } else {
          // Someone stops it (fast shutdown): every session ends with 57P01, and it exits cleanly.
          signalAll([pid], 'SIGINT');
        }
      }
      const deadline = Date.now() + 30_000;
      while (ackedSince(kills.at(-1)!) < 10 && Date.now() < deadline && server.running()) await sleep(50);
    } finally {
      stop = true;
      await Promise.all(loops);
    }
  });

  it('keeps the server process running', () => {
    expect(server.running(), server.output()).toBe(true);
    expect(kills).toHaveLength(2);
    expect(networkErrors).toEqual([]);
  });

  it('answers 503 with Retry-After in the product shape while the database is gone, and nothing else', () => {
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const response of unavailable) expectUnavailable(response);
    expect([...new Set(answers.map((a) => a.status))].sort()).toEqual([201, 503]);
  });

  it('serves again within seconds of each kill, with no operator step', () => {
    for (const killedAt of kills) {
      const firstAck = Math.min(...attempts.filter((a) => a.ackedAt! > killedAt).map((a) => a.ackedAt!));
      // The restart itself takes a second or two; the bound leaves room for a machine busy with
      // other test files (PostgreSQL's crash recovery and a new backend per connection).
      expect(firstAck - killedAt).toBeLessThan(30_000);
    }
  });

  it('keeps every acknowledged create exactly once, and turns every attempt into one patient on retry', async () => {
    const acked = attempts.filter((a) => a.ackedId);
    expect(acked.length).toBeGreaterThanOrEqual(30);
    for (const attempt of attempts) {
      const retried = await client.request('POST', 'Patients', {
        body: patientBody(attempt.marker),
        headers: { 'idempotency-key': attempt.key },
      });
      expect(retried.status, attempt.marker).toBe(201);
      if (attempt.ackedId) expect(retried.body.id, attempt.marker).toBe(attempt.ackedId);
      expect(await countByMarker(client, attempt.marker), attempt.marker).toBe(1);
    }
  });

  it('stops cleanly afterwards, its PostgreSQL with it', async () => {
    const postgres = await waitForPostmaster(dataDir, 5_000);
    await stopCleanly(server);
    expect(isAlive(postgres)).toBe(false);
  });
});

describe('a start after the server died', () => {
  let practiceId: string;
  let patientId: string;

  beforeAll(async () => {
    await stopRunning();
    practiceId = `restart-${randomUUID().slice(0, 12)}`;
    const server = await startServer();
    const client = await signedIn(server, practiceId);
    const created = await client.request('POST', 'Patients', { body: patientBody('before the kill') });
    expect(created.status).toBe(201);
    patientId = created.body.id;
    await stopCleanly(server);
  });

  // Stopped cleanly, so each test starts from a folder its last server left in order.
  afterEach(stopRunning);

  /** Starts the server again on the folder and reads the patient written before. */
  async function expectStartsAndServes(): Promise<ChildServer> {
    const server = await startServer();
    const client = new ApiClient(server.url, `${server.url}/api/v1/practices/${practiceId}/`);
    await client.signIn(adminEmail, TEST_PASSWORD);
    const read = await client.request('GET', `Patients/${patientId}`);
    expect(read.status, read.text).toBe(200);
    return server;
  }

  it('stops its PostgreSQL when the server process alone is SIGKILLed, and starts again', async () => {
    const server = await startServer();
    const postgres = await waitForPostmaster(dataDir, 5_000);
    server.signal('SIGKILL');
    await server.exited;
    // The watchdog asks the orphaned PostgreSQL to shut down, with nobody starting anything.
    await waitForExit(postgres, 15_000);
    await expectStartsAndServes();
  });

  it('stops a PostgreSQL left running in its folder after every other process of the server died', async () => {
    const server = await startServer();
    const postgres = await waitForPostmaster(dataDir, 5_000);
    const database = new Set(await processTree(postgres));
    signalAll(
      (await processGroup(server.pid)).filter((pid) => !database.has(pid)),
      'SIGKILL',
    );
    await server.exited;
    expect(isAlive(postgres)).toBe(true);
    await expectStartsAndServes();
    expect(isAlive(postgres)).toBe(false);
  });

  it('refuses to start on a folder whose PostgreSQL another running server owns, and leaves that server alone', async () => {
    const first = await expectStartsAndServes();
    const second = await spawnChildServer({ dataDir, extra: { CASELOAD_ADMIN_EMAIL: adminEmail, CASELOAD_ADMIN_PASSWORD: TEST_PASSWORD } });
    children.push(second);
    await second.exited;
    expect(second.exitCode()).toBe(1);
    expect(second.output()).toContain('Is another Caseload server using this data folder?');
    const client = new ApiClient(first.url, `${first.url}/api/v1/practices/${practiceId}/`);
    await client.signIn(adminEmail, TEST_PASSWORD);
    expect((await client.request('GET', `Patients/${patientId}`)).status).toBe(200);
  });

  it('starts over a postmaster.pid naming a live process that is not its PostgreSQL, and leaves that process alone', async () => {
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      await fs.writeFile(
        pidFile,
        `${other.pid}\n${path.join(dataDir, 'postgres')}\n1700000000\n5432\n\n127.0.0.1\n  5432001  0\nready   \n`,
      );
      await stopCleanly(await expectStartsAndServes());
      expect(isAlive(other.pid!)).toBe(true);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('prints the cause when its PostgreSQL cannot start, and exits 1', async () => {
    const settings = path.join(dataDir, 'postgres', 'postgresql.auto.conf');
    const original = await fs.readFile(settings, 'utf8');
    await fs.appendFile(settings, "shared_buffers = 'plenty'\n");
    try {
      const server = await spawnChildServer({
        dataDir,
        extra: { CASELOAD_ADMIN_EMAIL: adminEmail, CASELOAD_ADMIN_PASSWORD: TEST_PASSWORD },
      });
      children.push(server);
      await server.exited;
      expect(server.exitCode()).toBe(1);
      expect(server.output()).toContain('shared_buffers');
      expect(server.output()).not.toMatch(/^undefined$/m);
    } finally {
      await fs.writeFile(settings, original);
    }
  });
});

describe('a frozen PostgreSQL (SIGSTOP)', () => {
  const LIMIT_MS = 1000;
  let server: ChildServer;
  let client: ApiClient;
  let patientId: string;
  let frozen: number[] = [];

  beforeAll(async () => {
    await stopRunning();
    server = await startServer({
      CASELOAD_DB_STATEMENT_TIMEOUT_MS: String(LIMIT_MS),
      CASELOAD_DB_CONNECT_TIMEOUT_MS: String(LIMIT_MS),
    });
    client = await signedIn(server, `frozen-${randomUUID().slice(0, 12)}`);
    const created = await client.request('POST', 'Patients', { body: patientBody('before the freeze') });
    expect(created.status).toBe(201);
    patientId = created.body.id;
  });

  afterAll(async () => {
    signalAll(frozen, 'SIGCONT');
    await stopCleanly(server);
  });

  /** A request that must be answered within `ms`: a hang fails the test instead of waiting. */
  async function within<T>(ms: number, call: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([call(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  it('answers 503 within the limits while it is frozen, and serves again once it thaws', async () => {
    frozen = await processTree(await waitForPostmaster(dataDir, 5_000));
    signalAll(frozen, 'SIGSTOP');
    const key = `frozen-${randomUUID()}`;
    const started = Date.now();
    // More requests than the pool has connections, so some wait for a connection and some for an answer.
    const answers = await within(10_000, () =>
      Promise.all([
        ...Array.from({ length: 25 }, () => client.request('GET', `Patients/${patientId}`)),
        client.request('POST', 'Patients', { body: patientBody('during the freeze'), headers: { 'idempotency-key': key } }),
        client.request('GET', 'Patients'),
      ]),
    );
    const took = Date.now() - started;
    for (const answer of answers) expectUnavailable(answer, MESSAGES.timeout);
    // Each request meets a limit or two (a statement's plus the client's second of grace, the wait
    // for a connection; a keyed write then looks its key up), nowhere near the freeze's length.
    expect(took).toBeLessThan(3 * LIMIT_MS + 3_000);

    signalAll(frozen, 'SIGCONT');
    frozen = [];
    const thawed = Date.now();
    const readPatient = () => within(5_000, () => client.request('GET', `Patients/${patientId}`));
    let read = await readPatient();
    while (read.status !== 200 && Date.now() - thawed < 10_000) {
      await sleep(100);
      read = await readPatient();
    }
    expect(read.status, read.text).toBe(200);
    const retried = await client.request('POST', 'Patients', {
      body: patientBody('during the freeze'),
      headers: { 'idempotency-key': key },
    });
    expect(retried.status, retried.text).toBe(201);
    expect(await countByMarker(client, 'during the freeze')).toBe(1);
  });
});
