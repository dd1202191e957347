import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  invite,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADMIN_ROUTES = [
  adminRoutes.users,
  adminRoutes.invitations,
  adminRoutes.sections,
  adminRoutes.recentDocuments,
  adminRoutes.recentAccess,
];
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');

test('after an investor downloads and clicks, the dashboard data tells the founder what happened', async () => {
  const { founder, investor, investorEmail } = await founderWithInvestor(t);
  await invite(t, founder, uniqueEmail('pending'));
  const content =
    '## Financial information\n- [Model](https://docs.google.com/spreadsheets/d/m)\n\n## Legal {icon=gavel}\nContracts.\n';
  await t.call(roomRoutes.saveSections, { body: { content }, as: founder });
  const data = new FormData();
  data.append('section', 'Financial information');
  data.append('file', new Blob([PDF]), 'Deck.pdf');
  const uploaded = (await t.call(documentRoutes.upload, { form: data, as: founder })).json;
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;

  await t.request('GET', uploaded.url, { headers: investor.auth });
  await fetch(
    `${t.baseUrl}${apiPath(roomRoutes.click, { params: { id: room.id }, query: { url: 'https://docs.google.com/spreadsheets/d/m' } })}`,
    {
      headers: investor.auth,
      redirect: 'manual',
    },
  );

  const get = async (path: string) => (await t.request('GET', path, { headers: founder.auth })).json;
  expect(await get(apiPath(adminRoutes.users))).toEqual([
    {
      id: investor.user.id,
      name: 'Ivy Investor',
      email: investorEmail,
      isActive: true,
      createdAt: expect.any(String),
    },
  ]);
  const invitations = (await get(apiPath(adminRoutes.invitations))) as { used: boolean; status: string }[];
  expect(invitations.map((invitation) => invitation.status).sort()).toEqual(['accepted', 'pending']);
  expect(await get(apiPath(adminRoutes.sections))).toEqual([
    {
      id: 1,
      name: 'Financial information',
      description: 'Financial information documentation and files',
      icon: 'chart-line',
      documentCount: 2,
    },
    { id: 2, name: 'Legal', description: 'Contracts.', icon: 'gavel', documentCount: 0 },
  ]);
  const recent = (await get(apiPath(adminRoutes.recentDocuments))) as {
    title: string;
    sectionName: string;
    isUploaded: boolean;
  }[];
  expect(recent.map(({ title, sectionName, isUploaded }) => ({ title, sectionName, isUploaded }))).toEqual(
    expect.arrayContaining([
      { title: 'Deck.pdf', sectionName: 'Financial information', isUploaded: true },
      { title: 'Model', sectionName: 'Financial information', isUploaded: false },
    ]),
  );
  const access = (await get(apiPath(adminRoutes.recentAccess))) as {
    userName: string;
    documentTitle: string;
    actionType: string;
  }[];
  expect(
    access.map(({ userName, documentTitle, actionType }) => ({ userName, documentTitle, actionType })),
  ).toEqual([
    { userName: 'Ivy Investor', documentTitle: 'Model', actionType: 'clicked' },
    { userName: 'Ivy Investor', documentTitle: 'Deck.pdf', actionType: 'downloaded' },
  ]);
});

test('a download is logged under the title the investor saw in the sections, kept after deletion', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  const upload = async (name: string, fields: Record<string, string>) => {
    const response = await uploadFile(t, founder, { name, bytes: uniquePdf() }, fields);
    expect(response.status, response.text).toBe(201);
    return response.json as { document: { id: string }; url: string };
  };
  const deck = await upload('Deck Q3.pdf', { section: 'Financial information' });
  const unlinked = await upload('Notes.pdf', {});
  // The founder renames the link in the sections: the room now shows it as "Deck".
  const markdown = (await t.call(roomRoutes.sectionsMarkdown, { as: founder })).json;
  expect(markdown.content).toContain(`[Deck Q3.pdf](${deck.url})`);
  const renamed = markdown.content.replace(`[Deck Q3.pdf](${deck.url})`, `[Deck](${deck.url})`);
  const saved = await t.call(roomRoutes.saveSections, { body: { content: renamed }, as: founder });
  expect(saved.status, saved.text).toBe(200);

  for (const url of [deck.url, unlinked.url]) {
    expect((await t.request('GET', url, { headers: investor.auth })).status).toBe(200);
  }

  const get = async (path: string) => (await t.request('GET', path, { headers: founder.auth })).json;
  const recentDocuments = (await get(apiPath(adminRoutes.recentDocuments))) as {
    id: string;
    title: string;
  }[];
  expect(recentDocuments.find(({ id }) => id === deck.document.id)?.title).toBe('Deck');
  const logged = async () =>
    ((await get(apiPath(adminRoutes.recentAccess))) as { documentTitle: string }[]).map(
      ({ documentTitle }) => documentTitle,
    );
  // A document in no section keeps the title it was uploaded with.
  expect((await logged()).sort()).toEqual(['Deck', 'Notes.pdf']);

  const removed = await t.call(documentRoutes.remove, { params: { id: deck.document.id }, as: founder });
  expect(removed.status).toBe(204);
  expect((await logged()).sort()).toEqual(['Deck', 'Notes.pdf']);
});

test('the dashboard shows the first 10 accesses, newest first', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  const content = '## Links\n- [Site](https://example.com/)\n';
  await t.call(roomRoutes.saveSections, { body: { content }, as: founder });
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;
  for (let i = 0; i < 12; i++) {
    const response = await fetch(
      `${t.baseUrl}${apiPath(roomRoutes.click, { params: { id: room.id }, query: { url: 'https://example.com/' } })}`,
      {
        headers: investor.auth,
        redirect: 'manual',
      },
    );
    await response.arrayBuffer();
  }
  const access = (await t.call(adminRoutes.recentAccess, { as: founder })).json;
  expect(access).toHaveLength(10);
  expect([...access].sort((a, b) => b.accessedAt.localeCompare(a.accessedAt))).toEqual(access);
});

test('an investor gets 403 on every admin route, another founder sees only their own room, nobody gets 401', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  const other = await createFounder(t);
  for (const route of ADMIN_ROUTES) {
    expect((await t.call(route, { as: investor })).status, route.path).toBe(403);
    expect((await t.call(route)).status, route.path).toBe(401);
  }
  expect((await t.call(adminRoutes.users, { as: other })).json).toEqual([]);
  expect((await t.call(adminRoutes.users, { as: founder })).json).toHaveLength(1);
});
