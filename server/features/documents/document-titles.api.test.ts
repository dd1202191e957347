import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { previewRoutes } from '#shared/contracts/previews';
import { roomRoutes } from '#shared/contracts/rooms';
import { parseSectionsMarkdown } from '#shared/sections-markdown';
import {
  createApiToken,
  createFounder,
  founderWithEditor,
  founderWithInvestor,
  invite,
  type SignedIn,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// Renaming a document (docs/decisions/0059-structured-sections-editor.md): the title investors read,
// in the room's sections (a link's text), the viewer, downloads and the access log.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const rename = (auth: Record<string, string>, documentId: string, json: unknown) =>
  t.call(documentRoutes.rename, { params: { id: documentId }, rawBody: json, headers: auth });

async function uploadedInto(
  founder: SignedIn,
  section: string,
  name = 'Acme-Seed-Deck.pdf',
): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes: uniquePdf() }, { section });
  expect(response.status, response.text).toBe(201);
  return (response.json as { document: { id: string } }).document.id;
}

async function roomIdOf(founder: SignedIn): Promise<string> {
  return (await t.call(roomRoutes.mine, { as: founder })).json.id;
}

/** The titles of the documents in each section, as an investor's room shows them. */
async function sectionsAsInvestorSees(investor: SignedIn, roomId: string) {
  const response = await t.call(roomRoutes.sections, { params: { id: roomId }, as: investor });
  expect(response.status, response.text).toBe(200);
  const { content } = response.json;
  return parseSectionsMarkdown(content).sections.map((section) => ({
    name: section.name,
    titles: section.documents.map((document) => document.title),
  }));
}

async function listedTitle(founder: SignedIn, documentId: string): Promise<string | undefined> {
  const list = (await t.call(documentRoutes.mine, { as: founder })).json;
  return list.find((document) => document.id === documentId)?.title;
}

const everywhere = (fileType: string) => ({
  member: fileType,
  invited: fileType,
  viewer: fileType,
  filesList: fileType,
  recentDocuments: fileType,
});

/** The document's type as each reader and each founder's list is told it. */
async function typesEverywhere(
  founder: SignedIn,
  investor: SignedIn,
  roomId: string,
  inviteToken: string,
  documentId: string,
) {
  const typeIn = (payload: unknown) =>
    (payload as { sections: { documents: { documentId: string | null; fileType: string }[] }[] }).sections
      .flatMap((section) => section.documents)
      .find((document) => document.documentId === documentId)?.fileType;
  const member = await t.call(roomRoutes.sections, { params: { id: roomId }, as: investor });
  const invited = await t.call(roomRoutes.invitedSections, { params: { token: inviteToken } });
  const viewer = await t.call(previewRoutes.preview, { params: { id: documentId }, as: investor });
  const list = await t.call(documentRoutes.mine, { as: founder });
  const recent = await t.call(adminRoutes.recentDocuments, { as: founder });
  for (const response of [member, invited, viewer, list, recent])
    expect(response.status, response.text).toBe(200);
  const inList = (answer: unknown) =>
    (answer as { id: string; fileType: string }[]).find((document) => document.id === documentId)?.fileType;
  return {
    member: typeIn(member.json),
    invited: typeIn(invited.json),
    viewer: viewer.json.fileType,
    filesList: inList(list.json),
    recentDocuments: inList(recent.json),
  };
}

describe('POST /api/documents/:id/title', () => {
  test('the owner renames a document: the list, the sections markdown and the investor all show the new title', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedInto(founder, 'Financials');
    const response = await rename(founder.auth, documentId, { title: '  Seed deck, November  ' });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({
      id: documentId,
      title: 'Seed deck, November',
      sectionName: 'Financials',
    });
    expect(await listedTitle(founder, documentId)).toBe('Seed deck, November');
    const saved = (await t.call(roomRoutes.mySections, { as: founder })).json;
    expect(saved.content).toContain(
      `- [Seed deck, November](${apiPath(documentRoutes.download, { params: { id: documentId } })})`,
    );
    expect(saved.content).not.toContain('Acme-Seed-Deck');
    expect(await sectionsAsInvestorSees(investor, await roomIdOf(founder))).toContainEqual({
      name: 'Financials',
      titles: ['Seed deck, November'],
    });
  });

  test('a renamed upload keeps its stored type for members, the invited view, the viewer and every founder list', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedInto(founder, 'Pitch');
    const token = await invite(t, founder, 'invited-reader@example.com');
    const roomId = await roomIdOf(founder);
    // Read once before the rename, so that a cached payload has to be given up to answer it.
    expect(await typesEverywhere(founder, investor, roomId, token, documentId)).toEqual(everywhere('pdf'));
    const renamed = await rename(founder.auth, documentId, { title: 'Seed deck' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ title: 'Seed deck', fileType: 'pdf' });
    expect(await typesEverywhere(founder, investor, roomId, token, documentId)).toEqual(everywhere('pdf'));
  });

  test('a version of another type changes the type everywhere at once, and a title naming a type changes nothing', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedInto(founder, 'Pitch');
    const token = await invite(t, founder, 'invited-model@example.com');
    const roomId = await roomIdOf(founder);
    expect((await rename(founder.auth, documentId, { title: 'Seed deck' })).status).toBe(200);
    expect(await typesEverywhere(founder, investor, roomId, token, documentId)).toEqual(everywhere('pdf'));
    const form = new FormData();
    // A video needs no preparation, so it is the current version as soon as it is stored.
    const video = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      crypto.randomBytes(1000),
    ]);
    form.append('file', new Blob([video]), 'Walkthrough.mp4');
    const version = await t.call(documentRoutes.replaceFile, {
      params: { id: documentId },
      form,
      as: founder,
    });
    expect(version.status, version.text).toBe(201);
    expect(await typesEverywhere(founder, investor, roomId, token, documentId)).toEqual(everywhere('video'));
    // A title is a title: one ending in ".pdf" does not make the video a PDF.
    expect((await rename(founder.auth, documentId, { title: 'Old deck.pdf' })).status).toBe(200);
    expect(await typesEverywhere(founder, investor, roomId, token, documentId)).toEqual(everywhere('video'));
  });

  test('a download and its access-log row carry the new title', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedInto(founder, 'Legal');
    expect((await rename(founder.auth, documentId, { title: 'Term sheet' })).status).toBe(200);
    const download = await t.call(documentRoutes.download, { params: { id: documentId }, as: investor });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('Term sheet');
    const logged = await t.app.database.db
      .selectFrom('access_events')
      .select('document_title')
      .where('document_id', '=', documentId)
      .execute();
    expect(logged.map((row) => row.document_title)).toEqual(['Term sheet']);
  });

  test('markup in a title is stored as text and reads back as written in the room', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedInto(founder, 'Team');
    const title = '<img src=x onerror=alert(1)> *Deck* [v2] \\ & `code` ![x](javascript:alert(1))';
    const response = await rename(founder.auth, documentId, { title });
    expect(response.status, response.text).toBe(200);
    expect(await listedTitle(founder, documentId)).toBe(title);
    expect(await sectionsAsInvestorSees(investor, await roomIdOf(founder))).toContainEqual({
      name: 'Team',
      titles: [title],
    });
  });

  test('an editor of the room and a documents:write token may rename; another scope may not', async () => {
    const { founder, editor } = await founderWithEditor(t);
    const documentId = await uploadedInto(founder, 'Financials');
    expect((await rename(editor.auth, documentId, { title: 'By the editor' })).status).toBe(200);
    const documentsToken = await createApiToken(t, founder, { scopes: ['documents:write'] });
    expect((await rename(documentsToken.auth, documentId, { title: 'By the token' })).status).toBe(200);
    expect(await listedTitle(founder, documentId)).toBe('By the token');
    const analyticsToken = await createApiToken(t, founder, { scopes: ['analytics:read'] });
    expectRefusal(await rename(analyticsToken.auth, documentId, { title: 'Nope' }), 403, {
      error: 'api_token_scope_missing',
      message: /documents:write/,
    });
    expect(await listedTitle(founder, documentId)).toBe('By the token');
  });

  test("nobody, an investor of the room, and another room's founder are refused, and nothing changes", async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const documentId = await uploadedInto(founder, 'Financials');
    const other = await createFounder(t);
    const before = await writtenState(t);
    expect((await rename({}, documentId, { title: 'Nobody' })).status).toBe(401);
    expect((await rename(investor.auth, documentId, { title: 'Investor' })).status).toBe(403);
    // Another room's document answers like a missing one.
    expectRefusal(await rename(other.auth, documentId, { title: 'Other founder' }), 404, {
      error: 'not_found',
      message: /does not exist/,
    });
    await expectNothingWritten(t, before);
    expect(await listedTitle(founder, documentId)).toBe('Acme-Seed-Deck.pdf');
  });

  test.each([
    ['a title of 10,000 characters', { title: 'x'.repeat(10_000) }, /title: must be at most 200 characters/],
    ['an empty title', { title: '' }, /title: is required/],
    ['a title of spaces only', { title: '    ' }, /title: is required/],
    ['no title', {}, /title: is required/],
    ['a title that is not text', { title: 42 }, /title: must be text/],
    ['a title with a line break', { title: 'Deck\nv2' }, /title: contains the control character U\+000A/],
    ['a title with a text-direction override', { title: 'invoice\u202Efdp.exe' }, /title: contains/],
    ['another field', { title: 'Deck', section: 'Team' }, /section/],
  ])('%s is a 400 naming what is wrong, and nothing is written', async (_case, json, message) => {
    const founder = await createFounder(t);
    const documentId = await uploadedInto(founder, 'Financials');
    const before = await writtenState(t);
    expectRefusal(await rename(founder.auth, documentId, json), 400, { message });
    await expectNothingWritten(t, before);
  });

  test('an id that is not a document id is a 400; an unknown document a 404', async () => {
    const founder = await createFounder(t);
    expectRefusal(await rename(founder.auth, 'not-an-id', { title: 'Deck' }), 400, {
      message: /must be a document id/,
    });
    expectRefusal(await rename(founder.auth, crypto.randomUUID(), { title: 'Deck' }), 404, {
      message: /does not exist/,
    });
  });

  test('a 200-character title is accepted', async () => {
    const founder = await createFounder(t);
    const documentId = await uploadedInto(founder, 'Financials');
    expect((await rename(founder.auth, documentId, { title: 'é'.repeat(200) })).status).toBe(200);
    expect(await listedTitle(founder, documentId)).toBe('é'.repeat(200));
  });
});
