import fs from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { input } from './support/notes.ts';
import { DIALOGUE, dialogueWav, fakeMicrophoneArgs, scribeSession } from './support/scribe-audio.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The scribe's Proof (issue 22, docs/scribe.md "Proof"): the espeak-ng two-voice dialogue is the
 * fake microphone; the clinician records it on /scribe/:id/record through the real MediaRecorder
 * and chunk path, transcribes it with the local engine (PocketSphinx) and drafts BIRP with the
 * built-in generator. Asserted on the server: the Transcription succeeded with timed segments, the
 * note has BIRP's sections, every sentence with evidence cites segments of that transcript and
 * shares a content word with them, and every sentence without evidence is marked for review.
 * PocketSphinx mishears espeak-ng badly, so nothing is asserted about what the words are.
 */

const STOP_WORDS = new Set(
  [
    'the and for are was were that this with have has had you your our not but his her its they them their from will',
    'would could been being into over about what when then than there here said says patient client clinician reported',
  ]
    .join(' ')
    .split(' '),
);
const contentWords = (text: string) => (text.toLowerCase().match(/[a-z']+/g) ?? []).filter((w) => w.length > 2 && !STOP_WORDS.has(w));
const BIRP_SECTIONS = ['behavior', 'intervention', 'response', 'plan'];

let wav: string;
let seconds: number;
beforeAll(async () => {
  wav = await dialogueWav(DIALOGUE);
  // 16-bit mono PCM after a 44-byte header, at the rate the header gives.
  const bytes = await fs.readFile(wav);
  seconds = (bytes.length - 44) / (bytes.readUInt32LE(24) * 2);
});
const suite = useBrowserSuite({
  env: () => ({ scribe: { transcription: 'local', timeoutMs: 220_000 } }),
  chromiumArgs: () => fakeMicrophoneArgs(wav),
});
let clinician: TestUser;
beforeAll(async () => {
  clinician = await suite.t.createUser({ roles: ['Non-Prescribing Clinician'] });
});

const elapsedSeconds = (text: string | null) => {
  const [m, s] = (text ?? '0:00').split(':').map(Number);
  return m! * 60 + s!;
};

interface Segment {
  id: string;
  start: number;
  end: number;
  text: string;
}

describe('the scribe proof', () => {
  it('records the spoken dialogue, transcribes it locally, and drafts a BIRP note whose sentences rest on their segments', async () => {
    expect(seconds).toBeLessThanOrEqual(40);
    const { patient, session } = await scribeSession(suite.t, clinician, 'Proof');
    const get = async (path: string) => {
      const r = await clinician.client.request('GET', suite.t.practiceUrl(path), { headers: { 'x-partition-key': patient } });
      expect(r.status, r.text).toBe(200);
      return r.body;
    };

    const page = await suite.signedIn(clinician, { path: `/scribe/${session}/record` });
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect.poll(() => page.getByTestId('recorder-status').textContent(), { timeout: 15_000 }).toContain('● Recording');
    // The whole dialogue once (the fake device loops it): its length and a second more.
    await expect
      .poll(async () => elapsedSeconds(await page.getByTestId('elapsed').textContent()), { timeout: 90_000, interval: 500 })
      .toBeGreaterThanOrEqual(Math.ceil(seconds) + 1);
    await page.getByRole('button', { name: 'Stop and finish' }).click();
    await page.getByTestId('recording-finished').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Transcribe' }).click();

    // The Transcription: linked to the session, Succeeded, with timed segments.
    await expect.poll(async () => (await get(`Notes/${session}`)).scribe?.transcription?.id, { timeout: 30_000 }).toBeTruthy();
    const transcriptionId = (await get(`Notes/${session}`)).scribe.transcription.id as string;
    await expect
      .poll(async () => (await get(`Transcriptions/${transcriptionId}`)).status, { timeout: 230_000, interval: 2_000 })
      .toMatch(/Succeeded|Failed/);
    const transcription = await get(`Transcriptions/${transcriptionId}`);
    expect(transcription.status, transcription.error).toBe('Succeeded');
    expect(transcription.provider).toBe('local');
    const segments = transcription.segments as Segment[];
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) {
      expect(s.start).toBeGreaterThanOrEqual(0);
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.end).toBeLessThanOrEqual(seconds + 5);
    }
    const segmentText = new Map(segments.map((s) => [s.id, s.text]));

    // Draft BIRP with the built-in generator on the session screen; the review opens.
    await page.goto(`/scribe/${session}`);
    await expect.poll(() => page.locator('[data-segment-id]').count(), { timeout: 20_000 }).toBe(segments.length);
    await input(page, 'Note format').click();
    await page.getByRole('option', { name: 'BIRP', exact: true }).click();
    await page.getByRole('button', { name: 'Generate BIRP note' }).click();
    await page.waitForURL(/\/scribe\/[^/]+\/review$/, { timeout: 30_000 });

    const noteId = (await get(`Notes/${session}`)).scribe.generatedNote.id as string;
    const note = await get(`Notes/${noteId}`);
    expect(note.generation).toMatchObject({ generator: 'builtin', format: 'BIRP', transcription: { id: transcriptionId } });
    expect((note.sections as { key: string }[]).map((s) => s.key)).toEqual(BIRP_SECTIONS);
    const narrative = (note.sections as { narrative?: string }[]).map((s) => s.narrative ?? '').join('');
    const sentenceText = (id: string) =>
      (new RegExp(`<span data-sentence="${id}"[^>]*>(.*?)</span>`).exec(narrative)?.[1] ?? '').replace(/<[^>]+>/g, '');
    const sentences = note.generation.sentences as { id: string; section: string; evidence: string[]; needsReview: boolean }[];
    // At least one sentence rests on the transcript, or the provenance check below would prove nothing.
    expect(sentences.filter((s) => s.evidence.length > 0).length).toBeGreaterThan(0);
    for (const s of sentences) {
      expect(BIRP_SECTIONS).toContain(s.section);
      if (s.evidence.length === 0) {
        expect(s.needsReview, s.id).toBe(true);
        continue;
      }
      // Provenance: the cited segments exist, and the sentence shares a content word with them.
      for (const id of s.evidence) expect(segmentText.has(id), `${s.id} cites ${id}`).toBe(true);
      const cited = new Set(s.evidence.flatMap((id) => contentWords(segmentText.get(id)!)));
      const text = sentenceText(s.id);
      expect(text, s.id).not.toBe('');
      expect(
        contentWords(text).some((w) => cited.has(w)),
        `${s.id} "${text}" vs ${s.evidence.map((id) => segmentText.get(id)).join(' | ')}`,
      ).toBe(true);
    }
    // On the review screen the unevidenced sentences are the flagged ones.
    await expect.poll(() => page.locator('[data-sentence-id]').count(), { timeout: 20_000 }).toBe(sentences.length);
    expect(await page.locator('[data-sentence-id][data-review]').count()).toBe(sentences.filter((s) => s.needsReview).length);
    const first = sentences.find((s) => s.evidence.length > 0);
    if (first) await page.locator(`[data-sentence-id="${first.id}"]`).focus();
    await saveScreenshot(page, 'scribe-proof-review', { keep: true });
  }, 480_000);
});
