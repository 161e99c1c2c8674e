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
          include: ['packages/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
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
    ],
  },
});
