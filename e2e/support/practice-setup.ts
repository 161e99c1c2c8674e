import { expect } from 'vitest';
import type { TestServer } from '../../packages/server/test/harness.ts';

/**
 * Setting up and reading back a test's practice through the API, as its administrator: what a
 * test needs in place before a screen can show it, and what a screen's edit left on the server.
 */

/** Creates a record as the practice's administrator (a 201, or the test fails) and answers it as stored. */
export async function createOnServer(t: TestServer, collection: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const created = await t.request('POST', collection, { body });
  expect(created.status, `POST ${collection}: ${created.text}`).toBe(201);
  return created.body;
}

/** The practice's records of a collection, as the server has them. */
export async function onServer(t: TestServer, collection: string): Promise<Record<string, any>[]> {
  const r = await t.request('GET', collection);
  expect(r.status).toBe(200);
  return r.body;
}
