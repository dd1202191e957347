import crypto from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminRoutes } from '#shared/contracts/admin';
import type { ApiTokenScope } from '#shared/contracts/api-tokens';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { questionRoutes } from '#shared/contracts/questions';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createApiToken,
  createFounder,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { answerOf, callTool, mcpClientOver, refusalOf, textOf } from '#tests/support/mcp-client';
import { storeReadyPreview } from '#tests/support/previews';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// The MCP server's tools (docs/decisions/0091-mcp-server.md), through the SDK's own client over
// streamable HTTP: every tool listed with its schemas, each the API's route with the token's scopes, its
// room and nothing else, and what each does as the API does it.

const ALL_SCOPES: ApiTokenScope[] = [
  'analytics:read',
  'documents:write',
  'invitations:write',
  'sections:write',
  'questions:write',
];

/** Every tool, by area: rooms, documents, investors and groups, analytics, questions, invitations. */
const TOOLS = {
  room: ['get_room', 'list_sections'],
  documents: [
    'list_documents',
    'search_documents',
    'list_document_versions',
    'rename_document',
    'set_document_downloads',
  ],
  investors: ['list_investors', 'list_groups', 'move_investor_to_group'],
  analytics: [
    'engagement_scores',
    'room_analytics',
    'firm_analytics',
    'document_page_analytics',
    'investor_analytics',
    'recent_access',
  ],
  questions: ['list_questions', 'answer_question', 'publish_answer'],
  invitations: ['list_invitations', 'invite_investor', 'resend_invitation', 'revoke_invitation'],
};

let t: TestApp;
const clients: Client[] = [];
beforeAll(async () => {
  // The engagement score refreshed at once after each activity (the tests wait on the queue).
  t = await startTestApp({ environment: { INVITATIONS_PER_DAY: '1000', ENGAGEMENT_REFRESH_MS: '0' } });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
});

async function connect(auth: Record<string, string>): Promise<Client> {
  const client = await mcpClientOver(t.baseUrl, auth);
  clients.push(client);
  return client;
}

/**
 * A room with a two-page deck, an investor at a firm of their own who read its first page and asked a
 * question, and an invitation nobody accepted yet.
 */
async function roomWithInvestor(label: string) {
  const hex = crypto.randomBytes(3).toString('hex');
  const founder = await createFounder(t, { companyName: `${label} ${hex}` });
  const room = (await t.call(roomRoutes.mine, { as: founder })).json;
  const upload = await uploadFile(t, founder, { name: 'Deck.pdf', bytes: uniquePdf() });
  expect(upload.status, upload.text).toBe(201);
  const documentId = (upload.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2 });
  const firm = `${label.toLowerCase()}-${hex}.example`;
  const investorEmail = `ivy@${firm}`;
  await invite(t, founder, investorEmail, 'Ivy Investor');
  const investor = await signInWithMagicLink(t, investorEmail);
  const view = await t.call(readingRoutes.openView, { params: { id: documentId }, as: investor });
  expect(view.status, view.text).toBe(201);
  const report = await t.call(readingRoutes.report, {
    params: { viewId: view.json.viewId ?? '' },
    rawBody: { pages: [{ page: 1, seconds: 0.5 }] },
    as: investor,
  });
  expect(report.status, report.text).toBe(204);
  const asked = await t.call(questionRoutes.ask, {
    params: { id: room.id },
    body: { about: { kind: 'room' }, text: 'When does the round close?' },
    as: investor,
  });
  expect(asked.status, asked.text).toBe(201);
  const pending = await t.call(invitationRoutes.create, {
    body: { email: uniqueEmail('pending') },
    as: founder,
  });
  expect(pending.status, pending.text).toBe(201);
  const users = (await t.call(adminRoutes.users, { as: founder })).json;
  const investorId = users.find((user) => user.email === investorEmail)?.id ?? '';
  return {
    founder,
    room,
    documentId,
    firm,
    investor,
    investorEmail,
    investorId,
    questionId: asked.json.id,
    invitationId: pending.json.invitation.id,
  };
}

type Room = Awaited<ReturnType<typeof roomWithInvestor>>;

let ours: Room;
let theirs: Room;
let everyScope: Client;
beforeAll(async () => {
  ours = await roomWithInvestor('Ours');
  theirs = await roomWithInvestor('Theirs');
  everyScope = await connect((await createApiToken(t, ours.founder, { scopes: ALL_SCOPES })).auth);
});

const tokenOf = async (founder: SignedIn, scopes: ApiTokenScope[]) =>
  connect((await createApiToken(t, founder, { scopes })).auth);

describe('the tools', () => {
  test('every tool is listed with its input and output schemas, what it does and the scope it needs', async () => {
    const { tools } = await everyScope.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.values(TOOLS).flat().sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description, tool.name).toMatch(/scope \(|Any API token of the room/);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(
        /^(get|list|search|engagement|room|firm|document_page|investor_analytics|recent)/.test(tool.name),
      );
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('room_analytics')?.description).toContain('analytics:read scope');
    expect(byName.get('revoke_invitation')?.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get('invite_investor')?.annotations).toMatchObject({ openWorldHint: true });
    // An input schema is the route's own pieces: the answer's id is a question id, its text required.
    expect(byName.get('answer_question')?.inputSchema).toMatchObject({
      required: ['questionId', 'answer'],
      properties: { questionId: { type: 'string', format: 'uuid' }, answer: { type: 'string' } },
    });
    expect(byName.get('set_document_downloads')?.inputSchema.properties?.policy).toMatchObject({
      enum: ['room', 'allowed', 'view_only'],
    });
  });

  test("get_room names the token's own room, whatever the token's scopes", async () => {
    const narrow = await tokenOf(ours.founder, ['questions:write']);
    expect(await answerOf(narrow, 'get_room')).toMatchObject({
      id: ours.room.id,
      companyName: ours.room.companyName,
    });
  });
});

describe('scopes are the API tokens\u2019 own', () => {
  test('a token without analytics:read is refused every analytics tool, told which scope is missing', async () => {
    const withoutAnalytics = await tokenOf(
      ours.founder,
      ALL_SCOPES.filter((scope) => scope !== 'analytics:read'),
    );
    const argumentsOf: Record<string, Record<string, unknown>> = {
      document_page_analytics: { documentId: ours.documentId },
      investor_analytics: { userId: ours.investorId },
    };
    for (const name of [...TOOLS.analytics, 'list_investors']) {
      const result = await callTool(withoutAnalytics, name, argumentsOf[name]);
      expect(refusalOf(result), name).toMatchObject({ status: 403, error: 'api_token_scope_missing' });
      expect(textOf(result), name).toContain('analytics:read');
    }
    // What its scopes allow, it may do.
    expect(await answerOf(withoutAnalytics, 'list_documents')).toMatchObject({
      documents: [expect.objectContaining({ id: ours.documentId })],
    });
  });

  test('a token with analytics:read alone reads the analytics and is refused the rest', async () => {
    const analytics = await tokenOf(ours.founder, ['analytics:read']);
    const room = await answerOf<{ documents: { documentId: string; viewCount: number }[] }>(
      analytics,
      'room_analytics',
    );
    expect(room.documents).toEqual([expect.objectContaining({ documentId: ours.documentId, viewCount: 1 })]);
    expect(await answerOf(analytics, 'firm_analytics')).toEqual({
      firms: [expect.objectContaining({ firm: ours.firm, readerCount: 1 })],
    });
    const pages = await answerOf<{ pages: unknown[]; viewCount: number }>(
      analytics,
      'document_page_analytics',
      {
        documentId: ours.documentId,
      },
    );
    expect(pages).toMatchObject({ viewCount: 1, pages: [{ page: 1 }, { page: 2 }] });
    expect(await answerOf(analytics, 'investor_analytics', { userId: ours.investorId })).toMatchObject({
      investor: { email: ours.investorEmail },
      documents: [{ documentId: ours.documentId }],
    });
    await t.app.jobs.whenIdle();
    const engagement = await answerOf<{ investors: { email: string; score: number; why: unknown[] }[] }>(
      analytics,
      'engagement_scores',
    );
    expect(engagement.investors).toEqual([
      expect.objectContaining({
        email: ours.investorEmail,
        score: expect.any(Number),
        why: expect.any(Array),
      }),
    ]);
    expect(await answerOf(analytics, 'list_investors')).toMatchObject({
      investors: [expect.objectContaining({ email: ours.investorEmail })],
    });
    for (const name of [
      'list_documents',
      'list_questions',
      'list_invitations',
      'list_sections',
      'list_groups',
    ])
      expect(refusalOf(await callTool(analytics, name)), name).toMatchObject({
        error: 'api_token_scope_missing',
      });
  });
});

describe('a token acts for its room only', () => {
  /** Each tool that names something, with another room's id and with an id nobody has. */
  const namedCalls = (room: Room): [string, Record<string, unknown>][] => [
    ['list_document_versions', { documentId: room.documentId }],
    ['rename_document', { documentId: room.documentId, title: 'Renamed' }],
    ['set_document_downloads', { documentId: room.documentId, policy: 'view_only' }],
    ['document_page_analytics', { documentId: room.documentId }],
    ['investor_analytics', { userId: room.investorId }],
    ['answer_question', { questionId: room.questionId, answer: 'Soon.' }],
    ['publish_answer', { questionId: room.questionId, question: 'When?', answer: 'Soon.' }],
    ['resend_invitation', { invitationId: room.invitationId }],
    ['revoke_invitation', { invitationId: room.invitationId }],
  ];

  test("another room's ids answer as not found, exactly as ids nobody has, and change nothing there", async () => {
    const nobodys = {
      ...theirs,
      documentId: crypto.randomUUID(),
      investorId: crypto.randomUUID(),
      questionId: crypto.randomUUID(),
      invitationId: crypto.randomUUID(),
    };
    const before = await t.call(invitationRoutes.mine, { as: theirs.founder });
    const missing = namedCalls(nobodys);
    for (const [index, [name, args]] of namedCalls(theirs).entries()) {
      const refusal = refusalOf(await callTool(everyScope, name, args));
      expect(refusal, name).toMatchObject({ status: 404 });
      const [, missingArgs] = missing[index] ?? [];
      expect(refusalOf(await callTool(everyScope, name, missingArgs)), name).toEqual(refusal);
    }
    expect((await t.call(invitationRoutes.mine, { as: theirs.founder })).json).toEqual(before.json);
    const inbox = await t.call(questionRoutes.inbox, { as: theirs.founder });
    expect(inbox.json.questions).toEqual([expect.objectContaining({ state: 'open', answer: null })]);
  });

  test("the lists show this room's own and nothing of the other", async () => {
    const lists = JSON.stringify(
      await Promise.all(
        [
          'list_documents',
          'list_investors',
          'list_questions',
          'list_invitations',
          'room_analytics',
          'list_groups',
        ].map((name) => answerOf(everyScope, name)),
      ),
    );
    expect(lists).toContain(ours.investorEmail);
    expect(lists).toContain(ours.documentId);
    for (const theirsOnly of [
      theirs.investorEmail,
      theirs.documentId,
      theirs.questionId,
      theirs.invitationId,
    ])
      expect(lists).not.toContain(theirsOnly);
  });
});

describe('each tool does what its route does', () => {
  test('invite_investor mails the invitation, list_invitations lists it, revoke_invitation withdraws it', async () => {
    const email = uniqueEmail('mcp-invitee');
    const sent = await answerOf<{ invitation: { id: string } }>(everyScope, 'invite_investor', {
      email,
      name: 'Mia Invitee',
      personalMessage: 'Our deck is in.',
    });
    const mail = await t.smtp.waitForMessage((message) => recipientsOf(message).includes(email));
    expect(mail.text).toContain('Our deck is in.');
    const listed = await answerOf<{ invitations: { id: string; status: string }[] }>(
      everyScope,
      'list_invitations',
    );
    expect(listed.invitations).toContainEqual(
      expect.objectContaining({ id: sent.invitation.id, status: 'pending' }),
    );
    expect(await answerOf(everyScope, 'revoke_invitation', { invitationId: sent.invitation.id })).toEqual({
      revoked: true,
      invitationId: sent.invitation.id,
    });
    const after = (await t.call(invitationRoutes.mine, { as: ours.founder })).json;
    expect(after.map((invitation) => invitation.id)).not.toContain(sent.invitation.id);
  });

  test('answer_question answers the asker privately, publish_answer puts it in the FAQ', async () => {
    const listed = await answerOf<{ questions: { id: string; state: string }[] }>(
      everyScope,
      'list_questions',
      {
        state: 'open',
      },
    );
    expect(listed.questions.map((question) => question.id)).toContain(ours.questionId);
    expect(
      await answerOf(everyScope, 'answer_question', { questionId: ours.questionId, answer: 'In March.' }),
    ).toMatchObject({ state: 'answered', answer: 'In March.' });
    expect(
      await answerOf(everyScope, 'publish_answer', {
        questionId: ours.questionId,
        question: 'When does the round close?',
        answer: 'In March.',
      }),
    ).toMatchObject({ state: 'published', publishedQuestion: 'When does the round close?' });
    const faq = await t.call(questionRoutes.faq, { params: { id: ours.room.id }, as: ours.investor });
    expect(faq.json.entries).toEqual([expect.objectContaining({ answer: 'In March.' })]);
  });

  test('rename_document and set_document_downloads change the document, list_document_versions shows its file', async () => {
    expect(
      await answerOf(everyScope, 'rename_document', { documentId: ours.documentId, title: 'Deck, March' }),
    ).toMatchObject({ title: 'Deck, March' });
    expect(
      await answerOf(everyScope, 'set_document_downloads', {
        documentId: ours.documentId,
        policy: 'view_only',
      }),
    ).toMatchObject({ downloadPolicy: 'view_only', isDownloadAllowed: false });
    expect(
      await answerOf(everyScope, 'list_document_versions', { documentId: ours.documentId }),
    ).toMatchObject({
      title: 'Deck, March',
      versions: [{ number: 1, status: 'current', fileName: 'Deck.pdf' }],
    });
    expect(await answerOf(everyScope, 'search_documents', { q: 'nothing like this' })).toMatchObject({
      documents: [],
    });
  });

  test('move_investor_to_group moves the investor; list_groups and list_sections show the room', async () => {
    const group = await t.call(groupRoutes.create, { body: { name: 'Diligence' }, as: ours.founder });
    expect(group.status, group.text).toBe(201);
    const moved = await answerOf<{ investors: { email: string; groupId: string }[] }>(
      everyScope,
      'move_investor_to_group',
      { email: ours.investorEmail, groupId: group.json.id },
    );
    expect(moved.investors).toContainEqual(
      expect.objectContaining({ email: ours.investorEmail, groupId: group.json.id }),
    );
    expect(await answerOf(everyScope, 'list_groups')).toMatchObject({
      groups: expect.arrayContaining([expect.objectContaining({ name: 'Diligence' })]),
    });
    expect(await answerOf(everyScope, 'list_sections')).toMatchObject({ sections: expect.any(Array) });
  });

  test('bad input is a tool error naming the field; nothing is changed', async () => {
    const empty = await callTool(everyScope, 'rename_document', { documentId: ours.documentId, title: '' });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toMatch(/title/);
    const notAnId = await callTool(everyScope, 'investor_analytics', { userId: 'ivy' });
    expect(textOf(notAnId)).toMatch(/must be an investor id.*userId/);
    const unknown = await callTool(everyScope, 'drop_database');
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('drop_database');
    const document = (await t.call(roomRoutes.mine, { as: ours.founder })).json;
    expect(document.id).toBe(ours.room.id);
  });

  test('text answers are formula-safe; the structured answer is exactly what the API says', async () => {
    const email = uniqueEmail('formula');
    const name = '=HYPERLINK("https://evil.example","Ann")';
    await answerOf(everyScope, 'invite_investor', { email, name });
    const result = await callTool(everyScope, 'list_invitations');
    const structured = result.structuredContent as { invitations: { email: string; name: string | null }[] };
    expect(structured.invitations).toContainEqual(expect.objectContaining({ email, name }));
    expect(textOf(result)).toContain(`'=HYPERLINK`);
    expect(textOf(result)).not.toMatch(/"=HYPERLINK/);
  });
});
