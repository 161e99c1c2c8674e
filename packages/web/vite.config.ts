import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputBundle, PluginContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenChunks } from './build/first-screen-chunks.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `x.br` and `x.gz` beside each text asset of the build, compressed once at the highest
 * levels, so the server (packages/server/src/routes/web.routes.ts) sends them with no work per
 * request.
 */
function precompress(): Plugin {
  return {
    name: 'caseload:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => /\.(js|css|svg|json|html)$/.test(name))
          .map(async (name) => {
            const file = path.join(dir, name);
            const bytes = await fs.readFile(file);
            if (bytes.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
              }),
              gzip(bytes, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

/** The service worker's source (src/service-worker/sw.ts), built beside the app as /sw.js. */
const WEB_ROOT = path.dirname(fileURLToPath(import.meta.url));
const SERVICE_WORKER = path.join(WEB_ROOT, 'src/service-worker/sw.ts');
const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Gives the service worker this build's file list and version (`self.__CASELOAD_PRECACHE__`, put
 * before its code): every script, stylesheet and image of the build and every file of public/,
 * for an offline start on any page. The version is a digest of the file names (content-hashed)
 * and of the files whose names carry no hash, so any change of the app makes a new /sw.js, which
 * is how browsers learn that there is a new build to cache (docs/architecture.md, "Service
 * worker").
 */
function servicePrecache(): Plugin {
  let publicDir = '';
  return {
    name: 'caseload:service-worker-precache',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // Last: Vite's own CSS plugin drops the empty script of a stylesheet-only chunk in this hook.
    generateBundle: { order: 'post', handler: precacheManifest },
  };

  async function precacheManifest(this: PluginContext, _options: unknown, bundle: OutputBundle): Promise<void> {
    const worker = bundle[SERVICE_WORKER_FILE];
    if (!worker || worker.type !== 'chunk') return this.error(`The service worker (${SERVICE_WORKER}) was not built.`);
    // A classic worker script: an import or export left by the bundler would not even parse.
    if (/^\s*(import|export)\b/m.test(worker.code))
      return this.error('The service worker must bundle to a script with no import or export.');
    const publicFiles = publicDir ? await fs.readdir(publicDir, { recursive: true, withFileTypes: true }).catch(() => []) : [];
    const digest = createHash('sha256');
    const files: string[] = [];
    for (const entry of publicFiles) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      files.push(`/${path.relative(publicDir, file).split(path.sep).join('/')}`);
      digest.update(await fs.readFile(file));
    }
    for (const [name, output] of Object.entries(bundle)) {
      if (name === SERVICE_WORKER_FILE || !/\.(js|css|svg|png|woff2?)$/.test(name)) continue;
      files.push(`/${name}`);
      if (output.type === 'asset' && !/-[\w-]{8,}\.\w+$/.test(name)) digest.update(output.source);
    }
    files.sort();
    const page = bundle['index.html'];
    if (page?.type === 'asset') digest.update(page.source);
    digest.update(files.join('\n'));
    const precache = { version: digest.digest('hex').slice(0, 16), files };
    worker.code = `self.__CASELOAD_PRECACHE__ = ${JSON.stringify(precache)};\n${worker.code}`;
  }
}

/** The first screens' modules in a chunk per screen (build/first-screen-chunks.ts). */
const firstScreen = firstScreenChunks(WEB_ROOT, {
  legacyVariant: 'src/variants/legacy/LegacyVariant.ts',
  defaultVariant: 'src/variants/default/DefaultVariant.tsx',
  mobileVariant: 'src/variants/mobile/MobileVariant.tsx',
  signedInShell: 'src/app/SignedInShell.tsx',
});

/**
 * Production: `vite build` writes packages/web/dist, which the server serves (one origin, so the
 * session cookie and the XSRF pair just work). Development: `vite` serves the client and proxies
 * /api to a running server (CASELOAD_API, default http://127.0.0.1:8080), again one origin.
 */
export default defineConfig({
  plugins: [react(), firstScreen.plugin, servicePrecache(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: each entry's file, imports and stylesheets, which the server reads
    // to hint the first screen's chunks in the page (packages/server/src/routes/page-hints.ts).
    manifest: true,
    // Issue 4's support floor (Chrome 138, Edge 137, Firefox 140, Safari 18.4) is newer than this.
    target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
    rolldownOptions: {
      // packages/core is pure (STYLE.md 1: no I/O, no import-time effects), so whatever of it the
      // client does not use (the grant-set catalogue, the patch engine...) stays out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id) },
      // The app's page, and the service worker at a fixed address (its scope is the whole origin).
      input: { index: path.join(WEB_ROOT, 'index.html'), sw: SERVICE_WORKER },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? SERVICE_WORKER_FILE : 'assets/[name]-[hash].js'),
        codeSplitting: { groups: firstScreen.groups },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.CASELOAD_API ?? 'http://127.0.0.1:8080' },
  },
});
