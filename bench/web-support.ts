import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../packages/server/src/demo/demo-practice.ts';
import { CASELOAD_SERVER, REPO_ROOT, startChildServer, type ChildServer } from './support/child-server.ts';
import { createFreshDatabase, dropDatabase, ensurePostgres } from './support/postgres.ts';

/**
 * What the web-client benchmarks (bench/web-*.ts) share: the real server with the built client,
 * on a fresh database of the machine's PostgreSQL 15, and a signed-in user of its demo practice.
 */

export const WEB_ROOT = path.join(REPO_ROOT, 'packages/web');

/**
 * The demo practice's Administrative user (packages/server/src/demo/demo-practice.ts): a fresh
 * database on a loopback server gets the demo practice, and this user may write Locations.
 */
export const DEMO_ADMINISTRATIVE = { email: 'administrative@demo.caseload.local', password: DEMO_PASSWORD, practiceId: 'demo' };

/** Builds packages/web/dist when its sources are newer (what `npm start` does), in production mode. */
export function ensureWebBuilt(): void {
  const result = spawnSync(process.execPath, [path.join(WEB_ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: WEB_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`building the web client failed (exit ${result.status})`);
}

export interface WebServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Caseload (`packages/server/src/main.ts`) in its own process on a fresh database, serving
 * packages/web/dist, with the demo practice (no bootstrap administrator, loopback only).
 */
export async function startWebServer(label: string, env: Record<string, string> = {}): Promise<WebServer> {
  await ensurePostgres();
  const database = `caseload_bench_${label}`;
  const databaseUrl = await createFreshDatabase(database);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `caseload-bench-${label}-`));
  let server: ChildServer;
  try {
    server = await startChildServer(
      CASELOAD_SERVER,
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        CASELOAD_DATA_DIR: dataDir,
        CASELOAD_ADMIN_EMAIL: '',
        CASELOAD_ADMIN_PASSWORD: '',
        ...env,
      },
      'caseload',
    );
  } catch (error) {
    await dropDatabase(database);
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await dropDatabase(database);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in over HTTP as a browser would; answers the cookies (session and XSRF) as one header. */
export async function signInCookies(baseUrl: string, account = DEMO_ADMINISTRATIVE): Promise<{ cookie: string; xsrf: string }> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const probe = await fetch(`${baseUrl}/api/v1/auth/session`);
  await probe.arrayBuffer();
  keep(probe);
  const xsrf = () => decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '');
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { cookie: header(), 'x-xsrf-token': xsrf(), 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${account.email} failed: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  keep(response);
  return { cookie: header(), xsrf: xsrf() };
}

/** Signs in through the sign-in page and waits for the shell. */
export async function signInThroughPage(page: Page, account = DEMO_ADMINISTRATIVE): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('signed-in-email').waitFor({ timeout: 30_000 });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
