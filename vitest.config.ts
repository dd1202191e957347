import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Projects: unit tests beside the code (Node and browser-like), and API integration tests that build
// the whole app on a fresh database per file. `npm run test:api` runs every API file on SQLite and on
// PostgreSQL in one run, the storage files on PostgreSQL with their files in an S3-compatible bucket.
const failOnConsoleError = 'tests/support/fail-on-console-error.ts';

const API_FILES = ['server/**/*.api.test.ts', 'tests/api/**/*.test.ts'];

/**
 * The files that store, read, serve or back up uploaded bytes. On SQLite they run with the files on disk,
 * on PostgreSQL with the files in an S3-compatible bucket (TEST_STORAGE=s3, s3rver started by the
 * harness): each storage driver and each database runs every one of them, and the database code does not
 * change with the driver (ADR 84). The backup and restore, which copies both, runs on SQLite with S3 too.
 */
const STORAGE_FILES = [
  'server/features/documents/documents.api.test.ts',
  'server/features/archives/archive-upload.api.test.ts',
  'server/features/archives/room-archive.api.test.ts',
  'server/features/reading/viewer.api.test.ts',
  'server/features/reading/watermark.api.test.ts',
  'tests/api/backup-restore.test.ts',
  'tests/api/crash-safety.test.ts',
];

/**
 * The API integration tests, which build the whole app on a fresh database per file. `env` chooses the
 * database and the storage for the project's global setups (tests/support/database-global-setup.ts,
 * storage-global-setup.ts); `exclude` leaves out files that run elsewhere or do not depend on it.
 */
function apiProject(
  name: string,
  env: Record<string, string> = {},
  { include = API_FILES, exclude = [] }: { include?: string[]; exclude?: string[] } = {},
) {
  return {
    test: {
      name,
      include,
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
    // about half as long (on PostgreSQL 232 s against 400-510 s with one worker).
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
      // npm run test:api runs the other four in one run, their files side by side (ADR 84).
      apiProject('api'),
      apiProject('api-sqlite', { TEST_DATABASE: 'sqlite' }),
      apiProject(
        'api-postgres',
        { TEST_DATABASE: 'postgres' },
        {
          exclude: [
            // They test LibreOffice's layout, not the database, and take a minute (README, npm run test:api).
            'server/features/preparation/word-pages.api.test.ts',
            'server/features/preparation/sheets.api.test.ts',
            ...STORAGE_FILES,
          ],
        },
      ),
      apiProject(
        'api-postgres-s3',
        { TEST_DATABASE: 'postgres', TEST_STORAGE: 's3' },
        { include: STORAGE_FILES },
      ),
      apiProject(
        'api-sqlite-s3',
        { TEST_DATABASE: 'sqlite', TEST_STORAGE: 's3' },
        {
          include: ['tests/api/backup-restore.test.ts'],
        },
      ),
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
