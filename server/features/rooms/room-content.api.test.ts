import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertDocument } from '#server/features/documents/documents.repository';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import { uploadedDocumentPath } from '#shared/sections-markdown';
import { countRows, createFounder, founderWithInvestor, type SignedIn } from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function roomIdOf(founder: SignedIn): Promise<string> {
  const room = await t.call(roomRoutes.mine, { as: founder });
  return room.json.id;
}

/** A stored document in the founder's room, as an upload leaves it. */
async function storedDocument(founder: SignedIn, title: string): Promise<string> {
  const id = crypto.randomUUID();
  await insertDocument(t.app.database.db, {
    id,
    roomId: await roomIdOf(founder),
    title,
    originalName: title,
    fileType: 'pdf',
    mimeType: 'application/pdf',
    sizeBytes: 1234,
    sha256: 'c'.repeat(64),
    storageKey: crypto.randomUUID(),
    uploadedBy: founder.user.id,
    downloadPolicy: null,
    currentVersion: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return id;
}

describe('POST /api/data-rooms (company profile)', () => {
  test('saves the profile, and GET /api/my-data-room answers it', async () => {
    const founder = await createFounder(t);
    const profile = {
      name: 'Orbit Health',
      description: 'Remote cardiac monitoring',
      stage: 'Seed',
      foundedYear: 2022,
      website: 'https://orbit.example',
    };
    const saved = await t.call(roomRoutes.saveProfile, { rawBody: profile, as: founder });
    expect(saved.status).toBe(200);
    const expected = {
      id: expect.any(String),
      companyName: 'Orbit Health',
      description: 'Remote cardiac monitoring',
      stage: 'Seed',
      foundedYear: 2022,
      website: 'https://orbit.example',
      isActive: true,
      isDownloadAllowed: true,
      isWatermarkEnabled: false,
      isNdaRequired: false,
    };
    expect(saved.json).toEqual(expected);
    expect((await t.call(roomRoutes.mine, { as: founder })).json).toEqual(expected);
  });

  test('a website typed without its scheme is saved as https://', async () => {
    const founder = await createFounder(t);
    const saved = await t.call(roomRoutes.saveProfile, {
      body: { name: 'Acme', website: ' acme.com/about ' },
      as: founder,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.website).toBe('https://acme.com/about');
  });

  test('only the name is required: the stage defaults to Series A, the rest to empty', async () => {
    const founder = await createFounder(t);
    const saved = await t.call(roomRoutes.saveProfile, { body: { name: 'Minimal Co' }, as: founder });
    expect(saved.json).toMatchObject({
      companyName: 'Minimal Co',
      stage: 'Series A',
      foundedYear: null,
      website: '',
      description: '',
    });
  });

  test.each([
    [{}, 'name'],
    [{ name: '  ' }, 'name'],
    [{ name: 'X', stage: 'Series Z' }, 'stage'],
    [{ name: 'X', foundedYear: 1899 }, 'foundedYear'],
    [{ name: 'X', foundedYear: new Date().getFullYear() + 1 }, 'foundedYear'],
    [{ name: 'X', foundedYear: 2020.5 }, 'foundedYear'],
    [{ name: 'X', foundedYear: '2020' }, 'foundedYear'],
    [{ name: 'X', website: 'javascript:alert(1)' }, 'website'],
    [{ name: 'X', website: 'ftp://example.com' }, 'website'],
    [{ name: 'X', website: 'example dot com' }, 'website'],
    [{ name: 'X'.repeat(201) }, 'name'],
    [{ name: 'X', ownerId: 'someone-else' }, 'ownerId'],
  ])('%j is a 400 naming %s, and changes nothing', async (json, field) => {
    const founder = await createFounder(t);
    const before = (await t.call(roomRoutes.mine, { as: founder })).json;
    const response = await t.call(roomRoutes.saveProfile, { rawBody: json, as: founder });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_request', field });
    expect((await t.call(roomRoutes.mine, { as: founder })).json).toEqual(before);
  });

  test('an investor gets 403 and nobody 401', async () => {
    const { investor } = await founderWithInvestor(t);
    expect((await t.call(roomRoutes.saveProfile, { body: { name: 'Taken' }, as: investor })).status).toBe(
      403,
    );
    expect((await t.call(roomRoutes.saveProfile, { body: { name: 'Taken' } })).status).toBe(401);
  });
});

describe('sections markdown', () => {
  test('a new room answers the starter template, under both names', async () => {
    const founder = await createFounder(t, { companyName: 'Starter Co' });
    for (const url of [apiPath(roomRoutes.mySections), apiPath(roomRoutes.sectionsMarkdown)]) {
      const response = await t.request('GET', url, { headers: founder.auth });
      expect(response.status).toBe(200);
      expect((response.json as { content: string }).content).toMatch(
        /^# Company Information\nname: Starter Co\n/,
      );
    }
  });

  test('saved markdown is answered at once, byte for byte', async () => {
    const founder = await createFounder(t);
    const documentId = await storedDocument(founder, 'Deck.pdf');
    const content = `# Company Information\nname: Saved Co ✓\n\n## Decks\n- [Deck](${uploadedDocumentPath(documentId)})\n- [Model](https://docs.google.com/spreadsheets/d/x)\n`;
    const saved = await t.call(roomRoutes.saveSections, { body: { content }, as: founder });
    expect(saved.status).toBe(200);
    const { version } = saved.json;
    expect(saved.json).toEqual({ message: 'Sections updated successfully', version: expect.any(String) });
    expect((await t.call(roomRoutes.mySections, { as: founder })).json).toEqual({
      content,
      version,
    });
  });

  test.each([
    ['javascript:alert(1)', /Line 5: the link of "Bad" uses "javascript:"/],
    ['data:text/html,<script>alert(1)</script>', /Line 5: the link of "Bad" uses "data:"/],
    ['/some/relative/path', /Line 5: the link of "Bad" is not a full web address/],
  ])('a link to %s is refused with a 400 naming the line, and nothing is saved', async (url, message) => {
    const founder = await createFounder(t);
    const before = (await t.call(roomRoutes.mySections, { as: founder })).json;
    const content = `# Company Information\nname: X\n\n## Docs\n- [Bad](${url})\n`;
    const response = await t.call(roomRoutes.saveSections, { body: { content }, as: founder });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      error: 'invalid_sections',
      field: 'content',
      line: 5,
      message: expect.stringMatching(message),
    });
    expect((await t.call(roomRoutes.mySections, { as: founder })).json).toEqual(before);
  });

  test("a link to another room's document is refused, naming the line", async () => {
    const owner = await createFounder(t);
    const other = await createFounder(t);
    const theirs = await storedDocument(other, 'Their secret.pdf');
    const content = `## Docs\n\n- [Borrowed](${uploadedDocumentPath(theirs)})\n`;
    const response = await t.call(roomRoutes.saveSections, { body: { content }, as: owner });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      message: 'Line 3: "Borrowed" links to a document that is not in this data room.',
      line: 3,
    });
  });

  test('oversized markdown or a missing content field is a 400 that writes nothing', async () => {
    const founder = await createFounder(t);
    const before = await countRows(t);
    const huge = await t.call(roomRoutes.saveSections, {
      body: { content: 'x'.repeat(200_001) },
      as: founder,
    });
    expect(huge.status).toBe(400);
    expect(huge.json).toMatchObject({ field: 'content' });
    const missing = await t.call(roomRoutes.saveSections, { rawBody: {}, as: founder });
    expect(missing.status).toBe(400);
    expect(await countRows(t)).toEqual(before);
  });

  test('an investor gets 403 on every sections route; nobody gets 401', async () => {
    const { investor } = await founderWithInvestor(t);
    for (const [method, url] of [
      ['GET', apiPath(roomRoutes.mySections)],
      ['GET', apiPath(roomRoutes.sectionsMarkdown)],
      ['POST', apiPath(roomRoutes.saveSections)],
    ] as const) {
      const json = method === 'POST' ? { content: '## Hacked\n' } : undefined;
      expect((await t.request(method, url, { json, headers: investor.auth })).status, url).toBe(403);
      expect((await t.request(method, url, { json })).status, url).toBe(401);
    }
  });
});

describe('sections versions: a save names the version its draft was based on', () => {
  const read = async (founder: SignedIn) => (await t.call(roomRoutes.sectionsMarkdown, { as: founder })).json;
  const save = (founder: SignedIn, json: { content: string; baseVersion?: string }) =>
    t.call(roomRoutes.saveSections, { body: json, as: founder });
  const uploadInto = async (founder: SignedIn, section: string, name: string) => {
    const form = new FormData();
    form.append('section', section);
    form.append('file', new Blob([Buffer.from(`%PDF-1.7\n% ${name}\n%%EOF\n`)]), name);
    const response = await t.call(documentRoutes.upload, { form, as: founder });
    expect(response.status, response.text).toBe(201);
    return response.json;
  };

  test('saves against the current version answer the next one, and chain', async () => {
    const founder = await createFounder(t);
    const first = await read(founder);
    expect(first.version).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const content = `${first.content}\n## Team\n`;
    const saved = await save(founder, { content, baseVersion: first.version });
    expect(saved.status, saved.text).toBe(200);
    const { version } = saved.json;
    expect(version).not.toBe(first.version);
    expect(await read(founder)).toEqual({ content, version });
    const again = await save(founder, { content: `${content}\n## Legal\n`, baseVersion: version });
    expect(again.status).toBe(200);
  });

  test('a draft based on the text before an upload added its link is refused with 409; nothing changes', async () => {
    const founder = await createFounder(t);
    const base = await read(founder);
    // The upload lands while the founder's draft, based on `base`, is on its way.
    const deck = await uploadInto(founder, 'Financial information', 'Deck.pdf');
    const afterUpload = await read(founder);
    expect(afterUpload.content).toContain(`[Deck.pdf](${deck.url})`);
    expect(afterUpload.version).not.toBe(base.version);
    const before = await countRows(t);

    const draft = base.content.replace('## Legal', '## Legal and compliance');
    const stale = await save(founder, { content: draft, baseVersion: base.version });
    expect(stale.status).toBe(409);
    expect(stale.json).toEqual({
      error: 'sections_changed',
      message: expect.stringMatching(/changed since you started editing.*Nothing was saved/),
      content: afterUpload.content,
      version: afterUpload.version,
    });
    expect(await read(founder)).toEqual(afterUpload);
    expect(await countRows(t)).toEqual(before);

    // Rebased on what the 409 answered, the same edit saves and keeps the link.
    const rebased = afterUpload.content.replace('## Legal', '## Legal and compliance');
    const saved = await save(founder, { content: rebased, baseVersion: afterUpload.version });
    expect(saved.status).toBe(200);
    expect((await read(founder)).content).toContain(`[Deck.pdf](${deck.url})`);
  });

  test('deleting a linked document changes the version; a draft based on the text before is refused', async () => {
    const founder = await createFounder(t);
    const deck = await uploadInto(founder, 'Financial information', 'Deck.pdf');
    const withLink = await read(founder);
    const removed = await t.call(documentRoutes.remove, { params: { id: deck.document.id }, as: founder });
    expect(removed.status).toBe(204);
    const withoutLink = await read(founder);
    expect(withoutLink.content).not.toContain(deck.url);
    expect(withoutLink.version).not.toBe(withLink.version);
    const stale = await save(founder, { content: withLink.content, baseVersion: withLink.version });
    expect(stale.status).toBe(409);
    expect(await read(founder)).toEqual(withoutLink);
  });

  test('without baseVersion a save replaces whatever is stored (the spec payload)', async () => {
    const founder = await createFounder(t);
    await uploadInto(founder, 'Financial information', 'Deck.pdf');
    const saved = await save(founder, { content: '## Only this\n' });
    expect(saved.status).toBe(200);
    expect((await read(founder)).content).toBe('## Only this\n');
  });

  test.each([[''], [42], ['v'.repeat(101)]])(
    'baseVersion %j is a 400 naming it, and saves nothing',
    async (baseVersion) => {
      const founder = await createFounder(t);
      const before = await read(founder);
      const response = await t.call(roomRoutes.saveSections, {
        rawBody: { content: '## Changed\n', baseVersion },
        as: founder,
      });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ error: 'invalid_request', field: 'baseVersion' });
      expect(await read(founder)).toEqual(before);
    },
  );
});

describe('POST /api/my-data-room/status (open or close the room)', () => {
  const setStatus = (auth: Record<string, string> | undefined, json: unknown) =>
    t.call(roomRoutes.setStatus, { rawBody: json, headers: auth ?? {} });

  test('closing the room hides it from its investors at once; reopening restores their access', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const roomId = await roomIdOf(founder);
    const closed = await setStatus(founder.auth, { isActive: false });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ id: roomId, isActive: false });
    expect((await t.call(roomRoutes.mine, { as: founder })).json).toMatchObject({
      isActive: false,
    });

    const dashboard = await t.call(roomRoutes.accessible, { as: investor });
    expect(dashboard.json).toEqual({ dataRooms: [] });
    for (const route of [roomRoutes.room, roomRoutes.sections, documentRoutes.inRoom]) {
      expect((await t.call(route, { params: { id: roomId }, as: investor })).status, route.path).toBe(404);
    }
    // The owner still reads it, to prepare it before reopening.
    expect((await t.call(roomRoutes.room, { params: { id: roomId }, as: founder })).status).toBe(200);

    expect((await setStatus(founder.auth, { isActive: true })).json).toMatchObject({ isActive: true });
    expect((await t.call(roomRoutes.room, { params: { id: roomId }, as: investor })).status).toBe(200);
  });

  test.each([[{}], [{ isActive: 'false' }], [{ isActive: 0 }], [{ isActive: true, id: 'x' }]])(
    '%j is a 400 naming the field, and changes nothing',
    async (json) => {
      const founder = await createFounder(t);
      const response = await setStatus(founder.auth, json);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ error: 'invalid_request' });
      expect(response.refusal?.field).toMatch(/^(isActive|id)$/);
      expect((await t.call(roomRoutes.mine, { as: founder })).json).toMatchObject({
        isActive: true,
      });
    },
  );

  test('an investor gets 403, nobody 401, and the room stays as it was', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    expect((await setStatus(investor.auth, { isActive: false })).status).toBe(403);
    expect((await setStatus(undefined, { isActive: false })).status).toBe(401);
    expect((await t.call(roomRoutes.mine, { as: founder })).json).toMatchObject({
      isActive: true,
    });
  });
});
