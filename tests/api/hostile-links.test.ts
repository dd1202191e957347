import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  invite,
  type SignedIn,
  uniqueEmail,
} from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';
import { multipartBody, SAMPLE_FILES } from '#tests/support/uploads';

/**
 * Hostile links (ADR 19): the sections markdown may only link to http(s) addresses and to this room's
 * own uploads, and a refused save names the line; the click endpoint redirects only to a link that is
 * in the room's markdown, exactly as written, and refuses a ?url= that is missing, repeated, huge or
 * not the room's. Refusals write nothing: no markdown change, no access event.
 */

const ROOM_LINK = 'https://example.com/deck.pdf';
const OTHER_ROOM_LINK = 'https://other.example/secret.pdf';

let t: TestApp;
let founder: SignedIn;
let investor: SignedIn;
let roomId: string;
let inviteToken: string;
let ownDocumentId: string;
let otherRoomDocumentId: string;

async function uploadPdf(owner: SignedIn): Promise<string> {
  const upload = multipartBody([{ name: 'file', filename: 'deck.pdf', content: SAMPLE_FILES.pdf }]);
  const response = await t.request('POST', apiPath(documentRoutes.upload), {
    ...upload,
    headers: { ...upload.headers, ...owner.auth },
  });
  expect(response.status, response.text).toBe(201);
  return (response.json as { document: { id: string } }).document.id;
}

async function saveSections(owner: SignedIn, content: string) {
  const response = await t.call(roomRoutes.saveSections, { body: { content }, as: owner });
  expect(response.status, response.text).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  ({ founder, investor } = await founderWithInvestor(t));
  roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
  ownDocumentId = await uploadPdf(founder);
  await saveSections(
    founder,
    `## Decks\n- [Deck](${ROOM_LINK})\n- [Upload](/api/documents/${ownDocumentId}/download)\n`,
  );
  inviteToken = await invite(t, founder, uniqueEmail('invited'));

  const other = await createFounder(t);
  otherRoomDocumentId = await uploadPdf(other);
  await saveSections(other, `## Secrets\n- [Secret](${OTHER_ROOM_LINK})\n`);
});
afterAll(() => t.close());

describe('POST /api/sections/update refuses links that are not http(s) or not this room’s, naming the line', () => {
  // Each link is on line 4 of an otherwise valid markdown; the saved markdown must stay as it was.
  const notHttp = (scheme: string) =>
    new RegExp(`^Line 4: .*uses "${scheme}", but only http and https links are allowed\\.$`);
  const NOT_FULL = /^Line 4: .*is not a full web address \(it must start with https:\/\/ or http:\/\/\)\.$/;
  const NOT_OURS = /^Line 4: "Deck" links to a document that is not in this data room\.$/;
  const cases: [string, () => string, RegExp][] = [
    ['javascript:', () => '- [Deck](javascript:alert(document.cookie))', notHttp('javascript:')],
    ['JavaScript: in mixed case', () => '- [Deck](JaVaScRiPt:alert(1))', notHttp('javascript:')],
    [
      'javascript: behind a character reference',
      () => '- [Deck](javascript&#58;alert(1))',
      notHttp('javascript:'),
    ],
    ['javascript: as an autolink', () => '- <javascript:alert(1)>', notHttp('javascript:')],
    ['data:', () => '- [Deck](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', notHttp('data:')],
    ['vbscript:', () => '- [Deck](vbscript:msgbox(1))', notHttp('vbscript:')],
    ['file:', () => '- [Deck](file:///etc/passwd)', notHttp('file:')],
    ['mailto:', () => '- [Deck](mailto:ann@example.com)', notHttp('mailto:')],
    ['ftp:', () => '- [Deck](ftp://files.example.com/deck.pdf)', notHttp('ftp:')],
    ['a relative path that climbs', () => '- [Deck](../../etc/passwd)', NOT_FULL],
    ['a path on our own site', () => '- [Deck](/admin)', NOT_FULL],
    ['a protocol-relative address', () => '- [Deck](//evil.example/deck.pdf)', NOT_FULL],
    ['a bare file name', () => '- [Deck](deck.pdf)', NOT_FULL],
    ['an escaped javascript: scheme', () => '- [Deck](javascript%3Aalert(1))', NOT_FULL],
    [
      'our download path with a query',
      () => `- [Deck](/api/documents/${ownDocumentId}/download?x=1)`,
      NOT_FULL,
    ],
    [
      'a reference definition to javascript:',
      () => '[deck]: javascript:alert(1)',
      /^Line 4: a link uses "javascript:"/,
    ],
    [
      'an image with a javascript: source',
      () => '![logo](javascript:alert(1))',
      /^Line 4: a link uses "javascript:"/,
    ],
    [
      'a javascript: link in a description',
      () => 'See [here](javascript:alert(1)).',
      /^Line 4: a link uses "javascript:"/,
    ],
    ["another room's upload", () => `- [Deck](/api/documents/${otherRoomDocumentId}/download)`, NOT_OURS],
    [
      "another room's upload, upper-cased",
      () => `- [Deck](/api/documents/${otherRoomDocumentId.toUpperCase()}/download)`,
      NOT_OURS,
    ],
    [
      "another room's upload as an absolute address",
      () =>
        `- [Deck](${t.config.appUrl}${apiPath(documentRoutes.download, { params: { id: otherRoomDocumentId } })})`,
      NOT_OURS,
    ],
    [
      "another room's upload as an absolute address with a fragment",
      () =>
        `- [Deck](${t.config.appUrl}${apiPath(documentRoutes.download, { params: { id: otherRoomDocumentId } })}#page=2)`,
      NOT_OURS,
    ],
    [
      'an upload that does not exist',
      () => `- [Deck](/api/documents/${crypto.randomUUID()}/download)`,
      NOT_OURS,
    ],
  ];

  test.each(cases)('%s', async (_why, link, message) => {
    const before = await writtenState(t);
    const saved = (await t.call(roomRoutes.mySections, { as: founder })).json;
    const content = `## Decks\nOur decks.\n\n${link()}\n- [Model](https://example.com/model.xlsx)\n`;
    const response = await t.call(roomRoutes.saveSections, { body: { content }, as: founder });
    expectRefusal(response, 400, { error: 'invalid_sections', field: 'content', message });
    expect(response.refusal?.line).toBe(4);
    await expectNothingWritten(t, before);
    expect((await t.call(roomRoutes.mySections, { as: founder })).json).toEqual(saved);
  });

  test('raw HTML with a javascript: link is plain text: saved as written, and no document comes of it', async () => {
    const content = `## Decks\n- [Deck](${ROOM_LINK})\n\n<a href="javascript:alert(1)">Deck</a> <img src=x onerror=alert(1)>\n`;
    await saveSections(founder, content);
    expect((await t.call(roomRoutes.mySections, { as: founder })).json).toEqual({
      content,
      version: expect.any(String),
    });
    const sections = (await t.call(adminRoutes.sections, { as: founder })).json;
    expect(sections).toEqual([expect.objectContaining({ name: 'Decks', documentCount: 1 })]);
    await saveSections(
      founder,
      `## Decks\n- [Deck](${ROOM_LINK})\n- [Upload](/api/documents/${ownDocumentId}/download)\n`,
    );
  });

  test('a link with a malformed %-escape is a valid address: saved (it was a 500)', async () => {
    const content = `## Decks\n- [Deck](${ROOM_LINK})\n- [Odd](https://example.com/%E0%A4%A.pdf)\n- [Upload](/api/documents/${ownDocumentId}/download)\n`;
    await saveSections(founder, content);
    expect((await t.call(roomRoutes.mySections, { as: founder })).json).toEqual({
      content,
      version: expect.any(String),
    });
  });
});

describe('the click endpoints redirect only to the room’s own links, as written', () => {
  // ?url= must be exactly one external link of the room's markdown; anything else is refused and not
  // logged. The member's and the invitation's click endpoints share the rule, so both are checked.
  const clickPaths = {
    member: () => apiPath(roomRoutes.click, { params: { id: roomId } }),
    invitation: () => apiPath(roomRoutes.invitedClick, { params: { token: inviteToken } }),
  };
  const queries: [string, () => string, number, Parameters<typeof expectRefusal>[2]][] = [
    ['no url', () => '', 400, { message: /^url: is required$/, field: 'url' }],
    ['an empty url', () => '?url=', 400, { message: /^url: is required$/, field: 'url' }],
    [
      'the url twice',
      () => `?url=${encodeURIComponent(ROOM_LINK)}&url=${encodeURIComponent(OTHER_ROOM_LINK)}`,
      400,
      { message: /^url: must be given once$/, field: 'url' },
    ],
    [
      'a url of 4,001 characters',
      () => `?url=${encodeURIComponent(`${ROOM_LINK}?${'a'.repeat(4001 - ROOM_LINK.length - 1)}`)}`,
      400,
      { message: /^url: is too long$/, field: 'url' },
    ],
    // Past the 16 KB Node allows for the request line and headers: refused before routing, in our shape.
    [
      'a url of 20,000 characters',
      () => `?url=${'a'.repeat(20_000)}`,
      431,
      { error: 'headers_too_large', message: /larger than this server accepts/ },
    ],
    [
      'a link that is not in the room',
      () => `?url=${encodeURIComponent('https://evil.example/phish')}`,
      404,
      { error: 'link_not_found', message: /not one of this data room’s documents/ },
    ],
    [
      "another room's link",
      () => `?url=${encodeURIComponent(OTHER_ROOM_LINK)}`,
      404,
      { error: 'link_not_found', message: /not one of this data room’s documents/ },
    ],
    [
      'a javascript: url',
      () => `?url=${encodeURIComponent('javascript:alert(1)')}`,
      404,
      { error: 'link_not_found', message: /not one of this data room’s documents/ },
    ],
    [
      "the room's link with a trailing slash",
      () => `?url=${encodeURIComponent(`${ROOM_LINK}/`)}`,
      404,
      { error: 'link_not_found', message: /not one of this data room’s documents/ },
    ],
    [
      "one of the room's uploads (only external links redirect)",
      () => `?url=${encodeURIComponent(apiPath(documentRoutes.download, { params: { id: ownDocumentId } }))}`,
      404,
      { error: 'link_not_found', message: /not one of this data room’s documents/ },
    ],
  ];
  const cases = Object.entries(clickPaths).flatMap(([caller, path]) =>
    queries.map(([why, query, status, expected]) => ({ caller, why, path, query, status, expected })),
  );

  test.each(cases)('$caller click with $why: $status', async ({ path, query, status, expected }) => {
    const before = await writtenState(t);
    const response = await t.request('GET', `${path()}${query()}`, { headers: investor.auth });
    expectRefusal(response, status, expected);
    expect(response.headers.get('location')).toBeNull();
    await expectNothingWritten(t, before);
  });
});
