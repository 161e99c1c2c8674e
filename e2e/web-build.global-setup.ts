import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web');

/**
 * Builds the web client into packages/web/dist before the browser tests, so they drive exactly
 * the code in the tree, served by the real server the way production serves it. The build runs
 * in its own process: inside Vitest NODE_ENV is `test`, which would give React's development build.
 * CASELOAD_E2E_SKIP_BUILD=true uses the build already there; CASELOAD_WEB_DIST builds into (and
 * the server serves) another folder, so two test runs on one machine don't empty each other's build.
 */
export default async function setup(): Promise<void> {
  if (process.env.CASELOAD_E2E_SKIP_BUILD === 'true') return;
  const vite = path.join(path.dirname(createRequire(path.join(WEB, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
  const outDir = process.env.CASELOAD_WEB_DIST ? ['--outDir', process.env.CASELOAD_WEB_DIST, '--emptyOutDir'] : [];
  await promisify(execFile)(process.execPath, [vite, 'build', '--logLevel', 'warn', ...outDir], {
    cwd: WEB,
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
