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
          include: ['packages/*/src/**/*.test.ts', 'packages/web/build/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['packages/*/src/**/*.int.test.ts', 'packages/*/test/**/*.int.test.ts'],
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
        },
      },
    ],
  },
});
