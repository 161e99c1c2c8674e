import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@caseload/core';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';

/**
 * A clinician's iCalendar feed over HTTP (docs/scheduling.md, "The iCalendar feed"): its URL is
 * its only credential, it names no patient unless the practice allows it, and revoking it (or
 * issuing a new one) makes the old URL a 404.
 */
let t: TestServer;
let clinician: TestUser;
let colleague: TestUser;
let preferences: { id: string; meta: { versionId: string } } & Record<string, unknown>;

async function setPreferences(values: Record<string, unknown>) {
  const updated = await t.request('PUT', `PracticePreferences/${preferences.id}`, { body: { ...preferences, ...values } });
  expect(updated.status).toBe(200);
  preferences = updated.body;
}

/** Reads a feed URL as a calendar app does: no cookies. */
const readFeed = (url: string) =>
  fetch(url).then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), text: await r.text() }));

beforeAll(async () => {
  t = await startTestServer();
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  colleague = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
  preferences = (await t.request('POST', 'PracticePreferences', { body: { display: 'preferences', appointmentCreation: true } })).body;
  const patientId = (await t.request('POST', 'Patients', { body: { names: [{ given: ['Fee'], family: 'Dlater' }] } })).body.id;
  const soon = new Date(Date.now() + 2 * 86_400_000);
  soon.setUTCHours(15, 0, 0, 0);
  const iso = (d: Date) => d.toISOString().replace('.000', '');
  const booked = await clinician.client.request('POST', 'Appointments', {
    body: {
      partition: patientId,
      status: 'booked',
      owner: clinician.profile,
      start: iso(soon),
      end: iso(new Date(soon.getTime() + 50 * 60_000)),
      reason: 'Private reason',
      recurrence: { frequency: 'Weekly', count: 3 },
    },
  });
  expect(booked.status).toBe(201);
});
afterAll(() => t?.close());

describe('the calendar feed', () => {
  it('is read without a session, names no patient by default, and only the practice lets it', async () => {
    const issued = await clinician.client.request('POST', `Practitioners/${clinician.profile.id}/calendar-feed`);
    expect(issued.status).toBe(201);
    expect(issued.body.showsPatientNames).toBe(false);
    const feed = await readFeed(issued.body.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(feed.text).toContain('SUMMARY:Appointment\r\n');
    expect(feed.text).not.toMatch(/Dlater|Private reason/);

    await setPreferences({ calendarFeedShowsPatientNames: true });
    try {
      expect((await readFeed(issued.body.url)).text).toContain('SUMMARY:Dlater\\, Fee');
    } finally {
      await setPreferences({ calendarFeedShowsPatientNames: false });
    }
  });

  it('is its clinician’s: a colleague without CanManageSchedules cannot issue or revoke it', async () => {
    const issue = await colleague.client.request('POST', `Practitioners/${clinician.profile.id}/calendar-feed`);
    expect([issue.status, issue.body.detail]).toEqual([403, MESSAGES.forbidden]);
    const revoke = await colleague.client.request('DELETE', `Practitioners/${clinician.profile.id}/calendar-feed`);
    expect(revoke.status).toBe(403);
  });

  it('answers 404 once revoked, or once a new URL replaces it', async () => {
    const first = (await clinician.client.request('POST', `Practitioners/${clinician.profile.id}/calendar-feed`)).body.url;
    const second = (await clinician.client.request('POST', `Practitioners/${clinician.profile.id}/calendar-feed`)).body.url;
    expect((await readFeed(first)).status).toBe(404);
    expect((await readFeed(second)).status).toBe(200);
    const revoked = await clinician.client.request('DELETE', `Practitioners/${clinician.profile.id}/calendar-feed`);
    expect(revoked.status).toBe(204);
    const after = await readFeed(second);
    expect([after.status, JSON.parse(after.text).detail]).toEqual([404, MESSAGES.notFound]);
    expect((await clinician.client.request('DELETE', `Practitioners/${clinician.profile.id}/calendar-feed`)).status).toBe(404);
    expect((await readFeed(`${t.url}/api/v1/calendar-feeds/${'A'.repeat(43)}.ics`)).status).toBe(404);
  });

  it('records each read in the audit trail as its clinician’s query', async () => {
    const url = (await clinician.client.request('POST', `Practitioners/${clinician.profile.id}/calendar-feed`)).body.url;
    expect((await readFeed(url)).status).toBe(200);
    const events = await t.server.app.db.pool.query<{ body: { description: string; agent: { who: { id: string } } } }>(
      `SELECT body FROM r_audit_event WHERE practice_id = $1 ` +
        `AND body->>'description' LIKE 'Calendar feed read%' ORDER BY last_modified DESC LIMIT 1`,
      [t.practiceId],
    );
    expect(events.rows[0]?.body.agent.who.id).toBe(clinician.profile.id);
  });
});
