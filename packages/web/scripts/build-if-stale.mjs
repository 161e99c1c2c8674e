#!/usr/bin/env node
// Builds the web client when packages/web/dist is missing or older than its sources, so
// `npm start` always serves the client in the tree without rebuilding it on every start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// CASELOAD_WEB_DIST: build into (and the server serves) another folder than packages/web/dist.
const outDir = process.env.CASELOAD_WEB_DIST ? path.resolve(process.env.CASELOAD_WEB_DIST) : path.join(web, 'dist');
const built = path.join(outDir, 'index.html');
const sources = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'build'),
  path.join(web, 'package.json'),
  path.join(web, '../core/src'),
];

/** The newest modification time of a file, or of any file under a folder. */
function newest(target) {
  const stats = fs.statSync(target, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return fs.readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), stats.mtimeMs);
}

const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...sources.map(newest));
if (builtAt >= changedAt) {
  console.log(`web client: up to date (${path.relative(process.cwd(), outDir) || outDir})`);
} else {
  console.log(builtAt ? 'web client: sources changed, rebuilding...' : 'web client: not built yet, building...');
  const vite = path.join(path.dirname(fileURLToPath(import.meta.resolve('vite/package.json'))), 'bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  process.exit(result.status ?? 1);
}
