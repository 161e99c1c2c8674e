import { DEFAULT_AUTHOR_ATTESTATION } from '@caseload/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_PLACE_OF_SERVICE } from '../packages/server/test/note-samples.ts';
import { createAs, createNotePatient, openAs, ref, signDialog, startNote, useNotesSuite } from './support/notes.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * Signing enforces what the note definition requires (issue 18), in Chromium against the real
 * server: a progress note whose required narrative, place of service and PHQ-9 are empty cannot be
 * signed; the checks panel lists each, and each takes the user (by mouse or keyboard) to its field;
 * filled in, the note is signed through the attestation dialog, which shows what will be frozen.
 * A refusal only the server can give is shown in the dialog. Screenshots of the panel and the dialog.
 */

const suite = useNotesSuite();
const { tag } = suite;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { t, practice } = suite;
  await createAs(t, 'NoteDefinitions', {
    resourceType: 'NoteDefinition',
    name: `Progress note ${tag}`,
    kind: 'Individual',
    status: 'Active',
    durationMode: 'Duration',
    serviceTypes: [ref('HealthcareService', practice.service, `Psychotherapy 60 ${tag}`)],
    sections: [
      { key: 'summary', title: 'Session summary', kind: 'Narrative', required: true, help: 'What happened in the session' },
      { key: 'phq', title: 'Depression screen', kind: 'Assessment', form: ref('Questionnaire', 'phq-9', 'PHQ-9'), required: true },
      { key: 'plan', title: 'Plan', kind: 'Narrative' },
    ],
  });
  ids.patient = await createNotePatient(t, practice, `Sign${tag}`, 'Iris');
});

/** The checks panel's rows, by their text. */
const checks = (page: Page) => page.getByTestId('rule-result').allTextContents();
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id);
/** The form question (data-linkid) holding the focused element. */
const activeQuestion = (page: Page) => page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-linkid]')?.dataset.linkid);

describe('signing enforces what the note definition requires', () => {
  it('lists each missing field, takes the user to it, and signs once filled and attested', async () => {
    const page = await openAs(suite, suite.clinician, `/patients/${ids.patient}`);
    const noteId = await startNote(page, `Progress note ${tag}`);

    // What the definition and the practice require, live; Sign is disabled, saying why.
    await expect
      .poll(() => checks(page), { timeout: 20_000 })
      .toEqual(['Place of service is required.', 'Narrative: Session summary is required.', 'PHQ-9: answer items 1 to 9.']);
    const sign = page.getByTestId('sign-note');
    expect(await sign.isDisabled()).toBe(true);
    expect(await page.getByTestId('sign-note-reason').textContent()).toBe('Fix the 3 items under Checks before signing.');
    await page.getByTestId('rule-panel').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'note-checks-panel', { keep: true });
    // Ctrl+Enter does not get round it.
    await page.keyboard.press('Control+Enter');
    expect(await signDialog(page).count()).toBe(0);

    // A click takes the user to the narrative; writing it clears the row.
    await page.getByTestId('rule-result').filter({ hasText: 'Session summary' }).click();
    await expect.poll(() => activeId(page), { timeout: 10_000 }).toBe('note-field-sections-summary-narrative');
    await page.keyboard.type('Reviewed the sleep diary; two nights of six hours.');
    await expect.poll(() => checks(page), { timeout: 10_000 }).toEqual(['Place of service is required.', 'PHQ-9: answer items 1 to 9.']);

    // The keyboard does the same: Enter on a row focuses its field.
    await page.getByTestId('rule-result').filter({ hasText: 'Place of service' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeId(page), { timeout: 10_000 }).toBe('note-field-encounter-location-placeOfService');
    await page.keyboard.type('Office');
    await page.getByRole('option', { name: '11 Office', exact: true }).click();

    // The PHQ-9 row takes the user to its first unanswered question; the row follows the answers.
    await page.getByTestId('rule-result').filter({ hasText: 'PHQ-9' }).click();
    await expect.poll(() => activeQuestion(page), { timeout: 10_000 }).toBe('phq9-1');
    for (let n = 1; n <= 8; n++) {
      await page
        .locator(`[data-linkid="phq9-${n}"]`)
        .getByRole('radio', { name: n === 3 ? 'Several days' : 'Not at all' })
        .check();
    }
    await expect
      .poll(() => checks(page), { timeout: 10_000 })
      .toEqual(['PHQ-9: answer item 9, “Thoughts that you would be better off dead or of hurting yourself in some way”.']);
    await page.getByTestId('rule-result').click();
    await expect.poll(() => activeQuestion(page), { timeout: 10_000 }).toBe('phq9-9');
    await page.locator('[data-linkid="phq9-9"]').getByRole('radio', { name: 'Not at all' }).check();
    await page.getByText('Nothing to fix: every required field is filled and every rule is met.').waitFor();

    // Sign opens the attestation: what will be frozen, and the practice's words to tick first.
    await sign.click();
    const dialog = signDialog(page);
    await dialog.waitFor();
    const summary = dialog.getByTestId('sign-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(`Sign${tag}`);
    expect(await summary.textContent()).toContain(`Psychotherapy 60 ${tag}`);
    expect(await summary.textContent()).toContain('11 Office');
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([
      'Session summary: 9 words',
      'Depression screen: 9 answers',
      'Plan: empty',
    ]);
    await dialog.getByText(DEFAULT_AUTHOR_ATTESTATION).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Sign note' });
    expect(await confirm.isDisabled()).toBe(true);
    // Focus starts on the attestation; a stray Enter neither ticks it nor signs.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox');
    await page.keyboard.press('Enter');
    expect(await confirm.isDisabled()).toBe(true);
    await saveScreenshot(page, 'note-sign-attestation', { keep: true });
    expect((await suite.clinician.client.request('GET', `Notes/${noteId}`)).body.status).toBe('Preliminary');

    await dialog.getByRole('checkbox').check();
    await confirm.click();
    await expect.poll(() => page.getByTestId('note-status').textContent(), { timeout: 20_000 }).toBe('Signed');
    await page.getByTestId('signature-attestation').getByText(DEFAULT_AUTHOR_ATTESTATION, { exact: false }).waitFor();

    const note = (await suite.clinician.client.request('GET', `Notes/${noteId}`)).body;
    expect(note.status).toBe('Final');
    expect(note.signatures[0].attestation.text).toBe(DEFAULT_AUTHOR_ATTESTATION);
    expect(note.sections.find((s: { key: string }) => s.key === 'summary').narrative).toContain('sleep diary');
    expect(note.sections.find((s: { key: string }) => s.key === 'phq').answers).toMatchObject({ 'phq9-3': '1', 'phq9-9': '0' });
    const encounter = (await suite.clinician.client.request('GET', `Encounters/${note.encounter.id}`)).body;
    expect(encounter.location.placeOfService.code).toBe('11');
  });

  it("shows the configuration's own attestation, and a refusal only the server can give, in the dialog", async () => {
    const { t, clinician } = suite;
    const wording = `I attest that this contact was documented the day it happened (${tag}).`;
    await createAs(t, 'SignatureConfigurations', {
      resourceType: 'SignatureConfiguration',
      name: `Contacts ${tag}`,
      status: 'Active',
      noteKinds: ['DocumentationNote'],
      supervisorCoSignature: 'Always',
      patientSignature: 'None',
      authorAttestation: wording,
    });
    const encounter = await clinician.client.request('POST', 'Encounters', {
      body: {
        partition: ids.patient,
        subject: ref('Patient', ids.patient!),
        participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
        visitStatus: 'Show',
        location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
        sessionTime: { mode: 'Duration', start: '2026-03-02T14:00:00Z', end: '2026-03-02T14:20:00Z' },
      },
    });
    const note = await clinician.client.request('POST', 'Notes', {
      body: {
        partition: ids.patient,
        kind: 'DocumentationNote',
        title: 'Phone contact',
        encounter: ref('Encounter', encounter.body.id),
        sections: [{ key: 'n', title: 'Contact', kind: 'Narrative', narrative: '<p>Called about the referral.</p>' }],
      },
    });
    expect(note.status, note.text).toBe(201);
    const page = await openAs(suite, clinician, `/patients/${ids.patient}/notes/${note.body.id}`);
    await page.getByText('Nothing to fix: every required field is filled and every rule is met.').waitFor();
    await page.getByTestId('sign-note').click();
    const dialog = signDialog(page);
    await dialog.getByText(wording).waitFor();
    await dialog.getByText(`Wording of Contacts ${tag}`).waitFor();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Sign note' }).click();
    // The clinician has no supervisor on record: the server refuses, in its words, in the dialog.
    await expect
      .poll(() => dialog.getByTestId('sign-refusal').textContent(), { timeout: 20_000 })
      .toContain('has no supervisor on record to co-sign this note');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('sign-refusal').textContent()).toContain('has no supervisor on record');
    expect(await page.getByTestId('note-status').textContent()).toBe('Unsigned');
    expect((await clinician.client.request('GET', `Notes/${note.body.id}`)).body.status).toBe('Preliminary');
    // The next attempt asks for the attestation again.
    await page.getByTestId('sign-note').click();
    expect(await signDialog(page).getByRole('checkbox').isChecked()).toBe(false);
  });
});
