import { Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import { createFounder, type SignedIn, uniquePdf } from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { multipartBody, SAMPLE_FILES } from '#tests/support/uploads';
import { lyingSizeZip, manyEntriesZip, rawZip, truncatedZip, zipBomb, zipOf } from '#tests/support/zips';

// Folders in (docs/product-rules.md#folders-and-zips): a zip unpacked into sections named after its top
// folders, one line per file, and every hostile zip refused whole with nothing stored.

/**
 * How long a test waits for the room's zip slot to be taken or freed: a stalled upload reaches the server
 * within milliseconds, but a loaded machine has taken over a second (poll's default). A hang still fails.
 */
const SLOT_WAIT = { timeout: 30_000 };

let t: TestApp;
/** A second server on the same database where there can be one (PostgreSQL); else the same server. */
let beside: TestApp;
const onPostgres = inject('testDatabase').dialect === 'postgres';
beforeAll(async () => {
  t = await startTestApp();
  beside = onPostgres ? await startTestApp({ nodeBeside: t }) : t;
});
afterAll(async () => {
  if (beside !== t) await beside.close();
  await t.close();
});

interface ResultLine {
  path: string;
  status: 'stored' | 'refused';
  message?: string;
  document?: { id: string; title: string; sectionName: string | null };
}

function uploadZip(
  founder: SignedIn,
  zip: Buffer,
  fields: Record<string, string> = {},
  name = 'room.zip',
  server: TestApp = t,
) {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([zip]), name);
  return server.call(documentRoutes.uploadArchive, { form, as: founder });
}

/**
 * Counts what reaches the storage's writes from here on, through the real storage: every byte an
 * upload makes the server write goes through Storage.write.
 */
function storageWrites() {
  const storage = t.app.ctx.storage;
  const write = storage.write.bind(storage);
  const counted = { bytes: 0, objects: 0 };
  const spy = vi.spyOn(storage, 'write').mockImplementation((source, options) => {
    counted.objects++;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        counted.bytes += chunk.length;
        done(null, chunk);
      },
    });
    source.once('error', (error) => counting.destroy(error));
    return write(source.pipe(counting), options);
  });
  return { counted, stop: () => spy.mockRestore() };
}

/** The founder's room id, for its archive upload slot. */
async function roomIdOf(founder: SignedIn): Promise<string> {
  return (await t.call(roomRoutes.mine, { as: founder })).json.id;
}

/** Whether an archive upload holds the room's slot now (the row it takes: migration 0030). */
async function slotIsHeld(roomId: string): Promise<boolean> {
  const row = await t.app.database.db
    .selectFrom('archive_upload_slots')
    .select('room_id')
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An archive upload whose body stops after its first bytes until `finish()` (or never, if the client
 * gives up first: `abort()`), so that it holds its room's slot while the test sends another.
 */
function stalledUpload(founder: SignedIn, zip: Buffer) {
  const { body, headers } = multipartBody([
    { name: 'file', filename: 'first.zip', contentType: 'application/zip', content: zip },
  ]);
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let sent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(body.subarray(0, 200));
        return;
      }
      await finished;
      controller.enqueue(body.subarray(200));
      controller.close();
    },
  });
  const client = new AbortController();
  const response = fetch(`${t.baseUrl}${apiPath(documentRoutes.uploadArchive)}`, {
    method: 'POST',
    headers: { ...headers, ...founder.auth },
    body: stream,
    duplex: 'half',
    signal: client.signal,
  } as RequestInit);
  // Once aborted, the response never comes: that rejection is expected.
  response.catch(() => undefined);
  return { response, finish, abort: () => client.abort() };
}

async function sectionsText(founder: SignedIn): Promise<string> {
  const response = await t.call(roomRoutes.mySections, { as: founder });
  return response.json.content;
}

describe('POST /api/upload/archive', () => {
  test('files go into sections named after their top folders, the top ones into the chosen section', async () => {
    const founder = await createFounder(t);
    const deck = uniquePdf();
    const zip = zipOf({
      'Raise/Financials/Model.pdf': uniquePdf(),
      'Raise/Financials/2024/Old model.pdf': uniquePdf(),
      'Raise/Legal/Charter.pdf': uniquePdf(),
      'Raise/Deck.pdf': deck,
      'Raise/__MACOSX/._Deck.pdf': Buffer.from('junk'),
      'Raise/.DS_Store': Buffer.from('junk'),
    });
    const response = await uploadZip(founder, zip, { section: 'Overview' });
    expect(response.status, response.text).toBe(201);
    const body = response.json as { stored: number; refused: number; results: ResultLine[] };
    expect(body.stored).toBe(4);
    expect(body.refused).toBe(0);
    expect(body.results.map((line) => [line.path, line.status, line.document?.sectionName])).toEqual([
      ['Raise/Financials/Model.pdf', 'stored', 'Financials'],
      ['Raise/Financials/2024/Old model.pdf', 'stored', 'Financials'],
      ['Raise/Legal/Charter.pdf', 'stored', 'Legal'],
      ['Raise/Deck.pdf', 'stored', 'Overview'],
    ]);
    const text = await sectionsText(founder);
    for (const name of ['Financials', 'Legal', 'Overview'])
      expect(text).toMatch(new RegExp(`^## .*${name}`, 'm'));
    const documents = (await t.call(documentRoutes.mine, { as: founder })).json as {
      id: string;
      title: string;
    }[];
    expect(documents.map((document) => document.title).sort()).toEqual([
      'Charter.pdf',
      'Deck.pdf',
      'Model.pdf',
      'Old model.pdf',
    ]);
    const deckId = body.results.find((line) => line.path === 'Raise/Deck.pdf')?.document?.id;
    const download = await t.call(documentRoutes.download, { params: { id: String(deckId) }, as: founder });
    expect(download.text).toBe(deck.toString());
  });

  test('a name with a text direction override is shown with it made visible', async () => {
    const founder = await createFounder(t);
    const response = await uploadZip(
      founder,
      rawZip([{ name: 'Legal/inv\u202Eexe.pdf', data: uniquePdf() }]),
    );
    expect(response.status, response.text).toBe(201);
    const [line] = (response.json as { results: ResultLine[] }).results;
    expect(line?.path).toBe('Legal/inv?exe.pdf');
    expect(line?.document?.title).toBe('inv exe.pdf');
  });

  test('a refused file is named with its reason; the others are stored', async () => {
    const founder = await createFounder(t);
    const zip = rawZip([
      { name: 'Deck.pdf', data: uniquePdf(), deflate: true },
      { name: 'script.exe', data: Buffer.from('MZ') },
      { name: 'fake.pdf', data: Buffer.from('<html>not a pdf</html>') },
      { name: 'empty.txt', data: Buffer.alloc(0) },
      { name: 'inner.zip', data: zipOf({ 'a.pdf': uniquePdf() }) },
      // Encrypted data starts with its 12-byte header; the declared size is the plain file's.
      {
        name: 'secret.pdf',
        data: Buffer.concat([Buffer.alloc(12), uniquePdf()]),
        declaredSize: uniquePdf().length,
        encrypted: true,
      },
      { name: 'logo.png', data: SAMPLE_FILES.png },
    ]);
    const response = await uploadZip(founder, zip);
    expect(response.status, response.text).toBe(201);
    const lines = (response.json as { results: ResultLine[] }).results;
    const byPath = Object.fromEntries(lines.map((line) => [line.path, line]));
    expect(byPath['Deck.pdf']?.status).toBe('stored');
    expect(byPath['logo.png']?.status).toBe('stored');
    expect(byPath['script.exe']?.message).toMatch(/type "\.exe" cannot be uploaded/);
    expect(byPath['fake.pdf']?.message).toMatch(/not a real \.pdf file/);
    expect(byPath['empty.txt']?.message).toMatch(/empty/);
    expect(byPath['inner.zip']?.message).toMatch(/archive inside the zip/);
    expect(byPath['secret.pdf']?.message).toMatch(/password/);
    expect(lines.map((line) => line.path)).toEqual([
      'Deck.pdf',
      'script.exe',
      'fake.pdf',
      'empty.txt',
      'inner.zip',
      'secret.pdf',
      'logo.png',
    ]);
  });

  const hostile: [string, () => Buffer, number, string, RegExp][] = [
    ['a zip bomb', zipBomb, 413, 'archive_compression_ratio', /zip bomb/],
    ['an entry larger than it declares', lyingSizeZip, 413, 'archive_compression_ratio', /declares/],
    [
      'a path outside the folder (zip slip)',
      () =>
        rawZip([
          { name: 'ok.pdf', data: uniquePdf() },
          { name: '../../evil.pdf', data: uniquePdf() },
        ]),
      400,
      'archive_unsafe_path',
      /outside its own folder \("\.\.\/\.\.\/evil\.pdf"\)/,
    ],
    [
      'an absolute path',
      () => rawZip([{ name: '/etc/evil.pdf', data: uniquePdf() }]),
      400,
      'archive_unsafe_path',
      /outside its own folder/,
    ],
    ['100,000 entries', () => manyEntriesZip(100_000), 413, 'archive_too_many_entries', /at most 2000/],
    [
      'a truncated zip',
      () => truncatedZip(zipOf({ 'Deck.pdf': uniquePdf() })),
      400,
      'archive_damaged',
      /damaged/,
    ],
    [
      'a name of 2,000 characters',
      () => rawZip([{ name: `${'a'.repeat(2000)}.pdf`, data: uniquePdf() }]),
      400,
      'archive_damaged',
      /more than 1000 characters/,
    ],
    ['bytes that are no zip', () => Buffer.from('not a zip at all'), 400, 'archive_damaged', /damaged/],
    [
      'sizes that add up past the total limit',
      () =>
        rawZip(
          Array.from({ length: 3 }, (_, index) => ({
            name: `big${index}.pdf`,
            data: uniquePdf(),
            deflate: true,
            declaredSize: 0xfffffff0,
          })),
        ),
      413,
      'archive_too_large',
      /unpacks to/,
    ],
  ];
  for (const [what, make, status, error, message] of hostile) {
    test(`${what} is refused whole and stores nothing`, async () => {
      const founder = await createFounder(t);
      const before = await writtenState(t);
      const response = await uploadZip(founder, make());
      expectRefusal(response, status, { error, message });
      expect(response.refusal?.message).toMatch(/Nothing was uploaded\.$/);
      await expectNothingWritten(t, before);
    });
  }

  test('a zip that unpacks to more than ten times its own size is refused whole before a byte is written, naming the file that grows most', async () => {
    const founder = await createFounder(t);
    // Sixty files of a megabyte of one letter: each passes every check of its own (a megabyte is below the
    // per-file ratio check, text is a real .csv), and the zip is about 70 KB.
    const files: Record<string, Buffer> = {};
    for (let index = 0; index < 59; index++)
      files[`Exports/part-${index}.csv`] = Buffer.alloc(1_000_000, 0x61);
    files['Exports/all.csv'] = Buffer.alloc(1024 * 1024, 0x61);
    const zip = zipOf(files);
    const cap = Math.max(10 * zip.length, t.config.uploadMaxBytes);
    const before = await writtenState(t);
    const writes = storageWrites();
    try {
      const response = await uploadZip(founder, zip);
      expectRefusal(response, 413, {
        error: 'archive_expands_too_much',
        message:
          /^The zip unpacks to 57\.3 MB, more than 10 times its own 0\.\d MB: documents compress far less\. "Exports\/all\.csv" alone unpacks to 1\.0 MB .* Nothing was uploaded\.$/,
        field: 'file',
      });
    } finally {
      writes.stop();
    }
    expect(writes.counted.bytes).toBeLessThanOrEqual(cap);
    expect(writes.counted).toEqual({ bytes: 0, objects: 0 });
    await expectNothingWritten(t, before);
  });

  test('a file whose first bytes are not what its name says is refused before its body is written; the others are stored', async () => {
    const founder = await createFounder(t);
    const deck = uniquePdf();
    const zip = rawZip([
      { name: 'Deck.pdf', data: deck },
      // A megabyte each of a web page named as a PDF, of text named as a spreadsheet, of a program.
      {
        name: 'Fake.pdf',
        data: Buffer.alloc(1024 * 1024, '<html><script>alert(1)</script>'),
        deflate: true,
      },
      { name: 'Model.xlsx', data: Buffer.alloc(1024 * 1024, 'not a spreadsheet '), deflate: true },
      { name: 'setup.exe', data: Buffer.alloc(1024 * 1024, 0x4d), deflate: true },
    ]);
    const writes = storageWrites();
    let lines: ResultLine[];
    try {
      const response = await uploadZip(founder, zip);
      expect(response.status, response.text).toBe(201);
      lines = response.json.results;
    } finally {
      writes.stop();
    }
    expect(lines.map((line) => [line.path, line.status])).toEqual([
      ['Deck.pdf', 'stored'],
      ['Fake.pdf', 'refused'],
      ['Model.xlsx', 'refused'],
      ['setup.exe', 'refused'],
    ]);
    expect(lines[1]?.message).toMatch(/not a real \.pdf file/);
    expect(lines[2]?.message).toMatch(/not a real \.xlsx file/);
    // Only the deck reached storage: not one byte of the refused files' bodies.
    expect(writes.counted).toEqual({ bytes: deck.length, objects: 1 });
  });

  test('two archive uploads to one room at once, on one server or two: one is unpacked, the other gets 409 and writes nothing; the next one works', async () => {
    const founder = await createFounder(t);
    const roomId = await roomIdOf(founder);
    const first = stalledUpload(founder, zipOf({ 'First/Deck.pdf': uniquePdf() }));
    await expect.poll(() => slotIsHeld(roomId), SLOT_WAIT).toBe(true);

    const before = await writtenState(t);
    const second = await uploadZip(
      founder,
      zipOf({ 'Second/Deck.pdf': uniquePdf() }),
      {},
      'second.zip',
      beside,
    );
    expectRefusal(second, 409, {
      error: 'archive_upload_running',
      message: /^Another zip is being uploaded to this data room\. Wait until it is done/,
      field: 'file',
    });
    await expectNothingWritten(t, before);

    first.finish();
    const answered = await first.response;
    expect(answered.status, await answered.clone().text()).toBe(201);
    expect(((await answered.json()) as { stored: number }).stored).toBe(1);
    expect(await slotIsHeld(roomId)).toBe(false);
    // Another founder's room was never held up, and this room takes the next zip at once.
    const other = await createFounder(t);
    expect((await uploadZip(other, zipOf({ 'Deck.pdf': uniquePdf() }))).status).toBe(201);
    const next = await uploadZip(founder, zipOf({ 'Third/Deck.pdf': uniquePdf() }), {}, 'third.zip', beside);
    expect(next.status, next.text).toBe(201);
  });

  test('a refused zip and a client that goes away mid-upload both free the room for the next zip', async () => {
    const founder = await createFounder(t);
    const roomId = await roomIdOf(founder);
    expectRefusal(await uploadZip(founder, zipBomb()), 413, {
      error: 'archive_compression_ratio',
      message: /zip bomb/,
    });
    expect(await slotIsHeld(roomId)).toBe(false);

    const before = await writtenState(t);
    const gone = stalledUpload(founder, zipOf({ 'Deck.pdf': uniquePdf() }));
    await expect.poll(() => slotIsHeld(roomId), SLOT_WAIT).toBe(true);
    gone.abort();
    await expect.poll(() => slotIsHeld(roomId), SLOT_WAIT).toBe(false);
    await expectNothingWritten(t, before);
    expect((await uploadZip(founder, zipOf({ 'Deck.pdf': uniquePdf() }))).status).toBe(201);
  });

  test('a file that is not a .zip, a second file, an unknown field and a missing file are refused', async () => {
    const founder = await createFounder(t);
    const before = await writtenState(t);
    expectRefusal(await uploadZip(founder, uniquePdf(), {}, 'Deck.pdf'), 415, {
      error: 'not_a_zip',
      message: /not a \.zip file/,
    });
    expectRefusal(await uploadZip(founder, zipOf({ 'a.pdf': uniquePdf() }), { title: 'x' }), 400, {
      message: /title/,
    });
    const form = new FormData();
    form.append('section', 'Legal');
    expectRefusal(await t.call(documentRoutes.uploadArchive, { form, as: founder }), 400, {
      message: /choose a zip/,
    });
    const two = new FormData();
    two.append('file', new Blob([zipOf({ 'a.pdf': uniquePdf() })]), 'a.zip');
    two.append('file', new Blob([zipOf({ 'b.pdf': uniquePdf() })]), 'b.zip');
    expect((await t.call(documentRoutes.uploadArchive, { form: two, as: founder })).status).toBe(400);
    await expectNothingWritten(t, before);
  });

  test('a zip past the room’s 500 uploads stores nothing', async () => {
    const founder = await createFounder(t);
    const before = await writtenState(t);
    const files = Object.fromEntries(
      Array.from({ length: 501 }, (_, index) => [`Deck ${index}.txt`, Buffer.from(`deck ${index}`)]),
    );
    expectRefusal(await uploadZip(founder, zipOf(files)), 409, {
      error: 'upload_limit_reached',
      message: /500/,
    });
    await expectNothingWritten(t, before);
  });

  test('a signed-out caller gets 401 and an investor without a room of their own gets 404', async () => {
    const zip = zipOf({ 'a.pdf': uniquePdf() });
    const form = new FormData();
    form.append('file', new Blob([zip]), 'a.zip');
    expect((await t.call(documentRoutes.uploadArchive, { form })).status).toBe(401);
  });
});
