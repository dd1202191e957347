import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Projects: unit tests beside the code (Node and browser-like), and API integration tests that build
// the whole app on a fresh database per file. `npm run test:api` runs every API file on SQLite and on
// PostgreSQL (api-sqlite and api-postgres, side by side in one run), and
// the storage tests again with files in an S3-compatible bucket (TEST_STORAGE=s3, test:api:s3).
const failOnConsoleError = 'tests/support/fail-on-console-error.ts';

/**
 * The API integration tests, which build the whole app on a fresh database per file. `env` chooses the
 * database for the run's global setup (tests/support/database-global-setup.ts); `exclude` leaves out files
 * that do not depend on it.
 */
function apiProject(name: string, env: Record<string, string> = {}, exclude: string[] = []) {
  return {
    test: {
      name,
      include: ['server/**/*.api.test.ts', 'tests/api/**/*.test.ts'],
      exclude: ['**/node_modules/**', ...exclude],
      environment: 'node',
      env,
      globalSetup: ['tests/support/database-global-setup.ts', 'tests/support/storage-global-setup.ts'],
      setupFiles: [failOnConsoleError],
      // Files share their worker's modules (each file still builds its own app on its own database and
      // data directory): importing the whole server once per worker rather than once per file took the
      // run's import time from 216 s to 27 s, and each file runs on warm code (ADR 84).
      isolate: false,
      // Generous: a test here takes a second or two, but a shared CI machine has been seen to stall
      // both workers for over a minute at once. A timeout catches a hang; it measures nothing.
      testTimeout: 90_000,
      hookTimeout: 180_000,
    },
  };
}

export default defineConfig({
  test: {
    // Two files at once even on two cores (Vitest's default there is one): an API file spends most of its
    // time waiting on the databases, LibreOffice and the servers it starts, and the API suites take
    // about half as long (on PostgreSQL 232 s against 400-510 s with one worker). The S3 subset
    // (test:api:s3), whose files each start servers, LibreOffice and the S3-compatible server, runs one
    // file at a time: two at once starved a 2 s job lease there.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          // As in the API projects: files share their worker's modules (ADR 84).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file still gets a fresh jsdom; the worker's modules (React, the app's) are imported once,
          // not once per file: the web run took 68 s alone, 19 s with this (ADR 84).
          isolate: false,
          setupFiles: [
            failOnConsoleError,
            'web/lib/sections-parser/parse-during-render.setup.ts',
            'web/lib/testing-library.setup.ts',
          ],
          // A test here takes well under a second alone; the limit catches a hang (see the setup file).
          testTimeout: 30_000,
        },
      },
      // `--project api` reads TEST_DATABASE and TEST_STORAGE from the environment (one file, one database);
      // npm run test:api runs api-sqlite and api-postgres in one run, their files side by side (ADR 84).
      apiProject('api'),
      apiProject('api-sqlite', { TEST_DATABASE: 'sqlite' }),
      apiProject('api-postgres', { TEST_DATABASE: 'postgres' }, [
        // They test LibreOffice's layout, not the database, and take a minute (README, npm run test:api).
        'server/features/preparation/word-pages.api.test.ts',
        'server/features/preparation/sheets.api.test.ts',
      ]),
      {
        // npm run test:cluster: two nodes behind nginx (tests/support/cluster.ts), one file, in order.
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
