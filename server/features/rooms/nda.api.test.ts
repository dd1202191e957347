import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { peopleOfRooms } from '#server/features/accounts/index';
import { findUsableInvitationLink, invitationsOfRooms } from '#server/features/invitations/index';
import { apiPath, type QueryValues } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { exportRoutes } from '#shared/contracts/exports';
import { MAX_NDA_TEXT_LENGTH, MAX_SIGNER_NAME_LENGTH, ndaRoutes } from '#shared/contracts/nda';
import { previewRoutes } from '#shared/contracts/previews';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { storeReadyPreview } from '#tests/support/previews';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';
import { SAMPLE_FILES } from '#tests/support/uploads';
import { listNdaAcceptancesSince } from './nda.service';
import { findInvitedRoom, requireInvitedRoom } from './readability';
import type { RoomInvitations } from './room-invitations';

// The NDA before entry (docs/decisions/0045-nda-before-entry.md): the founder's setting and its
// versions, the gate on every read of the room (members and the invited view), acceptance and its
// refusals, the founder's list, the PDF record and the CSV export.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NDA_TEXT = [
  '# Mutual non-disclosure agreement',
  '',
  'The **recipient** keeps everything in this data room *confidential*.',
  '',
  '1. Do not share the documents.',
  '2. Delete them on request.',
].join('\n');

const get = (who: SignedIn | undefined, urlPath: string) =>
  t.request('GET', urlPath, { headers: who?.auth ?? {} });

const setNda = (founder: SignedIn, json: unknown) =>
  t.call(ndaRoutes.saveSettings, { rawBody: json, as: founder });

async function turnNdaOn(founder: SignedIn, text = NDA_TEXT): Promise<{ id: string; sha256: string }> {
  const response = await setNda(founder, { isRequired: true, text });
  expect(response.status, response.text).toBe(200);
  return (response.json as { version: { id: string; sha256: string } }).version;
}

const acceptAsMember = (who: SignedIn, roomId: string, json: unknown, headers: Record<string, string> = {}) =>
  t.call(ndaRoutes.accept, { params: { id: roomId }, rawBody: json, headers: { ...who.auth, ...headers } });

const acceptByInvitation = (token: string, json: unknown) =>
  t.call(ndaRoutes.acceptByInvitation, { params: { token }, rawBody: json });

/** A room with an investor signed in, a deck with a ready preview, an image and an external link. */
async function roomWithContent() {
  const { founder, investor, investorEmail } = await founderWithInvestor(t);
  const roomId = ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
  const upload = await uploadFile(t, founder, { name: 'Deck.pdf', bytes: uniquePdf() });
  const documentId = (upload.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2, texts: ['Page one', ''] });
  const image = await uploadFile(t, founder, { name: 'Team.png', bytes: SAMPLE_FILES.png });
  const imageId = (image.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, imageId, { kind: 'image', width: 640, height: 480 });
  const externalUrl = 'https://docs.example/model';
  const markdown = `## Financials\n- [Deck](${apiPath(documentRoutes.download, { params: { id: documentId } })})\n- [Model](${externalUrl})\n`;
  const saved = await t.call(roomRoutes.saveSections, { body: { content: markdown }, as: founder });
  expect(saved.status, saved.text).toBe(200);
  return { founder, investor, investorEmail, roomId, documentId, imageId, externalUrl };
}

type Room = Awaited<ReturnType<typeof roomWithContent>>;

/** Every read of the room and what is in it, as a signed-in reader makes them. */
async function memberReads(room: Room, who: SignedIn): Promise<[string, TestResponse][]> {
  const reads: [string, string, string][] = [
    ['GET', 'room', apiPath(roomRoutes.room, { params: { id: room.roomId } })],
    ['GET', 'sections', apiPath(roomRoutes.sections, { params: { id: room.roomId } })],
    ['GET', 'documents', apiPath(documentRoutes.inRoom, { params: { id: room.roomId } })],
    [
      'GET',
      'click',
      apiPath(roomRoutes.click, { params: { id: room.roomId }, query: { url: room.externalUrl } }),
    ],
    ['GET', 'download', apiPath(documentRoutes.download, { params: { id: room.documentId } })],
    ['GET', 'preview', apiPath(previewRoutes.preview, { params: { id: room.documentId } })],
    [
      'GET',
      'page image',
      apiPath(previewRoutes.page, { params: { id: room.documentId, page: '1' }, query: { width: '800' } }),
    ],
    ['GET', 'thumbnail', apiPath(previewRoutes.thumbnail, { params: { id: room.documentId, page: '1' } })],
    ['GET', 'words', apiPath(previewRoutes.words, { params: { id: room.documentId, page: '1' } })],
    ['GET', 'text', apiPath(previewRoutes.text, { params: { id: room.documentId } })],
    ['GET', 'content', apiPath(previewRoutes.content, { params: { id: room.imageId } })],
    ['POST', 'view', apiPath(readingRoutes.openView, { params: { id: room.documentId } })],
  ];
  const answers: [string, TestResponse][] = [];
  for (const [method, name, urlPath] of reads) {
    answers.push([name, await t.request(method, urlPath, { headers: who.auth, redirect: 'manual' })]);
  }
  return answers;
}

function expectNdaRequired(
  response: TestResponse,
  room: { roomId: string },
  version: { id: string; sha256: string },
  suggestedName: string | null = expect.any(String),
) {
  expect(response.status, response.text).toBe(403);
  expect(response.json).toEqual({
    error: 'nda_required',
    message: expect.stringMatching(/asks you to accept its non-disclosure agreement/),
    nda: {
      roomId: room.roomId,
      companyName: expect.any(String),
      versionId: version.id,
      sha256: version.sha256,
      text: expect.any(String),
      suggestedName,
    },
  });
}

const validAcceptance = (versionId: string, signerName = 'Ivy Investor') => ({
  versionId,
  signerName,
  agree: true,
});

describe("the founder's setting", () => {
  test('is off by default, with no text', async () => {
    const founder = await createFounder(t);
    const response = await get(founder, apiPath(ndaRoutes.settings));
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ isRequired: false, text: '', version: null, acceptedCount: 0 });
  });

  test('saving a text makes a version holding the exact text and its SHA-256', async () => {
    const founder = await createFounder(t);
    const version = await turnNdaOn(founder);
    expect(version.sha256).toBe(crypto.createHash('sha256').update(NDA_TEXT, 'utf8').digest('hex'));
    const settings = (await get(founder, apiPath(ndaRoutes.settings))).json;
    expect(settings).toEqual({
      isRequired: true,
      text: NDA_TEXT,
      version: { id: version.id, sha256: version.sha256, createdAt: expect.any(String) },
      acceptedCount: 0,
    });
    const stored = await t.app.database.db
      .selectFrom('nda_versions')
      .selectAll()
      .where('id', '=', version.id)
      .executeTakeFirstOrThrow();
    expect(stored.text).toBe(NDA_TEXT);
  });

  test('saving the same text again keeps the version; a changed text makes a new one', async () => {
    const founder = await createFounder(t);
    const first = await turnNdaOn(founder);
    expect(await turnNdaOn(founder)).toEqual(first);
    const second = await turnNdaOn(founder, `${NDA_TEXT}\n\n3. Term: two years.`);
    expect(second.id).not.toBe(first.id);
    expect(second.sha256).not.toBe(first.sha256);
  });

  test('turning it on without a text is refused, naming the field, and writes nothing', async () => {
    const founder = await createFounder(t);
    const before = await writtenState(t);
    const response = await setNda(founder, { isRequired: true, text: '   ' });
    expectRefusal(response, 400, { error: 'invalid_nda', field: 'text', message: /write the agreement/ });
    await expectNothingWritten(t, before);
  });

  test('a text past the limit is refused with the limit named, and writes nothing', async () => {
    const founder = await createFounder(t);
    const before = await writtenState(t);
    const response = await setNda(founder, { isRequired: true, text: 'a'.repeat(MAX_NDA_TEXT_LENGTH + 1) });
    expectRefusal(response, 400, { field: 'text', message: new RegExp(`at most ${MAX_NDA_TEXT_LENGTH}`) });
    await expectNothingWritten(t, before);
  });

  test('hostile input is refused: a control character, nesting past the limits, the wrong types', async () => {
    const founder = await createFounder(t);
    const before = await writtenState(t);
    expectRefusal(await setNda(founder, { isRequired: true, text: 'Terms\u0000' }), 400, {
      field: 'text',
      message: /control character/,
    });
    expectRefusal(await setNda(founder, { isRequired: true, text: `${'> '.repeat(20)}deep` }), 400, {
      field: 'text',
      message: /too deeply nested/,
    });
    expectRefusal(await setNda(founder, { isRequired: 'yes', text: NDA_TEXT }), 400, {
      field: 'isRequired',
      message: /true or false/,
    });
    expectRefusal(await setNda(founder, { isRequired: true, text: NDA_TEXT, extra: 1 }), 400, {
      message: /extra/,
    });
    await expectNothingWritten(t, before);
  });

  test('investors cannot see or change it', async () => {
    const { investor } = await founderWithInvestor(t);
    expect((await get(investor, apiPath(ndaRoutes.settings))).status).toBe(403);
    expect((await setNda(investor, { isRequired: false, text: '' })).status).toBe(403);
  });
});

describe('the gate', () => {
  test('with the NDA off, members read the room as before', async () => {
    const room = await roomWithContent();
    for (const [name, response] of await memberReads(room, room.investor))
      expect([200, 201, 302], `${name}: ${response.text}`).toContain(response.status);
  });

  test('every read of the room refuses a member who has not accepted (403 nda_required), then serves them', async () => {
    const room = await roomWithContent();
    const version = await turnNdaOn(room.founder);
    const before = await writtenState(t);
    for (const [name, response] of await memberReads(room, room.investor)) {
      expect(response.status, name).toBe(403);
      expectNdaRequired(response, room, version);
      expect(response.text).not.toContain('Deck');
      expect(response.text).not.toContain('Page one');
    }
    // A reading report on a view opened before the NDA was turned on is refused as well.
    await expectNothingWritten(t, before);

    const accepted = await acceptAsMember(room.investor, room.roomId, validAcceptance(version.id), {
      'user-agent': 'NdaTest/1.0',
    });
    expect(accepted.status, accepted.text).toBe(201);
    for (const [name, response] of await memberReads(room, room.investor))
      expect([200, 201, 302], `${name}: ${response.text}`).toContain(response.status);
  });

  test('a reading report on a view opened before the NDA was turned on is refused until it is accepted', async () => {
    const room = await roomWithContent();
    const opened = await t.call(readingRoutes.openView, {
      params: { id: room.documentId },
      as: room.investor,
    });
    expect(opened.status, opened.text).toBe(201);
    const viewId = (opened.json as { viewId: string }).viewId;
    const version = await turnNdaOn(room.founder);
    const report = await t.call(readingRoutes.report, {
      params: { viewId },
      rawBody: { pages: [{ page: 1, seconds: 1 }] },
      as: room.investor,
    });
    expectNdaRequired(report, room, version);
  });

  test('the owner is never asked', async () => {
    const room = await roomWithContent();
    await turnNdaOn(room.founder);
    for (const [name, response] of await memberReads(room, room.founder))
      expect([200, 201, 302], `${name}: ${response.text}`).toContain(response.status);
    const response = await acceptAsMember(room.founder, room.roomId, validAcceptance('any'));
    expectRefusal(response, 409, { error: 'nda_not_required', message: /You own this data room/ });
  });

  test('a new text asks everyone to accept again; the old acceptance stays on record', async () => {
    const room = await roomWithContent();
    const first = await turnNdaOn(room.founder);
    expect((await acceptAsMember(room.investor, room.roomId, validAcceptance(first.id))).status).toBe(201);
    expect((await get(room.investor, apiPath(roomRoutes.room, { params: { id: room.roomId } }))).status).toBe(
      200,
    );
    const second = await turnNdaOn(room.founder, `${NDA_TEXT}\n\nAmended.`);
    expectNdaRequired(
      await get(room.investor, apiPath(roomRoutes.room, { params: { id: room.roomId } })),
      room,
      second,
    );
    expect((await acceptAsMember(room.investor, room.roomId, validAcceptance(second.id))).status).toBe(201);
    expect((await get(room.investor, apiPath(roomRoutes.room, { params: { id: room.roomId } }))).status).toBe(
      200,
    );
    const list = (await get(room.founder, apiPath(ndaRoutes.acceptances))).json as {
      versionId: string;
      isCurrentVersion: boolean;
    }[];
    expect(list.map((row) => [row.versionId, row.isCurrentVersion])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  test('turning the NDA off opens the room again; back on with the same text, acceptances still count', async () => {
    const room = await roomWithContent();
    const version = await turnNdaOn(room.founder);
    expect((await setNda(room.founder, { isRequired: false, text: NDA_TEXT })).status).toBe(200);
    expect((await get(room.investor, apiPath(roomRoutes.room, { params: { id: room.roomId } }))).status).toBe(
      200,
    );
    expect((await turnNdaOn(room.founder)).id).toBe(version.id);
    expect((await get(room.investor, apiPath(roomRoutes.room, { params: { id: room.roomId } }))).status).toBe(
      403,
    );
    expect((await acceptAsMember(room.investor, room.roomId, validAcceptance(version.id))).status).toBe(201);
    await setNda(room.founder, { isRequired: false, text: NDA_TEXT });
    await turnNdaOn(room.founder);
    expect((await get(room.investor, apiPath(roomRoutes.room, { params: { id: room.roomId } }))).status).toBe(
      200,
    );
  });

  test('people without access still get 404, never the NDA', async () => {
    const room = await roomWithContent();
    await turnNdaOn(room.founder);
    const { investor: outsider } = await founderWithInvestor(t);
    const response = await get(outsider, apiPath(roomRoutes.room, { params: { id: room.roomId } }));
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('non-disclosure');
    expect((await acceptAsMember(outsider, room.roomId, validAcceptance('x'))).status).toBe(404);
  });
});

describe('the invited view', () => {
  async function invitedRoom() {
    const room = await roomWithContent();
    const visitorEmail = uniqueEmail('visitor');
    const token = await invite(t, room.founder, visitorEmail, 'Vera Visitor');
    return { ...room, visitorEmail, token };
  }

  const invitedReads = (token: string, externalUrl: string) => [
    apiPath(roomRoutes.invitedRoom, { params: { token } }),
    apiPath(roomRoutes.invitedSections, { params: { token } }),
    apiPath(documentRoutes.inInvitedRoom, { params: { token } }),
    apiPath(roomRoutes.invitedClick, { params: { token }, query: { url: externalUrl } }),
  ];

  test('is gated too, and opens once the invitation accepted the NDA', async () => {
    const room = await invitedRoom();
    const version = await turnNdaOn(room.founder);
    for (const urlPath of invitedReads(room.token, room.externalUrl))
      expectNdaRequired(await t.request('GET', urlPath, { redirect: 'manual' }), room, version);
    const accepted = await acceptByInvitation(room.token, validAcceptance(version.id, 'Vera Visitor'));
    expect(accepted.status, accepted.text).toBe(201);
    for (const urlPath of invitedReads(room.token, room.externalUrl))
      expect([200, 302]).toContain((await t.request('GET', urlPath, { redirect: 'manual' })).status);
    const row = await t.app.database.db
      .selectFrom('nda_acceptances')
      .selectAll()
      .where('version_id', '=', version.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, email: room.visitorEmail, signer_name: 'Vera Visitor' });
    expect(row.invitation_id).toEqual(expect.any(String));
  });

  test('the page starts the name field with the invited name, for the link and the member alike; none, or an address, gives none (ADR 45)', async () => {
    const room = await invitedRoom();
    const version = await turnNdaOn(room.founder);
    expectNdaRequired(
      await t.call(roomRoutes.invitedRoom, { params: { token: room.token } }),
      room,
      version,
      'Vera Visitor',
    );
    expectNdaRequired(
      await get(room.investor, apiPath(roomRoutes.room, { params: { id: room.roomId } })),
      room,
      version,
      'Ivy Investor',
    );
    for (const name of [undefined, 'someone@fund.example']) {
      const token = await invite(t, room.founder, uniqueEmail('unnamed'), name);
      expectNdaRequired(await t.call(roomRoutes.invitedRoom, { params: { token } }), room, version, null);
    }
  });

  test("the invitation's acceptance carries over when that investor signs in", async () => {
    const room = await invitedRoom();
    const version = await turnNdaOn(room.founder);
    expect((await acceptByInvitation(room.token, validAcceptance(version.id))).status).toBe(201);
    const visitor = await signInWithMagicLink(t, room.visitorEmail);
    expect((await get(visitor, apiPath(roomRoutes.room, { params: { id: room.roomId } }))).status).toBe(200);
  });

  test('the room an invitation accepts the NDA in is found without asking whether it is pending', async () => {
    const room = await invitedRoom();
    await turnNdaOn(room.founder);
    const asked: string[] = [];
    const watched: RoomInvitations = {
      ...invitationsOfRooms,
      invitedName: (...args) => {
        asked.push('invitedName');
        return invitationsOfRooms.invitedName(...args);
      },
    };
    const links = { findUsable: (token: string) => findUsableInvitationLink(t.app.ctx, token) };
    const found = await findInvitedRoom(t.app.ctx, watched, links, room.token);
    expect(found.invitation.email).toBe(room.visitorEmail);
    expect(asked).toEqual([]);
    // The reads still ask, and refuse until it is accepted.
    await expect(requireInvitedRoom(t.app.ctx, watched, links, room.token)).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(asked).toEqual(['invitedName']);
  });

  test('accepting with a token that is not an invitation is a 404, and writes nothing', async () => {
    const room = await invitedRoom();
    const version = await turnNdaOn(room.founder);
    const before = await writtenState(t);
    const response = await acceptByInvitation(
      crypto.randomBytes(32).toString('base64url'),
      validAcceptance(version.id),
    );
    expect(response.status).toBe(404);
    await expectNothingWritten(t, before);
  });
});

describe('accepting', () => {
  async function gatedRoom() {
    const room = await roomWithContent();
    return { ...room, version: await turnNdaOn(room.founder) };
  }

  test('records who, the name typed, when, the IP, the user agent and the version', async () => {
    const room = await gatedRoom();
    const before = Date.now();
    const response = await acceptAsMember(
      room.investor,
      room.roomId,
      validAcceptance(room.version.id, '  Ivy Q. Investor  '),
      {
        'user-agent': 'NdaTest/2.0',
      },
    );
    expect(response.status, response.text).toBe(201);
    expect(response.json).toEqual({
      acceptance: {
        id: expect.any(String),
        versionId: room.version.id,
        signerName: 'Ivy Q. Investor',
        acceptedAt: expect.any(String),
      },
    });
    const row = await t.app.database.db
      .selectFrom('nda_acceptances')
      .selectAll()
      .where('version_id', '=', room.version.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      room_id: room.roomId,
      user_id: room.investor.user.id,
      invitation_id: null,
      email: room.investorEmail,
      signer_name: 'Ivy Q. Investor',
      ip: expect.stringMatching(/127\.0\.0\.1/),
      user_agent: 'NdaTest/2.0',
    });
    expect(Number(row.accepted_at)).toBeGreaterThanOrEqual(before);
    expect(Number(row.accepted_at)).toBeLessThanOrEqual(Date.now());
  });

  test('accepting twice keeps the first acceptance', async () => {
    const room = await gatedRoom();
    const first = await acceptAsMember(
      room.investor,
      room.roomId,
      validAcceptance(room.version.id, 'First Name'),
    );
    const second = await acceptAsMember(
      room.investor,
      room.roomId,
      validAcceptance(room.version.id, 'Other Name'),
    );
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
  });

  const refusals: [string, (versionId: string) => unknown, string, RegExp][] = [
    [
      'an empty name',
      (versionId) => ({ versionId, signerName: '   ', agree: true }),
      'signerName',
      /Type your full name/,
    ],
    ['a missing name', (versionId) => ({ versionId, agree: true }), 'signerName', /required/],
    [
      'a name too long',
      (versionId) => ({ versionId, signerName: 'N'.repeat(MAX_SIGNER_NAME_LENGTH + 1), agree: true }),
      'signerName',
      new RegExp(`at most ${MAX_SIGNER_NAME_LENGTH}`),
    ],
    [
      'a name with a control character',
      (versionId) => ({ versionId, signerName: 'Ivy\u0007', agree: true }),
      'signerName',
      /control character/,
    ],
    [
      'the box not ticked',
      (versionId) => ({ versionId, signerName: 'Ivy', agree: false }),
      'agree',
      /I agree/,
    ],
    ['agree as text', (versionId) => ({ versionId, signerName: 'Ivy', agree: 'true' }), 'agree', /I agree/],
  ];
  for (const [what, body, field, message] of refusals) {
    test(`${what} is refused with 400 naming ${field}, and nothing is written`, async () => {
      const room = await gatedRoom();
      const before = await writtenState(t);
      expectRefusal(await acceptAsMember(room.investor, room.roomId, body(room.version.id)), 400, {
        field,
        message,
      });
      await expectNothingWritten(t, before);
      expect(
        (await get(room.investor, apiPath(roomRoutes.room, { params: { id: room.roomId } }))).status,
      ).toBe(403);
    });
  }

  test('a stale version is refused with 409 nda_changed and the current agreement, and nothing is written', async () => {
    const room = await gatedRoom();
    const current = await turnNdaOn(room.founder, `${NDA_TEXT}\n\nRevised.`);
    const before = await writtenState(t);
    const response = await acceptAsMember(room.investor, room.roomId, validAcceptance(room.version.id));
    expect(response.status, response.text).toBe(409);
    expect(response.json).toEqual({
      error: 'nda_changed',
      message: expect.stringMatching(/changed while you were reading it.*Nothing was saved/),
      nda: expect.objectContaining({
        versionId: current.id,
        sha256: current.sha256,
        text: `${NDA_TEXT}\n\nRevised.`,
      }),
    });
    await expectNothingWritten(t, before);
  });

  test('when the room asks for no NDA, there is nothing to accept (409), and nothing is written', async () => {
    const room = await roomWithContent();
    const before = await writtenState(t);
    expectRefusal(await acceptAsMember(room.investor, room.roomId, validAcceptance('v')), 409, {
      error: 'nda_not_required',
      message: /asks for no NDA/,
    });
    await expectNothingWritten(t, before);
  });
});

describe("the founder's records", () => {
  async function acceptedRoom(signerName = 'Ivy Investor') {
    const room = await roomWithContent();
    const version = await turnNdaOn(room.founder);
    const accepted = await acceptAsMember(
      room.investor,
      room.roomId,
      validAcceptance(version.id, signerName),
      {
        'user-agent': 'NdaTest/3.0',
      },
    );
    expect(accepted.status, accepted.text).toBe(201);
    return {
      ...room,
      version,
      acceptanceId: (accepted.json as { acceptance: { id: string } }).acceptance.id,
    };
  }

  test('GET /api/admin/nda-acceptances lists each acceptance with the name typed, e-mail, when, IP and version', async () => {
    const room = await acceptedRoom();
    const response = await get(room.founder, apiPath(ndaRoutes.acceptances));
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual([
      {
        id: room.acceptanceId,
        signerName: 'Ivy Investor',
        email: room.investorEmail,
        investorName: 'Ivy Investor',
        via: 'signed_in',
        acceptedAt: expect.any(String),
        ip: expect.stringMatching(/127\.0\.0\.1/),
        versionId: room.version.id,
        versionSha256: room.version.sha256,
        isCurrentVersion: true,
        recordUrl: apiPath(ndaRoutes.record, { params: { id: room.acceptanceId } }),
      },
    ]);
    expect((await get(room.investor, apiPath(ndaRoutes.acceptances))).status).toBe(403);
    const other = await createFounder(t);
    expect((await get(other, apiPath(ndaRoutes.acceptances))).json).toEqual([]);
  });

  test('the PDF record holds the agreement, its hash, who, the name typed, when and the IP', async () => {
    const room = await acceptedRoom('Zoë Ångström-Ivanova');
    const response = await fetch(
      `${t.baseUrl}${apiPath(ndaRoutes.record, { params: { id: room.acceptanceId } })}`,
      {
        headers: room.founder.auth,
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename=nda-acceptance-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-record-'));
    try {
      fs.writeFileSync(path.join(dir, 'record.pdf'), bytes);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'record.pdf'), '-'], {
        encoding: 'utf8',
      });
      const flat = text.replace(/\s+/g, ' ');
      for (const expected of [
        'Record of NDA acceptance',
        'Zoë Ångström-Ivanova',
        room.investorEmail,
        room.version.sha256,
        room.version.id,
        'NdaTest/3.0',
        '127.0.0.1',
        'Mutual non-disclosure agreement',
        'The recipient keeps everything in this data room confidential.',
        'Do not share the documents.',
      ])
        expect(flat).toContain(expected);
      const acceptedAt = (
        (await get(room.founder, apiPath(ndaRoutes.acceptances))).json as { acceptedAt: string }[]
      )[0]?.acceptedAt;
      expect(flat).toContain(acceptedAt);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("another founder's acceptance id, or one that does not exist, is a 404", async () => {
    const room = await acceptedRoom();
    const other = await createFounder(t);
    expect((await get(other, apiPath(ndaRoutes.record, { params: { id: room.acceptanceId } }))).status).toBe(
      404,
    );
    expect(
      (await get(room.founder, apiPath(ndaRoutes.record, { params: { id: crypto.randomUUID() } }))).status,
    ).toBe(404);
    expect(
      (await get(room.investor, apiPath(ndaRoutes.record, { params: { id: room.acceptanceId } }))).status,
    ).toBe(403);
  });

  test('listNdaAcceptancesSince lists only the acceptances after the time, for the notifications digest', async () => {
    const room = await acceptedRoom();
    const after = new Date();
    expect(
      await listNdaAcceptancesSince(
        t.app.ctx,
        peopleOfRooms,
        room.roomId,
        new Date(after.getTime() - 60_000),
      ),
    ).toHaveLength(1);
    expect(await listNdaAcceptancesSince(t.app.ctx, peopleOfRooms, room.roomId, after)).toHaveLength(0);
  });
});

describe('the CSV export of NDA acceptances', () => {
  const exportCsv = (founder: SignedIn, query: QueryValues = {}) =>
    t.call(exportRoutes['nda-acceptances'], { query, as: founder });

  test('lists every acceptance, filtered by investor and dates, with formulas neutralised', async () => {
    const room = await roomWithContent();
    const version = await turnNdaOn(room.founder);
    await acceptAsMember(
      room.investor,
      room.roomId,
      validAcceptance(version.id, '=HYPERLINK("http://evil")'),
      {
        'user-agent': '@malicious',
      },
    );
    const secondEmail = uniqueEmail('second');
    await invite(t, room.founder, secondEmail, 'Sam Second');
    const second = await signInWithMagicLink(t, secondEmail);
    await acceptAsMember(second, room.roomId, validAcceptance(version.id, 'Sam, "the" Second'));

    const all = await exportCsv(room.founder);
    expect(all.status, all.text).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toMatch(
      /roundroom-nda-acceptances-\d{4}-\d{2}-\d{2}\.csv/,
    );
    // fetch's text() drops a byte-order mark: read the bytes.
    const bytes = Buffer.from(
      await (
        await fetch(`${t.baseUrl}${apiPath(exportRoutes['nda-acceptances'])}`, { headers: room.founder.auth })
      ).arrayBuffer(),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = all.text.split('\r\n');
    expect(lines[0]).toBe(
      `Accepted at (UTC),Name typed,E-mail,Investor,Accepted as,IP address,Browser,Agreement version,SHA-256 of the text`,
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(
      `"'=HYPERLINK(""http://evil"")",${room.investorEmail},Ivy Investor,Signed in,`,
    );
    expect(lines[1]).toContain(`,'@malicious,${version.id},${version.sha256}`);
    expect(lines[2]).toContain(`"Sam, ""the"" Second",${secondEmail},Sam Second,Signed in,`);
    expect(lines[3]).toBe('');

    const onlySecond = await exportCsv(room.founder, { investor: second.user.id });
    expect(onlySecond.text.split('\r\n')).toHaveLength(3);
    expect(onlySecond.text).toContain(secondEmail);
    expect(onlySecond.text).not.toContain(room.investorEmail);

    const today = new Date().toISOString().slice(0, 10);
    expect((await exportCsv(room.founder, { from: today, to: today })).text.split('\r\n')).toHaveLength(4);
    expect(
      (await exportCsv(room.founder, { from: '2020-01-01', to: '2020-12-31' })).text.split('\r\n'),
    ).toHaveLength(2);
  });

  test("an invitation's acceptance is listed as such, and under the investor once they sign in", async () => {
    const room = await roomWithContent();
    const version = await turnNdaOn(room.founder);
    const visitorEmail = uniqueEmail('visitor');
    const token = await invite(t, room.founder, visitorEmail, 'Vera Visitor');
    await acceptByInvitation(token, validAcceptance(version.id, 'Vera Visitor'));
    const visitor = await signInWithMagicLink(t, visitorEmail);
    const csv = await exportCsv(room.founder, { investor: visitor.user.id });
    expect(csv.status, csv.text).toBe(200);
    const [, row] = csv.text.split('\r\n');
    expect(row).toContain(`Vera Visitor,${visitorEmail},,Invitation link,`);
  });

  test('is the owner’s only', async () => {
    const room = await roomWithContent();
    expect((await exportCsv(room.investor)).status).toBe(403);
  });
});
