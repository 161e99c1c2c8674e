import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestServer, type TestServer, type TestUser } from '../packages/server/test/harness.ts';
import { launchChromium, newContext } from './support/chromium.ts';
import { expectSignedInAs, signInThroughPage } from './support/web-app.ts';

/**
 * The forms renderer's promise for long forms (issue 6, docs/forms.md): typing into one question
 * re-renders that question alone, not the other rows; a condition re-renders only the row it
 * shows or hides, a calculation only the calculated row. Counted in Chromium on the built client
 * through React's DevTools hook (React calls it on every commit, production builds included):
 * each commit's rendered components are attributed to the form row (data-linkid) they sit in.
 */

const QUESTIONS = 60;
let t: TestServer;
let browser: Browser;
let user: TestUser;
let context: BrowserContext;
let page: Page;
const tag = randomUUID().slice(0, 4).toUpperCase();

/**
 * Installed before the app loads: a stand-in DevTools hook that records, per commit, the rows
 * whose components rendered. A fiber rendered in this commit if React flagged it PerformedWork;
 * a subtree whose child list is its previous version's was not visited at all (React reused it).
 */
const RENDER_COUNTER = `(() => {
  const commits = [];
  window.__formRenders = commits;
  const FUNCTION_TAGS = new Set([0, 1, 11, 14, 15]);
  const HOST = 5;
  const linkIdOf = (fiber) => {
    for (let f = fiber; f; f = f.return) {
      if (f.tag === HOST && f.memoizedProps && f.memoizedProps['data-linkid']) return f.memoizedProps['data-linkid'];
    }
    // The row's own component (FormItem) sits just above its element; a list above the rows is no row.
    const child = fiber.child;
    return (child && child.tag === HOST && child.memoizedProps && child.memoizedProps['data-linkid']) || null;
  };
  const walk = (fiber, rows) => {
    if (FUNCTION_TAGS.has(fiber.tag) && (fiber.flags & 1)) {
      const row = linkIdOf(fiber);
      if (row) rows.add(row);
    }
    if (fiber.alternate && fiber.child === fiber.alternate.child) return;
    for (let child = fiber.child; child; child = child.sibling) walk(child, rows);
  };
  let ids = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { ids += 1; this.renderers.set(ids, renderer); return ids; },
    onCommitFiberRoot(_id, root) { const rows = new Set(); walk(root.current, rows); if (rows.size) commits.push([...rows]); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
    setStrictMode() {},
    checkDCE() {},
  };
})();`;

/** The form: strings, whole numbers summed into a total, and Yes/No toggles each showing a text question. */
function items(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 1; i <= QUESTIONS; i++) {
    const linkId = `q${i}`;
    const text = `Question ${i}`;
    switch (i % 4) {
      case 1:
        out.push({ linkId, type: 'String', text });
        break;
      case 2:
        out.push({ linkId, type: 'Integer', text });
        break;
      case 3:
        out.push({ linkId, type: 'Boolean', variant: 'ToggleButton', text });
        break;
      default:
        out.push({ linkId, type: 'Text', text, enableWhen: [{ question: `q${i - 1}`, operator: '=', answer: true }] });
        break;
    }
  }
  out.push({ linkId: 'total', type: 'Integer', text: 'Total', calculation: { kind: 'Sum', sources: ['q2', 'q6', 'q10'] } });
  return out;
}

async function create(collection: string, body: Record<string, unknown>): Promise<string> {
  const created = await t.request('POST', t.practiceUrl(collection), { body });
  expect(created.status, `${collection}: ${created.text}`).toBe(201);
  return created.body.id as string;
}

/** The rows rendered by what `act` does (once React and the page have settled). */
async function rowsRenderedBy(act: () => Promise<void>): Promise<string[]> {
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await page.evaluate(() => void (window as unknown as { __formRenders: string[][] }).__formRenders.splice(0));
  await act();
  // Past the autosave's debounce too: saving must not re-render the rows either.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1_000)));
  const commits = await page.evaluate(() => (window as unknown as { __formRenders: string[][] }).__formRenders.splice(0));
  return [...new Set(commits.flat())].sort();
}

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer(), launchChromium()]);
  user = await t.createUser({ roles: ['Administrative', 'Prescribing Clinician'] });
  const patient = await create('Patients', {
    resourceType: 'Patient',
    display: `Render${tag}, Pat`,
    names: [{ given: ['Pat'], family: `Render${tag}` }],
    administrativeSex: 'Female',
    birthDate: '1980-01-02',
  });
  const form = await create('Forms', { resourceType: 'Form', title: `Long form ${tag}`, status: 'Active', items: items() });
  const response = await create('QuestionnaireResponses', {
    resourceType: 'QuestionnaireResponse',
    partition: patient,
    completion: 'InProgress',
    answers: {},
    questionnaire: { resourceType: 'Form', id: form },
    subject: { resourceType: 'Patient', id: patient },
  });
  context = await newContext(browser, t.url);
  await context.addInitScript(RENDER_COUNTER);
  page = await context.newPage();
  const path = `/forms/responses/${patient}/${response}`;
  await page.goto(`/sign-in?next=${encodeURIComponent(path)}`);
  await signInThroughPage(page, user.email, TEST_PASSWORD);
  await expectSignedInAs(page, user.email);
  await page.locator(`form[aria-label="Questionnaire"] [data-linkid="q${QUESTIONS - 1}"]`).waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

describe('a long form re-renders only what changed', () => {
  it('counts renders at all (the hook sees the form mount)', async () => {
    await page.reload();
    await page.locator(`form[aria-label="Questionnaire"] [data-linkid="q${QUESTIONS - 1}"]`).waitFor();
    const mounted = await page.evaluate(() => new Set((window as unknown as { __formRenders: string[][] }).__formRenders.flat()).size);
    // Every shown row rendered on mount (the Text rows are hidden until their toggle says Yes).
    expect(mounted).toBeGreaterThanOrEqual((QUESTIONS * 3) / 4);
  });

  it('typing into one question re-renders that question only', async () => {
    const box = page.locator('[data-linkid="q33"] input');
    await box.click();
    expect(await rowsRenderedBy(() => page.keyboard.type('hello', { delay: 30 }))).toEqual(['q33']);
    expect(await box.inputValue()).toBe('hello');
  });

  it('a condition re-renders the question it shows, and the toggle', async () => {
    const rows = await rowsRenderedBy(() => page.locator('[data-linkid="q39"]').getByText('Yes', { exact: true }).click());
    expect(rows).toEqual(['q39', 'q40']);
    await page.locator('[data-linkid="q40"] textarea').first().waitFor();
  });

  it('a calculation re-renders the calculated question, not the rest', async () => {
    const box = page.locator('[data-linkid="q6"] input');
    await box.click();
    expect(await rowsRenderedBy(() => page.keyboard.type('12', { delay: 30 }))).toEqual(['q6', 'total']);
    await expect.poll(() => page.locator('[data-linkid="total"] input').inputValue()).toBe('12');
  });
});
