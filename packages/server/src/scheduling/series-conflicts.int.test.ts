import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * Conflicts of a recurring series over HTTP (docs/scheduling.md, "Conflicts"): a new or re-timed
 * series is checked at each occurrence over a year, against stored appointments and other series,
 * each conflict naming the occurrence's date; shortening a series or storing one occurrence asks
 * nothing again; beyond the horizon nothing is checked.
 */
let t: TestServer;
let clinician: TestUser;
let patientId: string;
let otherPatientId: string;

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  patientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Sera'], family: 'Weekly' }] } })).body.id;
  otherPatientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Otto'], family: 'Single' }] } })).body.id;
  await t.request('POST', 'PracticePreferences', {
    body: { display: 'preferences', timeZone: 'America/New_York', appointmentCreation: true },
  });
});
afterAll(() => t?.close());

let week = 0;
/** A Monday of its own for each test, from Monday 5 January 2032 on. */
function monday() {
  week += 10;
  return new Date(Date.UTC(2032, 0, 5) + week * 7 * 86_400_000);
}
/** A Monday in New York's winter (EST, UTC-5), so the messages' local times are known. */
const WINTER_MONDAY = new Date(Date.UTC(2033, 0, 3));
const at = (day: Date, hourUtc: number, minutes = 0) =>
  new Date(day.getTime() + hourUtc * 3_600_000 + minutes * 60_000).toISOString().replace('.000', '');
const DAY = 86_400_000;

const book = (body: Record<string, unknown>) =>
  clinician.client.request('POST', 'Appointments', {
    body: { partition: otherPatientId, status: 'booked', owner: clinician.profile, visitMode: 'Telehealth', ...body },
  });

function series(first: Date, recurrence: Record<string, unknown>, extra: Record<string, unknown> = {}, hourUtc = 15) {
  return book({ partition: patientId, start: at(first, hourUtc), end: at(first, hourUtc, 50), recurrence, ...extra });
}

describe('a new series is checked at each occurrence', () => {
  it('refuses a weekly series whose third occurrence overlaps a stored appointment, naming that date', async () => {
    const first = WINTER_MONDAY;
    const third = new Date(first.getTime() + 14 * DAY);
    const single = await book({ start: at(third, 15, 30), end: at(third, 16, 30) });
    expect(single.status).toBe(201);

    const refused = await series(first, { frequency: 'Weekly', count: 5 });
    expect(refused.status).toBe(400);
    const date = third.toISOString().slice(0, 10);
    expect(refused.body.issues).toEqual([
      {
        path: 'overrideConflicts',
        message:
          `Appointment time: the occurrence on ${date} overlaps another appointment of the same clinician ` +
          '(Single, Otto) from 10:30 to 11:30.',
      },
    ]);
    expect(refused.body.detail).toContain(`the occurrence on ${date}`);

    const booked = await series(first, { frequency: 'Weekly', count: 5 }, { overrideConflicts: true });
    expect(booked.status).toBe(201);
    expect(booked.body.conflictOverride.conflicts).toEqual([
      expect.objectContaining({ kind: 'Clinician', appointmentId: single.body.id, occurrenceStart: at(third, 15) }),
    ]);
  });

  it('finds another series’ occurrence, and stops checking a year ahead', async () => {
    const first = monday();
    const other = await book({ start: at(first, 15), end: at(first, 15, 50), recurrence: { frequency: 'Monthly', count: 3 } });
    expect(other.status).toBe(201);
    // Starts the day after, every day: its 28th or so occurrence meets the monthly one's second.
    const next = new Date(first.getTime() + DAY);
    const refused = await series(next, { frequency: 'Daily', count: 40 });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toHaveLength(1);
    expect(refused.body.issues[0].message).toMatch(
      /^Appointment time: the occurrence on \d{4}-\d{2}-\d{2} overlaps another appointment of the same clinician/,
    );

    // An appointment 400 days after a weekly series starts is past the horizon.
    const far = monday();
    const beyond = new Date(far.getTime() + 57 * 7 * DAY);
    expect((await book({ start: at(beyond, 20), end: at(beyond, 21) })).status).toBe(201);
    expect((await series(far, { frequency: 'Weekly', count: 60 }, {}, 20)).status).toBe(201);
  });
});

describe('a re-timed series is checked again; a shortened one is not', () => {
  it('checks a series moved to another hour at every occurrence, and lets it end sooner or lose one occurrence', async () => {
    const first = monday();
    const second = new Date(first.getTime() + 7 * DAY);
    expect((await book({ start: at(second, 17), end: at(second, 18) })).status).toBe(201);
    const head = (await series(first, { frequency: 'Weekly', count: 4 })).body;
    expect(head.id).toBeDefined();

    const moved = await clinician.client.request('PUT', `Appointments/${head.id}`, {
      body: { ...head, start: at(first, 17), end: at(first, 17, 50) },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.issues[0].message).toContain(`the occurrence on ${second.toISOString().slice(0, 10)}`);

    const overridden = await clinician.client.request('PUT', `Appointments/${head.id}`, {
      body: { ...head, start: at(first, 17), end: at(first, 17, 50), overrideConflicts: true },
    });
    expect(overridden.status).toBe(200);
    const shorter = await clinician.client.request('PUT', `Appointments/${head.id}`, {
      body: { ...overridden.body, recurrence: { frequency: 'Weekly', count: 3 } },
    });
    expect(shorter.status).toBe(200);
    expect(shorter.body.conflictOverride.conflicts).toHaveLength(1);
    const longer = await clinician.client.request('PUT', `Appointments/${head.id}`, {
      body: { ...shorter.body, recurrence: { frequency: 'Weekly', count: 6 } },
    });
    expect(longer.status).toBe(400);

    const third = new Date(first.getTime() + 14 * DAY);
    const one = await clinician.client.request('POST', `Appointments/${head.id}/occurrences`, {
      body: { versionId: shorter.body.meta.versionId, originalStart: at(third, 17), scope: 'this' },
    });
    expect(one.status).toBe(200);
    expect(one.body.occurrence.occurrenceOf.originalStart).toBe(at(third, 17));
  });
});
