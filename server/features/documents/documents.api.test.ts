import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import { countRows, createFounder, founderWithInvestor, type SignedIn } from '#tests/support/factories';
import { worstAcceptedSectionsText } from '#tests/support/hostile-markdown';
import { storedUploads, unfinishedUploads } from '#tests/support/refusals';
import { deckPdf } from '#tests/support/sample-documents';
import { storedBytes } from '#tests/support/stored-objects';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { SAMPLE_FILES } from '#tests/support/uploads';

let t: TestApp;
beforeAll(async () => {
  // A large text's parse is what one test waits beside; a loaded machine must not turn it into the
  // parser's refusal (its limit is tested in tests/api/hostile-markdown.test.ts).
  t = await startTestApp({ environment: { SECTIONS_PARSE_TIMEOUT_MS: '60000' } });
});
afterAll(() => t.close());

const { pdf: PDF, png: PNG, xlsx: XLSX, html: HTML } = SAMPLE_FILES;

function form(files: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append('file', new Blob([file.bytes]), file.name);
  return data;
}

const upload = (founder: SignedIn, data: FormData) =>
  t.call(documentRoutes.upload, { form: data, as: founder });
const storedFiles = () => storedUploads(t);
const tmpFiles = () => unfinishedUploads(t);

describe('POST /api/upload', () => {
  test('stores the file under a server-made name with its size and SHA-256, and links it in its section', async () => {
    const founder = await createFounder(t);
    const response = await upload(
      founder,
      form([{ name: 'Pitch deck.pdf', bytes: PDF }], { section: 'Decks' }),
    );
    expect(response.status).toBe(201);
    const body = response.json as { document: Record<string, unknown>; url: string; message: string };
    expect(body.message).toBe('File uploaded successfully');
    expect(body.document).toEqual({
      id: expect.any(String),
      title: 'Pitch deck.pdf',
      fileType: 'pdf',
      fileSize: String(PDF.length),
      sectionName: 'Decks',
      updatedAt: expect.any(String),
      isUploaded: true,
      preview: { status: 'preparing', kind: 'pages', failure: null },
      downloadPolicy: 'room',
      isDownloadAllowed: true,
      version: 1,
      // Counted once prepared.
      pageCount: null,
    });
    expect(body.url).toBe(apiPath(documentRoutes.download, { params: { id: String(body.document.id) } }));

    const row = await t.app.database.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', String(body.document.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      size_bytes: PDF.length,
      sha256: crypto.createHash('sha256').update(PDF).digest('hex'),
      mime_type: 'application/pdf',
    });
    expect(row.storage_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedBytes(t.config, row.storage_key)).toEqual(PDF);
    expect(await tmpFiles()).toEqual([]);

    const markdown = (await t.call(roomRoutes.mySections, { as: founder })).json;
    expect(markdown.content).toContain(`## Decks\n- [Pitch deck.pdf](${body.url})`);
    const listed = await t.call(documentRoutes.mine, { as: founder });
    expect(listed.json).toEqual([body.document]);
  });

  test('a title field names the document; names of any script and length are kept as text', async () => {
    const founder = await createFounder(t);
    const titled = await upload(founder, form([{ name: 'x.png', bytes: PNG }], { title: 'Office photo' }));
    expect((titled.json as { document: { title: string } }).document.title).toBe('Office photo');
    const unicode = await upload(founder, form([{ name: '財務モデル 2026 — Финансы.xlsx', bytes: XLSX }]));
    expect((unicode.json as { document: { title: string; fileType: string } }).document).toMatchObject({
      title: '財務モデル 2026 — Финансы.xlsx',
      fileType: 'excel',
    });
    const long = await upload(founder, form([{ name: `${'長'.repeat(400)}.pdf`, bytes: PDF }]));
    expect(long.status).toBe(201);
    expect([...(long.json as { document: { title: string } }).document.title]).toHaveLength(200);
  });

  test('path traversal and control characters in a file name reach neither the disk nor the title', async () => {
    const founder = await createFounder(t);
    const before = (await storedFiles()).length;
    const response = await upload(founder, form([{ name: '../../etc/\u0007pass\nwd.pdf', bytes: PDF }]));
    expect(response.status).toBe(201);
    const title = (response.json as { document: { title: string } }).document.title;
    expect(title).not.toMatch(/\p{Cc}/u);
    expect((await storedFiles()).length).toBe(before + 1);
    expect((await storedFiles()).every((name) => /^[0-9a-f-]{36}$/.test(name))).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'etc'))).toBe(false);
  });

  test.each([
    ['program.exe', Buffer.from('MZ'), 415, 'file_type_not_allowed'],
    ['page.html', HTML, 415, 'file_type_not_allowed'],
    ['noextension', PDF, 415, 'file_type_not_allowed'],
    ['fake.pdf', HTML, 415, 'content_mismatch'],
    ['fake.png', HTML, 415, 'content_mismatch'],
    ['fake.docx', PDF, 415, 'content_mismatch'],
    ['binary.txt', Buffer.from([0x61, 0x00, 0x62]), 415, 'content_mismatch'],
    ['empty.pdf', Buffer.alloc(0), 400, 'empty_file'],
  ])('%s is refused (%s, %s) and nothing is kept', async (name, bytes, status, code) => {
    const founder = await createFounder(t);
    const before = { rows: await countRows(t), files: (await storedFiles()).length };
    const response = await upload(founder, form([{ name, bytes }]));
    expect(response.status).toBe(status);
    expect(response.json).toMatchObject({ error: code, field: 'file' });
    expect(await countRows(t)).toEqual(before.rows);
    expect((await storedFiles()).length).toBe(before.files);
    expect(await tmpFiles()).toEqual([]);
  });

  test('two files in one request, or none, are refused', async () => {
    const founder = await createFounder(t);
    const before = { rows: await countRows(t), files: (await storedFiles()).length };
    const two = await upload(
      founder,
      form([
        { name: 'a.pdf', bytes: PDF },
        { name: 'b.pdf', bytes: PDF },
      ]),
    );
    expect(two.status).toBe(400);
    expect(two.json).toMatchObject({ error: 'too_many_files' });
    const none = await upload(founder, form([], { title: 'Nothing' }));
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ field: 'file' });
    const json = await t.call(documentRoutes.upload, { rawBody: { file: 'x' }, as: founder });
    expect(json.status).toBe(400);
    expect(await countRows(t)).toEqual(before.rows);
    expect((await storedFiles()).length).toBe(before.files);
    expect(await tmpFiles()).toEqual([]);
  });

  test('a file over 50 MB is a 413, refused from Content-Length before the body is read', async () => {
    const founder = await createFounder(t);
    const response = await new Promise<{ status: number; body: string; connection?: string }>(
      (resolve, reject) => {
        const request = http.request(`${t.baseUrl}${apiPath(documentRoutes.upload)}`, {
          method: 'POST',
          headers: {
            ...founder.auth,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(MAX_UPLOAD_BYTES + 1024 * 1024),
          },
        });
        request.on('response', (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => {
            request.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        });
        request.on('error', reject);
        request.write('--x\r\n'); // the rest never needs to be sent
      },
    );
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({
      error: 'file_too_large',
      message: expect.stringMatching(/50 MB/),
    });
  });

  test('a file over 50 MB without Content-Length is a 413 too, with no partial file or row left', async () => {
    const founder = await createFounder(t);
    const before = { rows: await countRows(t), files: (await storedFiles()).length };
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 10, 0x20);
    big.write('%PDF-1.7');
    const data = form([{ name: 'huge.pdf', bytes: big }]);
    // A streamed body is sent chunked: the server only learns the size by reading it.
    const encoded = new Response(data);
    const response = await fetch(`${t.baseUrl}${apiPath(documentRoutes.upload)}`, {
      method: 'POST',
      headers: { ...founder.auth, 'content-type': encoded.headers.get('content-type') ?? '' },
      body: encoded.body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await countRows(t)).toEqual(before.rows);
    expect((await storedFiles()).length).toBe(before.files);
    expect(await tmpFiles()).toEqual([]);
  });

  test('an investor gets 403 and nobody 401; nothing is stored', async () => {
    const { investor } = await founderWithInvestor(t);
    const before = (await storedFiles()).length;
    expect((await upload(investor, form([{ name: 'a.pdf', bytes: PDF }]))).status).toBe(403);
    expect(
      (await t.call(documentRoutes.upload, { form: form([{ name: 'a.pdf', bytes: PDF }]) })).status,
    ).toBe(401);
    expect((await storedFiles()).length).toBe(before);
  });
});

describe('uploads and deletions at the same time', () => {
  // The console sends three uploads at once, each linked into a section, while another tab may delete
  // a file: every change to the sections markdown must survive the others (npm run bench:load checks
  // the same under load).
  test('files uploaded at once into sections all keep their links, and a deleted file loses its own', async () => {
    const founder = await createFounder(t);
    const link = async (name: string, section: string) =>
      (await upload(founder, form([{ name, bytes: PDF }], { section }))).json as {
        document: { id: string };
        url: string;
      };
    const doomed = await link('Old deck.pdf', 'Decks');
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => link(`Deck ${i}.pdf`, i % 2 ? 'Decks' : 'Financials')),
      t.call(documentRoutes.remove, { params: { id: doomed.document.id }, as: founder }),
    ]);
    const uploaded = results.slice(0, 8) as { url: string }[];
    const { content } = (await t.call(roomRoutes.mySections, { as: founder })).json;
    for (const { url } of uploaded) expect(content).toContain(url);
    expect(content).not.toContain(doomed.url);
  });
  // Linking an upload parses the sections in the parser's thread, up to seconds for a large text. The
  // room is not held meanwhile: a write to the same room (its row) sent during that parse answers first.
  test('an upload linking into a large text does not hold the room while the link is worked out', async () => {
    const founder = await createFounder(t);
    const large = worstAcceptedSectionsText();
    const saved = await t.call(roomRoutes.saveSections, { body: { content: large }, as: founder });
    expect(saved.status).toBe(200);
    const answered: string[] = [];
    const uploading = upload(founder, form([{ name: 'Deck.pdf', bytes: PDF }], { section: 'Data' })).then(
      (response) => {
        answered.push('upload');
        return response;
      },
    );
    // The parse of that text takes far longer than this: the room's status (a write to its row that
    // does not edit the sections, as a profile save now does, ADR 38) is saved while the upload waits.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const saving = t
      .call(roomRoutes.setStatus, { body: { isActive: true }, as: founder })
      .then((response) => {
        answered.push('status');
        return response;
      });
    const [uploaded, statusSaved] = await Promise.all([uploading, saving]);
    expect(uploaded.status).toBe(201);
    expect(statusSaved.status).toBe(200);
    expect(answered).toEqual(['status', 'upload']);
    const { content } = (await t.call(roomRoutes.mySections, { as: founder })).json;
    expect(content).toContain((uploaded.json as { url: string }).url);
  });
});

describe('GET /api/my-documents and DELETE /api/documents/:id', () => {
  test('a row counts its pages once prepared as pages, and an image none', async () => {
    const founder = await createFounder(t);
    const deck = (await upload(founder, form([{ name: 'Deck.pdf', bytes: deckPdf(3) }]))).json.document;
    const logo = (await upload(founder, form([{ name: 'Logo.png', bytes: PNG }]))).json.document;
    await t.app.jobs.whenIdle();
    const listed = (await t.call(documentRoutes.mine, { as: founder })).json;
    expect(listed.find((document) => document.id === deck.id)).toMatchObject({
      preview: { status: 'ready', kind: 'pages' },
      pageCount: 3,
    });
    expect(listed.find((document) => document.id === logo.id)).toMatchObject({
      preview: { kind: 'image' },
      pageCount: null,
    });
  });

  test('deleting removes the row, the file and its links; the access log keeps the title', async () => {
    const founder = await createFounder(t);
    const uploaded = (
      await upload(founder, form([{ name: 'Model.xlsx', bytes: XLSX }], { section: 'Financials' }))
    ).json as {
      document: { id: string };
      url: string;
    };
    const row = await t.app.database.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', uploaded.document.id)
      .executeTakeFirstOrThrow();
    await t.app.database.db
      .insertInto('access_events')
      .values({
        id: crypto.randomUUID(),
        room_id: row.room_id,
        user_id: founder.user.id,
        invitation_id: null,
        document_id: row.id,
        document_title: row.title,
        url: uploaded.url,
        action: 'downloaded',
        occurred_at: Date.now(),
        ip: '127.0.0.1',
        user_agent: 'test',
      })
      .execute();

    const deleted = await t.call(documentRoutes.remove, {
      params: { id: uploaded.document.id },
      as: founder,
    });
    expect(deleted.status).toBe(204);
    expect(await storedBytes(t.config, row.storage_key)).toBeUndefined();
    expect((await t.call(documentRoutes.mine, { as: founder })).json).toEqual([]);
    const markdown = (await t.call(roomRoutes.mySections, { as: founder })).json;
    expect(markdown.content).not.toContain(uploaded.url);
    const events = await t.app.database.db
      .selectFrom('access_events')
      .selectAll()
      .where('room_id', '=', row.room_id)
      .execute();
    expect(events).toEqual([expect.objectContaining({ document_id: null, document_title: 'Model.xlsx' })]);

    expect(
      (await t.call(documentRoutes.remove, { params: { id: uploaded.document.id }, as: founder })).status,
    ).toBe(404);
  });

  test('a link written as an absolute address is removed too, so the sections still save', async () => {
    const founder = await createFounder(t);
    const uploaded = (await upload(founder, form([{ name: 'Deck.pdf', bytes: PDF }]))).json as {
      document: { id: string };
      url: string;
    };
    const absolute = `${new URL(t.config.appUrl).origin}${uploaded.url}`;
    const content = `## Decks\n- [Deck](${absolute})\n- [Notes](https://notes.example/a.pdf)\n`;
    const saved = await t.call(roomRoutes.saveSections, { body: { content }, as: founder });
    expect(saved.status, saved.text).toBe(200);

    const deleted = await t.call(documentRoutes.remove, {
      params: { id: uploaded.document.id },
      as: founder,
    });
    expect(deleted.status).toBe(204);
    const after = (await t.call(roomRoutes.mySections, { as: founder })).json;
    expect(after.content).toBe('## Decks\n- [Notes](https://notes.example/a.pdf)\n');
    const again = await t.call(roomRoutes.saveSections, { body: { content: after.content }, as: founder });
    expect(again.status, again.text).toBe(200);
  });

  test("another founder cannot list or delete this room's documents; an investor gets 403", async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const other = await createFounder(t);
    const uploaded = (await upload(founder, form([{ name: 'Secret.pdf', bytes: PDF }]))).json as {
      document: { id: string };
    };
    expect((await t.call(documentRoutes.mine, { as: other })).json).toEqual([]);
    expect(
      (await t.call(documentRoutes.remove, { params: { id: uploaded.document.id }, as: other })).status,
    ).toBe(404);
    expect((await t.call(documentRoutes.mine, { as: investor })).status).toBe(403);
    expect(
      (await t.call(documentRoutes.remove, { params: { id: uploaded.document.id }, as: investor })).status,
    ).toBe(403);
    expect((await t.call(documentRoutes.remove, { params: { id: 'not-a-uuid' }, as: founder })).status).toBe(
      400,
    );
    expect((await t.call(documentRoutes.mine, { as: founder })).json).toHaveLength(1);
  });
});

describe('GET /api/documents/:id/download', () => {
  async function roomWithFile() {
    const people = await founderWithInvestor(t);
    const uploaded = (await upload(people.founder, form([{ name: 'Финансы Q3.pdf', bytes: PDF }]))).json as {
      document: { id: string };
      url: string;
    };
    return { ...people, documentId: uploaded.document.id, url: uploaded.url };
  }
  const events = (documentId: string) =>
    t.app.database.db
      .selectFrom('access_events')
      .selectAll()
      .where('document_id', '=', documentId)
      .orderBy('occurred_at')
      .execute();

  test('a member downloads the exact bytes, safely labelled, and the download is logged against them', async () => {
    const { investor, documentId, url } = await roomWithFile();
    const response = await fetch(`${t.baseUrl}${url}`, {
      headers: { ...investor.auth, 'user-agent': 'Investor Browser/1.0' },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="_______ Q3.pdf"; filename*=UTF-8''%D0%A4%D0%B8%D0%BD%D0%B0%D0%BD%D1%81%D1%8B%20Q3.pdf`,
    );
    expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('etag')).toBe(`"${crypto.createHash('sha256').update(PDF).digest('hex')}"`);
    expect(await events(documentId)).toEqual([
      expect.objectContaining({
        user_id: investor.user.id,
        action: 'downloaded',
        document_title: 'Финансы Q3.pdf',
        url,
        ip: '127.0.0.1',
        user_agent: 'Investor Browser/1.0',
      }),
    ]);
  });

  test.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
  ])(
    'a download another site made the browser ask for (%s) is refused with 403 and logs nothing',
    async (_name, headers) => {
      const { investor, documentId, url } = await roomWithFile();
      const response = await t.request('GET', url, { headers: { ...investor.auth, ...headers } });
      expect(response.status, response.text).toBe(403);
      expect(response.json).toMatchObject({ error: 'cross_site_request' });
      expect(await events(documentId)).toEqual([]);
      // From the room itself (or opened directly) it downloads and is logged.
      const own = await fetch(`${t.baseUrl}${url}`, {
        headers: { ...investor.auth, 'sec-fetch-site': 'same-origin' },
      });
      expect(own.status).toBe(200);
      expect(Buffer.from(await own.arrayBuffer())).toEqual(PDF);
      const typed = await fetch(`${t.baseUrl}${url}`, {
        headers: { ...investor.auth, 'sec-fetch-site': 'none' },
      });
      expect(typed.status).toBe(200);
      await typed.arrayBuffer();
      expect(await events(documentId)).toHaveLength(2);
    },
  );

  test('ranges resume a download (206) without logging it twice; a bad range is 416; a known ETag is 304', async () => {
    // An investor's download: the room's own managers' downloads are not logged (ADR 47).
    const { investor, documentId, url } = await roomWithFile();
    const first = await fetch(`${t.baseUrl}${url}`, { headers: { ...investor.auth, range: 'bytes=0-9' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${PDF.length}`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(PDF.subarray(0, 10));
    const rest = await fetch(`${t.baseUrl}${url}`, { headers: { ...investor.auth, range: 'bytes=10-' } });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(PDF.subarray(10));
    expect(await events(documentId)).toHaveLength(1);

    const beyond = await fetch(`${t.baseUrl}${url}`, {
      headers: { ...investor.auth, range: `bytes=${PDF.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${PDF.length}`);
    expect(await beyond.json()).toEqual({
      error: 'range_not_satisfiable',
      message: `The requested range is outside the file, which is ${PDF.length} bytes long.`,
    });
    const etag = first.headers.get('etag') ?? '';
    const cached = await fetch(`${t.baseUrl}${url}`, {
      headers: { ...investor.auth, 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
    await cached.arrayBuffer();
    expect(await events(documentId)).toHaveLength(1);
  });

  test('anyone else gets 404, exactly as for a document that does not exist; nothing is logged', async () => {
    const { founder, investor, documentId, url } = await roomWithFile();
    const otherFounder = await createFounder(t);
    const outsider = (await founderWithInvestor(t)).investor;
    for (const caller of [otherFounder, outsider]) {
      const response = await t.request('GET', url, { headers: caller.auth });
      expect(response.status).toBe(404);
      expect(response.json).toEqual(
        (await t.call(documentRoutes.download, { params: { id: crypto.randomUUID() }, as: caller })).json,
      );
    }
    expect((await t.request('GET', url)).status).toBe(401);

    // Revoked: the founder deletes the investor's invitation.
    const [invitation] = (await t.call(invitationRoutes.mine, { as: founder })).json;
    await t.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder });
    expect((await t.request('GET', url, { headers: investor.auth })).status).toBe(404);
    expect(await events(documentId)).toEqual([]);
  });

  test('an inactive room is downloadable by its owner only', async () => {
    const { founder, investor, url } = await roomWithFile();
    await t.app.database.db
      .updateTable('data_rooms')
      .set({ is_active: 0 })
      .where('owner_id', '=', founder.user.id)
      .execute();
    expect((await t.request('GET', url, { headers: investor.auth })).status).toBe(404);
    expect((await t.request('GET', url, { headers: founder.auth })).status).toBe(200);
  });
});

/** Fills the founder's room with `count` documents of one version each (rows only: the plan's count reads them). */
async function seedDocuments(founder: SignedIn, count: number): Promise<string> {
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;
  const now = Date.now();
  const documents = Array.from({ length: count }, (_, index) => ({
    id: crypto.randomUUID(),
    room_id: room.id,
    original_name: `File ${index}.pdf`,
    file_type: 'pdf',
    mime_type: 'application/pdf',
    size_bytes: 1,
    sha256: 'd'.repeat(64),
    storage_key: crypto.randomUUID(),
    uploaded_by: founder.user.id,
    created_at: now,
  }));
  await t.app.database.db
    .insertInto('documents')
    .values(
      documents.map((document) => ({
        ...document,
        title: document.original_name,
        current_version: 1,
        updated_at: now,
      })),
    )
    .execute();
  await t.app.database.db
    .insertInto('document_versions')
    .values(
      documents.map(({ id, ...document }) => ({
        ...document,
        document_id: id,
        number: 1,
        status: 'current' as const,
        is_readers_notified: 0,
        page_count: 1,
      })),
    )
    .execute();
  return room.id;
}

test('the plan allows 500 uploads per room: the next one is refused clearly and nothing is kept', async () => {
  const founder = await createFounder(t);
  await seedDocuments(founder, 500);
  const before = (await storedFiles()).length;
  const response = await upload(founder, form([{ name: 'One more.pdf', bytes: PDF }]));
  expect(response.status).toBe(409);
  expect(response.json).toMatchObject({
    error: 'upload_limit_reached',
    message: expect.stringMatching(/500 uploads/),
  });
  expect((await storedFiles()).length).toBe(before);
  expect(await tmpFiles()).toEqual([]);
});

test('20 uploads at once into the last free slot: exactly one is stored, 19 are refused by the plan', async () => {
  const founder = await createFounder(t);
  const roomId = await seedDocuments(founder, 499);
  const before = (await storedFiles()).length;
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      upload(
        founder,
        form([{ name: `Race ${index}.pdf`, bytes: PDF }], { section: 'Financial information' }),
      ),
    ),
  );
  const statuses = responses.map((response) => response.status).sort();
  expect(statuses).toEqual([201, ...Array(19).fill(409)]);
  for (const refused of responses.filter((response) => response.status === 409)) {
    expect(refused.json).toMatchObject({ error: 'upload_limit_reached' });
  }
  const documents = await t.app.database.db
    .selectFrom('documents')
    .select('title')
    .where('room_id', '=', roomId)
    .execute();
  expect(documents).toHaveLength(500);
  // The refused uploads left no file behind, and the sections link only the one stored.
  expect((await storedFiles()).length).toBe(before + 1);
  expect(await tmpFiles()).toEqual([]);
  const markdown = (await t.call(roomRoutes.sectionsMarkdown, { as: founder })).json;
  expect(markdown.content.match(/\[Race \d+\.pdf\]/g)).toHaveLength(1);
});
