import fs from 'node:fs';
import { expect } from 'vitest';
import { countRows } from './factories';
import { everyStoredName, storedNames } from './stored-objects';
import type { TestApp, TestResponse } from './test-app';

/**
 * What a refused request must leave as it was: the rows of every table, the files under DATA_DIR
 * (by name, so a file written anywhere in it shows), what the storage holds (the bucket, on S3), and
 * the mail sent.
 */
export interface WrittenState {
  rows: Record<string, number>;
  dataDirFiles: string[];
  storedNames: string[];
  mailsSent: number;
}

/** Committed uploads: objects named by the server (DATA_DIR/uploads/<key>, or objects/<key> in the bucket). */
export const storedUploads = (t: TestApp) => storedNames(t.config, 'objects');
/** Uploads being written (or left behind by a failed one): DATA_DIR/uploads/tmp, or tmp/ in the bucket. */
export const unfinishedUploads = (t: TestApp) => storedNames(t.config, 'tmp');

/**
 * Every file under DATA_DIR except the database's own and the preparations' work space (DATA_DIR/
 * preparing: each server process keeps a folder there for the previews it prepares in the background,
 * emptied after each), relative to it.
 */
function dataDirFiles(t: TestApp): string[] {
  return (fs.readdirSync(t.config.dataDir, { recursive: true }) as string[])
    .filter((name) => !name.startsWith('roundroom.sqlite') && !name.startsWith('preparing'))
    .sort();
}

export async function writtenState(t: TestApp): Promise<WrittenState> {
  // Earlier accepted uploads are still being prepared in the background (page images, rows): let them
  // finish, so only what the request under test wrote can differ.
  await t.app.jobs.whenIdle();
  return {
    rows: await countRows(t),
    dataDirFiles: dataDirFiles(t),
    storedNames: await everyStoredName(t.config),
    mailsSent: t.smtp.messages.length,
  };
}

/** Nothing was written since `before`, and no unfinished upload is left behind. */
export async function expectNothingWritten(t: TestApp, before: WrittenState): Promise<void> {
  expect(await writtenState(t)).toEqual(before);
  expect(await unfinishedUploads(t)).toEqual([]);
}

/** Fields an error body may carry: the one shape, plus the line of a refused sections markdown. */
const ERROR_FIELDS = ['error', 'message', 'field', 'line'];

/**
 * A refusal as the API promises it: this 4xx, as JSON in the one error shape, with a snake_case code
 * and a message that says what is wrong (`message`).
 */
export function expectRefusal(
  response: TestResponse,
  status: number,
  expected: { message: RegExp; error?: string; field?: string },
): void {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = response.json as Record<string, unknown>;
  expect(Object.keys(body).filter((key) => !ERROR_FIELDS.includes(key))).toEqual([]);
  expect(body.error).toMatch(expected.error ? new RegExp(`^${expected.error}$`) : /^[a-z_]+$/);
  expect(body.message).toMatch(expected.message);
  if (expected.field !== undefined) expect(body.field).toBe(expected.field);
}
