import type { TestProject } from 'vitest/node';
import { startS3Server } from './s3-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** 'disk' (DATA_DIR/uploads), or an S3-compatible server on which each test app makes its bucket. */
    testStorage:
      | { driver: 'disk' }
      | { driver: 's3'; endpoint: string; accessKeyId: string; secretAccessKey: string; directory: string };
  }
}

/**
 * Runs once per API project in a run. TEST_STORAGE=s3 starts one S3-compatible server (s3rver) for the
 * project; every test app then stores its files in a bucket of its own there (tests/support/test-app.ts).
 */
export default async function setup(project: TestProject) {
  // The project's own choice (api-postgres-s3), else the environment's (the api project).
  const choice = project.config.env.TEST_STORAGE ?? process.env.TEST_STORAGE ?? 'disk';
  if (choice === 'disk') {
    project.provide('testStorage', { driver: 'disk' });
    return;
  }
  if (choice !== 's3') throw new Error(`TEST_STORAGE must be disk or s3, not ${choice}`);
  const server = await startS3Server();
  const { endpoint, accessKeyId, secretAccessKey, directory } = server;
  project.provide('testStorage', { driver: 's3', endpoint, accessKeyId, secretAccessKey, directory });
  return () => server.stop();
}
