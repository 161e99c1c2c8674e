import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { OFFICE_PLACE_OF_SERVICE } from '../packages/server/test/note-samples.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { dialogueWav, fakeMicrophoneArgs } from './support/scribe-audio.ts';

/**
 * Dictation into a note's narrative (issue 22): Chromium's fake microphone speaks a short
 * dictation (espeak-ng); the clinician presses the mic in the Data section, stops, and the
 * server's local engine (PocketSphinx) transcribes it with the speech rules applied. The text is
 * inserted into the field and autosaved to the server. PocketSphinx mishears espeak-ng often, so
 * the words asserted are a few, not the sentence.
 */

const DICTATION = 'patient reports better sleep period new paragraph plan continue weekly sessions period';
const EXPECTED = ['patient', 'reports', 'better', 'sleep', 'plan', 'continue', 'weekly', 'sessions'];

let wav: string;
beforeAll(async () => {
  wav = await dialogueWav([['en-us', DICTATION]]);
});
const suite = useBrowserSuite({
  env: () => ({ scribe: { transcription: 'local', timeoutMs: 200_000 } }),
  chromiumArgs: () => fakeMicrophoneArgs(wav),
});
let clinician: TestUser;
beforeAll(async () => {
  clinician = await suite.t.createUser({ roles: ['Non-Prescribing Clinician'] });
});

/** A patient, an encounter of theirs and a plain (not generated) note with a Data narrative. */
async function plainNote(family: string): Promise<{ patient: string; encounter: string; note: string }> {
  const today = new Date().toISOString().slice(0, 10);
  const post = async (collection: string, body: Record<string, unknown>) => {
    const r = await clinician.client.request('POST', suite.t.practiceUrl(collection), { body });
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  const created = await suite.t.request('POST', suite.t.practiceUrl('Patients'), {
    body: { names: [{ given: ['Jordan'], family }], birthDate: '1990-01-02' },
  });
  expect(created.status, created.text).toBe(201);
  const patient = created.body.id as string;
  const encounter = await post('Encounters', {
    partition: patient,
    participants: [{ role: 'PrimaryPerformer', individual: clinician.profile }],
    visitStatus: 'Show',
    location: { placeOfService: OFFICE_PLACE_OF_SERVICE },
    sessionTime: { mode: 'DurationMinutes', start: `${today}T13:00:00Z`, minutes: 53 },
  });
  const note = await post('Notes', {
    partition: patient,
    kind: 'Note',
    title: 'Progress note',
    encounter: { resourceType: 'Encounter', id: encounter },
    sections: [{ key: 'data', title: 'Data', kind: 'Narrative' }],
    completion: 'NotStarted',
  });
  return { patient, encounter, note };
}

interface ScribeSessionNote {
  id: string;
  kind: string;
  encounter?: { id: string };
  scribe: { recordings: { id: string }[]; transcription?: { id: string } };
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);

describe('dictating into a narrative', () => {
  it('inserts the transcribed dictation at the cursor, on one dictation session of the encounter, and saves it', async () => {
    const { patient, encounter, note } = await plainNote('Dictated');
    const page = await suite.signedIn(clinician, { path: `/patients/${patient}/notes/${note}` });
    const field = page.getByRole('textbox', { name: 'Data' });
    await field.click();
    await page.keyboard.type('Typed first.');
    const mic = page.getByRole('button', { name: 'Dictate into Data' });
    await mic.click();
    await expect.poll(() => page.getByTestId('dictation-status').textContent(), { timeout: 20_000 }).toMatch(/Dictating 0:0[6-9]/);
    await page.getByRole('button', { name: 'Stop dictating' }).click();
    // Inserted after what was typed (the cursor was there).
    await expect
      .poll(async () => ((await field.textContent()) ?? '').length, { timeout: 220_000 })
      .toBeGreaterThan('Typed first.'.length + 5);
    const shown = (await field.textContent()) ?? '';
    expect(shown.startsWith('Typed first.')).toBe(true);
    const dictated = shown.slice('Typed first.'.length);
    expect(EXPECTED.filter((w) => wordsOf(dictated).has(w)).length, dictated).toBeGreaterThanOrEqual(2);

    // The text reaches the server (autosaved), and the recording is a dictation on a new session of this encounter.
    const storedNarrative = async () =>
      ((await clinician.client.request('GET', suite.t.practiceUrl(`Notes/${note}`))).body.sections[0].narrative ?? '') as string;
    await expect.poll(async () => (await storedNarrative()).length, { timeout: 30_000 }).toBeGreaterThan('<p>Typed first.</p>'.length + 5);
    const stored = await storedNarrative();
    expect(stored.startsWith('<p>Typed first.')).toBe(true);
    expect(EXPECTED.filter((w) => wordsOf(stored).has(w)).length, stored).toBeGreaterThanOrEqual(2);
    const sessions = await clinician.client.request('GET', suite.t.practiceUrl('Notes'), { headers: { 'x-partition-key': patient } });
    const onEncounter = (sessions.body as ScribeSessionNote[]).filter(
      (n: { kind: string; encounter?: { id: string } }) => n.kind === 'ScribeSession' && n.encounter?.id === encounter,
    );
    expect(onEncounter).toHaveLength(1);
    const session = onEncounter[0]!;
    expect(session.scribe.recordings).toHaveLength(1);
    // A dictation does not become the session's transcript.
    expect(session.scribe.transcription).toBeUndefined();
    const media = await clinician.client.request('GET', suite.t.practiceUrl(`Media/${session.scribe.recordings[0]!.id}`), {
      headers: { 'x-partition-key': patient },
    });
    expect(media.body.recordingPurpose).toBe('dictation');

    // Reopened, the editor finds that session again: a second dictation adds to it, not a new one.
    await page.reload();
    await field.click();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'Dictate into Data' }).click();
    await expect.poll(() => page.getByTestId('dictation-status').textContent(), { timeout: 20_000 }).toMatch(/Dictating 0:0[2-9]/);
    await page.getByRole('button', { name: 'Stop dictating' }).click();
    await expect.poll(() => page.getByTestId('dictation-status').textContent(), { timeout: 220_000 }).toBe('');
    const again = await clinician.client.request('GET', suite.t.practiceUrl(`Notes/${session.id}`), {
      headers: { 'x-partition-key': patient },
    });
    expect(again.body.scribe.recordings).toHaveLength(2);
  }, 600_000);
});
