import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  type SignedIn,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { expectRefusal } from '#tests/support/refusals';
import { encryptedPdf, writtenPdf } from '#tests/support/sample-documents';
import { fetchBytes, startTestApp, type TestApp } from '#tests/support/test-app';
import { unzipped } from '#tests/support/zips';

// "Download all" (docs/product-rules.md#download-all): a zip of the room or one section, holding exactly
// what that reader may download, each file logged as a download and watermarked where the room says so.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function uploaded(founder: SignedIn, name: string, section: string, bytes = uniquePdf()) {
  const response = await uploadFile(t, founder, { name, bytes }, { section });
  expect(response.status, response.text).toBe(201);
  return { id: (response.json as { document: { id: string } }).document.id, bytes };
}

async function roomIdOf(founder: SignedIn): Promise<string> {
  return (await t.call(roomRoutes.mine, { as: founder })).json.id;
}

/** Section ids are 1..n in the order of the markdown: the starter template's come first. */
async function sectionIdOf(founder: SignedIn, name: string): Promise<number> {
  const content = (await t.call(roomRoutes.mySections, { as: founder })).json.content;
  const names = [...content.matchAll(/^## (.+)$/gm)].map((match) => (match[1] ?? '').trim());
  const index = names.findIndex((candidate) => candidate.includes(name));
  expect(index, content).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** The sections' names in the text this caller reads, in order (section ids are their places, from 1). */
async function sectionNames(who: SignedIn, path: string): Promise<string[]> {
  const { content } = (await t.request('GET', path, { headers: who.auth })).json as { content: string };
  return [...content.matchAll(/^## (.+)$/gm)].map((match) => (match[1] ?? '').replace(/\{.*\}/, '').trim());
}

const downloadAll = (who: SignedIn | undefined, roomId: string, section?: number) =>
  fetchBytes(t, apiPath(documentRoutes.downloadAll, { params: { id: roomId }, query: { section } }), {
    ...who?.auth,
  });

async function downloadsLogged(documentId: string): Promise<number> {
  const rows = await t.app.database.db
    .selectFrom('access_events')
    .select('id')
    .where('document_id', '=', documentId)
    .where('action', '=', 'downloaded')
    .execute();
  return rows.length;
}

/** A room with two sections: a deck and a view-only model in Financials, a memo in Legal. */
async function roomWithSections() {
  const { founder, investor, investorEmail } = await founderWithInvestor(t);
  const deck = await uploaded(founder, 'Deck.pdf', 'Financials');
  const model = await uploaded(founder, 'Model.pdf', 'Financials');
  const memo = await uploaded(founder, 'Memo.pdf', 'Legal');
  const policy = await t.call(documentRoutes.setDownloadPolicy, {
    params: { id: model.id },
    body: { policy: 'view_only' },
    as: founder,
  });
  expect(policy.status).toBe(200);
  return { founder, investor, investorEmail, deck, model, memo, roomId: await roomIdOf(founder) };
}

describe('GET /api/data-room/:id/download-all', () => {
  test('an investor gets every file they may download, in folders named after the sections, each logged', async () => {
    const { investor, deck, model, memo, roomId } = await roomWithSections();
    const response = await downloadAll(investor, roomId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('data room.zip');
    const files = await unzipped(response.bytes);
    expect([...files.keys()].sort()).toEqual(['Financials/Deck.pdf', 'Legal/Memo.pdf']);
    expect(files.get('Financials/Deck.pdf')).toEqual(deck.bytes);
    expect(files.get('Legal/Memo.pdf')).toEqual(memo.bytes);
    // The view-only model is not in it, and not logged; the others are logged once each.
    expect(await downloadsLogged(deck.id)).toBe(1);
    expect(await downloadsLogged(memo.id)).toBe(1);
    expect(await downloadsLogged(model.id)).toBe(0);
  });

  test('one section holds only its own files, without a folder; the founder gets the view-only one too', async () => {
    const { founder, investor, deck, model, roomId } = await roomWithSections();
    const financials = await sectionIdOf(founder, 'Financials');
    const theirs = await downloadAll(investor, roomId, financials);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('content-disposition')).toContain('Financials.zip');
    expect([...(await unzipped(theirs.bytes)).keys()]).toEqual(['Deck.pdf']);
    const own = await unzipped((await downloadAll(founder, roomId, financials)).bytes);
    expect([...own.keys()].sort()).toEqual(['Deck.pdf', 'Model.pdf']);
    expect(own.get('Model.pdf')).toEqual(model.bytes);
    // The founder's own download is not investor activity.
    expect(await downloadsLogged(deck.id)).toBe(1);
  });

  test('the founder’s whole room also holds what no section links yet; an investor’s does not', async () => {
    const { founder, investor, roomId } = await roomWithSections();
    const loose = await uploaded(founder, 'Loose.pdf', '');
    const own = await unzipped((await downloadAll(founder, roomId)).bytes);
    expect(own.get('Not in a section/Loose.pdf')).toEqual(loose.bytes);
    const theirs = await unzipped((await downloadAll(investor, roomId)).bytes);
    expect([...theirs.keys()].some((name) => name.includes('Loose'))).toBe(false);
  });

  test('a section hidden from the reader’s group is not in their zip, and sections are numbered as they read them', async () => {
    const { founder, investor, deck, memo, roomId } = await roomWithSections();
    const diligence = (await t.call(groupRoutes.create, { body: { name: 'Diligence' }, as: founder })).json;
    const hidden = await t.call(groupRoutes.setSectionVisibility, {
      body: { section: 'Financials', visibleTo: [diligence.id] },
      as: founder,
    });
    expect(hidden.status, hidden.text).toBe(200);
    const whole = await unzipped((await downloadAll(investor, roomId)).bytes);
    expect([...whole.keys()]).toEqual(['Legal/Memo.pdf']);
    expect(await downloadsLogged(deck.id)).toBe(0);
    // Their sections text has no Financials: Legal, after it, is one place earlier there.
    const theirNames = await sectionNames(investor, apiPath(roomRoutes.sections, { params: { id: roomId } }));
    const foundersNames = await sectionNames(founder, apiPath(roomRoutes.mySections));
    expect(foundersNames.indexOf('Financials')).toBeLessThan(foundersNames.indexOf('Legal'));
    const theirLegal = theirNames.indexOf('Legal') + 1;
    expect(theirLegal).toBe(foundersNames.indexOf('Legal'));
    const legal = await downloadAll(investor, roomId, theirLegal);
    expect(legal.status).toBe(200);
    expect((await unzipped(legal.bytes)).get('Memo.pdf')).toEqual(memo.bytes);
    // Past the sections they read, a number answers like a missing section.
    const pastTheirs = apiPath(documentRoutes.downloadAll, {
      params: { id: roomId },
      query: { section: theirNames.length + 1 },
    });
    expectRefusal(await t.request('GET', pastTheirs, { headers: investor.auth }), 404, {
      error: 'nothing_to_download',
      message: /does not exist/,
    });
  });

  test('a section with nothing the reader may download is a 404 that says so', async () => {
    const { founder, investor, model, roomId } = await roomWithSections();
    const financials = await sectionIdOf(founder, 'Financials');
    await t.call(roomRoutes.setDownloadDefault, { body: { isDownloadAllowed: false }, as: founder });
    expectRefusal(
      await t.call(documentRoutes.downloadAll, {
        params: { id: roomId },
        query: { section: financials },
        as: investor,
      }),
      404,
      { error: 'nothing_to_download', message: /no document you may download/ },
    );
    expect(await downloadsLogged(model.id)).toBe(0);
  });

  test('a stranger, a signed-out caller and a missing section learn nothing', async () => {
    const { roomId, founder } = await roomWithSections();
    const stranger = await createFounder(t);
    expect((await downloadAll(stranger, roomId)).status).toBe(404);
    expect((await downloadAll(undefined, roomId)).status).toBe(401);
    expectRefusal(
      await t.call(documentRoutes.downloadAll, {
        params: { id: roomId },
        query: { section: '999' },
        as: founder,
      }),
      404,
      {
        error: 'nothing_to_download',
        message: /^That section does not exist, or has no document you may download\.$/,
      },
    );
  });

  test('hostile queries are refused naming the parameter', async () => {
    const { investor, roomId } = await roomWithSections();
    for (const query of [
      { section: 0 },
      { section: 'abc' },
      { section: 1.5 },
      { section: -2 },
      { other: 1 },
    ]) {
      const response = await t.call(documentRoutes.downloadAll, {
        params: { id: roomId },
        query,
        as: investor,
      });
      expect(response.status, JSON.stringify(query)).toBe(400);
    }
    expect(
      (await t.call(documentRoutes.downloadAll, { params: { id: 'not-a-uuid' }, as: investor })).status,
    ).toBe(400);
  });

  test('another site cannot make the browser download the room', async () => {
    const { investor, deck, roomId } = await roomWithSections();
    const response = await t.call(documentRoutes.downloadAll, {
      params: { id: roomId },
      headers: { ...investor.auth, 'sec-fetch-site': 'cross-site' },
    });
    expectRefusal(response, 403, { error: 'cross_site_request', message: /data room itself/ });
    expect(await downloadsLogged(deck.id)).toBe(0);
  });

  test("with the room's watermark on, each PDF in the zip carries the reader's e-mail", async () => {
    const { founder, investor, investorEmail } = await founderWithInvestor(t);
    const deck = await uploaded(founder, 'Deck.pdf', 'Financials', writtenPdf({ pages: 2 }));
    expect(
      (await t.call(roomRoutes.setWatermark, { body: { isWatermarkEnabled: true }, as: founder })).status,
    ).toBe(200);
    const files = await unzipped((await downloadAll(investor, await roomIdOf(founder))).bytes);
    const stamped = files.get('Financials/Deck.pdf');
    expect(stamped).toBeDefined();
    expect(stamped).not.toEqual(deck.bytes);
    expect(pdfText(stamped ?? Buffer.alloc(0))).toContain(investorEmail);
    expect(await downloadsLogged(deck.id)).toBe(1);
  });
});

test('a reader removed while a long zip streams gets no further file: the zip is cut off at the next one (ADR 74)', async () => {
  const { founder, investor, investorEmail } = await founderWithInvestor(t);
  // Files larger than the sockets' buffers, so the server is still on the first while the reader pauses.
  const big = () =>
    Buffer.concat([uniquePdf(), Buffer.alloc(4 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
  for (const name of ['One.pdf', 'Two.pdf', 'Three.pdf']) await uploaded(founder, name, 'Deck', big());
  const roomId = await roomIdOf(founder);
  const chunks: Buffer[] = [];
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(
        `${t.baseUrl}${apiPath(documentRoutes.downloadAll, { params: { id: roomId } })}`,
        { headers: investor.auth },
        (answer) => {
          answer.once('data', (chunk: Buffer) => {
            chunks.push(chunk);
            answer.pause();
            resolve(answer);
          });
        },
      )
      .on('error', reject);
  });
  expect(response.statusCode).toBe(200);
  const invitations = (await t.call(invitationRoutes.mine, { as: founder })).json;
  const invitation = invitations.find((row) => row.email === investorEmail);
  const removed = await t.call(invitationRoutes.remove, {
    params: { id: String(invitation?.id) },
    as: founder,
  });
  expect(removed.status).toBe(204);
  // Reading on: what the server had already started arrives, and nothing after the file it was on.
  const bytes = await new Promise<Buffer>((resolve) => {
    const done = () => resolve(Buffer.concat(chunks));
    response.on('data', (more: Buffer) => chunks.push(more));
    response.on('end', done);
    response.on('aborted', done);
    response.on('error', done);
    response.on('close', done);
    response.resume();
  });
  const localHeaders = bytes.toString('latin1').split('PK\x03\x04').length - 1;
  expect(localHeaders).toBeGreaterThanOrEqual(1);
  expect(localHeaders).toBeLessThan(3);
  // No end of central directory: the zip is visibly incomplete.
  expect(bytes.includes(Buffer.from('PK\x05\x06', 'latin1'))).toBe(false);
}, 60_000);

test('a PDF that cannot carry the watermark is left out, named with why in "Not included.txt", and not logged', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  const deck = await uploaded(founder, 'Deck.pdf', 'Financials', writtenPdf({ pages: 1 }));
  const locked = await uploaded(founder, 'Locked.pdf', 'Financials', encryptedPdf());
  await t.call(roomRoutes.setWatermark, { body: { isWatermarkEnabled: true }, as: founder });
  const files = await unzipped((await downloadAll(investor, await roomIdOf(founder))).bytes);
  expect([...files.keys()].sort()).toEqual(['Financials/Deck.pdf', 'Not included.txt']);
  expect(files.get('Not included.txt')?.toString()).toMatch(/Locked\.pdf: This PDF cannot carry a watermark/);
  expect(await downloadsLogged(deck.id)).toBe(1);
  expect(await downloadsLogged(locked.id)).toBe(0);
});

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-archive-test-'));
  try {
    fs.writeFileSync(path.join(dir, 'file.pdf'), pdf);
    return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path.join(dir, 'file.pdf'), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
