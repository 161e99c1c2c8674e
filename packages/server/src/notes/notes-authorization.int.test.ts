import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../../test/note-samples.ts';

/**
 * The Authorization rule at signing deducts what the patient's other signed notes used
 * (docs/notes.md, "Authorisations"), and the editor reads the same usage from
 * `GET Notes/_authorization-usage`.
 */

let t: TestServer;
let clinician: TestUser;
let patientId: string;
let otherPatientId: string;
let service: { resourceType: string; id: string; display: string };

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  const created = await t.request('POST', 'HealthcareServices', {
    body: { name: 'Psychotherapy', flags: ['Billable', 'RequireUnits'], unitMinutes: 15 },
  });
  expect(created.status).toBe(201);
  service = ref('HealthcareService', created.body.id, 'Psychotherapy') as typeof service;
  patientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Ada'], family: 'Authorized' }] } })).body.id;
  otherPatientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Otto'], family: 'Other' }] } })).body.id;
  // Both patients have 8 units (two one-hour sessions) of psychotherapy authorised for May 2024.
  for (const partition of [patientId, otherPatientId]) {
    const coverage = await t.request('POST', 'Coverages', {
      body: {
        partition,
        payor: { name: 'Acme Health' },
        memberId: 'M-1',
        order: 1,
        authorizations: [
          { number: 'PA-100', serviceType: service, period: { start: '2024-05-01', end: '2024-05-31' }, authorizedUnits: 8 },
        ],
      },
    });
    expect(coverage.status, coverage.text).toBe(201);
  }
  const rule = await t.request('POST', 'NoteRules', {
    body: { name: 'Authorized units', kind: 'Authorization', status: 'Active', severity: 'block', parameters: { count: 'Units' } },
  });
  expect(rule.status, rule.text).toBe(201);
});
afterAll(() => t?.close());

/** A one-hour psychotherapy session on `day` of May 2024 and its note, by the clinician. */
async function writeNote(partition: string, day: number) {
  const start = `2024-05-${String(day).padStart(2, '0')}T14:00:00Z`;
  const e = await clinician.client.request('POST', 'Encounters', {
    body: {
      partition,
      subject: ref('Patient', partition),
      participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
      serviceType: service,
      visitStatus: 'Show',
      sessionTime: { mode: 'DurationMinutes', start, minutes: 60 },
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
    },
  });
  expect(e.status, e.text).toBe(201);
  const n = await clinician.client.request('POST', 'Notes', {
    body: { partition, kind: 'Note', encounter: ref('Encounter', e.body.id), encounterDate: start, sections: [], completion: 'Complete' },
  });
  expect(n.status, n.text).toBe(201);
  return n.body as { id: string; meta: { versionId: string }; encounter: { id: string } };
}

const sign = (note: { id: string; meta: { versionId: string } }) =>
  clinician.client.request('POST', `Notes/${note.id}/sign`, { body: { versionId: note.meta.versionId, ...ATTESTED } });

const usage = (query: string) => clinician.client.request('GET', `Notes/_authorization-usage?${query}`);

describe('the Authorization rule deducts what signed notes used', () => {
  it("two signed one-hour notes use up 8 units; the third is refused with the rule's message, naming the authorization", async () => {
    // The other patient's signed note uses the other patient's authorisation only.
    expect((await sign(await writeNote(otherPatientId, 1))).status).toBe(200);
    const first = await writeNote(patientId, 2);
    const second = await writeNote(patientId, 9);
    const third = await writeNote(patientId, 16);
    expect((await sign(first)).status).toBe(200);

    const before = await usage(`patient=${patientId}&note=${third.id}`);
    expect(before.status).toBe(200);
    expect(before.body.authorizations).toEqual([
      expect.objectContaining({ number: 'PA-100', authorizedUnits: 8, usedUnits: 4, usedVisits: 1 }),
    ]);

    const signedSecond = await sign(second);
    expect(signedSecond.status).toBe(200);
    const refused = await sign(third);
    expect(refused.status).toBe(400);
    const message = 'Service type: 4 units of Psychotherapy needed; authorization PA-100 (2024-05-01 to 2024-05-31) has 0 of 8 units left.';
    expect(refused.body.detail).toBe(message);
    expect(refused.body.issues).toEqual([{ path: 'encounter.serviceType', message }]);
    expect((await clinician.client.request('GET', `Notes/${third.id}`)).body.status).toBe('Preliminary');

    // A note entered in error gives its units back: the third can then be signed.
    const eie = await clinician.client.request('POST', `Notes/${second.id}/entered-in-error`, {
      body: { versionId: signedSecond.body.note.meta.versionId, reason: 'Duplicate of the first.' },
    });
    expect(eie.status, eie.text).toBe(200);
    const after = await usage(`patient=${patientId}&note=${third.id}`);
    expect(after.body.authorizations[0]).toMatchObject({ usedUnits: 4, usedVisits: 1 });
    expect((await sign(third)).status).toBe(200);
  });

  it('answers the usage only with a patient, and nothing for a patient without authorisations', async () => {
    expect((await usage('')).status).toBe(400);
    const bare = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Nora'], family: 'None' }] } })).body.id;
    expect((await usage(`patient=${bare}`)).body).toEqual({ authorizations: [], unitMinutes: {} });
  });
});
