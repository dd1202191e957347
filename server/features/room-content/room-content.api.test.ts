import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uploadedDocumentPath } from '../../../shared/sections-markdown';
import {
  countRows,
  createFounder,
  founderWithInvestor,
  type SignedIn,
} from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { insertDocument } from './documents.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function roomIdOf(founder: SignedIn): Promise<string> {
  const room = await t.request('GET', '/api/my-data-room', { headers: founder.auth });
  return (room.json as { id: string }).id;
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
    const saved = await t.request('POST', '/api/data-rooms', { json: profile, headers: founder.auth });
    expect(saved.status).toBe(200);
    const expected = {
      id: expect.any(String),
      companyName: 'Orbit Health',
      description: 'Remote cardiac monitoring',
      stage: 'Seed',
      foundedYear: 2022,
      website: 'https://orbit.example',
      isActive: true,
    };
    expect(saved.json).toEqual(expected);
    expect((await t.request('GET', '/api/my-data-room', { headers: founder.auth })).json).toEqual(expected);
  });

  test('only the name is required: the stage defaults to Series A, the rest to empty', async () => {
    const founder = await createFounder(t);
    const saved = await t.request('POST', '/api/data-rooms', {
      json: { name: 'Minimal Co' },
      headers: founder.auth,
    });
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
    [{ name: 'X', website: 'example.com' }, 'website'],
    [{ name: 'X'.repeat(201) }, 'name'],
    [{ name: 'X', ownerId: 'someone-else' }, 'ownerId'],
  ])('%j is a 400 naming %s, and changes nothing', async (json, field) => {
    const founder = await createFounder(t);
    const before = (await t.request('GET', '/api/my-data-room', { headers: founder.auth })).json;
    const response = await t.request('POST', '/api/data-rooms', { json, headers: founder.auth });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_request', field });
    expect((await t.request('GET', '/api/my-data-room', { headers: founder.auth })).json).toEqual(before);
  });

  test('an investor gets 403 and nobody 401', async () => {
    const { investor } = await founderWithInvestor(t);
    expect(
      (await t.request('POST', '/api/data-rooms', { json: { name: 'Taken' }, headers: investor.auth }))
        .status,
    ).toBe(403);
    expect((await t.request('POST', '/api/data-rooms', { json: { name: 'Taken' } })).status).toBe(401);
  });
});

describe('sections markdown', () => {
  test('a new room answers the starter template, under both names', async () => {
    const founder = await createFounder(t, { companyName: 'Starter Co' });
    for (const url of ['/api/sections/content', '/api/sections/markdown']) {
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
    const saved = await t.request('POST', '/api/sections/update', {
      json: { content },
      headers: founder.auth,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ message: 'Sections updated successfully' });
    expect((await t.request('GET', '/api/sections/content', { headers: founder.auth })).json).toEqual({
      content,
    });
  });

  test.each([
    ['javascript:alert(1)', /Line 5: the link of "Bad" uses "javascript:"/],
    ['data:text/html,<script>alert(1)</script>', /Line 5: the link of "Bad" uses "data:"/],
    ['/some/relative/path', /Line 5: the link of "Bad" is not a full web address/],
  ])('a link to %s is refused with a 400 naming the line, and nothing is saved', async (url, message) => {
    const founder = await createFounder(t);
    const before = (await t.request('GET', '/api/sections/content', { headers: founder.auth })).json;
    const content = `# Company Information\nname: X\n\n## Docs\n- [Bad](${url})\n`;
    const response = await t.request('POST', '/api/sections/update', {
      json: { content },
      headers: founder.auth,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      error: 'invalid_sections',
      field: 'content',
      line: 5,
      message: expect.stringMatching(message),
    });
    expect((await t.request('GET', '/api/sections/content', { headers: founder.auth })).json).toEqual(before);
  });

  test("a link to another room's document is refused, naming the line", async () => {
    const owner = await createFounder(t);
    const other = await createFounder(t);
    const theirs = await storedDocument(other, 'Their secret.pdf');
    const content = `## Docs\n\n- [Borrowed](${uploadedDocumentPath(theirs)})\n`;
    const response = await t.request('POST', '/api/sections/update', {
      json: { content },
      headers: owner.auth,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      message: 'Line 3: "Borrowed" links to a document that is not in this data room.',
      line: 3,
    });
  });

  test('oversized markdown or a missing content field is a 400 that writes nothing', async () => {
    const founder = await createFounder(t);
    const before = await countRows(t);
    const huge = await t.request('POST', '/api/sections/update', {
      json: { content: 'x'.repeat(200_001) },
      headers: founder.auth,
    });
    expect(huge.status).toBe(400);
    expect(huge.json).toMatchObject({ field: 'content' });
    const missing = await t.request('POST', '/api/sections/update', { json: {}, headers: founder.auth });
    expect(missing.status).toBe(400);
    expect(await countRows(t)).toEqual(before);
  });

  test('an investor gets 403 on every sections route; nobody gets 401', async () => {
    const { investor } = await founderWithInvestor(t);
    for (const [method, url] of [
      ['GET', '/api/sections/content'],
      ['GET', '/api/sections/markdown'],
      ['POST', '/api/sections/update'],
    ] as const) {
      const json = method === 'POST' ? { content: '## Hacked\n' } : undefined;
      expect((await t.request(method, url, { json, headers: investor.auth })).status, url).toBe(403);
      expect((await t.request(method, url, { json })).status, url).toBe(401);
    }
  });
});

describe('POST /api/my-data-room/status (open or close the room)', () => {
  const setStatus = (auth: Record<string, string> | undefined, json: unknown) =>
    t.request('POST', '/api/my-data-room/status', { json, headers: auth ?? {} });

  test('closing the room hides it from its investors at once; reopening restores their access', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const roomId = await roomIdOf(founder);
    const closed = await setStatus(founder.auth, { isActive: false });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ id: roomId, isActive: false });
    expect((await t.request('GET', '/api/my-data-room', { headers: founder.auth })).json).toMatchObject({
      isActive: false,
    });

    const dashboard = await t.request('GET', '/api/my-accessible-data-rooms', { headers: investor.auth });
    expect(dashboard.json).toEqual({ dataRooms: [] });
    for (const path of ['', '/sections', '/documents']) {
      expect(
        (await t.request('GET', `/api/data-room/${roomId}${path}`, { headers: investor.auth })).status,
      ).toBe(404);
    }
    // The owner still reads it, to prepare it before reopening.
    expect((await t.request('GET', `/api/data-room/${roomId}`, { headers: founder.auth })).status).toBe(200);

    expect((await setStatus(founder.auth, { isActive: true })).json).toMatchObject({ isActive: true });
    expect((await t.request('GET', `/api/data-room/${roomId}`, { headers: investor.auth })).status).toBe(200);
  });

  test.each([[{}], [{ isActive: 'false' }], [{ isActive: 0 }], [{ isActive: true, id: 'x' }]])(
    '%j is a 400 naming the field, and changes nothing',
    async (json) => {
      const founder = await createFounder(t);
      const response = await setStatus(founder.auth, json);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ error: 'invalid_request' });
      expect((response.json as { field: string }).field).toMatch(/^(isActive|id)$/);
      expect((await t.request('GET', '/api/my-data-room', { headers: founder.auth })).json).toMatchObject({
        isActive: true,
      });
    },
  );

  test('an investor gets 403, nobody 401, and the room stays as it was', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    expect((await setStatus(investor.auth, { isActive: false })).status).toBe(403);
    expect((await setStatus(undefined, { isActive: false })).status).toBe(401);
    expect((await t.request('GET', '/api/my-data-room', { headers: founder.auth })).json).toMatchObject({
      isActive: true,
    });
  });
});
