import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { parseConfig } from '#server/config';
import { migrateToLatest, openDatabase } from '#server/db/database';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * 'sqlite', or the superuser URL of a PostgreSQL server where each test file makes its database;
     * with either, a database the run migrated once, which a test app starts from (ADR 84).
     */
    testDatabase:
      | { dialect: 'sqlite'; migratedFile: string }
      | { dialect: 'postgres'; adminUrl: string; migratedTemplate: string };
  }
}

/**
 * Runs once per API project in a run. TEST_DATABASE=postgres uses DATABASE_URL when it is given,
 * otherwise a throwaway cluster started here and stopped when the run ends.
 *
 * Each test app used to migrate its own empty database, a second or two of every file on a busy
 * machine; the run migrates one here instead, and each test app starts from a copy of it (a SQLite file
 * copied, a PostgreSQL database made with it as its template). The migrations still run on every
 * dialect, here and in the tests that migrate an empty or older database themselves.
 */
export default async function setup(project: TestProject) {
  // The project's own choice (api-sqlite, api-postgres), else the environment's (the api project).
  const choice = project.config.env.TEST_DATABASE ?? process.env.TEST_DATABASE ?? 'sqlite';
  if (choice === 'sqlite') {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-migrated-'));
    const { database } = parseConfig({ DATA_DIR: directory });
    await migrated(database);
    if (database.dialect !== 'sqlite') throw new Error('a data directory alone names a SQLite file');
    project.provide('testDatabase', { dialect: 'sqlite', migratedFile: database.file });
    return () => fs.rmSync(directory, { recursive: true, force: true });
  }
  if (choice !== 'postgres') throw new Error(`TEST_DATABASE must be sqlite or postgres, not ${choice}`);

  const givenUrl = process.env.DATABASE_URL;
  const cluster: PostgresCluster | undefined = givenUrl ? undefined : await startPostgresCluster();
  const adminUrl = givenUrl ?? (cluster as PostgresCluster).url;
  const migratedTemplate = `roundroom_migrated_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `create database ${migratedTemplate}`);
  const url = new URL(adminUrl);
  url.pathname = `/${migratedTemplate}`;
  await migrated({ dialect: 'postgres', url: url.toString() });
  project.provide('testDatabase', { dialect: 'postgres', adminUrl, migratedTemplate });
  return async () => {
    if (cluster) cluster.stop();
    else await onServer(adminUrl, `drop database if exists ${migratedTemplate} with (force)`);
  };
}

async function migrated(database: Parameters<typeof openDatabase>[0]): Promise<void> {
  const handle = openDatabase(database);
  try {
    await migrateToLatest(handle.db);
  } finally {
    // Closed before any copy: PostgreSQL copies no template another session is connected to.
    await handle.close();
  }
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
