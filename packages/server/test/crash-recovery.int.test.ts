import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ApiClient } from './api-client.ts';
import { startChildServer, type ChildServer } from './child-server.ts';
import { TEST_PASSWORD } from './harness.ts';

/**
 * The server process dies (SIGKILL, no shutdown hook) in the middle of a stream of writes and is
 * started again on the same database. Every write that was answered 2xx must have survived, and
 * none may exist twice: an acknowledgement means "committed", and a lost answer must never turn
 * into a duplicate when the client retries with its Idempotency-Key.
 */

const WORKERS = 8;
const KILL_AFTER_MS = 300;

interface CreateAttempt {
  marker: string;
  idempotencyKey: string;
  body: Record<string, unknown>;
  /** The id the server answered with, when the create was acknowledged (201). */
  ackedId?: string;
}

interface PatchAck {
  id: string;
  versionId: string;
  display: string;
}

let dataDir: string;
const children: ChildServer[] = [];
const practiceId = `crash-${randomUUID().slice(0, 18)}`;
const adminEmail = `crash-admin-${randomUUID().slice(0, 8)}@test.caseload`;

/** Starts the server process and signs its internal administrator in (sessions live in the database). */
async function start(): Promise<{ server: ChildServer; client: ApiClient }> {
  const server = await startChildServer({
    databaseUrl: inject('databaseUrl'),
    dataDir,
    extra: { CASELOAD_ADMIN_EMAIL: adminEmail, CASELOAD_ADMIN_PASSWORD: TEST_PASSWORD },
  });
  children.push(server);
  const client = new ApiClient(server.url, `${server.url}/api/v1/practices/${practiceId}/`);
  await client.signIn(adminEmail, TEST_PASSWORD);
  return { server, client };
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-crash-'));
});

afterAll(async () => {
  // Every child dies whatever happened above; kill() is a no-op for one already dead.
  await Promise.all(children.map((c) => c.kill()));
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Live Patients carrying a client marker in identifiers (Prefer: return=minimal count). */
async function countByMarker(client: ApiClient, marker: string): Promise<number> {
  const counted = await client.request('POST', 'Patients/queries', {
    body: [{ field: 'identifiers.value', op: 'eq', value: marker }],
    headers: { prefer: 'return=minimal' },
  });
  expect(counted.status).toBe(204);
  return Number(counted.headers.get('x-total-count'));
}

/**
 * One client: create a Patient, patch it `worker % 3` times, repeat; until the server stops answering
 * (so at the kill some clients are mid-create and some mid-patch).
 * Every attempt is recorded before it is sent, and its acknowledgement only once the whole 2xx
 * answer has arrived.
 */
async function writeLoop(client: ApiClient, worker: number, creates: CreateAttempt[], patches: PatchAck[]) {
  for (let n = 0; ; n++) {
    const marker = `m-${worker}-${n}-${randomUUID()}`;
    const attempt: CreateAttempt = {
      marker,
      idempotencyKey: `crash-${marker}`,
      body: { display: `${marker} v0`, identifiers: [{ system: 'urn:test-marker', value: marker }] },
    };
    creates.push(attempt);
    let versionId: string;
    try {
      const created = await client.request('POST', 'Patients', {
        body: attempt.body,
        headers: { 'idempotency-key': attempt.idempotencyKey },
      });
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      attempt.ackedId = created.body.id;
      versionId = created.body.meta.versionId;
    } catch {
      return;
    }
    for (let p = 1; p <= worker % 3; p++) {
      const display = `${marker} v${p}`;
      try {
        const patched = await client.request('PATCH', `Patients/${attempt.ackedId}?versionId=${versionId}`, {
          body: [{ op: 'replace', path: '/display', value: display }],
          headers: { 'content-type': 'application/json-patch+json' },
        });
        if (patched.status !== 200) throw new Error(`patch answered ${patched.status}`);
        versionId = patched.body.meta.versionId;
        patches.push({ id: attempt.ackedId!, versionId, display });
      } catch {
        return;
      }
    }
  }
}

describe('SIGKILL in the middle of a write loop, then a restart', () => {
  const creates: CreateAttempt[] = [];
  const patches: PatchAck[] = [];
  let client: ApiClient;

  beforeAll(async () => {
    const first = await start();
    const provisioned = await first.client.request('POST', `/api/v1/database/${practiceId}`);
    expect(provisioned.status).toBe(204);

    const loops = Array.from({ length: WORKERS }, (_, w) => writeLoop(first.client, w, creates, patches));
    await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
    // A slow first start (cold JIT) must not leave nothing to check: wait for a few acknowledgements.
    const deadline = Date.now() + 10_000;
    while (creates.filter((c) => c.ackedId).length + patches.length < 10 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await first.server.kill();
    await Promise.all(loops);

    client = (await start()).client;
  });

  it('acknowledged creates and patches before the kill', () => {
    expect(creates.filter((c) => c.ackedId).length).toBeGreaterThan(0);
    expect(patches.length).toBeGreaterThan(0);
  });

  it('keeps every acknowledged create, exactly once', async () => {
    for (const attempt of creates.filter((c) => c.ackedId)) {
      const read = await client.request('GET', `Patients/${attempt.ackedId}`);
      expect(read.status, attempt.marker).toBe(200);
      const found = await client.request('POST', 'Patients/queries', {
        body: [{ field: 'identifiers.value', op: 'eq', value: attempt.marker }],
      });
      expect(
        found.body.map((p: { id: string }) => p.id),
        attempt.marker,
      ).toEqual([attempt.ackedId]);
    }
  });

  it('keeps every acknowledged patch as a version in history, with its content', async () => {
    for (const ack of patches) {
      const version = await client.request('GET', `Patients/${ack.id}/_history/${ack.versionId}`);
      expect(version.status, `${ack.id} ${ack.versionId}`).toBe(200);
      expect(version.body.display).toBe(ack.display);
    }
    const byId = new Map<string, PatchAck[]>();
    for (const ack of patches) byId.set(ack.id, [...(byId.get(ack.id) ?? []), ack]);
    for (const [id, acks] of byId) {
      const history = await client.request('GET', `Patients/${id}/_history`);
      const versionIds: string[] = history.body.map((v: { meta: { versionId: string } }) => v.meta.versionId);
      expect(new Set(versionIds).size).toBe(versionIds.length);
      // Newest first: every acknowledged patch appears, in the order it was made.
      const positions = acks.map((a) => versionIds.indexOf(a.versionId));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => b - a)).toEqual(positions);
    }
  });

  it('never stores an unacknowledged create twice', async () => {
    for (const attempt of creates.filter((c) => !c.ackedId)) {
      expect(await countByMarker(client, attempt.marker), attempt.marker).toBeLessThanOrEqual(1);
    }
  });

  it('turns every create into exactly one resource when the client retries with its Idempotency-Key', async () => {
    for (const attempt of creates) {
      const retried = await client.request('POST', 'Patients', {
        body: attempt.body,
        headers: { 'idempotency-key': attempt.idempotencyKey },
      });
      expect(retried.status, attempt.marker).toBe(201);
      if (attempt.ackedId) expect(retried.body.id, attempt.marker).toBe(attempt.ackedId);
      expect(await countByMarker(client, attempt.marker), attempt.marker).toBe(1);
    }
  });
});
