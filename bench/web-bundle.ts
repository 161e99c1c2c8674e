import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { launchChromium } from '../e2e/support/chromium.ts';
import { printTable } from './support/table.ts';
import { kb, signInCookies, startWebServer, WEB_ROOT } from './web-support.ts';

/**
 * Issue 4: "the default variant's initial JavaScript (target ≤ 250 KB gzipped)".
 *
 * Builds the web client with Vite (production, the project's vite.config.ts) into a temporary
 * folder, so packages/web/dist is left alone, then loads it in Chromium against the real server
 * (Caseload on a fresh database of the machine's PostgreSQL 15; the page's own files are answered
 * from the temporary build) twice, each in a fresh profile: the sign-in page signed out, and the
 * landing page `/` signed in. The initial JavaScript of a page is every script it fetched until
 * the network was idle (no request for 500 ms) after the page showed the signed-in user: the entry,
 * its static imports and every chunk imported dynamically in that time, whether to show the page
 * (the variant, the shell, the page) or started at once beside them (the IndexedDB store's Dexie
 * chunk, which the page's first reads wait for): a chunk fetched in parallel is still counted.
 * Not counted: what is fetched only later, on use or by the warm-ups 3 s after the page's `load`
 * (dialogs, the notification container, the patch generator before the first write, Mantine's
 * whole stylesheet), since the page has shown its data without it. Sizes are what the server sends for `Accept-Encoding:
 * gzip`: the build's `.gz` beside each file (gzip -9), or the file itself below 1 KiB, which the
 * build does not compress. Brotli, which browsers get first, is printed too.
 *
 * Then each page's bytes are split by where the code comes from (npm package, packages/core,
 * packages/web/src/<folder>), from the modules Rolldown put in each chunk, so a miss names its cause.
 *
 * Run: `npx tsx bench/web-bundle.ts` (WEB_BUNDLE_MODULES=30 also lists the 30 largest modules of
 * each page, gzipped alone).
 */

const TARGET_KB = 250;
const LIST_MODULES = Number(process.env.WEB_BUNDLE_MODULES ?? 0);

interface ChunkInfo {
  /** module id → its code as rendered into the chunk */
  modules: Map<string, string>;
}

/** Keeps, for every chunk written, the code each module contributed to it. */
function moduleAttribution(chunks: Map<string, ChunkInfo>): Plugin {
  return {
    name: 'bench:module-attribution',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = new Map<string, string>();
        for (const [id, rendered] of Object.entries(output.modules)) {
          if (rendered.code) modules.set(id, rendered.code);
        }
        chunks.set(output.fileName, { modules });
      }
    },
  };
}

/** Which package or source folder a module belongs to. */
function origin(id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const core = /packages\/core\/src\/([^/]+)/.exec(clean);
  if (core) return `@caseload/core (${core[1]!.replace(/\.ts$/, '')})`;
  const web = /packages\/web\/src\/([^/]+(?:\/[^/]+)?)/.exec(clean);
  if (web) return `web src/${web[1]!.replace(/\.tsx?$/, '')}`;
  return clean.includes('vite') || clean.includes('rolldown') ? 'bundler runtime' : path.basename(clean);
}

const gzipSize = (text: string | Buffer) => zlib.gzipSync(text, { level: 9 }).length;

async function servedSize(dir: string, file: string): Promise<{ raw: number; gzip: number; brotli: number }> {
  const full = path.join(dir, file);
  const raw = (await fs.stat(full)).size;
  const size = async (suffix: string) => (await fs.stat(full + suffix).catch(() => undefined))?.size ?? raw;
  return { raw, gzip: await size('.gz'), brotli: await size('.br') };
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };

/** Answers the page's own files from the build; /api goes to the real server. */
async function serveBuild(context: BrowserContext, origin: string, dir: string, scripts: string[]): Promise<void> {
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(1));
  });
  await context.route(
    (url) => url.origin === origin && !url.pathname.startsWith('/api/'),
    async (route) => {
      const pathname = new URL(route.request().url()).pathname;
      const file = path.join(dir, pathname);
      const isFile = pathname !== '/' && file.startsWith(dir) && (await fs.stat(file).catch(() => undefined))?.isFile();
      const served = isFile ? file : path.join(dir, 'index.html');
      await route.fulfill({ body: await fs.readFile(served), contentType: TYPES[path.extname(served)] ?? 'application/octet-stream' });
    },
  );
}

/**
 * A fresh profile with service workers blocked: the page's own first load is what is measured.
 * The worker (sw.js) is registered after the page has loaded and then caches the whole
 * build in the background, for the next (offline) start; neither is JavaScript the page waits for.
 */
const contextOptions = (url: string) => ({ baseURL: url, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' as const });

const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'caseload-web-bundle-'));
const chunks = new Map<string, ChunkInfo>();
process.env.NODE_ENV = 'production';
const buildStarted = performance.now();
await build({
  root: WEB_ROOT,
  configFile: path.join(WEB_ROOT, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  plugins: [moduleAttribution(chunks)],
  build: { outDir, emptyOutDir: true, manifest: true },
});
console.log(`vite build: ${((performance.now() - buildStarted) / 1000).toFixed(1)} s into ${outDir}`);

const server = await startWebServer('web_bundle');
const browser = await launchChromium();
const PAGE_ONLY = contextOptions(server.url);
try {
  const pages: { name: string; scripts: string[] }[] = [];

  // Signed out: the sign-in page, cold.
  {
    const context = await browser.newContext(PAGE_ONLY);
    const scripts: string[] = [];
    await serveBuild(context, server.url, outDir, scripts);
    const page = await context.newPage();
    await page.goto('/sign-in', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    pages.push({ name: 'sign-in page (signed out)', scripts: [...new Set(scripts)] });
    await context.close();
  }
  // Signed in: the landing page `/`, cold (a new profile holding only the session cookies).
  {
    const context = await browser.newContext(PAGE_ONLY);
    const { cookie } = await signInCookies(server.url);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
      }),
    );
    const scripts: string[] = [];
    await serveBuild(context, server.url, outDir, scripts);
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByTestId('signed-in-email').waitFor();
    await page.waitForLoadState('networkidle');
    pages.push({ name: 'landing page / (signed in)', scripts: [...new Set(scripts)] });
    await context.close();
  }

  const results: { name: string; gzip: number; brotli: number; raw: number; met: boolean }[] = [];
  for (const { name, scripts } of pages) {
    const rows: string[][] = [];
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    const byOrigin = new Map<string, number>();
    const modules: [string, string, number][] = [];
    for (const file of scripts) {
      const size = await servedSize(outDir, file);
      raw += size.raw;
      gzip += size.gzip;
      brotli += size.brotli;
      rows.push([file.replace(/^assets\//, ''), kb(size.raw), kb(size.gzip), kb(size.brotli)]);
      // Split the chunk's gzipped size between the origins of its modules, in proportion to what
      // each origin's code alone compresses to.
      const info = chunks.get(file);
      if (!info) continue;
      const groups = new Map<string, string>();
      for (const [id, code] of info.modules) {
        groups.set(origin(id), (groups.get(origin(id)) ?? '') + code);
        if (LIST_MODULES)
          modules.push([
            file.replace(/^assets\//, ''),
            id.replace(/^.*node_modules\//, '').replace(`${WEB_ROOT}/`, 'web/'),
            gzipSize(code),
          ]);
      }
      const parts = [...groups].map(([o, code]) => [o, gzipSize(code)] as const);
      const total = parts.reduce((s, [, n]) => s + n, 0);
      for (const [o, n] of parts) byOrigin.set(o, (byOrigin.get(o) ?? 0) + (size.gzip * n) / total);
    }
    rows.sort((a, b) => Number(b[2]) - Number(a[2]));
    console.log(`\n${name}: ${scripts.length} scripts\n`);
    printTable(['script', 'raw KB', 'gzip KB', 'brotli KB'], [...rows, ['total', kb(raw), kb(gzip), kb(brotli)]]);
    console.log(`\n${name}: where the gzipped bytes come from (largest first, ≥ 2 KB)\n`);
    printTable(
      ['origin', 'gzip KB (share of its chunk)'],
      [...byOrigin]
        .sort((a, b) => b[1] - a[1])
        .filter(([, n]) => n >= 2048)
        .map(([o, n]) => [o, kb(n)]),
    );
    if (LIST_MODULES) {
      console.log(`\n${name}: the ${LIST_MODULES} largest modules (each gzipped alone)\n`);
      printTable(
        ['chunk', 'module', 'gzip KB'],
        modules
          .sort((a, b) => b[2] - a[2])
          .slice(0, LIST_MODULES)
          .map(([c, m, n]) => [c, m, kb(n)]),
      );
    }
    results.push({ name, raw, gzip, brotli, met: gzip / 1024 <= TARGET_KB });
  }

  console.log(`\nDefault variant, initial JavaScript (target ≤ ${TARGET_KB} KB gzipped):\n`);
  printTable(
    ['page', 'raw KB', 'gzip KB', 'brotli KB', 'target met'],
    results.map((r) => [r.name, kb(r.raw), kb(r.gzip), kb(r.brotli), r.met ? 'yes' : 'NO']),
  );
} finally {
  await browser.close();
  await server.stop();
  await fs.rm(outDir, { recursive: true, force: true });
}
