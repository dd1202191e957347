import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseConfig } from '#server/config';
import { openDatabase } from '#server/db/database';
import { PREPARE_SMALL_DOCUMENT_JOB } from '#server/features/documents';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { healthRoutes } from '#shared/contracts/health';
import { createFounder, type SignedIn, uploadFile } from '#tests/support/factories';
import { sampleDocx } from '#tests/support/sample-documents';
import { type ServerProcess, startServerProcess } from '#tests/support/server-process';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-app';
import { MULTIPART_BOUNDARY, multipartBody } from '#tests/support/uploads';

// SIGTERM drains the real process (ADR 50): what is in flight finishes, what is new goes elsewhere,
// and a running job is handed back for another node to take at once.
const PROCESS_TEST_TIMEOUT_MS = 90_000;

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-drain-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const startServer = () =>
  startServerProcess({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SHUTDOWN_IDLE_CONNECTIONS_MS: '5000',
    ...database.environment,
  });

/** The jobs of a kind enqueued since `since` (epoch ms): earlier tests' jobs are not this test's. */
async function jobsOf(kind: string, since: number) {
  const handle = openDatabase(parseConfig({ DATA_DIR: dataDir, ...database.environment }).database);
  try {
    return await handle.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', kind)
      .where('created_at', '>=', since)
      .execute();
  } finally {
    await handle.close();
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, withinMs = 30_000) {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

interface Answer {
  status: number | undefined;
  connection: string | undefined;
  body: string;
}

function answerOf(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode, connection: response.headers.connection, body }),
      );
    });
  });
}

/** An upload whose body is held back after its first bytes until `finish` is called. */
function heldUpload(baseUrl: string, founder: SignedIn) {
  const { body, headers } = multipartBody([
    { name: 'file', filename: 'held.pdf', contentType: 'application/pdf', content: '%PDF-1.7\n% held\n' },
  ]);
  expect(headers['content-type']).toContain(MULTIPART_BOUNDARY);
  const request = http.request(`${baseUrl}${apiPath(documentRoutes.upload)}`, {
    method: 'POST',
    headers: { ...founder.auth, ...headers, 'content-length': String(body.length) },
  });
  const answered = answerOf(request);
  request.write(body.subarray(0, 40));
  return { answered, finish: () => request.end(body.subarray(40)) };
}

test(
  'after SIGTERM a request in flight completes, a kept-alive connection is answered and closed, and new connections are refused',
  async () => {
    const server: ServerProcess = await startServer();
    const founder = await createFounder(server);
    const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const onKeptConnection = () =>
      answerOf(http.get(`${server.baseUrl}${apiPath(healthRoutes.health)}`, { agent: keptAlive }));
    expect((await onKeptConnection()).connection).toBe('keep-alive');

    const upload = heldUpload(server.baseUrl, founder);
    await sleep(200);
    server.child.kill('SIGTERM');
    await until(() => server.output().includes('shutting down'), 'the drain to begin');

    const onNewConnection = answerOf(
      http.get(`${server.baseUrl}${apiPath(healthRoutes.health)}`, { agent: false }),
    );
    await expect(onNewConnection).rejects.toThrow(/ECONNREFUSED/);
    const onOldConnection = await onKeptConnection();
    expect(onOldConnection).toMatchObject({ status: 200, connection: 'close' });

    upload.finish();
    const uploaded = await upload.answered;
    expect(uploaded.status, uploaded.body).toBe(201);
    expect(uploaded.connection).toBe('close');
    expect(await server.exited).toBe(0);
    keptAlive.destroy();
  },
  PROCESS_TEST_TIMEOUT_MS,
);

test(
  'after SIGTERM a running job is handed back at once, not counted, and the next server finishes it',
  async () => {
    const first = await startServer();
    const founder = await createFounder(first);
    const since = Date.now();
    const uploaded = await uploadFile(first, founder, { name: 'memo.docx', bytes: sampleDocx(15) });
    expect(uploaded.status, uploaded.text).toBe(201);
    await until(
      async () => (await jobsOf(PREPARE_SMALL_DOCUMENT_JOB, since)).some((job) => job.status === 'running'),
      'the preparation to start',
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const [handedBack] = await jobsOf(PREPARE_SMALL_DOCUMENT_JOB, since);
    expect(handedBack).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });

    const second = await startServer();
    try {
      await until(
        async () =>
          (await jobsOf(PREPARE_SMALL_DOCUMENT_JOB, since)).every((job) => job.status === 'succeeded'),
        'the next server to finish the preparation',
        60_000,
      );
      expect((await jobsOf(PREPARE_SMALL_DOCUMENT_JOB, since))[0]).toMatchObject({
        status: 'succeeded',
        attempts: 1,
      });
    } finally {
      await second.stop();
    }
  },
  PROCESS_TEST_TIMEOUT_MS,
);
