import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { previewRoutes } from '#shared/contracts/previews';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  type SignedIn,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { storeReadyPreview } from '#tests/support/previews';
import { expectRefusal } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// View-only documents (docs/decisions/0043-view-only-documents.md): the room's default, each
// document's own "Allow download", what the download route answers each caller, and what the lists and
// the viewer say about it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const VIEW_ONLY_REFUSAL = {
  error: 'view_only',
  message: 'This document can be read in the viewer only: its owner does not allow downloads.',
};

async function uploaded(founder: SignedIn, name: string, bytes: Buffer = uniquePdf()): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes });
  expect(response.status, response.text).toBe(201);
  return (response.json as { document: { id: string } }).document.id;
}

const get = (who: SignedIn | undefined, path: string, headers: Record<string, string> = {}) =>
  t.request('GET', path, { headers: { ...who?.auth, ...headers } });

const setDocumentPolicy = (who: SignedIn | undefined, documentId: string, json: unknown) =>
  t.call(documentRoutes.setDownloadPolicy, {
    params: { id: documentId },
    rawBody: json,
    headers: who?.auth ?? {},
  });

const setRoomDefault = (who: SignedIn | undefined, json: unknown) =>
  t.call(roomRoutes.setDownloadDefault, { rawBody: json, headers: who?.auth ?? {} });

async function roomIdOf(founder: SignedIn): Promise<string> {
  return ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
}

/** The document as the founder's list shows it. */
async function listed(founder: SignedIn, documentId: string) {
  const list = (await get(founder, apiPath(documentRoutes.mine))).json as {
    id: string;
    downloadPolicy: string;
    isDownloadAllowed: boolean;
  }[];
  return list.find((document) => document.id === documentId);
}

async function downloadsLogged(documentId: string): Promise<number> {
  const rows = await t.app.database.db
    .selectFrom('access_events')
    .select('id')
    .where('document_id', '=', documentId)
    .where('action', '=', 'downloaded')
    .execute();
  return rows.length;
}

/** A founder's room with a signed-in member and one PDF, its preview ready. */
async function roomWithDeck() {
  const { founder, investor } = await founderWithInvestor(t);
  const bytes = uniquePdf();
  const documentId = await uploaded(founder, 'Deck.pdf', bytes);
  await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2 });
  return { founder, investor, documentId, bytes };
}

describe('the defaults: downloads allowed', () => {
  test('a new room allows downloads and its documents follow it', async () => {
    const { founder, investor, documentId } = await roomWithDeck();
    expect((await get(founder, apiPath(roomRoutes.mine))).json).toMatchObject({ isDownloadAllowed: true });
    expect(await listed(founder, documentId)).toMatchObject({
      downloadPolicy: 'room',
      isDownloadAllowed: true,
    });
    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(200);
    expect(
      (await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } }))).json,
    ).toMatchObject({
      isDownloadAllowed: true,
    });
  });
});

describe('POST /api/documents/:id/download-policy (one document\'s "Allow download")', () => {
  test('view only: the investor gets 403 view_only and nothing is logged; the owner still downloads', async () => {
    const { founder, investor, documentId, bytes } = await roomWithDeck();
    const changed = await setDocumentPolicy(founder, documentId, { policy: 'view_only' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({
      id: documentId,
      downloadPolicy: 'view_only',
      isDownloadAllowed: false,
    });

    const refused = await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }));
    expectRefusal(refused, 403, {
      error: 'view_only',
      message: /^This document can be read in the viewer only/,
    });
    expect(refused.json).toEqual(VIEW_ONLY_REFUSAL);
    // A resumed range or a revalidation is the same download: refused too, never a 206 or a 304.
    const etag = `"${crypto.createHash('sha256').update(bytes).digest('hex')}"`;
    expect(
      (
        await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }), {
          range: 'bytes=5-',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }), {
          'if-none-match': etag,
        })
      ).status,
    ).toBe(403);
    expect(await downloadsLogged(documentId)).toBe(0);

    const own = await fetch(
      `${t.baseUrl}${apiPath(documentRoutes.download, { params: { id: documentId } })}`,
      { headers: founder.auth },
    );
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('the investor still reads a view-only document in the viewer: its preview says no download, its pages load', async () => {
    const { founder, investor, documentId } = await roomWithDeck();
    await setDocumentPolicy(founder, documentId, { policy: 'view_only' });
    const preview = await get(investor, apiPath(previewRoutes.preview, { params: { id: documentId } }));
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ status: 'ready', isDownloadAllowed: false });
    expect(
      (await get(founder, apiPath(previewRoutes.preview, { params: { id: documentId } }))).json,
    ).toMatchObject({
      isDownloadAllowed: true,
    });
    expect(
      (await get(investor, apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }))).status,
    ).toBe(200);
    expect(
      (await get(investor, apiPath(previewRoutes.thumbnail, { params: { id: documentId, page: '2' } })))
        .status,
    ).toBe(200);
    expect((await t.call(readingRoutes.openView, { params: { id: documentId }, as: investor })).status).toBe(
      201,
    );
  });

  test('a view-only video still streams in the viewer (reading it is allowed), and is not logged as a download', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const video = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      crypto.randomBytes(500),
    ]);
    const documentId = await uploaded(founder, 'Demo.mp4', video);
    await storeReadyPreview(t, documentId, { kind: 'video' });
    await setDocumentPolicy(founder, documentId, { policy: 'view_only' });
    const streamed = await fetch(
      `${t.baseUrl}${apiPath(previewRoutes.content, { params: { id: documentId } })}`,
      {
        headers: { ...investor.auth, range: 'bytes=0-99' },
      },
    );
    expect(streamed.status).toBe(206);
    expect(streamed.headers.get('content-disposition')).toBe('inline');
    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(403);
    expect(await downloadsLogged(documentId)).toBe(0);
  });

  test("'allowed' overrides a view-only room, and 'room' follows the room again", async () => {
    const { founder, investor, documentId } = await roomWithDeck();
    const other = await uploaded(founder, 'Model.pdf');
    expect((await setRoomDefault(founder, { isDownloadAllowed: false })).status).toBe(200);
    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(403);
    expect((await get(investor, apiPath(documentRoutes.download, { params: { id: other } }))).status).toBe(
      403,
    );

    expect((await setDocumentPolicy(founder, documentId, { policy: 'allowed' })).json).toMatchObject({
      downloadPolicy: 'allowed',
      isDownloadAllowed: true,
    });
    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(200);
    expect((await get(investor, apiPath(documentRoutes.download, { params: { id: other } }))).status).toBe(
      403,
    );

    expect((await setDocumentPolicy(founder, documentId, { policy: 'room' })).json).toMatchObject({
      downloadPolicy: 'room',
      isDownloadAllowed: false,
    });
    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(403);
  });

  test('the change does not date the file: its updatedAt stays', async () => {
    const { founder, documentId } = await roomWithDeck();
    const before = (await get(founder, apiPath(documentRoutes.mine))).json as {
      id: string;
      updatedAt: string;
    }[];
    await setDocumentPolicy(founder, documentId, { policy: 'view_only' });
    const after = (await get(founder, apiPath(documentRoutes.mine))).json as {
      id: string;
      updatedAt: string;
    }[];
    expect(after.find((d) => d.id === documentId)?.updatedAt).toBe(
      before.find((d) => d.id === documentId)?.updatedAt,
    );
  });

  test("another founder's document is a 404, as one that does not exist; an investor gets 403, nobody 401; nothing changes", async () => {
    const { founder, investor, documentId } = await roomWithDeck();
    const stranger = await createFounder(t);
    const theirs = await setDocumentPolicy(stranger, documentId, { policy: 'view_only' });
    const missing = await setDocumentPolicy(stranger, crypto.randomUUID(), { policy: 'view_only' });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual(missing.json);
    expect((await setDocumentPolicy(investor, documentId, { policy: 'allowed' })).status).toBe(403);
    expect((await setDocumentPolicy(undefined, documentId, { policy: 'view_only' })).status).toBe(401);
    expect(await listed(founder, documentId)).toMatchObject({
      downloadPolicy: 'room',
      isDownloadAllowed: true,
    });
  });

  test.each([
    [{}, 'policy', /^policy: must be one of room, allowed, view_only$/],
    [{ policy: 'none' }, 'policy', /^policy: must be one of room, allowed, view_only$/],
    [{ policy: 'VIEW_ONLY' }, 'policy', /^policy: must be one of room, allowed, view_only$/],
    [{ policy: null }, 'policy', /^policy: must be one of room, allowed, view_only$/],
    [{ policy: false }, 'policy', /^policy: must be one of room, allowed, view_only$/],
    [{ policy: ['view_only'] }, 'policy', /^policy: must be one of room, allowed, view_only$/],
    [
      { policy: 'view_only', isDownloadAllowed: true },
      'isDownloadAllowed',
      /^Unexpected field: isDownloadAllowed$/,
    ],
    [['view_only'], 'body', /^The request body must be a JSON object\.$/],
  ])('%j is a 400 naming %s, and changes nothing', async (json, field, message) => {
    const { founder, documentId } = await roomWithDeck();
    expectRefusal(await setDocumentPolicy(founder, documentId, json), 400, { message, field });
    expect(await listed(founder, documentId)).toMatchObject({ downloadPolicy: 'room' });
  });

  test('a malformed document id is a 400 naming it', async () => {
    const founder = await createFounder(t);
    expectRefusal(await setDocumentPolicy(founder, 'not-a-uuid', { policy: 'view_only' }), 400, {
      message: /^id: must be a document id$/,
      field: 'id',
    });
  });
});

describe('POST /api/my-data-room/download-policy (the room\'s "Allow downloads")', () => {
  test("turning it off makes every document that follows the room view-only, in the founder's and the member's lists", async () => {
    const { founder, investor, documentId } = await roomWithDeck();
    const roomId = await roomIdOf(founder);
    const off = await setRoomDefault(founder, { isDownloadAllowed: false });
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ id: roomId, isDownloadAllowed: false });
    expect((await get(founder, apiPath(roomRoutes.mine))).json).toMatchObject({ isDownloadAllowed: false });
    expect(await listed(founder, documentId)).toMatchObject({
      downloadPolicy: 'room',
      isDownloadAllowed: false,
    });

    const memberList = (await get(investor, apiPath(documentRoutes.inRoom, { params: { id: roomId } })))
      .json as {
      id: string;
      isDownloadAllowed: boolean;
    }[];
    expect(memberList.find((document) => document.id === documentId)?.isDownloadAllowed).toBe(false);
    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).json,
    ).toEqual(VIEW_ONLY_REFUSAL);
    expect(
      (await get(founder, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(200);

    expect((await setRoomDefault(founder, { isDownloadAllowed: true })).json).toMatchObject({
      isDownloadAllowed: true,
    });
    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(200);
  });

  test('an investor gets 403, nobody 401, and the room stays as it was', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    expect((await setRoomDefault(investor, { isDownloadAllowed: false })).status).toBe(403);
    expect((await setRoomDefault(undefined, { isDownloadAllowed: false })).status).toBe(401);
    expect((await get(founder, apiPath(roomRoutes.mine))).json).toMatchObject({ isDownloadAllowed: true });
  });

  test.each([
    [{}, 'isDownloadAllowed', /^isDownloadAllowed: must be true or false$/],
    [{ isDownloadAllowed: 'false' }, 'isDownloadAllowed', /^isDownloadAllowed: must be true or false$/],
    [{ isDownloadAllowed: 0 }, 'isDownloadAllowed', /^isDownloadAllowed: must be true or false$/],
    [{ isDownloadAllowed: null }, 'isDownloadAllowed', /^isDownloadAllowed: must be true or false$/],
    [{ isDownloadAllowed: false, policy: 'view_only' }, 'policy', /^Unexpected field: policy$/],
  ])('%j is a 400 naming %s, and changes nothing', async (json, field, message) => {
    const founder = await createFounder(t);
    expectRefusal(await setRoomDefault(founder, json), 400, { message, field });
    expect((await get(founder, apiPath(roomRoutes.mine))).json).toMatchObject({ isDownloadAllowed: true });
  });
});
