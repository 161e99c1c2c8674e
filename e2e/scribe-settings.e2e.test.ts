import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../packages/server/test/harness.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The scribe settings tab and the speech rules (issue 22) in Chromium against the real server: an
 * administrator points transcription at an OpenAI-compatible endpoint with a key that never comes
 * back (not in the page, not in any answer the browser receives), and keeps session audio 30 days;
 * a clinician adds a personal speech rule, sees the standard ones, and is offered no scribe settings.
 */

const KEY = `sk-e2e-${randomBytes(12).toString('hex')}`;
const suite = useBrowserSuite({ env: () => ({ scribe: { secretKey: randomBytes(32) } }) as never });
let administrator: TestUser;
let clinician: TestUser;

beforeAll(async () => {
  [administrator, clinician] = await Promise.all([
    suite.t.createUser({ roles: ['Administrative'] }),
    suite.t.createUser({ roles: ['Non-Prescribing Clinician'] }),
  ]);
});

describe('scribe settings', () => {
  it('keep an OpenAI-compatible key as "set" and never show it', async () => {
    const page = await suite.signedIn(administrator, { path: '/administration/scribe' });
    const answers: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/'))
        void r.text().then(
          (t) => answers.push(t),
          () => undefined,
        );
    });
    await page.getByRole('heading', { name: 'Scribe settings', level: 2 }).waitFor();
    await page.getByRole('radiogroup', { name: 'Transcription provider' }).getByText('OpenAI-compatible').click();
    await page.getByLabel('Base URL').first().fill('https://whisper.example.org/v1');
    await page.getByLabel('Model').first().fill('whisper-large-v3');
    await page.getByRole('button', { name: 'Add a key' }).first().click();
    await page.getByLabel('New transcription API key').fill(KEY);
    await page.getByRole('button', { name: 'Save providers' }).click();
    await page.getByText('Providers saved.').waitFor();

    const read = await suite.t.request('GET', 'scribe/settings');
    expect(read.body.transcription).toMatchObject({
      provider: 'openai-compatible',
      baseUrl: 'https://whisper.example.org/v1',
      model: 'whisper-large-v3',
      apiKey: 'set',
    });

    await page.reload();
    await page.getByTestId('transcription-key-state').filter({ hasText: /^set$/ }).waitFor();
    await expect.poll(() => page.getByLabel('Base URL').first().inputValue()).toBe('https://whisper.example.org/v1');
    expect(await page.content()).not.toContain(KEY);
    await page.waitForLoadState('networkidle');
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) expect(a).not.toContain(KEY);
    await page.setViewportSize({ width: 1280, height: 1500 });
    await saveScreenshot(page, 'scribe-settings', { keep: true });
  });

  it('keep session audio 30 days, and 14 days for a session never signed', async () => {
    const page = await suite.signedIn(administrator, { path: '/administration/scribe' });
    await page.getByRole('radio', { name: 'Keep for a number of days after signing' }).click();
    await page.getByLabel('Days to keep', { exact: true }).fill('30');
    await page.getByLabel('Days to keep audio of a session never signed').fill('14');
    await page.getByRole('button', { name: 'Save audio retention' }).click();
    await expect
      .poll(async () => (await suite.t.request('GET', 'PracticePreferences')).body[0]?.scribeAudioRetention, { timeout: 15_000 })
      .toEqual({ mode: 'KeepDays', days: 30, unsignedDays: 14 });
  });

  it('are not offered to a clinician', async () => {
    const page = await suite.signedIn(clinician, { path: '/administration' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('tab', { name: 'Scribe settings' }).count()).toBe(0);
    await page.goto(new URL('/administration/scribe', page.url()).href);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Scribe settings' }).count()).toBe(0);
  });
});

describe('speech rules', () => {
  it('a clinician adds a personal rule and sees the standard ones', async () => {
    const page = await suite.signedIn(clinician, { path: '/snippets' });
    await page.getByRole('heading', { name: 'Speech rules', level: 2 }).waitFor();
    await page.getByRole('table', { name: 'Standard speech rules' }).getByRole('cell', { name: 'PHQ-9', exact: true }).waitFor();
    // A retry starts from what the server has: the rule may be there already.
    const existing = (await suite.t.request('GET', 'SpeechRules')).body as { spoken: string }[];
    if (!existing.some((r) => r.spoken === 'safety plan')) {
      await page.getByRole('button', { name: 'Add speech rule' }).click();
      await page.getByLabel('Spoken').fill('safety plan');
      await page.getByLabel('Written').fill('Stanley-Brown safety plan');
      await page.getByRole('button', { name: 'Save rule' }).click();
    }
    await page.getByRole('table', { name: 'Speech rules' }).getByRole('cell', { name: 'Stanley-Brown safety plan' }).waitFor();
    await expect
      .poll(async () =>
        ((await suite.t.request('GET', 'SpeechRules')).body as Record<string, unknown>[]).find((r) => r.spoken === 'safety plan'),
      )
      .toMatchObject({ written: 'Stanley-Brown safety plan', scope: 'personal', author: { id: clinician.profile.id } });
    await page.getByRole('form', { name: 'Speech rule' }).waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 1300 });
    await saveScreenshot(page, 'speech-rules', { keep: true });
  });
});
