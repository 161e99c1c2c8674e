import { randomUUID } from 'node:crypto';
import { addDays, localDate, zonedInstant } from '@caseload/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { createAs, createNotePatient, createNotesPractice, input, openAs, ref, type NotesPractice } from './support/notes.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * Appointments beside the calendar (docs/scheduling.md, "Screens beside the calendar"), in
 * Chromium against the real server: the dashboard's Today card with each appointment's note
 * state and Start note writing the note on the appointment's encounter; the chart's Appointments
 * tab with upcoming and past; an itinerary planned from the day's appointments and reordered.
 */
const suite = useBrowserSuite();
const ZONE = 'America/New_York';
const tag = randomUUID().slice(0, 4).toUpperCase();
let clinician: TestUser;
let practice: NotesPractice;
const ids: Record<string, string> = {};

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const today = () => localDate(new Date(), ZONE);
/** An instant at a local time of a date offset from today, on the practice's clock. */
const localAt = (days: number, time: string) => iso(zonedInstant(addDays(today(), days), time, ZONE));

async function book(patient: string, days: number, time: string, minutes = 50): Promise<Record<string, any>> {
  const start = localAt(days, time);
  const r = await clinician.client.request('POST', 'Appointments', {
    body: {
      partition: patient,
      status: 'booked',
      owner: clinician.profile,
      serviceType: ref('HealthcareService', practice.service, `Psychotherapy 60 ${tag}`),
      location: ref('Location', practice.location),
      visitMode: 'InPerson',
      start,
      end: iso(new Date(Date.parse(start) + minutes * 60_000)),
      overrideConflicts: true,
    },
  });
  expect(r.status).toBe(201);
  return r.body;
}

beforeAll(async () => {
  const { t } = suite;
  // A clinician who also plans itineraries (Manage itineraries comes with the Administrative role).
  clinician = await t.createUser({ roles: ['Non-Prescribing Clinician', 'Administrative'] });
  await t.request('POST', 'PracticePreferences', { body: { display: 'preferences', appointmentCreation: true, timeZone: ZONE } });
  practice = await createNotesPractice(t, tag);
  ids.definition = await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Progress note ${tag}`,
    kind: 'Individual',
    status: 'Active',
    durationMode: 'Duration',
    sections: [{ key: 'narrative', title: 'Narrative', kind: 'Narrative' }],
  });
  ids.ada = await createNotePatient(t, practice, `Morning${tag}`, 'Ada');
  ids.bo = await createNotePatient(t, practice, `Later${tag}`, 'Bo');
  ids.first = (await book(ids.ada, 0, '09:00')).id;
  const drafted = await book(ids.bo, 0, '10:00');
  const encounter = (await clinician.client.request('POST', `Appointments/${drafted.id}/encounter`)).body;
  const note = await clinician.client.request('POST', 'Notes', {
    body: {
      partition: ids.bo,
      kind: 'Note',
      title: 'Progress note',
      definition: ref('NoteDefinition', ids.definition),
      encounter: ref('Encounter', encounter.id),
      sections: [{ key: 'narrative', kind: 'Narrative', narrative: '<p>Started.</p>' }],
    },
  });
  expect(note.status).toBe(201);
  ids.draftNote = note.body.id;
  ids.past = (await book(ids.ada, -14, '14:00')).id;
  ids.upcoming = (await book(ids.ada, 21, '11:00')).id;
});

describe("the dashboard's Today card", () => {
  it('lists my appointments of today with their note state, opens a draft, and starts a note on an appointment', async () => {
    const page = await openAs(suite, clinician, '/');
    const list = page.getByRole('list', { name: "Today's appointments" });
    const rows = list.getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => rows.first().textContent(), { timeout: 20_000 }).toContain(`Morning${tag}`);
    await rows.first().getByText('No note').waitFor();
    await rows.nth(1).getByText('Draft note').waitFor();
    expect(
      await rows
        .nth(1)
        .getByRole('link', { name: /^Open note/ })
        .getAttribute('href'),
    ).toBe(`/patients/${ids.bo}/notes/${ids.draftNote}`);
    await saveScreenshot(page, 'today-card', { keep: true });

    await rows
      .first()
      .getByRole('button', { name: /^Start note/ })
      .click();
    const dialog = page.getByRole('form', { name: 'New note' });
    await expect.poll(() => input(dialog, 'Kind of note').inputValue(), { timeout: 20_000 }).toBe(`Progress note ${tag}`);
    await dialog.getByRole('button', { name: 'Start note' }).click();
    await page.waitForURL(/\/patients\/[^/]+\/notes\/[^/]+$/);
    const noteId = page.url().split('/').pop()!;
    // The queue may still read "synced" from before the note was saved: wait for the note itself.
    await expect.poll(async () => (await clinician.client.request('GET', `Notes/${noteId}`)).status, { timeout: 20_000 }).toBe(200);
    const stored = await clinician.client.request('GET', `Notes/${noteId}`);
    const encounter = await clinician.client.request('GET', `Encounters/${stored.body.encounter.id}`);
    expect(encounter.body.appointment.id).toBe(ids.first);
    expect(stored.body.encounterDate).toBe(localAt(0, '09:00'));
  });
});

describe("the chart's Appointments tab", () => {
  it('lists upcoming and past appointments with their status', async () => {
    const page = await openAs(suite, clinician, `/patients/${ids.ada}`);
    await page.getByRole('tab', { name: 'Appointments', exact: true }).click();
    const upcoming = page.getByRole('list', { name: 'Upcoming appointments' });
    const past = page.getByRole('list', { name: 'Past appointments' });
    // Today's 09:00 is past or upcoming depending on the hour the test runs; the one two weeks ago is past.
    await expect.poll(async () => (await upcoming.getByRole('listitem').count()) >= 1, { timeout: 20_000 }).toBe(true);
    await upcoming.getByText('Booked').first().waitFor();
    await expect.poll(async () => (await past.getByRole('listitem').count()) >= 1, { timeout: 20_000 }).toBe(true);
    const all = `${await upcoming.textContent()} ${await past.textContent()}`;
    expect(all).toContain('Psychotherapy 60');
    await saveScreenshot(page, 'chart-appointments', { keep: true });
  });
});

describe('itineraries', () => {
  it('plans a day from its appointments, reorders the visits and saves through the write queue', async () => {
    const page = await openAs(suite, clinician, '/itineraries');
    await page.getByRole('button', { name: 'New itinerary' }).click();
    const form = page.getByRole('form', { name: 'Itinerary' });
    const add = input(form, "Add a visit from the day's appointments");
    for (const name of [`Morning${tag}`, `Later${tag}`]) {
      await add.click();
      await page.getByRole('option', { name: new RegExp(name) }).click();
    }
    const visits = form.getByTestId('itinerary-visit');
    await expect.poll(() => visits.count(), { timeout: 20_000 }).toBe(2);
    await form.getByRole('button', { name: /^Move .*Morning.* down$/ }).click();
    await expect.poll(() => visits.first().textContent(), { timeout: 20_000 }).toContain(`Later${tag}`);
    // Dragged back: the first visit onto the second's place.
    await visits.first().dragTo(visits.nth(1));
    await expect.poll(() => visits.first().textContent(), { timeout: 20_000 }).toContain(`Morning${tag}`);
    await form.getByRole('button', { name: /^Move .*Morning.* down$/ }).press('Enter');
    await expect.poll(() => visits.first().textContent(), { timeout: 20_000 }).toContain(`Later${tag}`);
    await input(visits.first(), 'Travel notes').fill('Park behind the clinic.');
    await input(form, 'Topics of the day').fill('Housing forms');
    await page.keyboard.press('Enter');
    await saveScreenshot(page, 'itineraries', { keep: true });
    await form.getByRole('button', { name: 'Save itinerary' }).click();
    // The save is queued on the device, then sent: the server has it once the queue drained.
    const onServer = async () =>
      ((await clinician.client.request('GET', 'Itineraries')).body as Record<string, any>[]).find((i) => i.date === today());
    await expect.poll(onServer, { timeout: 20_000 }).toBeDefined();
    const mine = await onServer();
    expect(mine?.topics).toEqual(['Housing forms']);
    expect(mine?.visits.map((v: { patient: { id: string } }) => v.patient.id)).toEqual([ids.bo, ids.ada]);
    expect(mine?.visits[0].travelNotes).toBe('Park behind the clinic.');
    await page.getByRole('navigation', { name: 'My itineraries' }).getByRole('button').first().waitFor();
  });
});

describe('the calendar feed URL', () => {
  it('is made in the preferences, read without a session, and stopped', async () => {
    const page = await openAs(suite, clinician, '/');
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preferences' });
    await dialog.getByRole('button', { name: 'Get a feed URL' }).click();
    const url = await dialog.getByRole('textbox', { name: 'Your feed URL' }).inputValue();
    expect(url).toMatch(/\/api\/v1\/calendar-feeds\/[^/]+\.ics$/);
    await dialog.getByText('Events do not name patients.').waitFor();
    expect((await fetch(url)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Stop the feed' }).click();
    await dialog.getByText('The feed is stopped: its URL no longer works.').waitFor();
    expect((await fetch(url)).status).toBe(404);
  });
});
