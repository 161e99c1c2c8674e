import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, no database) and `int` (the real server over HTTP against a
 * real PostgreSQL: the embedded one, or the machine's PostgreSQL 15 when CASELOAD_TEST_DB=pg15).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // One module graph per worker, not per file: most of a run was importing the same modules
          // again for every file. Unit tests keep no state between files.
          isolate: false,
          include: ['packages/*/src/**/*.test.ts', 'packages/web/build/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['packages/*/src/**/*.int.test.ts', 'packages/*/test/**/*.int.test.ts'],
          // As for unit: each file starts its own server in its own practice network, so files share
          // nothing but the imported modules, which need not be evaluated again for every file.
          isolate: false,
          globalSetup: ['packages/server/test/database.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Browser tests: the real server serving the freshly built web client, driven in Debian's
        // Chromium by playwright-core (e2e/). Run: npx vitest run --project e2e
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['packages/server/test/database.global-setup.ts', 'e2e/web-build.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // On CI's shared two-core machine a browser can stall past a wait while the other suites
          // load it; a test that fails twice running is a failure, one that fails once is retried.
          retry: 1,
          // A page's answer may take seconds on a loaded machine; expect.poll's own default is 1 s.
          expect: { poll: { timeout: 10_000 } },
          // As for unit and int: each file starts its own server and browser; files share only the
          // imported modules. One file at a time: two browsers at once on two cores stalled pages.
          isolate: false,
        },
      },
    ],
  },
});
