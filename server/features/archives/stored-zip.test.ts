import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { unzipped } from '#tests/support/zips';
import { type StoredZipEntry, storedZip } from './stored-zip';

// Each zip is read back by Python's zipfile, an implementation that shares nothing with ours: it checks
// every file's CRC-32 (testzip) and reads the ZIP64 records where there are some.

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-zip-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

interface ReadBack {
  /** The first file whose CRC-32 or header is wrong, or null (only when every file was checked). */
  firstBad?: string | null;
  files: { name: string; size: number; sha256: string; modified: number[]; mode: number }[];
}

/**
 * What Python's zipfile reads of the zip: every file checked and hashed, or (`only`) just the central
 * directory and the one file named, which still has to be found at its offset and pass its CRC-32.
 */
function readWithPython(zipPath: string, only?: string): ReadBack {
  const script = `
import hashlib, json, sys, zipfile
only = sys.argv[2]
with zipfile.ZipFile(sys.argv[1]) as archive:
    result = {} if only else {"firstBad": archive.testzip()}
    files = []
    for info in archive.infolist():
        read = not only or info.filename == only
        digest = hashlib.sha256(archive.read(info)).hexdigest() if read else ""
        files.append({"name": info.filename, "size": info.file_size, "sha256": digest,
                      "modified": list(info.date_time), "mode": info.external_attr >> 16})
result["files"] = files
print(json.dumps(result))
`;
  const output = execFileSync('python3', ['-c', script, zipPath, only ?? ''], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output) as ReadBack;
}

async function* listed(entries: StoredZipEntry[]): AsyncGenerator<StoredZipEntry> {
  yield* entries;
}

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function writeZip(name: string, entries: AsyncIterable<StoredZipEntry>): Promise<string> {
  const zipPath = path.join(directory, name);
  const chunks: Buffer[] = [];
  for await (const chunk of storedZip(entries)) chunks.push(chunk);
  fs.writeFileSync(zipPath, Buffer.concat(chunks));
  return zipPath;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

// Seconds on a loaded machine (a zip of several files, written and read twice): its limit catches a hang.
test('files given whole, in chunks or empty come back byte for byte, with UTF-8 names, times and a file mode', async () => {
  const deck = Buffer.from('%PDF-1.7 a deck');
  const model = Buffer.alloc(300_000, 'model;');
  const modifiedAt = new Date(2026, 10, 27, 14, 30, 42);
  const zipPath = await writeZip(
    'ordinary.zip',
    listed([
      { name: 'Financials/Deck.pdf', modifiedAt, bytes: deck },
      { name: 'Financials/Modèle financier.csv', modifiedAt, bytes: chunked(model, 65_536) },
      { name: 'Empty.txt', modifiedAt, bytes: chunked(Buffer.alloc(0), 1) },
    ]),
  );
  const read = readWithPython(zipPath);
  expect(read.firstBad).toBeNull();
  expect(read.files).toEqual([
    {
      name: 'Financials/Deck.pdf',
      size: deck.length,
      sha256: sha256(deck),
      modified: [2026, 11, 27, 14, 30, 42],
      mode: 0o100644,
    },
    {
      name: 'Financials/Modèle financier.csv',
      size: model.length,
      sha256: sha256(model),
      modified: [2026, 11, 27, 14, 30, 42],
      mode: 0o100644,
    },
    {
      name: 'Empty.txt',
      size: 0,
      sha256: sha256(Buffer.alloc(0)),
      modified: [2026, 11, 27, 14, 30, 42],
      mode: 0o100644,
    },
  ]);
  // The reader the API tests use agrees.
  const files = await unzipped(fs.readFileSync(zipPath));
  expect(files.get('Financials/Modèle financier.csv')).toEqual(model);
}, 60_000);

test('a zip of no files is an empty, valid zip', async () => {
  const zipPath = await writeZip('empty.zip', listed([]));
  expect(fs.statSync(zipPath).size).toBe(22);
  expect(readWithPython(zipPath)).toEqual({ firstBad: null, files: [] });
});

test('stopping early stops the file being read and asks for no further file', async () => {
  let fileClosed = false;
  let filesAsked = 0;
  async function* endless(): AsyncGenerator<Buffer> {
    try {
      for (;;) yield Buffer.alloc(65_536);
    } finally {
      fileClosed = true;
    }
  }
  async function* entries(): AsyncGenerator<StoredZipEntry> {
    for (;;) {
      filesAsked++;
      yield { name: `File ${filesAsked}.bin`, modifiedAt: new Date(), bytes: endless() };
    }
  }
  let chunks = 0;
  for await (const _chunk of storedZip(entries())) if (++chunks === 10) break;
  expect(fileClosed).toBe(true);
  expect(filesAsked).toBe(1);
});

test('past 65,535 files the count goes in the ZIP64 records', async () => {
  const count = 65_536;
  async function* many(): AsyncGenerator<StoredZipEntry> {
    for (let index = 0; index < count; index++)
      yield {
        name: `Files/${index}.txt`,
        modifiedAt: new Date(2026, 0, 1),
        bytes: Buffer.from(String(index)),
      };
  }
  const read = readWithPython(await writeZip('many.zip', many()), `Files/${count - 1}.txt`);
  expect(read.files).toHaveLength(count);
  expect(read.files.at(-1)).toMatchObject({ name: `Files/${count - 1}.txt`, size: String(count - 1).length });
}, 60_000);

test('a file over 4 GB, and one that starts past 4 GB, are written with ZIP64 sizes and offset', async () => {
  // 4 GB of zeros is written as a hole in a sparse file: the disk holds only the headers.
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  const bigSize = 2 ** 32 + zeros.length;
  async function* big(): AsyncGenerator<Buffer> {
    for (let written = 0; written < bigSize; written += zeros.length) yield zeros;
  }
  const after = Buffer.from('after the big one');
  const zipPath = path.join(directory, 'large.zip');
  const file = fs.openSync(zipPath, 'w');
  let position = 0;
  for await (const chunk of storedZip(
    listed([
      { name: 'Big.bin', modifiedAt: new Date(2026, 0, 1), bytes: big() },
      { name: 'After.txt', modifiedAt: new Date(2026, 0, 1), bytes: after },
    ]),
  )) {
    if (chunk !== zeros) fs.writeSync(file, chunk, 0, chunk.length, position);
    position += chunk.length;
  }
  fs.ftruncateSync(file, position);
  fs.closeSync(file);

  const read = readWithPython(zipPath, 'After.txt');
  expect(read.files.map(({ name, size, sha256 }) => ({ name, size, sha256 }))).toEqual([
    { name: 'Big.bin', size: bigSize, sha256: '' },
    { name: 'After.txt', size: after.length, sha256: sha256(after) },
  ]);
}, 120_000);
