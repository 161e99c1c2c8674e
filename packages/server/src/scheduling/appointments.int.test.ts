import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@caseload/core';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { ATTESTED, OFFICE_PLACE_OF_SERVICE } from '../../test/note-samples.ts';
import { NOTES_FROM_APPOINTMENTS_OFF } from './appointment-note.service.ts';
import { BOOKING_ELSEWHERE } from './scheduling.rules.ts';

/**
 * Appointments over HTTP (docs/scheduling.md): the transition table, conflicts and their recorded
 * override, population levels, portal cancellation under allowAppointmentCancellation, and the
 * note started from an appointment with its status settled on signing.
 */
let t: TestServer;
let clinician: TestUser;
let colleague: TestUser;
let patientId: string;
let otherPatientId: string;
let preferences: { id: string; meta: { versionId: string } } & Record<string, unknown>;

const ref = (resourceType: string, id: string, display?: string) => ({ resourceType, id, ...(display && { display }) });
let day = 0;
/** A fresh hour of its own for each booking, so tests do not conflict with each other by accident. */
function slot(hours = 1) {
  day += 1;
  const start = new Date(Date.UTC(2031, 0, 1, 14) + day * 86_400_000);
  return {
    start: start.toISOString().replace('.000', ''),
    end: new Date(start.getTime() + hours * 3_600_000).toISOString().replace('.000', ''),
  };
}

async function setPreferences(values: Record<string, unknown>) {
  const updated = await t.request('PUT', `PracticePreferences/${preferences.id}`, { body: { ...preferences, ...values } });
  expect(updated.status).toBe(200);
  preferences = updated.body;
}

function book(body: Record<string, unknown> = {}, user = clinician) {
  return user.client.request('POST', 'Appointments', {
    body: {
      partition: patientId,
      status: 'booked',
      owner: user.profile,
      placeOfService: OFFICE_PLACE_OF_SERVICE,
      visitMode: 'InPerson',
      ...slot(),
      ...body,
    },
  });
}

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  colleague = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  patientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Ada'], family: 'Booked' }], birthDate: '1990-01-01' } }))
    .body.id;
  otherPatientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Bo'], family: 'Other' }], birthDate: '1991-01-01' } }))
    .body.id;
  preferences = (await t.request('POST', 'PracticePreferences', { body: { display: 'preferences', appointmentCreation: true } })).body;
});
afterAll(() => t?.close());

describe('appointment statuses', () => {
  it('books an appointment with its attendee filled from the partition', async () => {
    const r = await book();
    expect(r.status).toBe(201);
    expect(r.body.attendees).toEqual([{ subject: { resourceType: 'Patient', id: patientId, display: 'Booked, Ada' }, role: 'Patient' }]);
  });

  it('refuses an illegal transition with a 400 naming both statuses, and stores nothing', async () => {
    const booked = (await book()).body;
    const fulfilled = await clinician.client.request('PUT', `Appointments/${booked.id}`, { body: { ...booked, status: 'fulfilled' } });
    expect(fulfilled.status).toBe(200);
    const back = await clinician.client.request('PUT', `Appointments/${fulfilled.body.id}`, {
      body: { ...fulfilled.body, status: 'booked' },
    });
    expect(back.status).toBe(400);
    expect(back.body.detail).toBe('An appointment cannot move from fulfilled to booked.');
    expect(back.body.issues).toEqual([{ path: 'status', message: 'An appointment cannot move from fulfilled to booked.' }]);
    expect((await clinician.client.request('GET', `Appointments/${booked.id}`)).body.status).toBe('fulfilled');
  });

  it('refuses a status the practice does not have, and accepts the practice’s own', async () => {
    const unknown = await book({ status: 'Confirmed' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].path).toBe('status');
    await setPreferences({ appointmentStatuses: ['Confirmed'] });
    const booked = (await book()).body;
    const confirmed = await clinician.client.request('PATCH', `Appointments/${booked.id}?versionId=${booked.meta.versionId}`, {
      body: [{ op: 'replace', path: '/status', value: 'Confirmed' }],
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expect([confirmed.status, confirmed.body.status]).toEqual([200, 'Confirmed']);
    await setPreferences({ appointmentStatuses: [] });
  });

  it('books in Caseload only with appointmentCreation; the system of origin always, and the origin is the server’s', async () => {
    await setPreferences({ appointmentCreation: false });
    try {
      const refused = await book();
      expect([refused.status, refused.body.detail]).toEqual([403, BOOKING_ELSEWHERE]);
      const synced = await t.request('POST', 'Appointments', {
        body: { partition: patientId, status: 'booked', owner: clinician.profile, ...slot(), origin: 'Caseload' },
        headers: { 'x-sync': 'true' },
      });
      expect([synced.status, synced.body.origin]).toEqual([201, 'SystemOfOrigin']);
      const moved = await clinician.client.request('PUT', `Appointments/${synced.body.id}`, {
        body: { ...synced.body, status: 'arrived', origin: 'Caseload' },
      });
      expect([moved.status, moved.body.origin]).toEqual([200, 'SystemOfOrigin']);
    } finally {
      await setPreferences({ appointmentCreation: true });
    }
    expect((await book({ origin: 'SystemOfOrigin' })).body.origin).toBe('Caseload');
  });

  it('refuses an end before the start and a second patient attendee', async () => {
    const backwards = await book({ start: '2031-06-01T15:00:00Z', end: '2031-06-01T14:00:00Z' });
    expect([backwards.status, backwards.body.issues[0].path]).toEqual([400, 'end']);
    const group = await book({ attendees: [{ subject: ref('Patient', patientId) }, { subject: ref('Patient', otherPatientId) }] });
    expect([group.status, group.body.issues[0].path]).toEqual([400, 'attendees.1.subject']);
  });
});

describe('conflicts', () => {
  it('warns about the same clinician, and records who booked over it', async () => {
    const time = slot();
    const first = await book({ ...time });
    expect(first.status).toBe(201);
    const second = await book({ ...time, partition: otherPatientId });
    expect(second.status).toBe(400);
    expect(second.body.issues).toHaveLength(1);
    expect(second.body.issues[0].path).toBe('overrideConflicts');
    expect(second.body.issues[0].message).toMatch(
      /^Appointment time: overlaps another appointment of the same clinician \(Booked, Ada\) from \d\d:\d\d to \d\d:\d\d\.$/,
    );
    const stored = await t.request(
      'GET',
      `Appointments/_occurrences?from=${time.start}&to=${time.end}&practitioner=${clinician.profile.id}`,
    );
    expect(stored.body.entries.map((e: { appointment: { id: string } }) => e.appointment.id)).toEqual([first.body.id]);

    const forged = { by: ref('Practitioner', 'someone-else'), at: '2020-01-01T00:00:00Z', conflicts: [] };
    const overridden = await book({ ...time, partition: otherPatientId, overrideConflicts: true, conflictOverride: forged });
    expect(overridden.status).toBe(201);
    expect(overridden.body.overrideConflicts).toBeUndefined();
    expect(overridden.body.conflictOverride.by.id).toBe(clinician.profile.id);
    expect(overridden.body.conflictOverride.conflicts).toEqual([
      expect.objectContaining({ kind: 'Clinician', appointmentId: first.body.id }),
    ]);
  });

  it('warns about the same patient and the same room, not back to back or cancelled', async () => {
    const time = slot();
    await book({ ...time, serviceLocation: ref('Location', 'room-7') });
    const samePatient = await book({ ...time }, colleague);
    expect(samePatient.body.issues?.[0]?.message).toMatch(/the same patient/);
    const sameRoom = await book({ ...time, partition: otherPatientId, serviceLocation: ref('Location', 'room-7') }, colleague);
    expect(sameRoom.body.issues?.[0]?.message).toMatch(/the same room/);
    const telehealth = await book(
      { ...time, partition: otherPatientId, serviceLocation: ref('Location', 'room-7'), visitMode: 'Telehealth' },
      colleague,
    );
    expect(telehealth.status).toBe(201);
    const after = await book({ start: time.end, end: new Date(Date.parse(time.end) + 3_600_000).toISOString().replace('.000', '') });
    expect(after.status).toBe(201);
  });

  it('does not ask again when an appointment booked over a conflict is checked in', async () => {
    const time = slot();
    await book({ ...time });
    const over = (await book({ ...time, partition: otherPatientId, overrideConflicts: true })).body;
    const arrived = await clinician.client.request('PUT', `Appointments/${over.id}`, { body: { ...over, status: 'arrived' } });
    expect(arrived.status).toBe(200);
    expect(arrived.body.conflictOverride.conflicts).toHaveLength(1);
  });
});

describe('population levels', () => {
  it('a CareTeam clinician neither reads nor books appointments of patients off their team', async () => {
    const mine = (
      await t.request('POST', 'Patients', {
        body: { names: [{ given: ['On'], family: 'Team' }], careTeam: [{ member: ref('Practitioner', colleague.profile.id) }] },
      })
    ).body.id;
    const appointment = (await book({ partition: otherPatientId }, clinician)).body;
    await setPreferences({ patientPopulationLevel: 'CareTeam' });
    try {
      const read = await colleague.client.request('GET', `Appointments/${appointment.id}`);
      expect([read.status, read.body.detail]).toEqual([404, MESSAGES.notFound]);
      const refused = await book({ partition: otherPatientId }, colleague);
      expect(refused.status).toBe(404);
      const allowed = await book({ partition: mine }, colleague);
      expect(allowed.status).toBe(201);
      const calendar = await colleague.client.request(
        'GET',
        'Appointments/_occurrences?from=2031-01-01T00:00:00Z&to=2031-03-01T00:00:00Z' +
          `&practitioner=${clinician.profile.id},${colleague.profile.id}`,
      );
      expect(calendar.status).toBe(200);
      const patients = new Set(calendar.body.entries.map((e: { appointment: { partition: string } }) => e.appointment.partition));
      expect([...patients]).toEqual([mine]);
    } finally {
      await setPreferences({ patientPopulationLevel: 'All' });
    }
  });
});

describe('portal cancellation', () => {
  it('a patient cancels an upcoming appointment only when the practice allows it', async () => {
    const portal = await t.createUser({ roles: ['Patient'], profileType: 'Patient', profileId: patientId });
    const appointment = (await book()).body;
    const cancel = (a: { id: string; meta: { versionId: string } }) =>
      portal.client.request('PATCH', `Appointments/${a.id}?versionId=${a.meta.versionId}`, {
        body: [{ op: 'replace', path: '/status', value: 'cancelled' }],
        headers: { 'content-type': 'application/json-patch+json' },
      });
    const refused = await cancel(appointment);
    expect([refused.status, refused.body.detail]).toEqual([403, MESSAGES.forbidden]);
    expect((await t.request('GET', `Appointments/${appointment.id}`)).body.status).toBe('booked');
    await setPreferences({ allowAppointmentCancellation: true });
    try {
      const cancelled = await cancel(appointment);
      expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    } finally {
      await setPreferences({ allowAppointmentCancellation: false });
    }
  });
});

describe('from appointment to note', () => {
  async function noteFor(encounter: { id: string }) {
    const n = await clinician.client.request('POST', 'Notes', {
      body: {
        partition: patientId,
        kind: 'Note',
        encounter: ref('Encounter', encounter.id),
        sections: [{ key: 'n', kind: 'Narrative', narrative: '<p>Seen.</p>' }],
      },
    });
    expect(n.status).toBe(201);
    return n.body;
  }
  const sign = (note: { id: string; meta: { versionId: string } }) =>
    clinician.client.request('POST', `Notes/${note.id}/sign`, { body: { versionId: note.meta.versionId, ...ATTESTED } });

  it('prefills the encounter, links it, and signing fulfils the appointment', async () => {
    const appointment = (
      await book({
        program: ref('Program', 'prog-1'),
        serviceType: ref('HealthcareService', 'svc-1'),
        location: ref('Location', 'clinic-1'),
        participants: [colleague.profile],
        start: '2024-03-04T15:00:00Z',
        end: '2024-03-04T15:50:00Z',
      })
    ).body;
    const started = await clinician.client.request('POST', `Appointments/${appointment.id}/encounter`);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      partition: patientId,
      subject: { resourceType: 'Patient', id: patientId },
      participants: [
        { individual: { id: clinician.profile.id }, role: 'PrimaryPerformer' },
        { individual: { id: colleague.profile.id }, role: 'SecondaryPerformer' },
      ],
      serviceType: { id: 'svc-1' },
      program: { id: 'prog-1' },
      location: { location: { id: 'clinic-1' }, placeOfService: { code: '11' } },
      appointment: { resourceType: 'Appointment', id: appointment.id },
      visitMode: 'InPerson',
      visitStatus: 'Show',
      sessionTime: { mode: 'Duration', start: '2024-03-04T15:00:00Z', end: '2024-03-04T15:50:00Z' },
    });
    const again = await clinician.client.request('POST', `Appointments/${appointment.id}/encounter`);
    expect([again.status, again.body.id]).toEqual([200, started.body.id]);

    const day = (state: string, noteId?: string) =>
      clinician.client
        .request(
          'GET',
          'Appointments/_occurrences?from=2024-03-04T05:00:00Z&to=2024-03-05T05:00:00Z' +
            `&practitioner=${clinician.profile.id}&withNoteState=true`,
        )
        .then((r) => {
          const entry = r.body.entries.find((e: { appointment: { id: string } }) => e.appointment.id === appointment.id);
          expect([r.status, entry?.noteState, entry?.note?.id]).toEqual([200, state, noteId]);
          if (noteId) expect(entry.note.partition).toBe(patientId);
        });
    await day('none');
    const note = await noteFor(started.body);
    await day('draft', note.id);
    const signed = await sign(note);
    expect(signed.status).toBe(200);
    expect((await clinician.client.request('GET', `Appointments/${appointment.id}`)).body.status).toBe('fulfilled');
    await day('signed', note.id);
  });

  it('a NoShow session makes the appointment a no-show; skipAppointmentStatusUpdate leaves it', async () => {
    const noShow = (await book({ start: '2024-03-05T15:00:00Z', end: '2024-03-05T15:50:00Z' })).body;
    const encounter = (await clinician.client.request('POST', `Appointments/${noShow.id}/encounter`)).body;
    const updated = await clinician.client.request('PUT', `Encounters/${encounter.id}`, { body: { ...encounter, visitStatus: 'NoShow' } });
    expect(updated.status).toBe(200);
    expect((await sign(await noteFor(encounter))).status).toBe(200);
    expect((await clinician.client.request('GET', `Appointments/${noShow.id}`)).body.status).toBe('noshow');

    await setPreferences({ skipAppointmentStatusUpdate: true });
    try {
      const kept = (await book({ start: '2024-03-06T15:00:00Z', end: '2024-03-06T15:50:00Z' })).body;
      const e = (await clinician.client.request('POST', `Appointments/${kept.id}/encounter`)).body;
      expect((await sign(await noteFor(e))).status).toBe(200);
      expect((await clinician.client.request('GET', `Appointments/${kept.id}`)).body.status).toBe('booked');
    } finally {
      await setPreferences({ skipAppointmentStatusUpdate: false });
    }
  });

  it('is refused when the practice does not start notes from appointments', async () => {
    const appointment = (await book()).body;
    await setPreferences({ allowNotesFromAppointments: false });
    try {
      const r = await clinician.client.request('POST', `Appointments/${appointment.id}/encounter`);
      expect([r.status, r.body.detail]).toEqual([403, NOTES_FROM_APPOINTMENTS_OFF]);
    } finally {
      await setPreferences({ allowNotesFromAppointments: true });
    }
  });

  it('an encounter cannot link an appointment of another chart', async () => {
    const elsewhere = (await book({ partition: otherPatientId })).body;
    const r = await clinician.client.request('POST', 'Encounters', {
      body: {
        partition: patientId,
        participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
        appointment: ref('Appointment', elsewhere.id),
      },
    });
    expect([r.status, r.body.issues?.[0]?.path]).toEqual([400, 'appointment']);
  });

  it('SessionOverlap counts a booked appointment no session documents yet, not the session’s own', async () => {
    const rule = await t.request('POST', 'NoteRules', {
      body: { name: 'No overlaps', kind: 'SessionOverlap', status: 'Active', severity: 'block', parameters: { scope: 'Clinician' } },
    });
    expect(rule.status).toBe(201);
    await setPreferences({ checkOverlappingSessions: true });
    try {
      const own = (await book({ start: '2024-04-01T15:00:00Z', end: '2024-04-01T15:50:00Z' })).body;
      const encounter = (await clinician.client.request('POST', `Appointments/${own.id}/encounter`)).body;
      const note = await noteFor(encounter);
      // Another patient's appointment of the same clinician, half an hour into this session.
      const other = await book({
        partition: otherPatientId,
        start: '2024-04-01T15:30:00Z',
        end: '2024-04-01T16:20:00Z',
        overrideConflicts: true,
      });
      expect(other.status).toBe(201);
      const refused = await sign(note);
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0]).toMatchObject({ path: 'encounter.sessionTime' });
      expect(refused.body.issues[0].message).toMatch(/overlaps another session of the same clinician \(Other, Bo\)/);
      const cancelled = await clinician.client.request('PUT', `Appointments/${other.body.id}`, {
        body: { ...other.body, status: 'cancelled' },
      });
      expect(cancelled.status).toBe(200);
      expect((await sign(note)).status).toBe(200);
    } finally {
      await setPreferences({ checkOverlappingSessions: false });
      await t.request('PUT', `NoteRules/${rule.body.id}`, { body: { ...rule.body, status: 'Retired' } });
    }
  });

  it(
    'AppointmentRequired reads the real appointment: a Caseload ' + 'booking counts only with appointmentCreationSatisfiesValidations',
    async () => {
      const rule = await t.request('POST', 'NoteRules', {
        body: { name: 'Needs appointment', kind: 'AppointmentRequired', status: 'Active', severity: 'block' },
      });
      expect(rule.status).toBe(201);
      try {
        const session = async (start: string, appointment?: { id: string }) =>
          (
            await clinician.client.request('POST', 'Encounters', {
              body: {
                partition: patientId,
                participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
                visitStatus: 'Show',
                location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
                sessionTime: { mode: 'DurationMinutes', start, minutes: 50 },
                ...(appointment && { appointment: ref('Appointment', appointment.id) }),
              },
            })
          ).body;
        const none = await sign(await noteFor(await session('2024-03-07T15:00:00Z')));
        expect([none.status, none.body.issues?.[0]?.path]).toEqual([400, 'encounter.appointment']);

        const booked = (await book({ start: '2024-03-08T15:00:00Z', end: '2024-03-08T15:50:00Z' })).body;
        const note = await noteFor(await session(booked.start, booked));
        const caseloadOnly = await sign(note);
        expect([caseloadOnly.status, caseloadOnly.body.issues?.[0]?.path]).toEqual([400, 'encounter.appointment']);
        await setPreferences({ appointmentCreationSatisfiesValidations: true });
        expect((await sign(note)).status).toBe(200);
        await setPreferences({ appointmentCreationSatisfiesValidations: false });

        const synced = (
          await t.request('POST', 'Appointments', {
            body: {
              partition: patientId,
              status: 'booked',
              owner: clinician.profile,
              start: '2024-03-11T15:00:00Z',
              end: '2024-03-11T15:50:00Z',
            },
            headers: { 'x-sync': 'true' },
          })
        ).body;
        expect((await sign(await noteFor(await session(synced.start, synced)))).status).toBe(200);
        expect((await clinician.client.request('GET', `Appointments/${synced.id}`)).body.status).toBe('fulfilled');
      } finally {
        await setPreferences({ appointmentCreationSatisfiesValidations: false });
        await t.request('PUT', `NoteRules/${rule.body.id}`, { body: { ...rule.body, status: 'Retired' } });
      }
    },
  );
});
