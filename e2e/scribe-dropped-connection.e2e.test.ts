import { beforeAll, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { waitForServiceWorker } from './support/offline.ts';
import {
  deviceChunks,
  dialogueWav,
  fakeMicrophoneArgs,
  scribeSession,
  sentChunks,
  serverAudio,
  watchSentChunks,
} from './support/scribe-audio.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * A dropped connection mid-recording (issue 22): the network goes for 30 s while the page records,
 * the page is reloaded while still offline (the service worker starts the app), and the network
 * comes back: every chunk the page had stored reaches the server, the recording is finished from
 * the "unfinished recording" card, and the server's audio is every byte the page sent, decoding to
 * about as long as the page says it recorded.
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

it('keeps recording through 30 s offline and a reload, and the audio arrives whole', async () => {
  const { session } = await scribeSession(suite.t, clinician, 'Dropped');
  const path = `/scribe/${session}/record`;
  const page = await suite.signedIn(clinician, { path, context: { serviceWorkers: 'allow' } });
  await waitForServiceWorker(page);
  await watchSentChunks(page);
  const status = page.getByTestId('upload-status');

  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect.poll(() => page.getByTestId('recorder-status').textContent(), { timeout: 15_000 }).toContain('● Recording');
  await expect.poll(async () => (await sentChunks(page)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

  await page.context().setOffline(true);
  // The recorder goes on; its chunks wait on the device.
  await expect.poll(async () => Number(await status.getAttribute('data-pending-chunks')), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await saveScreenshot(page, 'scribe-recording-offline', { keep: true });
  await page.waitForTimeout(30_000 - 8_000);
  const pendingBeforeReload = Number(await status.getAttribute('data-pending-chunks'));
  expect(pendingBeforeReload).toBeGreaterThanOrEqual(5);

  await page.reload();
  const card = page.getByTestId('unfinished-recording');
  await card.waitFor({ timeout: 30_000 });
  const recordedMs = Number(await card.getAttribute('data-recorded-ms'));
  expect(recordedMs).toBeGreaterThan(25_000);

  await page.context().setOffline(false);
  await expect
    .poll(async () => Number(await card.getByTestId('upload-status').getAttribute('data-pending-chunks')), { timeout: 60_000 })
    .toBe(0);
  // What the device holds (the service worker hides request bodies from the test, so count them here).
  const stored = (await deviceChunks(page)).sort((a, b) => a.n - b.n);
  expect(stored.map((c) => c.n)).toEqual([...stored.keys()]);
  const sentBytes = stored.reduce((sum, c) => sum + c.size, 0);
  await card.getByRole('button', { name: 'Finish this recording' }).click();
  const finished = page.getByTestId('recording-finished');
  await finished.waitFor({ timeout: 30_000 });
  const mediaId = (await finished.getAttribute('data-media'))!;

  expect(await deviceChunks(page)).toEqual([]);
  const media = await clinician.client.request('GET', suite.t.practiceUrl(`Media/${mediaId}`));
  expect(media.status, media.text).toBe(200);
  expect(media.body.content.size).toBe(sentBytes);
  const audio = await serverAudio(page, suite.t, mediaId);
  expect(audio.size).toBe(sentBytes);
  // The recording reached as far as the last chunk stored before the reload (one chunk of slack).
  expect(audio.seconds).toBeGreaterThan(recordedMs / 1000 - 1.5);
  expect(audio.seconds).toBeLessThan(recordedMs / 1000 + 1.5);
}, 180_000);
