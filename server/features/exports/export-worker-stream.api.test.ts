import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createFounder } from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { type ExportJob, PIECE_BYTES, PIECES_IN_FLIGHT } from './export-thread-messages';
import { sendCsvFromWorker } from './export-worker-stream';

/**
 * The pace between an export's thread and its response (ADR 42), on a log of some eighty pieces (2 MB): the
 * thread runs at most PIECES_IN_FLIGHT pieces ahead of what the response has written, a client that
 * leaves ends it, and a failure cuts the response.
 */

const EVENTS = 20_000;

let t: TestApp;
let job: ExportJob;
beforeAll(async () => {
  t = await startTestApp();
  const founder = await createFounder(t);
  const room = await t.app.database.db
    .selectFrom('data_rooms')
    .select(['id', 'owner_id'])
    .where('owner_id', '=', founder.user.id)
    .executeTakeFirstOrThrow();
  const start = Date.UTC(2026, 0, 1);
  const events = Array.from({ length: EVENTS }, (_, index) => ({
    id: crypto.randomUUID(),
    room_id: room.id,
    user_id: null,
    invitation_id: null,
    document_id: null,
    document_title: `Pitch site ${index}`,
    url: `https://example.com/pitch/${index}`,
    action: 'clicked' as const,
    occurred_at: start + index * 1000,
    ip: '127.0.0.1',
    user_agent: null,
  }));
  for (let from = 0; from < EVENTS; from += 1000)
    await t.app.database.db
      .insertInto('access_events')
      .values(events.slice(from, from + 1000))
      .execute();
  job = {
    database: t.config.database,
    appUrl: t.config.appUrl,
    kind: 'access-log',
    scope: { roomId: room.id, fromMs: null, toMs: null, userId: null, group: null },
    ownerId: room.owner_id,
  };
});
afterAll(() => t.close());

const noFailure = (error: Error) => {
  throw error;
};

/** An HTTP server that answers every request with the export, and what became of each answer. */
async function serveExport(exportJob: ExportJob, onError: (error: Error) => void = noFailure) {
  const answers: { response: http.ServerResponse; sent: Promise<void> }[] = [];
  const server = http.createServer((_request, response) => {
    answers.push({ response, sent: sendCsvFromWorker(exportJob, response, onError) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, answers, close: () => new Promise((resolve) => server.close(resolve)) };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms),
    ),
  ]);

test('a slow client never has more than the window of pieces sent to it and not yet written', async () => {
  let written = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  let mostBuffered = 0;
  const received: Buffer[] = [];
  // The client takes nothing until the window has been full for 200 ms (time for a thread that did not
  // wait for credits to send more), then takes a piece every 3 ms.
  let stalled: Promise<void> | null = null;
  let windowFull = () => {};
  const whenWindowFull = new Promise<void>((resolve) => {
    windowFull = resolve;
  });
  const slowClient = new Writable({
    write(chunk: Buffer, _encoding, done) {
      // Copied: the slot it lies in is written again once this write is done.
      received.push(Buffer.from(chunk));
      stalled ??= whenWindowFull.then(() => new Promise((resolve) => setTimeout(resolve, 200)));
      void stalled.then(() =>
        setTimeout(() => {
          inFlight--;
          written++;
          done();
        }, 3),
      );
    },
  });
  const write = slowClient.write.bind(slowClient) as (chunk: Buffer, done: () => void) => boolean;
  slowClient.write = ((chunk: Buffer, done: () => void) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    mostBuffered = Math.max(mostBuffered, slowClient.writableLength + chunk.length);
    if (inFlight === PIECES_IN_FLIGHT) windowFull();
    return write(chunk, done);
  }) as typeof slowClient.write;

  await sendCsvFromWorker(job, slowClient, noFailure);

  const csv = Buffer.concat(received);
  expect(csv.length).toBeGreaterThan(5 * PIECES_IN_FLIGHT * PIECE_BYTES);
  expect(written).toBeGreaterThan(5 * PIECES_IN_FLIGHT);
  // The thread filled its window, and never went past it.
  expect(mostInFlight).toBe(PIECES_IN_FLIGHT);
  expect(mostBuffered).toBeLessThanOrEqual(PIECES_IN_FLIGHT * PIECE_BYTES);
  const records: string[][] = parse(csv.toString('utf8'), { bom: true, record_delimiter: '\r\n' });
  expect(records).toHaveLength(EVENTS + 1);
  expect(records.at(-1)?.[4]).toBe(`Pitch site ${EVENTS - 1}`);
});

test('a client that goes away mid-export ends the export’s thread before the end of the file', async () => {
  const served = await serveExport(job);
  try {
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const request = http.get(served.url, (response) => {
        response.once('data', (chunk: Buffer) => {
          request.destroy();
          resolve(chunk.length);
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(firstBytes).toBeGreaterThan(0);
    const [answer] = served.answers;
    if (!answer) throw new Error('the server had no request');
    // Resolved only once the thread has exited (and the response is closed).
    await within(answer.sent, 5000, 'the export’s thread exiting');
    expect(answer.response.writableEnded).toBe(false);
  } finally {
    await served.close();
  }
});

test('a client gone before the export’s thread started ends the thread at once', async () => {
  const gone = new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
  gone.destroy();
  await within(sendCsvFromWorker(job, gone, noFailure), 5000, 'the export’s thread exiting');
});

test('a failure after the first bytes is logged and cuts the response, so no partial file looks whole', async () => {
  const emptyDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-export-failure-'));
  const failures: Error[] = [];
  // A database without the tables: the header is written, then the first page's query fails.
  const served = await serveExport(
    { ...job, database: { dialect: 'sqlite', file: path.join(emptyDirectory, 'empty.sqlite') } },
    (error) => failures.push(error),
  );
  try {
    // Cut before or after its headers arrive, the answer never reads as a whole file.
    await expect(fetch(served.url).then((response) => response.text())).rejects.toThrow();
    await within(
      served.answers[0]?.sent ?? Promise.reject(new Error('no request')),
      5000,
      'the thread exiting',
    );
    expect(failures.map((failure) => failure.message)).toEqual([
      expect.stringMatching(/^the CSV export failed: no such table/),
    ]);
  } finally {
    await served.close();
    fs.rmSync(emptyDirectory, { recursive: true, force: true });
  }
});
