import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { OFFICE_PLACE_OF_SERVICE } from '../packages/server/test/note-samples.ts';
import { attestAndSign, chooseClinic, createNotePatient, input, openAs, ref, signDialog, synced, useNotesSuite } from './support/notes.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The scribe screens (packages/web/src/features/scribe) in Chromium against the real server: a
 * clinician starts a session from the chart, imports a Teams-style WebVTT, drafts a BIRP note with
 * the built-in generator and reviews it: hovering or focusing a sentence highlights exactly the
 * segments `generation.sentences` cites; one sentence edited, one deleted (both read back from the
 * server); the note opened in the editor keeps its evidence spans and is signed there. A malformed
 * VTT shows the server's line error beside the text, which is kept. A scribe drafts for a clinician
 * and is never offered Sign.
 */

const suite = useNotesSuite();
const { tag } = suite;
let patient: string;
let scribe: TestUser;

const VTT = [
  'WEBVTT',
  '',
  '00:00:02.000 --> 00:00:05.000',
  '<v Therapist>Good to see you again, come on in.</v>',
  '',
  '00:00:06.000 --> 00:00:13.500',
  "<v Client>This week was rough. I had two panic attacks at work and I couldn't sleep.</v>",
  '',
  '00:00:14.000 --> 00:00:18.000',
  '<v Therapist>How many hours are you sleeping?</v>',
  '',
  '00:00:18.500 --> 00:00:20.000',
  '<v Client>About four.</v>',
  '',
  '00:00:21.000 --> 00:00:28.000',
  "<v Therapist>Let's practise the box breathing exercise together for a few minutes.</v>",
  '',
  '00:03:40.000 --> 00:03:45.000',
  '<v Client>That helped, I feel calmer now.</v>',
  '',
  '00:03:46.000 --> 00:03:55.000',
  '<v Therapist>For homework, keep a panic log this week and we will review it next session.</v>',
  '',
].join('\n');

interface SentenceEvidence {
  id: string;
  section: string;
  evidence: string[];
  needsReview: boolean;
}

beforeAll(async () => {
  patient = await createNotePatient(suite.t, suite.practice, `Scribe${tag}`, 'Jordan');
  scribe = await suite.t.createUser({ roles: ['Scribe'] });
});

/** A note as the server has it now. */
async function serverNote(id: string, partition = patient) {
  const r = await suite.t.request('GET', `Notes/${id}`, { headers: { 'x-partition-key': partition } });
  expect(r.status, r.text).toBe(200);
  return r.body as {
    id: string;
    status: string;
    sections: { key: string; narrative?: string }[];
    scribe?: { generatedNote?: { id: string } };
    generation?: { generator: string; sentences: SentenceEvidence[] };
  };
}

/** A session made through the API, with its encounter at the clinic: for the tests that start past the chart. */
async function sessionOnServer(author: TestUser): Promise<string> {
  const start = `${new Date().toISOString().slice(0, 10)}T13:00:00Z`;
  const e = await suite.clinician.client.request('POST', 'Encounters', {
    body: {
      partition: patient,
      participants: [{ role: 'PrimaryPerformer', individual: suite.clinician.profile }],
      visitStatus: 'Show',
      location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
      sessionTime: { mode: 'DurationMinutes', start, minutes: 50 },
    },
  });
  expect(e.status, e.text).toBe(201);
  const s = await author.client.request('POST', 'Notes/scribe-sessions', {
    body: { partition: patient, encounter: ref('Encounter', e.body.id), author: suite.clinician.profile },
  });
  expect(s.status, s.text).toBe(201);
  return s.body.id as string;
}

/** Long enough for a loaded machine; a step that cannot happen still fails. */
const SOON = { timeout: 20_000 };

const highlightedSegments = (page: Page) =>
  page.locator('[data-segment-id][data-highlighted]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.segmentId));
const sentence = (page: Page, id: string) => page.locator(`[data-sentence-id="${id}"]`);

describe('reviewing a scribe draft', () => {
  it('imports a VTT, drafts BIRP, highlights each sentence’s evidence, takes an edit and a delete, and signs', async () => {
    const page = await openAs(suite, suite.clinician, `/patients/${patient}`);
    await page.getByRole('button', { name: 'Start scribe session' }).click();
    await page.waitForURL(/\/scribe\/[^/]+$/);
    const sessionId = page.url().split('/').pop()!;

    await page.getByRole('textbox', { name: 'Transcript', exact: true }).fill(VTT);
    await page.getByRole('button', { name: 'Import transcript' }).click();
    await expect.poll(() => page.locator('[data-segment-id]').count(), SOON).toBe(7);
    expect(await page.getByTestId('transcription-status').textContent()).toContain('7 segments');
    expect(await page.locator('[data-segment-id="s2"]').textContent()).toContain('two panic attacks');
    await input(page, 'Note format').click();
    await page.getByRole('option', { name: 'BIRP', exact: true }).click();
    await saveScreenshot(page, 'scribe-session', { keep: true });

    await page.getByRole('button', { name: 'Generate BIRP note' }).click();
    await page.waitForURL(/\/scribe\/[^/]+\/review$/);
    const session = await serverNote(sessionId);
    const noteId = session.scribe!.generatedNote!.id;
    const generated = await serverNote(noteId);
    expect(generated.generation!.generator).toBe('builtin');
    const sentences = generated.generation!.sentences;
    const cited = sentences.filter((s) => s.evidence.length > 0);
    expect(cited.length).toBeGreaterThan(2);

    // Hovering a sentence highlights exactly the segments the server says it rests on.
    await expect.poll(() => page.locator('[data-sentence-id]').count(), SOON).toBe(sentences.length);
    await sentence(page, cited[0]!.id).hover();
    await expect.poll(() => highlightedSegments(page), SOON).toEqual(cited[0]!.evidence);
    // Focusing by keyboard does the same, sentence after sentence.
    await sentence(page, cited[0]!.id).focus();
    await page.keyboard.press('Tab');
    const next = sentences[sentences.findIndex((s) => s.id === cited[0]!.id) + 1]!;
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement).dataset.sentenceId), SOON).toBe(next.id);
    await expect.poll(() => highlightedSegments(page), SOON).toEqual(next.evidence);
    // Sentences without evidence are flagged.
    const flagged = sentences.filter((s) => s.needsReview);
    expect(await page.locator('[data-sentence-id][data-review]').count()).toBe(flagged.length);

    const shown = cited[1]!;
    await sentence(page, shown.id).focus();
    await expect.poll(() => highlightedSegments(page), SOON).toEqual(shown.evidence);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, 'scribe-review', { keep: true });

    // Edit one (E, type, Enter) and delete another (Delete): both reach the server's note.
    const edited = cited[0]!;
    await sentence(page, edited.id).focus();
    await page.keyboard.press('e');
    await page.getByRole('textbox', { name: 'Edit the sentence' }).fill('Patient described two panic attacks at work this week.');
    await page.keyboard.press('Enter');
    const removed = cited[2]!;
    await sentence(page, removed.id).focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => sentence(page, removed.id).count(), SOON).toBe(0);
    await synced(page);
    await expect
      .poll(async () => (await serverNote(noteId)).sections.map((s) => s.narrative ?? '').join(''), { timeout: 20_000 })
      .toContain('Patient described two panic attacks at work this week.');
    const narrative = (await serverNote(noteId)).sections.map((s) => s.narrative ?? '').join('');
    expect(narrative).not.toContain(`data-sentence="${removed.id}"`);
    expect(narrative).toMatch(
      new RegExp(`<span data-sentence="${edited.id}" data-evidence="${edited.evidence.join(' ')}"[^>]*data-edited="true"`),
    );

    // Open note: the editor keeps the evidence spans; the clinician signs it there.
    await page.getByRole('link', { name: 'Open note' }).click();
    await page.waitForURL(new RegExp(`/patients/${patient}/notes/${noteId}$`));
    await page.locator('[data-testid="note-section"]').first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(`.ProseMirror [data-sentence="${edited.id}"]`).count(), SOON).toBe(1);
    await chooseClinic(page, suite.practice);
    await synced(page);
    await attestAndSign(page);
    await expect.poll(async () => (await serverNote(noteId)).status, { timeout: 20_000 }).toBe('Final');
    const signed = await serverNote(noteId);
    expect(signed.generation!.generator).toBe('builtin');
    expect(signed.sections.map((s) => s.narrative ?? '').join('')).toContain(`data-sentence="${edited.id}"`);
    // The screen, not only the server, has moved on to the signed note.
    await expect.poll(() => signDialog(page).count(), SOON).toBe(0);
    await expect.poll(() => page.getByTestId('note-status').textContent(), SOON).not.toBe('Unsigned');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'scribe-signed-note', { keep: true });
  });

  it('shows the line a malformed VTT fails at beside the text, and keeps the text', async () => {
    const sessionId = await sessionOnServer(suite.clinician);
    const page = await openAs(suite, suite.clinician, `/scribe/${sessionId}`);
    const bad = ['WEBVTT', '', '00:00:01.000 --> 00:00:04.000', '<v Therapist>Hello.</v>', '', 'not a timing', 'Words.'].join('\n');
    const box = page.getByRole('textbox', { name: 'Transcript', exact: true });
    await box.fill(bad);
    await page.getByRole('button', { name: 'Import transcript' }).click();
    await expect.poll(() => page.getByText(/cue at line 6 has no valid timing/).count(), SOON).toBe(1);
    expect(await box.inputValue()).toBe(bad);
    expect((await serverNote(sessionId)).scribe).not.toHaveProperty('transcription');
  });

  it('lets a scribe start a session for a clinician and draft it, and never offers them Sign', async () => {
    const page = await openAs(suite, scribe, `/patients/${patient}`);
    await page.getByRole('button', { name: 'Start scribe session' }).click();
    const dialog = page.getByRole('form', { name: 'Start scribe session' });
    await input(dialog, 'Clinician').click();
    const clinicianName = (await suite.t.request('GET', `Practitioners/${suite.clinician.profile.id}`)).body.display as string;
    await page.getByRole('option', { name: clinicianName, exact: true }).click();
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await page.waitForURL(/\/scribe\/[^/]+$/);
    const sessionId = page.url().split('/').pop()!;
    const session = await serverNote(sessionId);
    expect((session as unknown as { author: { id: string } }).author.id).toBe(suite.clinician.profile.id);

    await page.getByRole('textbox', { name: 'Transcript', exact: true }).fill(VTT);
    await page.getByRole('button', { name: 'Import transcript' }).click();
    await expect.poll(() => page.locator('[data-segment-id]').count(), SOON).toBe(7);
    await page.getByRole('button', { name: /^Generate .* note$/ }).click();
    await page.waitForURL(/\/review$/);
    await page.getByRole('link', { name: 'Open note' }).click();
    await page.waitForURL(/\/notes\/[^/]+$/);
    await page.locator('[data-testid="note-section"]').first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.ProseMirror [data-sentence]').count(), SOON).toBeGreaterThan(0);
    expect(await page.getByTestId('sign-note').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Sign/ }).count()).toBe(0);
  });
});
