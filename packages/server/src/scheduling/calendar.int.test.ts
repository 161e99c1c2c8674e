import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@caseload/core';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * The calendar over HTTP (docs/scheduling.md): a weekly series across the spring-forward change in
 * the practice's zone, one occurrence moved, one cancelled and hidden by preference, "this and
 * following", and the free-slot search around a schedule, its break and a booking.
 */
let t: TestServer;
let clinician: TestUser;
let patientId: string;
let preferences: { id: string; meta: { versionId: string } } & Record<string, unknown>;

async function setPreferences(values: Record<string, unknown>) {
  const updated = await t.request('PUT', `PracticePreferences/${preferences.id}`, { body: { ...preferences, ...values } });
  expect(updated.status).toBe(200);
  preferences = updated.body;
}

interface Entry {
  start: string;
  status: string;
  appointment: { id: string };
  occurrenceOf?: { originalStart: string };
}
const calendar = async (from: string, to: string, extra = '') => {
  const r = await clinician.client.request(
    'GET',
    `Appointments/_occurrences?from=${from}&to=${to}&practitioner=${clinician.profile.id}${extra}`,
  );
  expect(r.status).toBe(200);
  return r.body.entries as Entry[];
};

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  patientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Rae'], family: 'Curring' }] } })).body.id;
  preferences = (
    await t.request('POST', 'PracticePreferences', {
      body: { display: 'preferences', timeZone: 'America/New_York', appointmentCreation: true },
    })
  ).body;
});
afterAll(() => t?.close());

/** A weekly 09:00 New York series from Monday 3 March 2031 (DST starts on Sunday 9 March 2031). */
async function weeklySeries(count = 4) {
  const r = await clinician.client.request('POST', 'Appointments', {
    body: {
      partition: patientId,
      status: 'booked',
      owner: clinician.profile,
      start: '2031-03-03T14:00:00Z',
      end: '2031-03-03T14:50:00Z',
      recurrence: { frequency: 'Weekly', count },
      overrideConflicts: true,
    },
  });
  expect(r.status).toBe(201);
  return r.body;
}

describe('recurring series', () => {
  it('expands a weekly series at 09:00 local across the DST change, and edits one occurrence', async () => {
    const series = await weeklySeries();
    const entries = await calendar('2031-03-01T00:00:00Z', '2031-04-01T00:00:00Z');
    expect(entries.map((e) => e.start)).toEqual([
      '2031-03-03T14:00:00Z',
      '2031-03-10T13:00:00Z',
      '2031-03-17T13:00:00Z',
      '2031-03-24T13:00:00Z',
    ]);
    expect(entries.map((e) => e.status)).toEqual(['booked', 'booked', 'booked', 'booked']);

    const moved = await clinician.client.request('POST', `Appointments/${series.id}/occurrences`, {
      body: {
        versionId: series.meta.versionId,
        originalStart: '2031-03-10T13:00:00Z',
        scope: 'this',
        start: '2031-03-11T15:00:00Z',
        end: '2031-03-11T15:50:00Z',
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.series.recurrence.exceptions).toEqual(['2031-03-10T13:00:00Z']);
    expect(moved.body.occurrence).toMatchObject({
      start: '2031-03-11T15:00:00Z',
      status: 'booked',
      occurrenceOf: { appointment: { id: series.id }, originalStart: '2031-03-10T13:00:00Z' },
    });
    expect(moved.body.occurrence.recurrence).toBeUndefined();

    const cancelled = await clinician.client.request('POST', `Appointments/${series.id}/occurrences`, {
      body: { versionId: moved.body.series.meta.versionId, originalStart: '2031-03-17T13:00:00Z', scope: 'this', status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    const after = await calendar('2031-03-01T00:00:00Z', '2031-04-01T00:00:00Z');
    expect(after.map((e) => [e.start, e.status])).toEqual([
      ['2031-03-03T14:00:00Z', 'booked'],
      ['2031-03-11T15:00:00Z', 'booked'],
      ['2031-03-17T13:00:00Z', 'cancelled'],
      ['2031-03-24T13:00:00Z', 'booked'],
    ]);
    await setPreferences({ hideNoShowCancelledAppointments: true });
    try {
      expect((await calendar('2031-03-01T00:00:00Z', '2031-04-01T00:00:00Z')).map((e) => e.status)).toEqual(['booked', 'booked', 'booked']);
      expect(await calendar('2031-03-01T00:00:00Z', '2031-04-01T00:00:00Z', '&includeHidden=true')).toHaveLength(4);
    } finally {
      await setPreferences({ hideNoShowCancelledAppointments: false });
    }

    const again = await clinician.client.request('POST', `Appointments/${series.id}/occurrences`, {
      body: { versionId: cancelled.body.series.meta.versionId, originalStart: '2031-03-17T13:00:00Z', scope: 'this' },
    });
    expect([again.status, again.body.issues[0].path]).toEqual([400, 'originalStart']);
    const stale = await clinician.client.request('POST', `Appointments/${series.id}/occurrences`, {
      body: { versionId: series.meta.versionId, originalStart: '2031-03-24T13:00:00Z', scope: 'this' },
    });
    expect([stale.status, stale.body.detail]).toEqual([409, MESSAGES.conflict]);
  });

  it('shows an occurrence stored by a plain create (the write queue, offline) once, where it went', async () => {
    const series = await weeklySeries(3);
    const copy = { ...series, id: undefined, meta: undefined, recurrence: undefined, origin: undefined, created: undefined };
    const stored = await clinician.client.request('POST', 'Appointments', {
      body: {
        ...copy,
        start: '2031-03-10T18:00:00Z',
        end: '2031-03-10T18:50:00Z',
        occurrenceOf: { appointment: { resourceType: 'Appointment', id: series.id }, originalStart: '2031-03-10T13:00:00Z' },
        overrideConflicts: true,
      },
    });
    expect(stored.status, stored.text).toBe(201);
    const entries = (await calendar('2031-03-09T00:00:00Z', '2031-03-12T00:00:00Z')).filter(
      (e) => e.appointment.id === series.id || e.appointment.id === stored.body.id,
    );
    expect(entries.map((e) => [e.start, e.appointment.id === stored.body.id])).toEqual([['2031-03-10T18:00:00Z', true]]);
    // The series has the exception, as after the occurrence call: the original time is free again.
    const head = (await clinician.client.request('GET', `Appointments/${series.id}`)).body;
    expect(head.recurrence.exceptions).toEqual(['2031-03-10T13:00:00Z']);
    expect(head.meta.versionId).not.toBe(series.meta.versionId);
    const other = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Ola'], family: 'Freed' }] } })).body.id;
    const atFreedTime = await clinician.client.request('POST', 'Appointments', {
      body: { partition: other, status: 'booked', owner: clinician.profile, start: '2031-03-10T13:00:00Z', end: '2031-03-10T13:50:00Z' },
    });
    expect(atFreedTime.status, atFreedTime.text).toBe(201);
    // The occurrence call, which excepts the start itself, leaves one exception, not two.
    const viaCall = await clinician.client.request('POST', `Appointments/${series.id}/occurrences`, {
      body: {
        versionId: head.meta.versionId,
        originalStart: '2031-03-17T13:00:00Z',
        scope: 'this',
        start: '2031-03-17T19:00:00Z',
        end: '2031-03-17T19:50:00Z',
        overrideConflicts: true,
      },
    });
    expect(viaCall.status, viaCall.text).toBe(200);
    expect(viaCall.body.series.recurrence.exceptions).toEqual(['2031-03-10T13:00:00Z', '2031-03-17T13:00:00Z']);
    // Moved out of the window, it is still not shown at its original time.
    const later = await clinician.client.request('PUT', `Appointments/${stored.body.id}?versionId=${stored.body.meta.versionId}`, {
      body: { ...stored.body, start: '2031-03-14T18:00:00Z', end: '2031-03-14T18:50:00Z', overrideConflicts: true },
    });
    expect(later.status, later.text).toBe(200);
    const left = (await calendar('2031-03-09T00:00:00Z', '2031-03-12T00:00:00Z')).filter((e) => e.appointment.id === series.id);
    expect(left).toEqual([]);
  });

  it('"this and following" ends the old series and starts a new one at the new time', async () => {
    const series = await weeklySeries(6);
    const r = await clinician.client.request('POST', `Appointments/${series.id}/occurrences`, {
      body: {
        versionId: series.meta.versionId,
        originalStart: '2031-03-17T13:00:00Z',
        scope: 'thisAndFollowing',
        start: '2031-03-17T19:00:00Z',
        end: '2031-03-17T19:50:00Z',
        overrideConflicts: true,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.series.recurrence).toEqual({ frequency: 'Weekly', count: 2 });
    expect(r.body.newSeries.recurrence).toEqual({ frequency: 'Weekly', count: 4 });
    const entries = (await calendar('2031-03-01T00:00:00Z', '2031-05-01T00:00:00Z')).filter((e) =>
      [series.id, r.body.newSeries.id].includes(e.appointment.id),
    );
    expect(entries.map((e) => e.start)).toEqual([
      '2031-03-03T14:00:00Z',
      '2031-03-10T13:00:00Z',
      '2031-03-17T19:00:00Z',
      '2031-03-24T19:00:00Z',
      '2031-03-31T19:00:00Z',
      '2031-04-07T19:00:00Z',
    ]);
  });

  it('refuses a start that is not an occurrence, and a calendar without whose', async () => {
    const series = await weeklySeries(2);
    const r = await clinician.client.request('POST', `Appointments/${series.id}/occurrences`, {
      body: { versionId: series.meta.versionId, originalStart: '2031-03-04T14:00:00Z', scope: 'this' },
    });
    expect([r.status, r.body.detail]).toEqual([400, '2031-03-04T14:00:00Z is not an occurrence of this series.']);
    const whose = await clinician.client.request('GET', 'Appointments/_occurrences?from=2031-03-01T00:00:00Z&to=2031-03-08T00:00:00Z');
    expect([whose.status, whose.body.detail]).toEqual([400, 'Name a practitioner, a location or a patient.']);
  });
});

describe('free slots', () => {
  it('finds the next 50-minute slots in working hours, around the break, time off and bookings', async () => {
    const dr = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
    const schedule = await t.request('POST', 'Schedules', {
      body: {
        actor: dr.profile,
        location: { resourceType: 'Location', id: 'loc-1' },
        active: true,
        workingHours: [
          { weekday: 'Monday', startTime: '09:00', endTime: '12:00' },
          { weekday: 'Tuesday', startTime: '09:00', endTime: '11:00' },
        ],
        breaks: [{ startTime: '10:00', endTime: '10:30' }],
        timeOff: [{ start: '2031-06-03T04:00:00Z', end: '2031-06-04T04:00:00Z', reason: 'Training' }],
      },
    });
    expect(schedule.status).toBe(201);
    // Monday 2 June 2031 09:00-09:50 booked (New York, EDT: 13:00Z).
    expect(
      (
        await dr.client.request('POST', 'Appointments', {
          body: { partition: patientId, status: 'booked', owner: dr.profile, start: '2031-06-02T13:00:00Z', end: '2031-06-02T13:50:00Z' },
        })
      ).status,
    ).toBe(201);
    const r = await dr.client.request(
      'GET',
      `Appointments/_free-slots?practitioner=${dr.profile.id}&location=loc-1&minutes=50&count=4&from=2031-06-02T12:00:00Z`,
    );
    expect(r.status).toBe(200);
    expect(r.body.slots.map((s: { start: string }) => s.start)).toEqual([
      '2031-06-02T14:30:00Z',
      '2031-06-02T14:45:00Z',
      '2031-06-02T15:00:00Z',
      '2031-06-09T13:00:00Z',
    ]);
    const badSchedule = await t.request('POST', 'Schedules', {
      body: { actor: dr.profile, workingHours: [{ weekday: 'Funday', startTime: '9', endTime: '12:00' }] },
    });
    expect(badSchedule.status).toBe(400);
    expect(badSchedule.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'workingHours.0.endTime',
      'workingHours.0.startTime',
      'workingHours.0.weekday',
    ]);
  });

  it('schedules are written with Manage schedules (CanManageSchedules), not by a clinician', async () => {
    const hours = { workingHours: [{ weekday: 'Friday', startTime: '09:00', endTime: '17:00' }] };
    const refused = await clinician.client.request('POST', 'Schedules', { body: { actor: clinician.profile, ...hours } });
    expect([refused.status, refused.body.detail]).toEqual([403, MESSAGES.forbidden]);
    const manager = await t.createUser({ roles: ['Administrative'] });
    expect((await manager.client.request('POST', 'Schedules', { body: { actor: clinician.profile, ...hours } })).status).toBe(201);
  });

  it('is the scheduler’s: a patient login is refused', async () => {
    const portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patientId });
    const r = await portal.client.request('GET', `Appointments/_free-slots?practitioner=${clinician.profile.id}&minutes=50`);
    expect([r.status, r.body.detail]).toEqual([403, MESSAGES.forbidden]);
  });
});
