import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { previewRoutes } from '#shared/contracts/previews';
import { questionRoutes } from '#shared/contracts/questions';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { parseSectionsMarkdown } from '#shared/sections-markdown';
import {
  countRows,
  createFounder,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { storeReadyPreview } from '#tests/support/previews';
import { fetchBytes, startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';
import { unzipped } from '#tests/support/zips';

// Investor groups and tiered sections (docs/decisions/0068-investor-groups.md,
// docs/product-rules.md#groups): a section shown to other groups, and a document linked only there,
// answer every reader exactly as one that does not exist; a move, a section's groups, a view-only group
// and an end of access take effect on the reader's next request.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const EXTERNAL_MODEL = 'https://sheets.example.com/financial-model';

const get = (who: SignedIn | undefined, path: string) =>
  t.request('GET', path, { headers: who?.auth ?? {}, redirect: 'manual' });
const post = (who: SignedIn, path: string, json: unknown) =>
  t.request('POST', path, { json, headers: who.auth });

async function expectStatus(response: Promise<TestResponse>, status: number): Promise<TestResponse> {
  const answered = await response;
  expect(answered.status, answered.text).toBe(status);
  return answered;
}

async function uploaded(founder: SignedIn, name: string, section: string): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes: uniquePdf() }, { section });
  expect(response.status, response.text).toBe(201);
  const documentId = (response.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2 });
  return documentId;
}

/** A room with a deck in "Pitch", a model and an external sheet in "Financials", a member and an invitee. */
async function tieredRoom() {
  const founder = await createFounder(t);
  const roomId = ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
  const deckId = await uploaded(founder, 'Deck.pdf', 'Pitch');
  const modelId = await uploaded(founder, 'Model.pdf', 'Financials');
  const { content, version } = (await get(founder, apiPath(roomRoutes.mySections))).json as {
    content: string;
    version: string;
  };
  const withSheet = content.replace(
    '## Financials\n',
    `## Financials\n\n- [Live model](${EXTERNAL_MODEL})\n`,
  );
  await expectStatus(
    post(founder, apiPath(roomRoutes.saveSections), { content: withSheet, baseVersion: version }),
    200,
  );
  const investorEmail = uniqueEmail('investor');
  await invite(t, founder, investorEmail, 'Ivy Investor');
  const investor = await signInWithMagicLink(t, investorEmail);
  const inviteeEmail = uniqueEmail('invitee');
  const inviteToken = await invite(t, founder, inviteeEmail);
  const diligence = (await expectStatus(post(founder, apiPath(groupRoutes.list), { name: 'Diligence' }), 201))
    .json as { id: string };
  return { founder, roomId, deckId, modelId, investor, investorEmail, inviteeEmail, inviteToken, diligence };
}

type Room = Awaited<ReturnType<typeof tieredRoom>>;

const showFinancialsTo = (room: Room, visibleTo: string[] | null) =>
  expectStatus(
    post(room.founder, apiPath(groupRoutes.setSectionVisibility), { section: 'Financials', visibleTo }),
    200,
  );

const move = (room: Room, email: string, groupId: string) =>
  expectStatus(post(room.founder, apiPath(groupRoutes.moveInvestor), { email, groupId }), 200);

/** What a member gets from every route that serves a document, for the document given. */
async function documentAnswers(reader: SignedIn, documentId: string) {
  const answers = [];
  const id = documentId;
  const urls = {
    download: apiPath(documentRoutes.download, { params: { id } }),
    preview: apiPath(previewRoutes.preview, { params: { id } }),
    'pages/1': apiPath(previewRoutes.page, { params: { id, page: 1 } }),
    'thumbnails/1': apiPath(previewRoutes.thumbnail, { params: { id, page: 1 } }),
    'pages/1/words': apiPath(previewRoutes.words, { params: { id, page: 1 } }),
    text: apiPath(previewRoutes.text, { params: { id } }),
    'preview/content': apiPath(previewRoutes.content, { params: { id } }),
  };
  for (const [path, url] of Object.entries(urls)) {
    const response = await get(reader, url);
    answers.push({ path, status: response.status, body: response.text });
  }
  const view = await t.call(readingRoutes.openView, { params: { id: documentId }, as: reader });
  answers.push({ path: 'views', status: view.status, body: view.text });
  return answers;
}

describe('a section shown to another group answers as one that does not exist', () => {
  test('to a member: its text, its documents on every route and its external link', async () => {
    const room = await tieredRoom();
    await showFinancialsTo(room, [room.diligence.id]);
    const sections = (await get(room.investor, apiPath(roomRoutes.sections, { params: { id: room.roomId } })))
      .json as {
      content: string;
      sections: unknown;
    };
    expect(sections.content).toContain('## Pitch');
    expect(sections.content).not.toContain('Financials');
    expect(sections.content).not.toContain(room.modelId);
    expect(sections.content).not.toContain(EXTERNAL_MODEL);
    // Its parsed sections are the reader's own text, parsed: numbered as the reader's URLs number them.
    expect(sections.sections).toEqual(parseSectionsMarkdown(sections.content).sections);
    expect(JSON.stringify(sections.sections)).not.toMatch(new RegExp(`Financials|${room.modelId}`));
    const documents = (
      await get(room.investor, apiPath(documentRoutes.inRoom, { params: { id: room.roomId } }))
    ).json as {
      id: string;
    }[];
    expect(documents.map((document) => document.id)).toEqual([room.deckId]);

    // Every document route answers the hidden model exactly as a document that was never uploaded.
    const hidden = await documentAnswers(room.investor, room.modelId);
    const missing = await documentAnswers(room.investor, crypto.randomUUID());
    expect(hidden.map(({ path, status }) => ({ path, status }))).toEqual(
      missing.map(({ path, status }) => ({ path, status })),
    );
    expect(hidden.map((answer) => answer.body)).toEqual(missing.map((answer) => answer.body));
    expect(hidden.every((answer) => answer.status === 404)).toBe(true);
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.deckId } }))).status,
    ).toBe(200);

    const click = (url: string) =>
      get(room.investor, apiPath(roomRoutes.click, { params: { id: room.roomId }, query: { url } }));
    const hiddenClick = await click(EXTERNAL_MODEL);
    const unknownClick = await click('https://nowhere.example.com/');
    expect([hiddenClick.status, hiddenClick.text]).toEqual([unknownClick.status, unknownClick.text]);
    expect(hiddenClick.status).toBe(404);
  });

  test('in the invited view: its text, its documents and its link', async () => {
    const room = await tieredRoom();
    await showFinancialsTo(room, [room.diligence.id]);
    const base = apiPath(roomRoutes.invitedRoom, { params: { token: room.inviteToken } });
    const sections = (await get(undefined, `${base}/sections`)).json as { content: string };
    expect(sections.content).toContain('## Pitch');
    expect(sections.content).not.toContain('Financials');
    const { documents } = (await get(undefined, `${base}/documents`)).json as { documents: { id: string }[] };
    expect(documents.map((document) => document.id)).toEqual([room.deckId]);
    const hiddenClick = await get(undefined, `${base}/click?url=${encodeURIComponent(EXTERNAL_MODEL)}`);
    expect(hiddenClick.status).toBe(404);

    await move(room, room.inviteeEmail, room.diligence.id);
    expect(((await get(undefined, `${base}/sections`)).json as { content: string }).content).toContain(
      '## Financials',
    );
    expect((await get(undefined, `${base}/click?url=${encodeURIComponent(EXTERNAL_MODEL)}`)).status).toBe(
      302,
    );
  });

  test("the room's managers always see every section", async () => {
    const room = await tieredRoom();
    await showFinancialsTo(room, []);
    const sections = (await get(room.founder, apiPath(roomRoutes.sections, { params: { id: room.roomId } })))
      .json as {
      content: string;
    };
    expect(sections.content).toContain('## Financials');
    expect(
      (await get(room.founder, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(200);
  });
});

describe('changes take effect on the next request', () => {
  test('moved to the group the section is shown to, the investor reads it at once; moved back, it is gone', async () => {
    const room = await tieredRoom();
    await showFinancialsTo(room, [room.diligence.id]);
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(404);
    await move(room, room.investorEmail, room.diligence.id);
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(200);
    await move(room, room.investorEmail, room.roomId);
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(404);
  });

  test('shown to every group again, the section is back for everyone', async () => {
    const room = await tieredRoom();
    await showFinancialsTo(room, [room.diligence.id]);
    expect(
      (await get(room.investor, apiPath(previewRoutes.preview, { params: { id: room.modelId } }))).status,
    ).toBe(404);
    await showFinancialsTo(room, null);
    expect(
      (await get(room.investor, apiPath(previewRoutes.preview, { params: { id: room.modelId } }))).status,
    ).toBe(200);
  });

  test('a section renamed where it stands keeps its groups; renamed in a save that also adds a section, it is shown to every group', async () => {
    const room = await tieredRoom();
    await showFinancialsTo(room, [room.diligence.id]);
    const save = async (edit: (content: string) => string) => {
      const { content, version } = (await get(room.founder, apiPath(roomRoutes.mySections))).json as {
        content: string;
        version: string;
      };
      await expectStatus(
        post(room.founder, apiPath(roomRoutes.saveSections), {
          content: edit(content),
          baseVersion: version,
        }),
        200,
      );
    };
    const theirText = async () =>
      (
        (await get(room.investor, apiPath(roomRoutes.sections, { params: { id: room.roomId } }))).json as {
          content: string;
        }
      ).content;

    await save((content) => content.replace('## Financials\n', '## Financials (Q3)\n'));
    expect(await theirText()).not.toContain('Financials');
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(404);
    const { sections } = (await get(room.founder, apiPath(groupRoutes.list))).json as {
      sections: { name: string; visibleTo: string[] | null }[];
    };
    expect(sections.find((section) => section.name === 'Financials (Q3)')?.visibleTo).toEqual([
      room.diligence.id,
    ]);

    // A save that also adds a section is no rename in place: the choice is not carried (the rule says
    // to choose again), and the section under its new name is shown to every group.
    await save((content) =>
      content.replace('## Financials (Q3)\n', '## Model\n').concat('\n## Appendix\n\nMore to come.\n'),
    );
    expect(await theirText()).toContain('## Model');
  });

  test('a document linked in a section the reader sees stays theirs, though also linked in a hidden one', async () => {
    const room = await tieredRoom();
    const { content, version } = (await get(room.founder, apiPath(roomRoutes.mySections))).json as {
      content: string;
      version: string;
    };
    const linkedTwice = content.replace(
      '## Pitch\n',
      `## Pitch\n\n- [Model summary](${apiPath(documentRoutes.download, { params: { id: room.modelId } })})\n`,
    );
    await expectStatus(
      post(room.founder, apiPath(roomRoutes.saveSections), { content: linkedTwice, baseVersion: version }),
      200,
    );
    await showFinancialsTo(room, [room.diligence.id]);
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(200);
  });

  test('a view-only group reads in the viewer only; the switch never widens a view-only document', async () => {
    const room = await tieredRoom();
    await move(room, room.investorEmail, room.diligence.id);
    await expectStatus(
      post(room.founder, apiPath(groupRoutes.update, { params: { id: room.diligence.id } }), {
        isViewOnly: true,
      }),
      200,
    );
    const refused = await get(
      room.investor,
      apiPath(documentRoutes.download, { params: { id: room.deckId } }),
    );
    expect([refused.status, (refused.json as { error: string }).error]).toEqual([403, 'view_only']);
    expect(
      (await get(room.investor, apiPath(previewRoutes.page, { params: { id: room.deckId, page: '1' } })))
        .status,
    ).toBe(200);
    const listed = (await get(room.investor, apiPath(documentRoutes.inRoom, { params: { id: room.roomId } })))
      .json as {
      isDownloadAllowed: boolean;
    }[];
    expect(listed.every((document) => !document.isDownloadAllowed)).toBe(true);

    await expectStatus(
      post(room.founder, apiPath(groupRoutes.update, { params: { id: room.diligence.id } }), {
        isViewOnly: false,
      }),
      200,
    );
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.deckId } }))).status,
    ).toBe(200);
    await expectStatus(
      post(room.founder, apiPath(documentRoutes.setDownloadPolicy, { params: { id: room.deckId } }), {
        policy: 'view_only',
      }),
      200,
    );
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.deckId } }))).status,
    ).toBe(403);
  });

  test('a removed group sends its people to "All investors", and its sections are shown to no investor', async () => {
    const room = await tieredRoom();
    await move(room, room.investorEmail, room.diligence.id);
    await showFinancialsTo(room, [room.diligence.id]);
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(200);
    await expectStatus(
      t.call(groupRoutes.remove, { params: { id: room.diligence.id }, as: room.founder }),
      204,
    );
    expect(
      (await get(room.investor, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(404);
    const groups = (await get(room.founder, apiPath(groupRoutes.list))).json as {
      groups: { name: string }[];
      investors: { email: string; groupId: string }[];
      sections: { name: string; visibleTo: string[] | null }[];
    };
    expect(groups.groups.map((group) => group.name)).toEqual(['All investors']);
    expect(groups.investors.find((investor) => investor.email === room.investorEmail)?.groupId).toBe(
      room.roomId,
    );
    expect(groups.sections.find((section) => section.name === 'Financials')?.visibleTo).toEqual([]);
  });
});

describe('a document linked in no section is for managers only once the room has a second group', () => {
  /** Removes every link to the document from the room's sections, as the founder's editor does. */
  async function unlink(room: Room, documentId: string) {
    const { content, version } = (await get(room.founder, apiPath(roomRoutes.mySections))).json as {
      content: string;
      version: string;
    };
    const without = content
      .split('\n')
      .filter((line) => !line.includes(documentId))
      .join('\n');
    await expectStatus(
      post(room.founder, apiPath(roomRoutes.saveSections), { content: without, baseVersion: version }),
      200,
    );
  }

  test('with two groups it answers an investor as a missing document on every route, and is in none of their lists; the owner reads it', async () => {
    const room = await tieredRoom();
    // Asked about and answered in the FAQ while it was linked, then taken out of every section.
    const asked = await expectStatus(
      post(room.investor, apiPath(questionRoutes.mine, { params: { id: room.roomId } }), {
        about: { kind: 'document', documentId: room.modelId },
        text: 'Is the model audited?',
      }),
      201,
    );
    await expectStatus(
      post(
        room.founder,
        apiPath(questionRoutes.publish, { params: { id: (asked.json as { id: string }).id } }),
        {
          question: 'Is the model audited?',
          answer: 'Not yet.',
        },
      ),
      200,
    );
    const faqOf = async () =>
      (
        (await get(room.investor, apiPath(questionRoutes.faq, { params: { id: room.roomId } }))).json as {
          entries: unknown[];
        }
      ).entries;
    expect(await faqOf()).toHaveLength(1);
    await unlink(room, room.modelId);

    const unlinked = await documentAnswers(room.investor, room.modelId);
    const missing = await documentAnswers(room.investor, crypto.randomUUID());
    expect(unlinked.map(({ path, status }) => ({ path, status }))).toEqual(
      missing.map(({ path, status }) => ({ path, status })),
    );
    expect(unlinked.map((answer) => answer.body)).toEqual(missing.map((answer) => answer.body));
    expect(unlinked.every((answer) => answer.status === 404)).toBe(true);
    const questionsOf = await get(
      room.investor,
      apiPath(questionRoutes.ofDocument, { params: { id: room.modelId } }),
    );
    expect(questionsOf.status).toBe(404);
    const askAgain = await post(
      room.investor,
      apiPath(questionRoutes.mine, { params: { id: room.roomId } }),
      {
        about: { kind: 'document', documentId: room.modelId },
        text: 'And now?',
      },
    );
    expect(askAgain.status).toBe(404);
    expect(await faqOf()).toEqual([]);

    const listed = (await get(room.investor, apiPath(documentRoutes.inRoom, { params: { id: room.roomId } })))
      .json as {
      id: string;
    }[];
    expect(listed.map((document) => document.id)).toEqual([room.deckId]);
    const invited = (
      await get(undefined, apiPath(documentRoutes.inInvitedRoom, { params: { token: room.inviteToken } }))
    ).json as {
      documents: { id: string }[];
    };
    expect(invited.documents.map((document) => document.id)).toEqual([room.deckId]);
    const everything = await fetchBytes(
      t,
      apiPath(documentRoutes.downloadAll, { params: { id: room.roomId } }),
      room.investor.auth,
    );
    expect(everything.status).toBe(200);
    expect([...(await unzipped(everything.bytes)).keys()]).toEqual(['Pitch/Deck.pdf']);

    expect(
      (await get(room.founder, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(200);
    const own = (await get(room.founder, apiPath(documentRoutes.mine))).json as {
      id: string;
      sectionName: null;
    }[];
    expect(own.find((document) => document.id === room.modelId)?.sectionName).toBeNull();
  });

  test('with one group the investor reads it as before; a second group hides it at once, and removing it shows it again', async () => {
    const room = await tieredRoom();
    await expectStatus(
      t.call(groupRoutes.remove, { params: { id: room.diligence.id }, as: room.founder }),
      204,
    );
    await unlink(room, room.modelId);
    const download = () =>
      get(room.investor, apiPath(documentRoutes.download, { params: { id: room.modelId } }));
    expect((await download()).status).toBe(200);
    const listed = (await get(room.investor, apiPath(documentRoutes.inRoom, { params: { id: room.roomId } })))
      .json as {
      id: string;
    }[];
    expect(listed.map((document) => document.id).sort()).toEqual([room.deckId, room.modelId].sort());

    const second = (await expectStatus(post(room.founder, apiPath(groupRoutes.list), { name: 'Leads' }), 201))
      .json as { id: string };
    expect((await download()).status).toBe(404);
    await expectStatus(t.call(groupRoutes.remove, { params: { id: second.id }, as: room.founder }), 204);
    expect((await download()).status).toBe(200);
  });
});

describe('the founder lists and changes groups', () => {
  test('a new room has "All investors", its id the room\'s, with every investor in it', async () => {
    const room = await tieredRoom();
    const groups = (await get(room.founder, apiPath(groupRoutes.list))).json as {
      groups: { id: string; name: string; isDefault: boolean }[];
      investors: { email: string; groupId: string }[];
    };
    expect(groups.groups).toEqual([
      { id: room.roomId, name: 'All investors', isDefault: true, isViewOnly: false },
      { id: room.diligence.id, name: 'Diligence', isDefault: false, isViewOnly: false },
    ]);
    expect(groups.investors.map((investor) => [investor.email, investor.groupId]).sort()).toEqual(
      [
        [room.investorEmail, room.roomId],
        [room.inviteeEmail, room.roomId],
      ].sort(),
    );
  });

  test('a group is renamed; names are unique in the room', async () => {
    const room = await tieredRoom();
    const renamed = await expectStatus(
      post(room.founder, apiPath(groupRoutes.update, { params: { id: room.diligence.id } }), {
        name: 'Final diligence',
      }),
      200,
    );
    expect(renamed.json).toMatchObject({ name: 'Final diligence' });
    const taken = await post(room.founder, apiPath(groupRoutes.list), { name: 'Final diligence' });
    expect([taken.status, (taken.json as { error: string }).error]).toEqual([409, 'group_exists']);
  });

  test('bad input is refused with a 4xx naming what is wrong, and writes nothing', async () => {
    const room = await tieredRoom();
    const before = await countRows(t);
    const cases: [Promise<TestResponse>, number, RegExp][] = [
      [post(room.founder, apiPath(groupRoutes.list), { name: '' }), 400, /name/],
      [post(room.founder, apiPath(groupRoutes.list), { name: 'x'.repeat(81) }), 400, /name/],
      [post(room.founder, apiPath(groupRoutes.list), { name: 'Diligence' }), 409, /already exists/],
      [post(room.founder, apiPath(groupRoutes.list), { name: 'A', extra: 1 }), 400, /extra/],
      [
        post(room.founder, apiPath(groupRoutes.update, { params: { id: room.diligence.id } }), {}),
        400,
        /name: is required unless isViewOnly/,
      ],
      [
        post(room.founder, apiPath(groupRoutes.update, { params: { id: crypto.randomUUID() } }), {
          name: 'B',
        }),
        404,
        /group/,
      ],
      [
        post(room.founder, apiPath(groupRoutes.update, { params: { id: 'not-a-uuid' } }), { name: 'B' }),
        400,
        /group id/,
      ],
      [t.call(groupRoutes.remove, { params: { id: room.roomId }, as: room.founder }), 400, /All investors/],
      [
        post(room.founder, apiPath(groupRoutes.moveInvestor), {
          email: uniqueEmail('stranger'),
          groupId: room.diligence.id,
        }),
        404,
        /e-mail/,
      ],
      [
        post(room.founder, apiPath(groupRoutes.moveInvestor), {
          email: 'not-an-address',
          groupId: room.roomId,
        }),
        400,
        /email/,
      ],
      [
        post(room.founder, apiPath(groupRoutes.setSectionVisibility), {
          section: 'Nowhere',
          visibleTo: null,
        }),
        404,
        /section/,
      ],
      [
        post(room.founder, apiPath(groupRoutes.setSectionVisibility), {
          section: 'Financials',
          visibleTo: [crypto.randomUUID()],
        }),
        400,
        /visibleTo/,
      ],
      [
        post(room.founder, apiPath(groupRoutes.setSectionVisibility), {
          section: 'Financials',
          visibleTo: 'all',
        }),
        400,
        /visibleTo/,
      ],
    ];
    for (const [response, status, message] of cases) {
      const answered = await response;
      expect(answered.status, answered.text).toBe(status);
      expect((answered.json as { message: string }).message).toMatch(message);
    }
    expect(await countRows(t)).toEqual(before);
  });

  test("another founder's groups and investors are out of reach", async () => {
    const room = await tieredRoom();
    const other = await createFounder(t);
    const moved = await post(other, apiPath(groupRoutes.moveInvestor), {
      email: room.investorEmail,
      groupId: room.diligence.id,
    });
    expect(moved.status).toBe(404);
    const otherRoomId = ((await get(other, apiPath(roomRoutes.mine))).json as { id: string }).id;
    const intoOwnGroup = await post(other, apiPath(groupRoutes.moveInvestor), {
      email: room.investorEmail,
      groupId: otherRoomId,
    });
    expect(intoOwnGroup.status).toBe(404);
  });
});

describe('access that expires', () => {
  const setAccessEnd = (room: Room, email: string, accessExpiresAt: string | null) =>
    expectStatus(post(room.founder, apiPath(groupRoutes.setInvestorAccess), { email, accessExpiresAt }), 200);

  /** Every room-content route a member reads, by path. */
  const memberRoutes = (roomId: string, documentId: string) => [
    apiPath(roomRoutes.room, { params: { id: roomId } }),
    apiPath(roomRoutes.sections, { params: { id: roomId } }),
    apiPath(documentRoutes.inRoom, { params: { id: roomId } }),
    apiPath(roomRoutes.click, { params: { id: roomId }, query: { url: EXTERNAL_MODEL } }),
    apiPath(documentRoutes.download, { params: { id: documentId } }),
    apiPath(previewRoutes.preview, { params: { id: documentId } }),
    apiPath(previewRoutes.page, { params: { id: documentId, page: '1' } }),
    apiPath(previewRoutes.thumbnail, { params: { id: documentId, page: '1' } }),
    apiPath(previewRoutes.words, { params: { id: documentId, page: '1' } }),
    apiPath(previewRoutes.text, { params: { id: documentId } }),
    apiPath(previewRoutes.content, { params: { id: documentId } }),
  ];

  async function answersOf(reader: SignedIn, paths: string[]) {
    const answers = [];
    for (const path of paths) {
      const response = await get(reader, path);
      answers.push({ status: response.status, body: response.text });
    }
    return answers;
  }

  test('past its end, a member is refused on every route exactly as someone never invited, even after a cached read', async () => {
    const room = await tieredRoom();
    const stranger = await createFounder(t);
    await expectStatus(
      get(room.investor, apiPath(roomRoutes.sections, { params: { id: room.roomId } })),
      200,
    );
    const endsAt = new Date(Date.now() + 3_000);
    await setAccessEnd(room, room.investorEmail, endsAt.toISOString());
    // Read (and cached) before the end...
    await expectStatus(
      get(room.investor, apiPath(documentRoutes.download, { params: { id: room.deckId } })),
      200,
    );
    await expectStatus(
      get(room.investor, apiPath(roomRoutes.sections, { params: { id: room.roomId } })),
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt.getTime() - Date.now()) + 50));
    // ...refused after it, like a stranger to the room on each route.
    const expired = await answersOf(room.investor, memberRoutes(room.roomId, room.deckId));
    const strangers = await answersOf(stranger, memberRoutes(room.roomId, room.deckId));
    expect(expired).toEqual(strangers);
    expect(expired.every((answer) => answer.status === 404)).toBe(true);
    const views = await t.call(readingRoutes.openView, { params: { id: room.deckId }, as: room.investor });
    expect(views.status).toBe(404);
    const rooms = (await get(room.investor, apiPath(roomRoutes.accessible))).json as {
      dataRooms: { id: string }[];
    };
    expect(rooms.dataRooms.map((listed) => listed.id)).not.toContain(room.roomId);

    // The founder sees when it ended, and extends it: the investor reads again at once.
    const groups = (await get(room.founder, apiPath(groupRoutes.list))).json as {
      investors: { email: string; accessExpiresAt: string | null }[];
    };
    expect(groups.investors.find((investor) => investor.email === room.investorEmail)?.accessExpiresAt).toBe(
      endsAt.toISOString(),
    );
    await setAccessEnd(room, room.investorEmail, null);
    await expectStatus(
      get(room.investor, apiPath(documentRoutes.download, { params: { id: room.deckId } })),
      200,
    );
  });

  test("past its end, an invitation's link opens nothing, as a link never issued", async () => {
    const room = await tieredRoom();
    await setAccessEnd(room, room.inviteeEmail, new Date(Date.now() - 1_000).toISOString());
    const paths = (token: string) => [
      apiPath(roomRoutes.invitedRoom, { params: { token } }),
      apiPath(roomRoutes.invitedSections, { params: { token } }),
      apiPath(documentRoutes.inInvitedRoom, { params: { token } }),
      apiPath(roomRoutes.invitedClick, { params: { token }, query: { url: EXTERNAL_MODEL } }),
    ];
    const expired = [];
    const unissued = [];
    for (const path of paths(room.inviteToken)) expired.push(await get(undefined, path));
    for (const path of paths(crypto.randomBytes(32).toString('base64url')))
      unissued.push(await get(undefined, path));
    expect(expired.map((response) => [response.status, response.text])).toEqual(
      unissued.map((response) => [response.status, response.text]),
    );
    expect(expired.every((response) => response.status === 404)).toBe(true);
  });

  test('an end of access must be a date, for an investor of the room', async () => {
    const room = await tieredRoom();
    const before = await countRows(t);
    const notADate = await post(room.founder, apiPath(groupRoutes.setInvestorAccess), {
      email: room.investorEmail,
      accessExpiresAt: 'next week',
    });
    expect([notADate.status, (notADate.json as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/accessExpiresAt/),
    ]);
    const stranger = await post(room.founder, apiPath(groupRoutes.setInvestorAccess), {
      email: uniqueEmail('stranger'),
      accessExpiresAt: null,
    });
    expect(stranger.status).toBe(404);
    expect(await countRows(t)).toEqual(before);
  });
});

describe('inviting chooses the group', () => {
  test('an invitation with a group puts the investor in it; the member they become reads as that group', async () => {
    const room = await tieredRoom();
    await showFinancialsTo(room, [room.diligence.id]);
    const email = uniqueEmail('diligence');
    const sent = await post(room.founder, apiPath(invitationRoutes.mine), {
      email,
      groupId: room.diligence.id,
    });
    expect(sent.status, sent.text).toBe(201);
    const groups = (await get(room.founder, apiPath(groupRoutes.list))).json as {
      investors: { email: string; groupId: string }[];
    };
    expect(groups.investors.find((investor) => investor.email === email)?.groupId).toBe(room.diligence.id);
    const member = await signInWithMagicLink(t, email);
    expect(
      (await get(member, apiPath(documentRoutes.download, { params: { id: room.modelId } }))).status,
    ).toBe(200);
  });

  test('a pasted list with a group puts every address it invites in that group', async () => {
    const room = await tieredRoom();
    const [first, second] = [uniqueEmail('bulk-first'), uniqueEmail('bulk-second')];
    const sent = await post(room.founder, apiPath(invitationRoutes.bulk), {
      addresses: `${first}\n${second}\nnot an address`,
      groupId: room.diligence.id,
    });
    expect(sent.status, sent.text).toBe(200);
    expect((sent.json as { invitedCount: number }).invitedCount).toBe(2);
    const groups = (await get(room.founder, apiPath(groupRoutes.list))).json as {
      investors: { email: string; groupId: string }[];
    };
    const groupOf = (email: string) => groups.investors.find((investor) => investor.email === email)?.groupId;
    expect([groupOf(first), groupOf(second)]).toEqual([room.diligence.id, room.diligence.id]);
  });

  test('a group of another room, or none, is refused before anything is written or sent', async () => {
    const room = await tieredRoom();
    const other = await createFounder(t);
    const otherRoomId = ((await get(other, apiPath(roomRoutes.mine))).json as { id: string }).id;
    const before = await countRows(t);
    const mails = t.smtp.messages.length;
    for (const groupId of [otherRoomId, crypto.randomUUID()]) {
      const refused = await post(room.founder, apiPath(invitationRoutes.mine), {
        email: uniqueEmail('nowhere'),
        groupId,
      });
      expect([refused.status, (refused.json as { message: string }).message]).toEqual([
        404,
        expect.stringMatching(/^groupId: /),
      ]);
      const refusedList = await post(room.founder, apiPath(invitationRoutes.bulk), {
        addresses: `${uniqueEmail('nowhere')}\n${uniqueEmail('nowhere')}`,
        groupId,
      });
      expect([refusedList.status, (refusedList.json as { message: string }).message]).toEqual([
        404,
        expect.stringMatching(/^groupId: /),
      ]);
    }
    const malformed = await post(room.founder, apiPath(invitationRoutes.mine), {
      email: uniqueEmail('nowhere'),
      groupId: 'x',
    });
    expect([malformed.status, (malformed.json as { message: string }).message]).toEqual([
      400,
      'groupId: must be a group id',
    ]);
    expect(await countRows(t)).toEqual(before);
    expect(t.smtp.messages.length).toBe(mails);
  });
});
