import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { previewRoutes } from '#shared/contracts/previews';
import { questionRoutes } from '#shared/contracts/questions';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { searchRoutes } from '#shared/contracts/search';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { aBrowser, createFounder, type SignedIn, uniqueEmail, uploadFile } from '#tests/support/factories';
import { deckPdf } from '#tests/support/sample-documents';
import { recipientsOf } from '#tests/support/smtp-server';
import { fetchBytes, startTestApp, type TestApp } from '#tests/support/test-app';

// Document links (docs/decisions/0095-document-links.md): a share link scoped to one document. Its code
// proves entry to that document alone: every other read of the room answers as a stranger's, nothing
// of the account beyond it is opened, and a second address is recorded as a forward.

let t: TestApp;
let founder: SignedIn;
let roomId: string;
let deckId: string;
let otherId: string;
beforeAll(async () => {
  t = await startTestApp();
  founder = await createFounder(t);
  roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
  deckId = await uploaded('Deck.pdf', deckPdf(2));
  otherId = await uploaded('Model.pdf', deckPdf(1));
});
afterAll(() => t.close());

async function uploaded(name: string, bytes: Buffer): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes }, { section: 'Decks' });
  expect(response.status, response.text).toBe(201);
  await t.app.jobs.whenIdle();
  return (response.json as { document: { id: string } }).document.id;
}

interface MadeLink {
  id: string;
  url: string;
  token: string;
}

async function documentLink(documentId: string, options: Record<string, unknown> = {}): Promise<MadeLink> {
  const made = await t.call(shareLinkRoutes.createForDocument, {
    body: { documentId, name: `Acme Ventures — Jane ${crypto.randomUUID().slice(0, 6)}`, ...options },
    as: founder,
  });
  expect(made.status, made.text).toBe(201);
  const { link, url } = made.json;
  return { id: link.id, url, token: url.slice(url.lastIndexOf('/') + 1) };
}

async function codeFor(link: MadeLink, email: string, browser: { cookie: string }) {
  const before = t.smtp.messages.length;
  const asked = await t.call(shareLinkRoutes.requestCode, {
    params: { token: link.token },
    body: { email },
    headers: browser,
  });
  expect(asked.status, asked.text).toBe(200);
  const mail = await t.smtp.waitForMessage(
    (m) =>
      t.smtp.messages.indexOf(m) >= before &&
      recipientsOf(m).includes(email) &&
      /is your/.test(m.subject ?? ''),
  );
  return /^(\d{6}) is your/.exec(mail.subject ?? '')?.[1] ?? '';
}

const verify = (link: MadeLink, body: Record<string, string>, headers: Record<string, string>) =>
  t.call(shareLinkRoutes.verify, { params: { token: link.token }, body: body as never, headers });

/** Proves the address in a browser of its own and answers the document link's session as a caller. */
async function enter(link: MadeLink, email: string) {
  const browser = aBrowser();
  const code = await codeFor(link, email, browser);
  const response = await verify(link, { email, code }, browser);
  expect(response.status, response.text).toBe(200);
  const body = response.json as { state: string; token?: string; documentId?: string; roomId: string };
  return { body, reader: { auth: { authorization: `Bearer ${body.token}` } } as unknown as SignedIn };
}

const statusOf = async (as: SignedIn, url: string) => (await fetchBytes(t, url, as.auth)).status;

describe('a document link reads its document and nothing else', () => {
  test('the reader sees the document in the viewer; every other room route answers as to a stranger', async () => {
    const link = await documentLink(deckId);
    const state = await t.call(shareLinkRoutes.state, { params: { token: link.token } });
    expect(state.json).toMatchObject({ state: 'open', opens: 'document' });
    const email = uniqueEmail('jane');
    const { body, reader } = await enter(link, email);
    expect(body).toMatchObject({ state: 'admitted', documentId: deckId, roomId });

    const preview = await t.call(previewRoutes.preview, { params: { id: deckId }, as: reader });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json.pages).toHaveLength(2);
    const page = apiPath(previewRoutes.page, { params: { id: deckId, page: '1' }, query: { width: '800' } });
    expect(await statusOf(reader, page)).toBe(200);
    const opened = await t.call(readingRoutes.openView, { params: { id: deckId }, as: reader });
    expect(opened.status, opened.text).toBe(201);
    expect((await t.call(questionRoutes.ofDocument, { params: { id: deckId }, as: reader })).status).toBe(
      200,
    );

    // As a signed-in stranger would be: the room, its documents, its search, its FAQ, the other file.
    for (const refused of [
      await t.call(roomRoutes.room, { params: { id: roomId }, as: reader }),
      await t.call(documentRoutes.inRoom, { params: { id: roomId }, as: reader }),
      await t.call(searchRoutes.search, { params: { id: roomId }, query: { q: 'deck' }, as: reader }),
      await t.call(questionRoutes.faq, { params: { id: roomId }, as: reader }),
      await t.call(previewRoutes.preview, { params: { id: otherId }, as: reader }),
    ])
      expect(refused.status, refused.text).toBe(404);
    expect(await statusOf(reader, apiPath(documentRoutes.download, { params: { id: otherId } }))).toBe(404);
    // The console and the account's other rooms are out of reach: no session there (ADR 74).
    expect((await t.call(roomRoutes.mine, { as: reader })).status).toBe(401);

    // Nobody was invited, and the reader is no member: opening the room needs an invitation.
    const invited = await t.app.database.db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(invited).toEqual([]);

    // Turned off: the reader's session reads nothing more.
    await t.call(shareLinkRoutes.update, {
      params: { id: link.id },
      body: { isDisabled: true },
      as: founder,
    });
    expect((await t.call(previewRoutes.preview, { params: { id: deckId }, as: reader })).status).toBe(401);
  });

  test('an existing account proved by the link gets no session of the account beyond the document', async () => {
    // Another founder's account: its own room, its console, its full session elsewhere.
    const full = await createFounder(t);
    const email = full.user.email;
    const link = await documentLink(deckId);
    const { reader } = await enter(link, email);
    expect((await t.call(authRoutes.me, { as: reader })).json.user.onlyRoomId).toBe(roomId);
    expect((await t.call(roomRoutes.room, { params: { id: roomId }, as: reader })).status).toBe(404);
    // The account's own full session, elsewhere, is untouched.
    expect((await t.call(authRoutes.me, { as: full })).status).toBe(200);
  });
});

describe('the attacker', () => {
  test('a replayed, guessed, or copied code opens nothing; nor does one sent from another site', async () => {
    const link = await documentLink(deckId);
    const email = uniqueEmail('target');
    const browser = aBrowser();
    const code = await codeFor(link, email, browser);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await verify(link, { email, code: wrong }, browser)).status).toBe(400);
    // Typed in another browser than the one that asked: refused, as a wrong code (ADR 74).
    expect((await verify(link, { email, code }, aBrowser())).status).toBe(400);
    // From another site: refused before anything is read.
    const crossSite = await verify(link, { email, code }, { ...browser, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await verify(link, { email, code }, browser)).status).toBe(200);
    // Replayed: a code works once.
    expect((await verify(link, { email, code }, browser)).status).toBe(400);
    // A link's code proves that link only: another document link's token does not take it.
    const other = await documentLink(otherId);
    expect((await verify(other, { email, code }, browser)).status).toBe(400);
  });
});

describe('versions', () => {
  test('a pinned link is never served a replacement; a link that follows gets the new file', async () => {
    const documentId = await uploaded('Plan.pdf', deckPdf(2));
    const pinned = await documentLink(documentId, {
      versionNumber: 1,
      allowsDownload: true,
      watermark: false,
    });
    const follows = await documentLink(documentId, { allowsDownload: true, watermark: false });
    const { reader: pinnedReader } = await enter(pinned, uniqueEmail('pinned'));
    const { reader: follower } = await enter(follows, uniqueEmail('follower'));
    const download = apiPath(documentRoutes.download, { params: { id: documentId } });
    expect(await statusOf(pinnedReader, download)).toBe(200);

    const form = new FormData();
    const newer = deckPdf(3);
    form.append('file', new Blob([newer]), 'Plan v2.pdf');
    expect(
      (await t.call(documentRoutes.replaceFile, { params: { id: documentId }, form, as: founder })).status,
    ).toBe(201);
    await t.app.jobs.whenIdle();

    const followed = await fetchBytes(t, download, follower.auth);
    expect(followed.status).toBe(200);
    expect(followed.bytes.equals(newer)).toBe(true);
    expect(
      (await t.call(previewRoutes.preview, { params: { id: documentId }, as: follower })).json.pages,
    ).toHaveLength(3);
    // The pinned link's reader never gets version 2's bytes or pages.
    expect(await statusOf(pinnedReader, download)).toBe(404);
    expect(
      (await t.call(previewRoutes.preview, { params: { id: documentId }, as: pinnedReader })).status,
    ).toBe(404);
    // Pinning a version that is not the current one is refused, naming the field.
    const refused = await t.call(shareLinkRoutes.createForDocument, {
      body: { documentId, name: `Old ${crypto.randomUUID()}`, versionNumber: 1 },
      as: founder,
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field: 'versionNumber' });
  });
});

describe('forwards', () => {
  test("a second address is recorded as a forward from the first reader's link, and waits when the founder asks", async () => {
    const link = await documentLink(deckId, { forwardsNeedApproval: true });
    const jane = uniqueEmail('jane');
    const partner = uniqueEmail('partner');
    await enter(link, jane);
    const browser = aBrowser();
    const code = await codeFor(link, partner, browser);
    const waiting = await verify(link, { email: partner, code }, browser);
    expect(waiting.json).toMatchObject({ state: 'pending' });

    const listed = (await t.call(shareLinkRoutes.list, { as: founder })).json.links.find(
      (l) => l.id === link.id,
    );
    expect(listed?.readers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: jane, forwardedFrom: null, state: 'admitted' }),
        expect.objectContaining({ email: partner, forwardedFrom: jane, state: 'pending' }),
      ]),
    );
    const forward = listed?.readers.find((r) => r.email === partner);
    const decided = await t.call(shareLinkRoutes.decide, {
      params: { id: forward?.id ?? '' },
      body: { decision: 'approve' },
      as: founder,
    });
    expect(decided.status, decided.text).toBe(200);
    // Let in: a new code of the link opens the document; still nobody is invited to the room.
    const { body } = await enter(link, partner);
    expect(body).toMatchObject({ state: 'admitted', documentId: deckId });
  });
});

describe('download and watermark per link, on the bytes', () => {
  test("a link without download is view-only; a watermarked link stamps the reader's address on the page and the PDF", async () => {
    const viewOnly = await documentLink(deckId, { allowsDownload: false });
    const { reader: viewer } = await enter(viewOnly, uniqueEmail('viewer'));
    const download = apiPath(documentRoutes.download, { params: { id: deckId } });
    expect(await statusOf(viewer, download)).toBe(403);

    const plain = await documentLink(deckId, { allowsDownload: true, watermark: false });
    const plainEmail = uniqueEmail('plain');
    const { reader: plainReader } = await enter(plain, plainEmail);
    const stamped = await documentLink(deckId, { allowsDownload: true, watermark: true });
    const stampedEmail = uniqueEmail('stamped');
    const { reader: stampedReader } = await enter(stamped, stampedEmail);

    const page = apiPath(previewRoutes.page, { params: { id: deckId, page: '1' }, query: { width: '800' } });
    const original = await fetchBytes(t, page, founder.auth);
    const plainPage = await fetchBytes(t, page, plainReader.auth);
    const stampedPage = await fetchBytes(t, page, stampedReader.auth);
    expect(plainPage.bytes.equals(original.bytes)).toBe(true);
    expect(stampedPage.status).toBe(200);
    expect(stampedPage.bytes.equals(original.bytes)).toBe(false);

    const plainPdf = pdfText((await fetchBytes(t, download, plainReader.auth)).bytes);
    const stampedPdf = pdfText((await fetchBytes(t, download, stampedReader.auth)).bytes);
    expect(plainPdf).not.toContain(plainEmail);
    expect(stampedPdf).toContain(stampedEmail);
  });
});

/** A PDF's text by poppler's pdftotext, without white space (rotated lines wrap). */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'document-link-test-'));
  try {
    const file = path.join(dir, 'download.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      '',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('"Links" in Analytics', () => {
  test('each read is counted under the link and the verified reader, per page and version; a forward is named', async () => {
    const link = await documentLink(deckId);
    const jane = uniqueEmail('jane');
    const partner = uniqueEmail('partner');
    const { reader } = await enter(link, jane);
    const { reader: forwarded } = await enter(link, partner);
    const opened = await t.call(readingRoutes.openView, { params: { id: deckId }, as: reader });
    const viewId = opened.json.viewId ?? '';
    // As if opened a minute ago, so the report's seconds are all credited.
    await t.app.database.db
      .updateTable('reading_views')
      .set((eb) => ({ started_at: eb('started_at', '-', 60_000) }))
      .where('id', '=', viewId)
      .execute();
    const reported = await t.call(readingRoutes.report, {
      params: { viewId },
      rawBody: {
        pages: [
          { page: 1, seconds: 20 },
          { page: 2, seconds: 10 },
        ],
      },
      as: reader,
    });
    expect(reported.status, reported.text).toBe(204);
    expect((await t.call(readingRoutes.openView, { params: { id: deckId }, as: forwarded })).status).toBe(
      201,
    );

    const links = await t.call(readingRoutes.links, { as: founder });
    expect(links.status, links.text).toBe(200);
    const row = links.json.links.find((each) => each.id === link.id);
    expect(row).toMatchObject({
      documentId: deckId,
      documentTitle: 'Deck.pdf',
      visits: 2,
      readers: 2,
      pageCount: 2,
    });
    expect(row?.readerRows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: jane,
          forwardedFrom: null,
          lastPage: 2,
          versions: [1],
          pages: [
            { page: 1, readMs: 20_000 },
            { page: 2, readMs: 10_000 },
          ],
        }),
        expect.objectContaining({ email: partner, forwardedFrom: jane, visits: 1 }),
      ]),
    );
    expect(row?.stopPage).toBe(2);
    // A reader of the room (or any caller but its founders) gets the console's refusal.
    expect((await t.call(readingRoutes.links, { as: reader })).status).toBe(401);
  });
});
