import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Config, parseConfig } from '#server/config';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { consistencyProblems } from '#tests/support/data-consistency';
import { createFounder, type SignedIn, uniquePdf, uploadFile } from '#tests/support/factories';
import { createTestBucket, s3Environment, startS3Server, type TestS3Server } from '#tests/support/s3-server';
import { writtenPdf } from '#tests/support/sample-documents';
import { runScript } from '#tests/support/server-process';
import { overwriteStored, storedBytes, storedNames } from '#tests/support/stored-objects';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// npm run migrate-storage (scripts/migrate-storage.ts; the logic in server/operations/migrate-storage.ts):
// an installation on disk moves its files into a bucket on a real S3-compatible server, and back.

/** Files on disk for the app itself, whatever TEST_STORAGE says: the migration starts from there. */
const ON_DISK = {
  S3_BUCKET: '',
  S3_ENDPOINT: '',
  S3_ACCESS_KEY_ID: '',
  S3_SECRET_ACCESS_KEY: '',
  S3_FORCE_PATH_STYLE: '',
};

let s3: TestS3Server;
let t: TestApp;
let founder: SignedIn;
const documentIds: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp({ environment: ON_DISK });
  founder = await createFounder(t);
  // Real PDFs, prepared into page images, thumbnails and text: dozens of stored objects to move.
  for (let i = 0; i < 6; i++) {
    const response = await uploadFile(t, founder, { name: `deck-${i}.pdf`, bytes: writtenPdf({ pages: 2 }) });
    expect(response.status, response.text).toBe(201);
    documentIds.push((response.json as { document: { id: string } }).document.id);
  }
  await t.app.jobs.whenIdle();
}, 120_000);

afterAll(async () => {
  await t.close();
  await s3.stop();
});

/** The script's environment: the app's DATA_DIR and database, and a bucket. */
function environmentFor(bucket: string): Record<string, string> {
  return {
    DATA_DIR: t.config.dataDir,
    ...(t.config.database.dialect === 'postgres' && { DATABASE_URL: t.config.database.url }),
    ...s3Environment(s3, bucket),
  };
}

/** Every stored object the database names, with its recorded size and SHA-256. */
async function recordedFiles(): Promise<Map<string, string>> {
  const db = t.app.database.db;
  const rows = await db
    .selectFrom('documents')
    .select(['storage_key', 'sha256'])
    .unionAll(db.selectFrom('preview_objects').select(['storage_key', 'sha256']))
    .execute();
  return new Map(rows.map((row) => [row.storage_key, row.sha256]));
}

async function expectEveryFileVerified(config: Config, recorded: Map<string, string>) {
  expect(await storedNames(config)).toEqual([...recorded.keys()].sort());
  for (const [key, sha256] of recorded) {
    const bytes = await storedBytes(config, key);
    expect(bytes && crypto.createHash('sha256').update(bytes).digest('hex'), key).toBe(sha256);
  }
}

/** Runs the script and kills it (SIGKILL, as a crash or a closed terminal would) after `copies` files. */
async function runKilledAfter(copies: number, environment: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/migrate-storage.ts', '--to', 's3'], {
    env: { PATH: process.env.PATH ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if ((output.match(/^copied /gm) ?? []).length >= copies) child.kill('SIGKILL');
  });
  await new Promise((resolve) => child.once('close', resolve));
  return output;
}

test('files move to the bucket, verified; a run killed mid-way resumes without copying twice; and back to disk', async () => {
  const recorded = await recordedFiles();
  expect(recorded.size).toBeGreaterThan(30);
  const bucket = await createTestBucket(s3);
  const environment = environmentFor(bucket);
  const bucketConfig = parseConfig(environment);

  const killed = await runKilledAfter(5, environment);
  expect(killed).not.toContain('Done:');
  const copiedBeforeKill = (await storedNames(bucketConfig)).length;
  expect(copiedBeforeKill).toBeGreaterThanOrEqual(5);
  expect(copiedBeforeKill).toBeLessThan(recorded.size);

  const resumed = await runScript('scripts/migrate-storage.ts', ['--to', 's3'], environment);
  expect(resumed.code, resumed.output).toBe(0);
  const alreadyThere = (resumed.output.match(/^already there /gm) ?? []).length;
  const copied = (resumed.output.match(/^copied /gm) ?? []).length;
  // A copy the killed run had sent may still land in the bucket after the count above: at least what
  // was counted is found, and no file is both found and copied.
  expect(alreadyThere).toBeGreaterThanOrEqual(copiedBeforeKill);
  expect(alreadyThere + copied).toBe(recorded.size);
  expect(resumed.output).toContain(`Done: ${recorded.size} files named by the database`);
  await expectEveryFileVerified(bucketConfig, recorded);

  // Everything is verified in the bucket: now the disk copies may go.
  const moved = await runScript('scripts/migrate-storage.ts', ['--to', 's3', '--delete-source'], environment);
  expect(moved.code, moved.output).toBe(0);
  expect(moved.output).toContain(`Deleted ${recorded.size} files from the source.`);
  expect(await storedNames(t.config)).toEqual([]);

  // And back: the installation on disk again, whole, serving the same bytes.
  const back = await runScript('scripts/migrate-storage.ts', ['--to', 'disk'], environment);
  expect(back.code, back.output).toBe(0);
  expect((back.output.match(/^copied /gm) ?? []).length).toBe(recorded.size);
  await expectEveryFileVerified(t.config, recorded);
  expect(await consistencyProblems(t.app.database.db, t.app.database.dialect, t.config)).toEqual([]);
  const download = await fetch(
    `${t.baseUrl}${apiPath(documentRoutes.download, { params: { id: String(documentIds[0]) } })}`,
    {
      headers: founder.auth,
    },
  );
  expect(download.status).toBe(200);
}, 120_000);

test('a source file that differs from its row is refused by its checksum, named, and not copied', async () => {
  const response = await uploadFile(t, founder, { name: 'damaged.pdf', bytes: uniquePdf() });
  expect(response.status, response.text).toBe(201);
  await t.app.jobs.whenIdle();
  const { storage_key: key } = await t.app.database.db
    .selectFrom('documents')
    .select('storage_key')
    .where('id', '=', (response.json as { document: { id: string } }).document.id)
    .executeTakeFirstOrThrow();
  const original = await storedBytes(t.config, key);
  if (!original) throw new Error('the upload was not stored');
  await overwriteStored(t.config, key, Buffer.concat([original.subarray(0, -1), Buffer.from('!')]));
  try {
    const environment = environmentFor(await createTestBucket(s3));
    const refused = await runScript(
      'scripts/migrate-storage.ts',
      ['--to', 's3', '--delete-source'],
      environment,
    );
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${key} in ${t.config.dataDir}/uploads differs from its row`);
    expect(await storedNames(parseConfig(environment))).not.toContain(key);
    expect(await storedBytes(t.config, key)).toBeDefined();
  } finally {
    await overwriteStored(t.config, key, original);
  }
}, 60_000);

test('without S3_BUCKET, or with a wrong --to, it says what to set and changes nothing', async () => {
  const environment = { DATA_DIR: t.config.dataDir };
  const unset = await runScript('scripts/migrate-storage.ts', ['--to', 's3'], environment);
  expect(unset.code).toBe(1);
  expect(unset.output).toContain('S3_BUCKET is not set');
  const wrong = await runScript('scripts/migrate-storage.ts', ['--to', 'ftp'], environment);
  expect(wrong.code).toBe(1);
  expect(wrong.output).toContain('Usage: npm run migrate-storage -- --to s3|disk');
});
