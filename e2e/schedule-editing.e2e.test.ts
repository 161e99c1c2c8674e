import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { createNotePatient, input, openAs, synced, useNotesSuite } from './support/notes.ts';
import { createOnServer, onServer } from './support/practice-setup.ts';
import { dragEvent, scopeDialog, slotPoint } from './support/schedule.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * Editing the schedule in Chromium against the real server (issue 20): a recurring appointment
 * moved "this and following" and then "all"; a scheduler (Manage schedules) setting a clinician's
 * working hours, which the calendar then shades; the clinician finding free time and booking it.
 * The practice is New York's (EDT from 9 March 2031).
 */

const suite = useNotesSuite();
const ZONE = 'America/New_York';
let patientId: string;
let scheduler: TestUser;
let clinicianName: string;

beforeAll(async () => {
  const { t, tag, practice } = suite;
  await createOnServer(t, 'PracticePreferences', { display: 'preferences', timeZone: ZONE, appointmentCreation: true });
  patientId = await createNotePatient(t, practice, `Editing${tag}`, 'Sol');
  scheduler = await t.createUser({ roles: ['Administrative'] });
  clinicianName = (await t.request('GET', `Practitioners/${suite.clinician.profile.id}`)).body.display;
});

const patientEvents = (page: Page) => page.locator('.fc-event').filter({ hasText: `Editing${suite.tag}` });

const starts = async (from: string, to: string) => {
  const r = await suite.clinician.client.request(
    'GET',
    `Appointments/_occurrences?from=${from}&to=${to}&practitioner=${suite.clinician.profile.id}&includeHidden=true`,
  );
  expect(r.status, r.text).toBe(200);
  return (r.body.entries as { start: string; appointment: { partition: string } }[])
    .filter((e) => e.appointment.partition === patientId)
    .map((e) => e.start);
};

describe('editing the schedule in the browser', () => {
  it('moves a recurring appointment this and following, then all, asking which', async () => {
    // Mondays 7 to 28 April 2031 at 09:00 EDT.
    const booked = await suite.clinician.client.request('POST', 'Appointments', {
      body: {
        partition: patientId,
        status: 'booked',
        owner: suite.clinician.profile,
        start: '2031-04-07T13:00:00Z',
        end: '2031-04-07T13:50:00Z',
        recurrence: { frequency: 'Weekly', count: 4 },
        overrideConflicts: true,
      },
    });
    expect(booked.status, booked.text).toBe(201);

    const page = await openAs(suite, suite.clinician, '/schedule');
    await page.goto('/schedule?view=timeGridWeek&date=2031-04-14');
    await patientEvents(page).first().waitFor();
    // A clinician without Manage schedules is not offered the working hours.
    expect(await page.getByRole('button', { name: 'Working hours' }).count()).toBe(0);
    await dragEvent(
      page,
      patientEvents(page).first(),
      await slotPoint(page, '2031-04-14', '09:00:00'),
      await slotPoint(page, '2031-04-14', '10:00:00'),
      scopeDialog(page),
    );
    const ask = scopeDialog(page);
    await ask.getByRole('button', { name: 'This and following' }).waitFor();
    await saveScreenshot(page, 'schedule-this-and-following', { keep: true });
    await ask.getByRole('button', { name: 'This and following' }).click();
    await expect
      .poll(() => starts('2031-04-01T00:00:00Z', '2031-05-01T00:00:00Z'))
      .toEqual(['2031-04-07T13:00:00Z', '2031-04-14T14:00:00Z', '2031-04-21T14:00:00Z', '2031-04-28T14:00:00Z']);

    // The new series (from 14 April), moved from its third week by an hour: all of it moves.
    await page.goto('/schedule?view=timeGridWeek&date=2031-04-21');
    await patientEvents(page).first().waitFor();
    await dragEvent(
      page,
      patientEvents(page).first(),
      await slotPoint(page, '2031-04-21', '10:00:00'),
      await slotPoint(page, '2031-04-21', '11:00:00'),
      scopeDialog(page),
    );
    await scopeDialog(page).getByRole('button', { name: 'All occurrences' }).click();
    await expect
      .poll(() => starts('2031-04-01T00:00:00Z', '2031-05-01T00:00:00Z'))
      .toEqual(['2031-04-07T13:00:00Z', '2031-04-14T15:00:00Z', '2031-04-21T15:00:00Z', '2031-04-28T15:00:00Z']);

    // Keep where it was: nothing changes.
    await page.reload();
    await patientEvents(page).first().waitFor();
    await dragEvent(
      page,
      patientEvents(page).first(),
      await slotPoint(page, '2031-04-21', '11:00:00'),
      await slotPoint(page, '2031-04-21', '13:00:00'),
      scopeDialog(page),
    );
    await scopeDialog(page).getByRole('button', { name: 'Keep where it was' }).click();
    expect(await starts('2031-04-20T00:00:00Z', '2031-04-27T00:00:00Z')).toEqual(['2031-04-21T15:00:00Z']);
  });

  it('a scheduler sets a clinician’s working hours, and the calendar shades the rest', async () => {
    const page = await openAs(suite, scheduler, '/schedule');
    await page.goto('/schedule?view=timeGridWeek&date=2031-05-05');
    await input(page, 'Clinician').fill(clinicianName);
    await page.getByRole('option', { name: clinicianName }).click();
    await page.getByRole('button', { name: 'Working hours' }).click();
    const form = page.getByRole('form', { name: 'Working hours' });
    await form.getByRole('button', { name: 'Remove Friday 09:00 to 17:00' }).click();
    await form.getByRole('button', { name: 'Add time off' }).click();
    await form.getByRole('textbox', { name: 'Reason' }).fill('Training day');
    await saveScreenshot(page, 'schedule-availability', { keep: true });
    await form.getByRole('button', { name: 'Save working hours' }).click();
    await form.waitFor({ state: 'detached' });
    await synced(page);
    await expect
      .poll(async () => (await onServer(suite.t, 'Schedules')).filter((s) => s.actor.id === suite.clinician.profile.id).length)
      .toBe(1);
    const [schedule] = (await onServer(suite.t, 'Schedules')).filter((s) => s.actor.id === suite.clinician.profile.id);
    expect(schedule!.workingHours.map((h: { weekday: string }) => h.weekday)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday']);
    expect(schedule!.breaks).toEqual([{ startTime: '12:00', endTime: '13:00', label: 'Lunch' }]);
    expect(schedule!.timeOff).toMatchObject([{ reason: 'Training day' }]);
    // Outside the hours (Friday, the mornings, lunch) is shaded as not working.
    await expect.poll(() => page.locator('td.fc-timegrid-col[data-date="2031-05-09"] .fc-non-business').count()).toBeGreaterThan(0);
  });

  // In the working hours the test above set (Monday to Thursday, lunch off).
  it('the clinician finds the next free 50-minute slots and books one', async () => {
    const page = await openAs(suite, suite.clinician, '/schedule');
    await page.goto('/schedule?view=timeGridWeek&date=2031-05-05');
    await page.getByRole('button', { name: 'Find free time' }).click();
    const search = page.getByRole('form', { name: 'Find free time' });
    // The calendar's clinician, named once the practitioners are read.
    await expect.poll(() => input(search, 'Clinician').inputValue()).toBe(clinicianName);
    await search.getByRole('textbox', { name: 'Length (minutes)' }).fill('50');
    await search.getByRole('textbox', { name: 'From' }).fill('2031-05-05');
    // Keyboard: Enter in the form searches.
    await search.getByRole('textbox', { name: 'From' }).press('Enter');
    const slots = page.getByRole('list', { name: 'Free slots' }).getByRole('listitem');
    await expect.poll(() => slots.count()).toBe(5);
    await saveScreenshot(page, 'schedule-free-slots', { keep: true });
    await slots
      .first()
      .getByRole('button', { name: /^Book / })
      .click();
    const dialog = page.getByRole('form', { name: 'New appointment' });
    await dialog.waitFor();
    await input(dialog, 'Patient').fill(`Editing${suite.tag}`);
    await page.getByRole('option', { name: new RegExp(`Editing${suite.tag}`) }).click();
    await dialog.getByRole('button', { name: 'Book' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => starts('2031-05-05T00:00:00Z', '2031-05-06T00:00:00Z')).toEqual(['2031-05-05T13:00:00Z']);
  });
});
