import type { TestProject } from 'vitest/node';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** 'sqlite', or the superuser URL of a PostgreSQL server where each test file makes its database. */
    testDatabase: { dialect: 'sqlite' } | { dialect: 'postgres'; adminUrl: string };
  }
}

/**
 * Runs once per API test run. TEST_DATABASE=postgres uses DATABASE_URL when it is given, otherwise a
 * throwaway cluster started here and stopped when the run ends.
 */
export default async function setup(project: TestProject) {
  const choice = process.env.TEST_DATABASE ?? 'sqlite';
  if (choice === 'sqlite') {
    project.provide('testDatabase', { dialect: 'sqlite' });
    return;
  }
  if (choice !== 'postgres') throw new Error(`TEST_DATABASE must be sqlite or postgres, not ${choice}`);

  const givenUrl = process.env.DATABASE_URL;
  if (givenUrl) {
    project.provide('testDatabase', { dialect: 'postgres', adminUrl: givenUrl });
    return;
  }
  const cluster: PostgresCluster = await startPostgresCluster();
  project.provide('testDatabase', { dialect: 'postgres', adminUrl: cluster.url });
  return () => cluster.stop();
}
