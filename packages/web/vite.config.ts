import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
              brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
              gzip(bytes, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

/**
 * Production: `vite build` writes packages/web/dist, which the server serves (one origin, so the
 * session cookie and the XSRF pair just work). Development: `vite` serves the client and proxies
 * /api to a running server (CASELOAD_API, default http://127.0.0.1:8080), again one origin.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Issue 4's support floor (Chrome 138, Edge 137, Firefox 140, Safari 18.4) is newer than this.
    target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
    rolldownOptions: {
      // packages/core is pure (STYLE.md 1: no I/O, no import-time effects), so whatever of it the
      // client does not use (the grant-set catalogue, the patch engine...) stays out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id) },
    },
  },
  server: {
    proxy: { '/api': process.env.CASELOAD_API ?? 'http://127.0.0.1:8080' },
  },
});
