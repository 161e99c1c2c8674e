import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { dialogueWav, fakeMicrophoneArgs, scribeSession, sentChunks, serverAudio, watchSentChunks } from './support/scribe-audio.ts';
import { expectSignedInAs, saveScreenshot, signInThroughPage } from './support/web-app.ts';
import { TEST_PASSWORD } from '../packages/server/test/harness.ts';

/**
 * Recording a scribe session in Chromium (issue 22): the fake microphone plays an espeak-ng
 * dialogue; the page records it through the real MediaRecorder, sends chunks through the content
 * chunk calls and commits; the server's Media then holds every byte the page sent, and its audio
 * decodes to about as long as the page says it recorded. Also: a patient without consent, and a
 * refused microphone.
 */

let wav: string;
beforeAll(async () => {
  wav = await dialogueWav();
});
const suite = useBrowserSuite({ chromiumArgs: () => fakeMicrophoneArgs(wav) });
let clinician: TestUser;

beforeAll(async () => {
  clinician = await suite.t.createUser({ roles: ['Non-Prescribing Clinician'] });
});

const seconds = (text: string | null) => {
  const [m, s] = (text ?? '0:00').split(':').map(Number);
  return m! * 60 + s!;
};

describe('recording a session', () => {
  it('records about ten seconds and the server has the audio whole', async () => {
    const { session } = await scribeSession(suite.t, clinician, 'Recorded');
    const page = await suite.signedIn(clinician, { path: `/scribe/${session}/record` });
    await watchSentChunks(page);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect.poll(() => page.getByTestId('recorder-status').textContent(), { timeout: 15_000 }).toContain('● Recording');
    // The meter moves: the fake microphone is speaking.
    await expect
      .poll(async () => Number(await page.getByRole('meter', { name: 'Microphone level' }).getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    await expect.poll(async () => seconds(await page.getByTestId('elapsed').textContent()), { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    await saveScreenshot(page, 'scribe-recording', { keep: true });

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.getByTestId('recorder-status').textContent(), { timeout: 5_000 }).toBe('Paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(async () => seconds(await page.getByTestId('elapsed').textContent()), { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    const elapsed = seconds(await page.getByTestId('elapsed').textContent());
    await page.getByRole('button', { name: 'Stop and finish' }).click();

    const finished = page.getByTestId('recording-finished');
    await finished.waitFor({ timeout: 30_000 });
    const mediaId = (await finished.getAttribute('data-media'))!;
    const sent = await sentChunks(page);
    const sentBytes = sent.reduce((sum, [, size]) => sum + size, 0);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.map(([n]) => n)).toEqual([...sent.keys()]);

    const media = await clinician.client.request('GET', suite.t.practiceUrl(`Media/${mediaId}`));
    expect(media.status, media.text).toBe(200);
    expect(media.body).toMatchObject({ recordingPurpose: 'session', scribeSession: { id: session }, content: { size: sentBytes } });
    expect(media.body.content.contentType).toMatch(/^audio\/webm/);
    const audio = await serverAudio(page, suite.t, mediaId);
    expect(audio.size).toBe(sentBytes);
    expect(audio.seconds).toBeGreaterThan(elapsed - 2);
    expect(audio.seconds).toBeLessThan(elapsed + 2);

    // Transcribe: this server has no provider, and the page says so in the server's words.
    await page.getByRole('button', { name: 'Transcribe' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'No transcription provider is configured' }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect(page.getByRole('link', { name: 'Back to the session' }).first().getAttribute('href')).resolves.toBe(`/scribe/${session}`);
  }, 120_000);

  it('without the patient’s consent shows the server’s refusal, records the verbal consent, then records', async () => {
    const { session } = await scribeSession(suite.t, clinician, 'Unconsented', false);
    const page = await suite.signedIn(clinician, { path: `/scribe/${session}/record` });
    await page.getByRole('button', { name: 'Start recording' }).click();
    const refusal = page.getByTestId('consent-required');
    await expect.poll(() => refusal.textContent(), { timeout: 15_000 }).toContain('The patient has no active consent to recording.');
    await expect(page.getByTestId('recorder-status').textContent()).resolves.toBe('Not recording');
    await refusal.getByRole('button', { name: 'Record verbal consent' }).click();
    await expect.poll(() => page.getByTestId('recorder-status').textContent(), { timeout: 20_000 }).toContain('● Recording');
    await page.getByRole('button', { name: 'Stop and finish' }).click();
    await page.getByTestId('recording-finished').waitFor({ timeout: 30_000 });
  }, 90_000);
});

describe('a refused microphone', () => {
  let denying: Browser;
  afterAll(async () => {
    await denying?.close();
  });

  it('shows the refused state, and recording does not start', async () => {
    const { session } = await scribeSession(suite.t, clinician, 'Refused');
    // No fake UI: the permission prompt is denied.
    denying = await launchChromium(['--use-fake-device-for-media-stream', '--deny-permission-prompts']);
    const context = await newContext(denying, suite.t.url);
    const page = await context.newPage();
    await page.goto(`/sign-in?next=${encodeURIComponent(`/scribe/${session}/record`)}`);
    await signInThroughPage(page, clinician.email, TEST_PASSWORD);
    await expectSignedInAs(page, clinician.email);
    await page.getByRole('button', { name: 'Start recording' }).click();
    const problem = page.getByTestId('microphone-problem');
    await expect.poll(() => problem.textContent(), { timeout: 15_000 }).toContain('Microphone access was refused');
    await expect(page.getByTestId('recorder-status').textContent()).resolves.toBe('Not recording');
    await context.close();
  }, 60_000);
});
