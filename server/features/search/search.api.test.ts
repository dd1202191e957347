import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import { questionRoutes } from '#shared/contracts/questions';
import { roomRoutes } from '#shared/contracts/rooms';
import { searchRoutes } from '#shared/contracts/search';
import {
  createFounder,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uploadFile,
} from '#tests/support/factories';
import { writtenPdf } from '#tests/support/sample-documents';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// Search inside every page (docs/decisions/0088-search-inside-every-page.md): pages indexed as they are
// prepared, found only by readers who may read them, a replaced version's words gone with it, and any
// query answered with results or a 400, never an error.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(process.env.SEARCH_DEBUG ? { environment: { LOG_LEVEL: 'error' } } : {});
});
afterAll(async () => {
  await t?.close();
});

async function uploadPrepared(
  founder: SignedIn,
  name: string,
  bytes: Buffer,
  section: string,
): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes }, { section });
  expect(response.status, response.text).toBe(201);
  await t.app.jobs.whenIdle();
  return (response.json as { document: { id: string } }).document.id;
}

const pdfOf = (pages: string[][]) =>
  writtenPdf({ pages: pages.length, lines: (number) => pages[number - 1] ?? [] });

/**
 * A room with a deck in "Pitch" and metrics in "Financials", the second shown to the "Diligence" group
 * only; an investor of the default group and one of Diligence.
 */
async function searchableRoom() {
  const founder = await createFounder(t, { companyName: `Acme ${crypto.randomBytes(3).toString('hex')}` });
  const roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
  const deckId = await uploadPrepared(
    founder,
    'Deck.pdf',
    pdfOf([['Acme deck'], ['Our churn is low', 'Logo churn fell in Q3'], ['Zebracorn market']]),
    'Pitch',
  );
  const metricsId = await uploadPrepared(
    founder,
    'Metrics.pdf',
    pdfOf([['Metrics'], ['Net revenue churn fell to 2%'], ['Quokkaplan option pool']]),
    'Financials',
  );
  const notesId = await uploadPrepared(
    founder,
    'notes.txt',
    Buffer.from('Ärger über das CAFÉ in São Paulo.\nOur runway is 18 months.\n'),
    'Pitch',
  );
  const diligence = (await t.call(groupRoutes.create, { body: { name: 'Diligence' }, as: founder })).json;
  await t.call(groupRoutes.setSectionVisibility, {
    body: { section: 'Financials', visibleTo: [diligence.id] },
    as: founder,
  });
  const investorEmail = uniqueEmail('investor');
  const inviteToken = await invite(t, founder, investorEmail);
  const investor = await signInWithMagicLink(t, investorEmail);
  const insiderEmail = uniqueEmail('insider');
  await invite(t, founder, insiderEmail);
  const insider = await signInWithMagicLink(t, insiderEmail);
  await t.call(groupRoutes.moveInvestor, {
    body: { email: insiderEmail, groupId: diligence.id },
    as: founder,
  });
  return { founder, roomId, deckId, metricsId, notesId, investor, insider, diligence, inviteToken };
}

type Room = Awaited<ReturnType<typeof searchableRoom>>;
let room: Room;
beforeAll(async () => {
  room = await searchableRoom();
});

async function search(who: SignedIn, q: string) {
  const response = await t.call(searchRoutes.search, { params: { id: room.roomId }, query: { q }, as: who });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

const foundPages = (results: { documents: { documentId: string; hits: { page: number }[] }[] }) =>
  results.documents.flatMap((document) => document.hits.map((hit) => `${document.documentId}:${hit.page}`));

describe('what a search finds', () => {
  test('a word on two documents is found on each page that has it, with the word marked in its snippet', async () => {
    const results = await search(room.investor, 'churn');
    expect(results.words).toEqual(['churn']);
    expect(foundPages(results)).toEqual([`${room.deckId}:2`]);
    expect(results.pageCount).toBe(1);
    const hit = results.documents[0]?.hits[0];
    expect(hit?.snippet.filter((piece) => piece.isMatch).map((piece) => piece.text.toLowerCase())).toContain(
      'churn',
    );
    expect(results.documents[0]?.title).toBe('Deck.pdf');
  });

  test('a word only on a hidden section page finds nothing, and counts as a word that is nowhere', async () => {
    const hidden = await search(room.investor, 'quokkaplan');
    const nowhere = await search(room.investor, 'xylophonist');
    expect({ ...hidden, query: '', words: [] }).toEqual({ ...nowhere, query: '', words: [] });
    expect(hidden.pageCount).toBe(0);
    const both = await search(room.investor, 'churn');
    // The metrics page with "churn" is hidden: the count is the deck's page alone.
    expect(both.pageCount).toBe(1);
  });

  test('the group the section is shown to finds it, and the founder finds it with where it is visible', async () => {
    expect(foundPages(await search(room.insider, 'quokkaplan'))).toEqual([`${room.metricsId}:3`]);
    expect(foundPages(await search(room.insider, 'churn')).sort()).toEqual(
      [`${room.deckId}:2`, `${room.metricsId}:2`].sort(),
    );
    const asFounder = await t.call(searchRoutes.managerSearch, {
      query: { q: 'quokkaplan' },
      as: room.founder,
    });
    expect(asFounder.status, asFounder.text).toBe(200);
    expect(asFounder.json.documents).toEqual([
      expect.objectContaining({
        documentId: room.metricsId,
        sections: ['Financials'],
        visibleToGroups: [{ id: room.diligence.id, name: 'Diligence' }],
        hiddenFromGroups: [expect.objectContaining({ name: expect.any(String) })],
      }),
    ]);
  });

  test('phrases, prefixes and several words', async () => {
    expect(foundPages(await search(room.insider, '"revenue churn"'))).toEqual([`${room.metricsId}:2`]);
    expect(foundPages(await search(room.insider, '"churn revenue"'))).toEqual([]);
    expect(foundPages(await search(room.investor, 'zebra*'))).toEqual([`${room.deckId}:3`]);
    expect(foundPages(await search(room.insider, 'churn logo'))).toEqual([`${room.deckId}:2`]);
    // English stemming: "fell" and "falls" differ, "months" finds "month".
    expect(foundPages(await search(room.investor, 'month'))).toEqual([`${room.notesId}:1`]);
  });

  test('accents and case are folded both ways', async () => {
    for (const q of ['arger', 'ÄRGER', 'cafe', 'Café', 'sao paulo', 'SÃO'])
      expect(foundPages(await search(room.investor, q)), q).toEqual([`${room.notesId}:1`]);
  });

  test('hostile queries answer results or 400, never an error', async () => {
    const queries = [
      'churn OR (',
      'NEAR(churn logo)',
      'NEAR',
      '*',
      '"',
      '"""',
      '-churn',
      'churn^2',
      'text:churn',
      "churn' or 1=1 --",
      'churn & | ! :*',
      '\\',
      '()',
      '{churn}',
      '💥',
    ];
    for (const q of queries) {
      const response = await t.call(searchRoutes.search, {
        params: { id: room.roomId },
        query: { q },
        as: room.investor,
      });
      expect(response.status, `${q}: ${response.text}`).toBe(200);
    }
    expect(foundPages(await search(room.investor, 'NEAR(churn logo)'))).toEqual([]);
    for (const q of ['', '   ', 'x'.repeat(10_000)]) {
      const response = await t.call(searchRoutes.search, {
        params: { id: room.roomId },
        query: { q },
        as: room.investor,
      });
      expect(response.status, response.text).toBe(400);
    }
  });
});

describe('versions', () => {
  test("a replaced version's words are gone, the new version's found", async () => {
    const founder = await createFounder(t);
    const roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
    const documentId = await uploadPrepared(founder, 'Plan.pdf', pdfOf([['Okapiplan one']]), 'Pitch');
    const form = new FormData();
    form.append('file', new Blob([pdfOf([['Narwhalplan two']])]), 'Plan.pdf');
    const replaced = await t.call(documentRoutes.replaceFile, {
      params: { id: documentId },
      form,
      as: founder,
    });
    expect(replaced.status, replaced.text).toBe(201);
    await t.app.jobs.whenIdle();
    const find = async (q: string) =>
      (await t.call(searchRoutes.search, { params: { id: roomId }, query: { q }, as: founder })).json
        .pageCount;
    expect(await find('okapiplan')).toBe(0);
    expect(await find('narwhalplan')).toBe(1);
  });
});

describe('who may search', () => {
  test('a stranger and another room are refused as a missing room; signed out is 401', async () => {
    const strangerEmail = uniqueEmail('stranger');
    const other = await createFounder(t);
    await invite(t, other, strangerEmail);
    const stranger = await signInWithMagicLink(t, strangerEmail);
    const missing = await t.call(searchRoutes.search, {
      params: { id: crypto.randomUUID() },
      query: { q: 'churn' },
      as: stranger,
    });
    const refused = await t.call(searchRoutes.search, {
      params: { id: room.roomId },
      query: { q: 'churn' },
      as: stranger,
    });
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual(missing.json);
    expect(
      (await t.call(searchRoutes.search, { params: { id: room.roomId }, query: { q: 'churn' } })).status,
    ).toBe(401);
    expect(
      (await t.call(searchRoutes.managerSearch, { query: { q: 'churn' }, as: room.investor })).status,
    ).toBe(403);
  });

  test("the invited view searches as the invitation's group", async () => {
    const founder = await createFounder(t);
    await uploadPrepared(founder, 'Deck.pdf', pdfOf([['Pangolin pricing']]), 'Pitch');
    const token = await invite(t, founder, uniqueEmail('invitee'));
    const found = await t.call(searchRoutes.invitedSearch, { params: { token }, query: { q: 'pangolin' } });
    expect(found.status, found.text).toBe(200);
    expect(found.json.pageCount).toBe(1);
    const forged = await t.call(searchRoutes.invitedSearch, {
      params: { token: `${token}x` },
      query: { q: 'pangolin' },
    });
    expect(forged.status).toBe(404);
  });
});

test('a reader searching past SEARCHES_PER_MINUTE is told to wait; another reader is not', async () => {
  const limited = await startTestApp({ environment: { SEARCHES_PER_MINUTE: '3' } });
  try {
    const founder = await createFounder(limited);
    const roomId = (await limited.call(roomRoutes.mine, { as: founder })).json.id;
    const readers = [];
    for (const label of ['eager', 'calm']) {
      const email = uniqueEmail(label);
      await invite(limited, founder, email);
      readers.push(await signInWithMagicLink(limited, email));
    }
    const [eager, calm] = readers as [SignedIn, SignedIn];
    const searchAs = (who: SignedIn) =>
      limited.call(searchRoutes.search, { params: { id: roomId }, query: { q: 'churn' }, as: who });
    for (let index = 0; index < 3; index++) expect((await searchAs(eager)).status).toBe(200);
    const refused = await searchAs(eager);
    expect(refused.status).toBe(429);
    expect(refused.refusal?.error).toBe('too_many_searches');
    expect((await searchAs(calm)).status).toBe(200);
  } finally {
    await limited.close();
  }
});

describe('the search log and Ask the room', () => {
  test('searches typed letter by letter are one search; words that found nothing are listed; managers are not logged', async () => {
    const reader = room.insider;
    for (const q of ['chu', 'chur', 'churn']) await search(reader, q);
    await search(reader, 'wombatfund');
    await t.call(searchRoutes.managerSearch, { query: { q: 'founderonly' }, as: room.founder });
    const analytics = await t.call(searchRoutes.analytics, { as: room.founder });
    expect(analytics.status, analytics.text).toBe(200);
    const queries = analytics.json.top.map((row) => row.query);
    expect(queries).toContain('churn');
    expect(queries).not.toContain('chur');
    expect(queries).not.toContain('founderonly');
    expect(analytics.json.notFound.map((row) => row.query)).toContain('wombatfund');
    // The log says who searched what, newest first; "chu" and "chur" were "churn" being typed.
    expect(analytics.json.recent.slice(0, 2)).toEqual([
      expect.objectContaining({ email: room.insider.user.email, query: 'wombatfund', resultCount: 0 }),
      expect.objectContaining({ email: room.insider.user.email, query: 'churn', resultCount: 2 }),
    ]);
  });

  test('with the setting off, the founders see that a reader searched, not the words, and the reader is told', async () => {
    const saved = await t.call(searchRoutes.saveSettings, {
      body: { areQueriesVisible: false },
      as: room.founder,
    });
    expect(saved.json).toEqual({ areQueriesVisible: false });
    const notice = await t.call(searchRoutes.notice, { params: { id: room.roomId }, as: room.investor });
    expect(notice.json).toEqual({ areQueriesVisibleToFounders: false });
    const before = (await t.call(searchRoutes.analytics, { as: room.founder })).json.searchCount;
    await search(room.investor, 'secretword');
    const after = (await t.call(searchRoutes.analytics, { as: room.founder })).json;
    expect(after.searchCount).toBe(before + 1);
    expect(JSON.stringify(after)).not.toContain('secretword');
    await t.call(searchRoutes.saveSettings, { body: { areQueriesVisible: true }, as: room.founder });
  });

  test('a question shows the passages that answer it, and goes to the founders with them', async () => {
    const answer = await t.call(searchRoutes.ask, {
      params: { id: room.roomId },
      query: { q: 'What is the net revenue churn?' },
      as: room.insider,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.passages[0]).toMatchObject({ documentId: room.metricsId, page: 2 });
    expect(answer.json.canAsk).toBe(true);
    const hiddenToOthers = await t.call(searchRoutes.ask, {
      params: { id: room.roomId },
      query: { q: 'quokkaplan' },
      as: room.investor,
    });
    expect(hiddenToOthers.json.passages).toEqual([]);

    const sent = await t.call(searchRoutes.askFounders, {
      params: { id: room.roomId },
      body: { question: 'What is the net revenue churn?' },
      as: room.insider,
    });
    expect(sent.status, sent.text).toBe(201);
    const inbox = await t.call(questionRoutes.inbox, { as: room.founder });
    const asked = inbox.json.questions.find((question) => question.id === sent.json.id);
    expect(asked?.passages[0]).toMatchObject({ documentId: room.metricsId, page: 2, title: 'Metrics.pdf' });
    expect(asked?.passages[0]?.text).toContain('churn');
  });
});
