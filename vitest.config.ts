import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tests that start real server processes (each with its own embedded PostgreSQL or a pair of copies)
 * run after the others, one file at a time: run beside each other on two cores their start-ups time out.
 */
const PROCESS_TESTS = [
  'apps/server/src/main.test.ts',
  'apps/server/src/main.crash.test.ts',
  'apps/server/src/modules/selling/selling.two-copies.test.ts',
  'apps/server/src/modules/inventory/inventory-import.crash.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core, not vitest's default of one fewer: the tests spend much of their time waiting on the
    // shared PostgreSQL, so on a 2-core machine two workers took the suite from 1 249 s to 762 s (measured under load).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
          ],
          exclude: PROCESS_TESTS,
          setupFiles: ['apps/web/src/i18n/missing-keys.setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'process', include: PROCESS_TESTS, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
