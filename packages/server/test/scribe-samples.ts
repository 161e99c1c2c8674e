import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';
import type { TestUser } from './harness.ts';
import { OFFICE_PLACE_OF_SERVICE } from './note-samples.ts';

/**
 * A scribe session as the scribe tests start one: an encounter of today at 13:00 UTC (53 minutes,
 * at the office) with `clinician` as its performer, written by the clinician, then the session on it
 * (as `client`, the clinician's by default; `extra` adds to the session's body).
 */
export async function startScribeSession(
  clinician: TestUser,
  partition: string,
  options: { client?: ApiClient; extra?: Record<string, unknown> } = {},
): Promise<{ session: Record<string, any>; encounterId: string }> {
  const today = new Date().toISOString().slice(0, 10);
  const encounter = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition,
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      visitStatus: 'Show',
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start: `${today}T13:00:00Z`, minutes: 53 },
    },
  });
  expect(encounter.status, encounter.text).toBe(201);
  const session = await (options.client ?? clinician.client).request('POST', 'Notes/scribe-sessions', {
    body: { partition, encounter: { resourceType: 'Encounter', id: encounter.body.id }, ...options.extra },
  });
  expect(session.status, session.text).toBe(201);
  return { session: session.body, encounterId: encounter.body.id };
}
