import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAs, createNotePatient, openAs, ref, synced, useNotesSuite } from './support/notes.ts';

/**
 * One unsigned draft open on two devices (two browser contexts of the same clinician), both
 * loaded at the same version: each device's autosave sends only the fields its user changed
 * (packages/web/src/features/notes/utils/draft-tracker.ts), so the narrative typed on one and the
 * session time changed on the other both end on the server, where whole-copy saves would have
 * lost one. The second save reaches the server stale (409) and is re-applied on the newer copy.
 */

const suite = useNotesSuite();
const { tag } = suite;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { t, practice } = suite;
  ids.definition = await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Progress note ${tag}`,
    kind: 'Individual',
    status: 'Active',
    durationMode: 'Duration',
    sections: [
      { key: 'data', title: 'Data', kind: 'Narrative' },
      { key: 'plan', title: 'Plan', kind: 'Narrative' },
    ],
  });
  ids.patient = await createNotePatient(t, practice, `Twice${tag}`, 'Tess');
});

/** A draft note and its encounter, as the editor would have started them. */
async function draft(sections: Record<string, unknown>[]) {
  const encounter = await suite.clinician.client.request('POST', 'Encounters', {
    body: {
      partition: ids.patient,
      subject: ref('Patient', ids.patient!),
      participants: [{ role: 'PrimaryPerformer', individual: suite.clinician.profile }],
      visitStatus: 'Show',
      sessionTime: { mode: 'Duration', start: '2026-03-02T14:00:00Z', end: '2026-03-02T15:00:00Z' },
    },
  });
  expect(encounter.status, encounter.text).toBe(201);
  const note = await suite.clinician.client.request('POST', 'Notes', {
    body: {
      partition: ids.patient,
      kind: 'Note',
      title: `Progress note ${tag}`,
      definition: ref('NoteDefinition', ids.definition!),
      encounter: ref('Encounter', encounter.body.id),
      encounterDate: '2026-03-02T14:00:00Z',
      sections,
      completion: 'InProgress',
    },
  });
  expect(note.status, note.text).toBe(201);
  return { noteId: note.body.id as string, encounterId: encounter.body.id as string };
}

/** The draft open on a device of its own, loaded. */
async function openOnDevice(noteId: string): Promise<Page> {
  const page = await openAs(suite, suite.clinician, `/patients/${ids.patient}/notes/${noteId}`);
  await page.getByRole('textbox', { name: 'Data' }).waitFor();
  await expect.poll(() => page.getByTestId('note-save-state').textContent()).toBe('All changes saved');
  return page;
}

const savedOnServer = (page: Page) =>
  expect.poll(() => page.getByTestId('note-save-state').textContent(), { timeout: 20_000 }).toBe('All changes saved');

describe('one draft edited on two devices', () => {
  it('keeps the narrative typed on one and the session time changed on the other', async () => {
    const { noteId, encounterId } = await draft([
      { key: 'data', title: 'Data', kind: 'Narrative' },
      { key: 'plan', title: 'Plan', kind: 'Narrative' },
    ]);
    const [laptop, tablet] = [await openOnDevice(noteId), await openOnDevice(noteId)];

    // The laptop saves the narrative first: the note moves to a version the tablet has not seen.
    await laptop.getByRole('textbox', { name: 'Data' }).click();
    await laptop.keyboard.type('Reviewed the sleep diary together.');
    await savedOnServer(laptop);
    await expect
      .poll(async () => (await suite.clinician.client.request('GET', `Notes/${noteId}`)).body.sections[0].narrative ?? '')
      .toContain('together.');

    // The tablet, still on the version it loaded, moves the session an hour later (the encounter,
    // and the note's session date beside it).
    const time = tablet.getByRole('group', { name: 'Session time' });
    const start = time.getByLabel('Start');
    const startBefore = await start.inputValue();
    const later = `${String((Number(startBefore.slice(0, 2)) + 1) % 24).padStart(2, '0')}${startBefore.slice(2)}`;
    await start.fill(later);
    // The tablet's note save reaches the server stale (409) and is re-applied on the laptop's version.
    const onServer = async () => ({
      note: (await suite.clinician.client.request('GET', `Notes/${noteId}`)).body,
      encounter: (await suite.clinician.client.request('GET', `Encounters/${encounterId}`)).body,
    });
    await expect.poll(async () => (await onServer()).note.encounterDate, { timeout: 20_000 }).toBe('2026-03-02T15:00:00Z');
    const { note, encounter } = await onServer();
    expect(note.sections[0].narrative).toContain('Reviewed the sleep diary together.');
    expect(encounter.sessionTime.start).toBe('2026-03-02T15:00:00Z');
    await synced(tablet);
    expect(await tablet.getByTestId('note-save-failure').count()).toBe(0);
    // The tablet shows the laptop's narrative too, folded in under its own edit.
    await expect.poll(() => tablet.getByRole('textbox', { name: 'Data' }).textContent(), { timeout: 20_000 }).toContain('sleep diary');
  });

  it('keeps a true conflict (both typed in the same narrative) as a refused edit whose text can be copied', async () => {
    const { noteId } = await draft([
      { key: 'data', title: 'Data', kind: 'Narrative' },
      { key: 'plan', title: 'Plan', kind: 'Narrative' },
    ]);
    const [laptop, tablet] = [await openOnDevice(noteId), await openOnDevice(noteId)];
    await laptop.getByRole('textbox', { name: 'Plan' }).click();
    await laptop.keyboard.type('Fortnightly from now on.');
    await savedOnServer(laptop);
    await expect
      .poll(async () => (await suite.clinician.client.request('GET', `Notes/${noteId}`)).body.sections[1].narrative ?? '')
      .toContain('now on.');

    await tablet.getByRole('textbox', { name: 'Plan' }).click();
    // Pasted at once: one save, refused as stale, holds the whole text.
    await tablet.keyboard.insertText('Monthly check-ins.');
    await tablet.getByTestId('note-save-failure').waitFor({ timeout: 20_000 });
    expect(await tablet.getByTestId('note-save-failure').textContent()).toContain('Someone changed the same field');
    // The refused text waits in the sync details, to copy or restore.
    await tablet.getByTestId('sync-state').click();
    await expect
      .poll(() => tablet.getByTestId('failed-edit-text').first().textContent(), { timeout: 20_000 })
      .toContain('Monthly check-ins.');

    const note = (await suite.clinician.client.request('GET', `Notes/${noteId}`)).body;
    expect(note.sections[1].narrative).toContain('Fortnightly from now on.');
    expect(note.sections[1].narrative).not.toContain('Monthly');
  });
});
