import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API_REFERENCE_PATH } from '../packages/server/src/routes/api-reference.routes.ts';
import { useBrowserSuite } from './support/browser-suite.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * The browsable API reference (docs/api.md, "Contracts") in Chromium against the real server: a
 * practice administrator opens it, finds an operation under its tag, and reads the answer's schema.
 * Everything the page loads comes from this server; its policy refuses anything else. The
 * reference is public by design (it is docs/openapi.json, with no data in it): without a session
 * it is the same page, and a call made from it still needs one.
 */

const suite = useBrowserSuite();

/** Opens the reference, recording every request that left for another origin and every page error. */
async function openReference(page: Page): Promise<{ foreign: string[]; errors: string[] }> {
  const foreign: string[] = [];
  const errors: string[] = [];
  const origin = new URL(suite.t.url).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin) foreign.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto(`${API_REFERENCE_PATH}/`);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { name: /Caseload API/ }).waitFor();
  return { foreign, errors };
}

describe('the API reference', () => {
  it("shows a signed-in administrator every operation by tag, and an answer's schema", async () => {
    const administrator = await suite.t.createUser({ roles: ['Administrative'] });
    const page = await suite.signedIn(administrator, { context: { viewport: { width: 1280, height: 1400 } } });
    const { foreign, errors } = await openReference(page);

    for (const tag of ['Sessions', 'Resources', 'Content', 'Notes', 'Patients', 'Users', 'Practice']) {
      await page.locator(`h3#operations-tag-${tag}`).waitFor();
    }
    await page.locator('h3#operations-tag-Practice').click();
    const operation = page.locator('#operations-Practice-listGrantSets');
    await operation.getByText('The grant-set catalogue').waitFor();
    await operation.locator('.opblock-summary').click();
    // The 200 answer's schema: the shared GrantSet of core's contract, with its members.
    const answers = operation.locator('.responses-wrapper');
    await answers.getByText('Every grant set.').waitFor();
    await answers.getByRole('tab', { name: 'Schema', exact: true }).first().click();
    const schema = answers.getByRole('tabpanel').first();
    await schema.getByRole('button', { name: 'Expand all' }).first().click();
    await schema.getByText('permissions', { exact: true }).waitFor();
    await schema.getByText('display', { exact: true }).waitFor();
    await operation.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, 'api-reference', { keep: true });

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is the same public page without a session, and calls from it still need one', async () => {
    const page = await suite.newPage();
    const { foreign } = await openReference(page);
    await page.locator('h3#operations-tag-Practice').waitFor();
    expect(foreign).toEqual([]);
    const call = await page.evaluate(
      async (practiceId) => (await fetch(`/api/v1/practices/${practiceId}/GrantSets`)).status,
      suite.t.practiceId,
    );
    expect(call).toBe(401);
  });
});
