import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../../test/note-samples.ts';

/**
 * What the note calls read as the server on a caller's behalf (issue 17): the rule context looks
 * at other patients' sessions to find overlaps, and what it finds may say that a conflict exists,
 * never whose it is when that patient is outside the signer's population; the unsigned list reads
 * session end times, and only from each note's own chart.
 */

let t: TestServer;
let practiceId: string;
let clinician: TestUser;
const at = (path: string) => `/api/v1/practices/${practiceId}/${path}`;
const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });

async function seed(path: string, body: Record<string, unknown>) {
  const r = await t.request('POST', at(path), { body });
  if (r.status !== 201) throw new Error(`seeding ${path}: ${r.status} ${r.text}`);
  return r.body as { id: string; meta: { versionId: string } } & Record<string, unknown>;
}

/** A patient named "Family, Given", on the clinician's care team or not. */
async function patient(family: string, given: string, onTeam: boolean) {
  const team = onTeam ? { careTeam: [{ member: ref('Practitioner', clinician.profile.id) }] } : {};
  return seed('Patients', { names: [{ given: [given], family }], ...team });
}

/** A session of the clinician with a patient from 09:00 to 10:00 UTC on `day`, written by the administrator. */
const session = (patientId: string, display: string, day: string) =>
  seed('Encounters', {
    partition: patientId,
    subject: ref('Patient', patientId, display),
    participants: [{ role: 'PrimaryPerformer', individual: ref('Practitioner', clinician.profile.id) }],
    visitStatus: 'Show',
    sessionTime: { mode: 'DurationMinutes', start: `${day}T09:00:00Z`, minutes: 60 },
  });

/** The clinician's own note on a session with `patientId` from 09:30 to 10:30 UTC on `day`. */
async function noteOverlapping(patientId: string, day: string) {
  const encounter = await clinician.client.request('POST', at('Encounters'), {
    body: {
      partition: patientId,
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      visitStatus: 'Show',
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start: `${day}T09:30:00Z`, minutes: 60 },
    },
  });
  expect(encounter.status, encounter.text).toBe(201);
  const note = await clinician.client.request('POST', at('Notes'), {
    body: {
      partition: patientId,
      kind: 'Note',
      encounter: ref('Encounter', encounter.body.id),
      sections: [{ key: 'n', kind: 'Narrative', narrative: '<p>Seen.</p>' }],
    },
  });
  expect(note.status, note.text).toBe(201);
  return note.body as { id: string; meta: { versionId: string } };
}

const sign = (note: { id: string; meta: { versionId: string } }) =>
  clinician.client.request('POST', at(`Notes/${note.id}/sign`), { body: { versionId: note.meta.versionId, ...ATTESTED } });

beforeAll(async () => {
  t = await startTestServer();
  practiceId = `overlap-${randomUUID().slice(0, 12)}`;
  expect((await t.request('POST', `/api/v1/database/${practiceId}`)).status).toBe(204);
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'], practiceId });
  await seed('PracticePreferences', { display: 'preferences', patientPopulationLevel: 'CareTeam', checkOverlappingSessions: true });
}, 120_000);
afterAll(() => t?.close());

describe('a SessionOverlap finding about another patient', () => {
  it('names that patient only when the signer reaches them', async () => {
    const rule = await seed('NoteRules', {
      name: 'Overlaps',
      kind: 'SessionOverlap',
      status: 'Active',
      severity: 'warn',
      parameters: { scope: 'Clinician' },
    });
    const mine = await patient('Signer', 'Sam', true);
    const known = await patient('Known', 'Kim', true);
    const hidden = await patient('Roberts', 'Adan', false);
    expect((await clinician.client.request('GET', at(`Patients/${hidden.id}`))).status).toBe(404);

    await session(known.id, 'Known, Kim', '2024-06-03');
    const nextToKnown = await sign(await noteOverlapping(mine.id, '2024-06-03'));
    expect(nextToKnown.status, nextToKnown.text).toBe(200);
    expect(nextToKnown.body.warnings.map((w: { message: string }) => w.message)).toEqual([
      'Session time: overlaps another session of the same clinician (Known, Kim) from 05:00 to 06:00.',
    ]);

    await session(hidden.id, 'Roberts, Adan', '2024-06-04');
    const nextToHidden = await sign(await noteOverlapping(mine.id, '2024-06-04'));
    expect(nextToHidden.status, nextToHidden.text).toBe(200);
    expect(nextToHidden.body.warnings.map((w: { message: string }) => w.message)).toEqual([
      'Session time: overlaps another session of the same clinician from 05:00 to 06:00.',
    ]);

    // A blocking rule refuses with the same words: the refusal names nobody out of reach either.
    const blocking = { ...rule, severity: 'block' };
    expect((await t.request('PUT', at(`NoteRules/${rule.id}?versionId=${rule.meta.versionId}`), { body: blocking })).status).toBe(200);
    await session(hidden.id, 'Roberts, Adan', '2024-06-05');
    const refused = await sign(await noteOverlapping(mine.id, '2024-06-05'));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Session time: overlaps another session of the same clinician from 05:00 to 06:00.');
    expect(refused.text).not.toContain('Roberts');
  });
});

describe('the unsigned list', () => {
  it("reads a note's session end from its own chart only, never from another patient's encounter the note names", async () => {
    const mine = await patient('Queue', 'Quinn', true);
    const hidden = await patient('Hidden', 'Hal', false);
    const recent = new Date(Date.now() - 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const theirs = await seed('Encounters', {
      partition: hidden.id,
      participants: [{ role: 'PrimaryPerformer', individual: ref('Practitioner', clinician.profile.id) }],
      visitStatus: 'Show',
      sessionTime: { mode: 'DurationMinutes', start: recent, minutes: 30 },
    });
    const note = await clinician.client.request('POST', at('Notes'), {
      body: { partition: mine.id, kind: 'Note', encounter: ref('Encounter', theirs.id), encounterDate: '2020-01-06T09:00:00Z' },
    });
    expect(note.status, note.text).toBe(201);
    const list = await clinician.client.request('GET', at('Notes/unsigned?pageSize=200'));
    const entry = list.body.items.find((i: { note: { id: string } }) => i.note.id === note.body.id);
    // Overdue by the note's own date (2020); the other chart's session an hour ago would say not.
    expect(entry.unsigned.overdue).toBe(true);
  });
});
