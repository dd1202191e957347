import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import { createFounder, type SignedIn } from '#tests/support/factories';
import {
  expectNothingWritten,
  expectRefusal,
  storedUploads,
  unfinishedUploads,
  writtenState,
} from '#tests/support/refusals';
import { type RequestOptions, startTestApp, type TestApp } from '#tests/support/test-app';
import {
  contentDispositionTitle,
  type MultipartPart,
  multipartBody,
  SAMPLE_FILES,
} from '#tests/support/uploads';

/**
 * Hostile uploads (ADR 19): file names that climb out of a folder or hide characters, files too large
 * (with and without Content-Length), empty, or not what their extension says, and multipart bodies of
 * the wrong shape. A refused upload is a 4xx in the one error shape with no row, no file and no
 * temporary file left; an accepted one is stored under a server-made name in DATA_DIR/uploads and
 * nowhere else, with a clean title that the download names safely.
 */

let t: TestApp;
let founder: SignedIn;
beforeAll(async () => {
  t = await startTestApp();
  founder = await createFounder(t);
});
afterAll(() => t.close());

/** Part of the climbing file names, so that a file written outside DATA_DIR would be found by name. */
const RUN = `hostile-${crypto.randomBytes(4).toString('hex')}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const send = (options: RequestOptions) =>
  t.request('POST', apiPath(documentRoutes.upload), {
    ...options,
    headers: { ...options.headers, ...founder.auth },
  });
const sendParts = (parts: MultipartPart[], options: { complete?: boolean } = {}) =>
  send(multipartBody(parts, options));
const fileNamed = (filename: string, content: Buffer = SAMPLE_FILES.pdf): MultipartPart => ({
  name: 'file',
  filename,
  contentType: 'application/octet-stream',
  content,
});
/** The name sent as RFC 5987 `filename*`, so any character arrives exactly as written here. */
const fileEncoded = (name: string): MultipartPart => ({
  name: 'file',
  encodedFilename: name,
  content: SAMPLE_FILES.pdf,
});

async function expectUploadRefused(
  request: () => ReturnType<typeof send>,
  status: number,
  expected: Parameters<typeof expectRefusal>[2],
) {
  const before = await writtenState(t);
  expectRefusal(await request(), status, expected);
  await expectNothingWritten(t, before);
}

describe('file names are cleaned, and the file lands only in DATA_DIR/uploads under a name of ours', () => {
  // busboy keeps only what follows the last / or \ of a name (a name cannot hold a path); we replace
  // control characters and text-direction overrides with a space and shorten long names (keeping the
  // extension). The title is text, never a path: the stored file is named by a random UUID.
  test.each([
    ['a path that climbs to /etc', fileNamed(`../../etc/passwd-${RUN}.pdf`), `passwd-${RUN}.pdf`],
    ['a Windows path that climbs', fileNamed(`..\\..\\${RUN}.pdf`), `${RUN}.pdf`],
    ['an absolute path', fileNamed(`${os.tmpdir()}/${RUN}.pdf`), `${RUN}.pdf`],
    ['a path sent as filename*', fileEncoded(`../../../..${os.tmpdir()}/${RUN}.pdf`), `${RUN}.pdf`],
    ['%-escapes that are only text', fileNamed('..%2F..%2Fx.pdf'), '..%2F..%2Fx.pdf'],
    ['a NUL byte', fileNamed('report\u0000.pdf'), 'report .pdf'],
    ['an escape sequence', fileEncoded('report\u001b[2J.pdf'), 'report [2J.pdf'],
    [
      'a right-to-left override (hides .exe.pdf as .fdp.exe)',
      fileEncoded('invoice\u202Efdp.exe.pdf'),
      'invoice fdp.exe.pdf',
    ],
    [
      'quotes and a second filename parameter',
      fileEncoded('a"; filename="evil.exe.pdf'),
      'a"; filename="evil.exe.pdf',
    ],
    ['a leading run of dots', fileNamed('..pdf'), '..pdf'],
    ['300 characters', fileNamed(`${'n'.repeat(296)}.pdf`), `${'n'.repeat(196)}.pdf`],
    ['only spaces before the extension', fileNamed('   .pdf'), '.pdf'],
  ])('%s', async (_why, part, title) => {
    const before = await writtenState(t);
    const response = await sendParts([part]);
    expect(response.status, response.text).toBe(201);
    const { document, url } = response.json as { document: { title: string }; url: string };
    expect(document.title).toBe(title);

    const [stored] = (await storedUploads(t)).filter(
      (name) => !before.dataDirFiles.includes(path.join('uploads', name)),
    );
    expect(stored).toMatch(UUID);
    expect((await writtenState(t)).dataDirFiles).toEqual(
      [...before.dataDirFiles, path.join('uploads', stored ?? '')].sort(),
    );
    expect(await unfinishedUploads(t)).toEqual([]);
    // Nothing named after this run where the climbing names point (DATA_DIR is in the temp directory).
    for (const dir of [os.tmpdir(), path.join(os.tmpdir(), 'etc'), '/etc']) {
      const entries = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      expect(entries.filter((name) => name.includes(RUN))).toEqual([]);
    }

    // The download names it safely: one attachment, the exact title, no header of the sender's.
    const download = await t.request('GET', url, { headers: founder.auth });
    expect(download.status).toBe(200);
    expect(contentDispositionTitle(download.headers.get('content-disposition'))).toBe(title);
    expect(download.headers.get('set-cookie')).toBeNull();
  });

  test.each([
    // busboy drops a part whose file name holds a line break, so the upload arrives without a file.
    [
      'a CR/LF and a header in the name',
      fileEncoded('x\r\nSet-Cookie: a=b.pdf'),
      400,
      /^file: choose a file/,
    ],
    ['a bare LF in the name', fileEncoded('x\n.pdf'), 400, /^file: choose a file/],
    // A raw line break ends the part's header line in the middle of the name: no extension is left.
    ['a raw CR/LF inside the quoted name', fileNamed('x\r\n.pdf'), 415, /without an extension/],
    ['a name of two dots', fileNamed('..'), 415, /without an extension/],
    ['a name of only dots', fileNamed('...'), 415, /without an extension/],
    ['a hidden-file name', fileNamed('.pdf'), 415, /without an extension/],
    ['an empty name', fileNamed(''), 415, /without an extension/],
    ['NUL before a second extension', fileNamed('report.pdf\u0000.exe'), 415, /"\.exe" cannot be uploaded/],
  ])('%s is refused, and nothing is written', async (_why, part, status, message) => {
    await expectUploadRefused(() => sendParts([part]), status, { message, field: 'file' });
  });
});

describe('sizes', () => {
  /** A multipart upload of a "PDF" of `size` bytes, produced as it is sent (never held in memory). */
  function streamedUpload(size: number): { stream: ReadableStream<Uint8Array>; length: number } {
    const { body } = multipartBody([fileNamed('huge.pdf', Buffer.alloc(0))]);
    const marker = Buffer.from('\r\n\r\n');
    const split = body.indexOf(marker) + marker.length;
    const head = Buffer.concat([body.subarray(0, split), Buffer.from('%PDF-1.7\n')]);
    const tail = body.subarray(split);
    const fill = Buffer.alloc(1024 * 1024, 0x20);
    let remaining = size - 9;
    let stage: 'head' | 'fill' | 'tail' | 'done' = 'head';
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (stage === 'head') {
          controller.enqueue(head);
          stage = 'fill';
        } else if (stage === 'fill') {
          const chunk = fill.subarray(0, Math.min(fill.length, remaining));
          remaining -= chunk.length;
          controller.enqueue(chunk);
          if (remaining === 0) stage = 'tail';
        } else if (stage === 'tail') {
          controller.enqueue(tail);
          stage = 'done';
        } else controller.close();
      },
    });
    return { stream, length: head.length + (size - 9) + tail.length };
  }
  const contentType = multipartBody([]).headers;

  test('over 50 MB with a Content-Length: 413 before the body is read', async () => {
    const { stream, length } = streamedUpload(MAX_UPLOAD_BYTES + 1024 * 1024);
    await expectUploadRefused(
      () => send({ body: stream, headers: { ...contentType, 'content-length': String(length) } }),
      413,
      { error: 'file_too_large', message: /larger than 50 MB/, field: 'file' },
    );
  });

  test('over 50 MB without a Content-Length (chunked): 413 once the 50 MB are counted, nothing kept', async () => {
    const { stream } = streamedUpload(MAX_UPLOAD_BYTES + 1);
    await expectUploadRefused(() => send({ body: stream, headers: contentType }), 413, {
      error: 'file_too_large',
      message: /larger than 50 MB/,
      field: 'file',
    });
  });

  test('a zero-byte file: 400, there is nothing to upload', async () => {
    await expectUploadRefused(() => sendParts([fileNamed('empty.pdf', Buffer.alloc(0))]), 400, {
      error: 'empty_file',
      message: /"empty\.pdf" is empty/,
      field: 'file',
    });
  });
});

describe('content that is not what its extension says, and types we do not take', () => {
  const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(57)]);
  const MISMATCH = 'content_mismatch';
  const NOT_ALLOWED = 'file_type_not_allowed';
  test.each([
    ['HTML named .pdf', 'page.pdf', SAMPLE_FILES.html, MISMATCH, /"page\.pdf" is not a real \.pdf file/],
    [
      'a PNG named .docx',
      'photo.docx',
      SAMPLE_FILES.png,
      MISMATCH,
      /"photo\.docx" is not a real \.docx file/,
    ],
    ['an ELF executable named .zip', 'tool.zip', ELF, MISMATCH, /"tool\.zip" is not a real \.zip file/],
    ['a PDF named .png', 'image.png', SAMPLE_FILES.pdf, MISMATCH, /not a real \.png file/],
    [
      'a shell script named .jpg',
      'photo.jpg',
      Buffer.from('#!/bin/sh\nrm -rf /\n'),
      MISMATCH,
      /not a real \.jpg file/,
    ],
    ['binary bytes named .csv', 'data.csv', ELF, MISMATCH, /not a real \.csv file/],
    ['an .exe', 'setup.exe', Buffer.from('MZ'), NOT_ALLOWED, /"\.exe" cannot be uploaded/],
    ['an .html page', 'page.html', SAMPLE_FILES.html, NOT_ALLOWED, /"\.html" cannot be uploaded/],
    [
      'an .svg (images that run scripts)',
      'logo.svg',
      Buffer.from('<svg onload="alert(1)"/>'),
      NOT_ALLOWED,
      /"\.svg" cannot be uploaded/,
    ],
    [
      'a double extension ending in .exe',
      'deck.pdf.exe',
      SAMPLE_FILES.pdf,
      NOT_ALLOWED,
      /"\.exe" cannot be uploaded/,
    ],
  ])('%s: 415', async (_why, name, content, error, message) => {
    await expectUploadRefused(() => sendParts([fileNamed(name, content)]), 415, {
      error,
      message,
      field: 'file',
    });
  });
});

describe('multipart bodies of the wrong shape', () => {
  const pdf = fileNamed('deck.pdf');
  const SHAPE = /^An upload is one file named "file", with at most the fields title and section\.$/;
  test.each([
    [
      'two files',
      () => sendParts([pdf, fileNamed('other.pdf')]),
      400,
      { error: 'too_many_files', message: /one file per upload/ },
    ],
    [
      'only fields, no file',
      () => sendParts([{ name: 'title', content: 'Deck' }]),
      400,
      { message: /^file: choose a file/, field: 'file' },
    ],
    ['no parts at all', () => sendParts([]), 400, { message: /^file: choose a file/, field: 'file' }],
    [
      'an empty body',
      () => send({ body: '', headers: multipartBody([]).headers }),
      400,
      { message: /^file: choose a file/, field: 'file' },
    ],
    [
      'a body cut short (no closing boundary)',
      () => sendParts([pdf], { complete: false }),
      400,
      { error: 'invalid_multipart', message: /ended before its last part was complete/ },
    ],
    [
      'a multipart content type without a boundary',
      () => send({ body: multipartBody([pdf]).body, headers: { 'content-type': 'multipart/form-data' } }),
      400,
      { error: 'invalid_multipart', message: /names no boundary/ },
    ],
    [
      'five fields',
      () => sendParts([...['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, content: 'x' })), pdf]),
      400,
      { message: SHAPE },
    ],
    [
      'an unknown field',
      () => sendParts([{ name: 'isAdmin', content: 'true' }, pdf]),
      400,
      { message: /^Unexpected field: isAdmin$/, field: 'isAdmin' },
    ],
    [
      'a field named __proto__',
      () => sendParts([{ name: '__proto__', content: 'x' }, pdf]),
      400,
      { message: SHAPE },
    ],
    [
      'the file under another name',
      () => sendParts([{ ...pdf, name: 'document' }]),
      400,
      { message: /^Unexpected field: document\./, field: 'document' },
    ],
    [
      'a title of 201 characters',
      () => sendParts([{ name: 'title', content: 't'.repeat(201) }, pdf]),
      400,
      { message: /^title: must be at most 200 characters$/, field: 'title' },
    ],
    [
      'a title with a NUL byte',
      () => sendParts([{ name: 'title', content: 'Deck\u0000' }, pdf]),
      400,
      { message: /^title: contains the control character U\+0000/, field: 'title' },
    ],
    [
      'a section with a right-to-left override',
      () => sendParts([{ name: 'section', content: 'Legal\u202E' }, pdf]),
      400,
      { message: /^section: contains the invisible text-direction control U\+202E/, field: 'section' },
    ],
    [
      'a JSON body',
      () =>
        send({ body: JSON.stringify({ file: 'deck.pdf' }), headers: { 'content-type': 'application/json' } }),
      400,
      { message: /send the file as multipart\/form-data/, field: 'file' },
    ],
    [
      'a text body',
      () => send({ body: 'deck.pdf', headers: { 'content-type': 'text/plain' } }),
      400,
      { message: /send the file as multipart\/form-data/, field: 'file' },
    ],
    [
      'the raw bytes of a file',
      () => send({ body: SAMPLE_FILES.pdf, headers: { 'content-type': 'application/pdf' } }),
      415,
      { error: 'unsupported_media_type', message: /content type/ },
    ],
  ] as const)('%s is refused, and nothing is written', async (_why, request, status, expected) => {
    await expectUploadRefused(request, status, expected);
  });
});
