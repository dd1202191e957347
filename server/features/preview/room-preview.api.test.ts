import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import type { RoomPreview } from '#shared/contracts/room-preview';
import { roomPreviewRoutes } from '#shared/contracts/room-preview';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithEditor,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';

// "Preview as" (docs/decisions/0068-investor-groups.md, docs/product-rules.md#preview): the founder's
// room exactly as one audience reads it, by the readers' own answers, and the marks only its managers
// get. Anyone else, and any audience of another room, learns nothing.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (who: SignedIn | undefined, path: string) => t.request('GET', path, { headers: who?.auth ?? {} });
const post = (who: SignedIn, path: string, json: unknown) =>
  t.request('POST', path, { json, headers: who.auth });

async function expectStatus(response: Promise<TestResponse>, status: number): Promise<TestResponse> {
  const answered = await response;
  expect(answered.status, answered.text).toBe(status);
  return answered;
}

const preview = async (who: SignedIn, as: string) =>
  (await expectStatus(get(who, apiPath(roomPreviewRoutes.preview, { query: { as } })), 200))
    .json as RoomPreview;

async function uploaded(founder: SignedIn, name: string, section: string): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes: uniquePdf() }, { section });
  expect(response.status, response.text).toBe(201);
  return (response.json as { document: { id: string } }).document.id;
}

/**
 * A tiered room: a deck in "Pitch" for everyone, a model in "Financials" shown only to "Diligence", an
 * empty "Legal"; a member in "All investors" and another in "Diligence".
 */
async function tieredRoom() {
  const founder = await createFounder(t);
  const roomId = ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
  const deckId = await uploaded(founder, 'Deck.pdf', 'Pitch');
  const modelId = await uploaded(founder, 'Model.pdf', 'Financials');
  const { content, version } = (await get(founder, apiPath(roomRoutes.mySections))).json as {
    content: string;
    version: string;
  };
  await expectStatus(
    post(founder, apiPath(roomRoutes.saveSections), {
      content: `${content}\n## Legal\n`,
      baseVersion: version,
    }),
    200,
  );
  const diligence = (await expectStatus(post(founder, apiPath(groupRoutes.list), { name: 'Diligence' }), 201))
    .json as { id: string };
  await expectStatus(
    post(founder, apiPath(groupRoutes.setSectionVisibility), {
      section: 'Financials',
      visibleTo: [diligence.id],
    }),
    200,
  );
  const everyoneEmail = uniqueEmail('everyone');
  await invite(t, founder, everyoneEmail, 'Eve Everyone');
  const everyone = await signInWithMagicLink(t, everyoneEmail);
  const insiderEmail = uniqueEmail('insider');
  await invite(t, founder, insiderEmail, 'Ian Insider');
  await expectStatus(
    post(founder, apiPath(groupRoutes.moveInvestor), { email: insiderEmail, groupId: diligence.id }),
    200,
  );
  const insider = await signInWithMagicLink(t, insiderEmail);
  // The uploads' preparations settled: the preview and a reader's answers, read one after the other,
  // would otherwise differ by a preview that finished between them.
  await t.app.jobs.whenIdle();
  return { founder, roomId, deckId, modelId, diligence, everyone, everyoneEmail, insider, insiderEmail };
}

type Room = Awaited<ReturnType<typeof tieredRoom>>;

/** What a member of the room reads: its sections and its documents, as the readers' routes answer. */
async function readerAnswers(room: Room, reader: SignedIn) {
  const sections = (await get(reader, apiPath(roomRoutes.sections, { params: { id: room.roomId } })))
    .json as {
    sections: unknown[];
  };
  const documents = (await get(reader, apiPath(documentRoutes.inRoom, { params: { id: room.roomId } })))
    .json as unknown[];
  return { sections: sections.sections, documents };
}

const names = (sections: readonly { name: string }[]) => sections.map((section) => section.name);
const marksOf = (answer: RoomPreview, name: string) => {
  const section = answer.allSections.find((each) => each.name === name);
  return section && { hiddenFrom: section.hiddenFrom, isEmpty: section.isEmpty, isSeen: section.isSeen };
};

describe('the founder previews the room as one audience', () => {
  test('as All investors: what a member of that group reads, and the founder marks', async () => {
    const room = await tieredRoom();
    const answer = await preview(room.founder, 'all');
    expect(answer.audience).toEqual({ as: 'all', label: 'All investors' });
    expect(answer.accessEnded).toBe(false);
    expect({ sections: answer.sections, documents: answer.documents }).toEqual(
      await readerAnswers(room, room.everyone),
    );
    expect(names(answer.sections)).not.toContain('Financials');
    expect(JSON.stringify(answer.documents)).not.toContain(room.modelId);
    expect(marksOf(answer, 'Financials')).toEqual({
      hiddenFrom: ['All investors'],
      isEmpty: false,
      isSeen: false,
    });
    expect(marksOf(answer, 'Legal')).toEqual({ hiddenFrom: [], isEmpty: true, isSeen: false });
    expect(marksOf(answer, 'Pitch')).toEqual({ hiddenFrom: [], isEmpty: false, isSeen: true });
  });

  test('as a group: exactly that group’s sections and documents', async () => {
    const room = await tieredRoom();
    const answer = await preview(room.founder, `group:${room.diligence.id}`);
    expect(answer.audience.label).toBe('Diligence');
    expect({ sections: answer.sections, documents: answer.documents }).toEqual(
      await readerAnswers(room, room.insider),
    );
    expect(names(answer.sections)).toContain('Financials');
    expect(marksOf(answer, 'Financials')?.isSeen).toBe(true);
    expect((answer.documents as { id: string }[]).map((document) => document.id).sort()).toEqual(
      [room.deckId, room.modelId].sort(),
    );
  });

  test('as a named investor: their group’s view, and nothing once their access ended', async () => {
    const room = await tieredRoom();
    const asInsider = await preview(room.founder, `investor:${room.insiderEmail.toUpperCase()}`);
    expect(asInsider.audience.label).toBe(room.insiderEmail);
    expect({ sections: asInsider.sections, documents: asInsider.documents }).toEqual(
      await readerAnswers(room, room.insider),
    );
    await expectStatus(
      post(room.founder, apiPath(groupRoutes.setInvestorAccess), {
        email: room.insiderEmail,
        accessExpiresAt: new Date(Date.now() - 60_000).toISOString(),
      }),
      200,
    );
    const ended = await preview(room.founder, `investor:${room.insiderEmail}`);
    expect(ended).toMatchObject({ accessEnded: true, sections: [], documents: [] });
    // The reader is refused too: the preview said what the rule does.
    expect(
      (await get(room.insider, apiPath(roomRoutes.sections, { params: { id: room.roomId } }))).status,
    ).toBe(404);
  });

  test('a co-founder previews too', async () => {
    const { editor } = await founderWithEditor(t);
    expect((await preview(editor, 'all')).audience.label).toBe('All investors');
  });
});

describe('the founder marks show each upload with its stored type', () => {
  test('a deck renamed without its extension is still a pdf in allSections, as in the readers’ sections', async () => {
    const room = await tieredRoom();
    await expectStatus(
      post(room.founder, apiPath(documentRoutes.rename, { params: { id: room.deckId } }), { title: 'Deck' }),
      200,
    );
    const answer = await preview(room.founder, 'all');
    const typeOf = (sections: RoomPreview['sections']) =>
      sections.flatMap((section) => section.documents).find((document) => document.documentId === room.deckId)
        ?.fileType;
    expect(typeOf(answer.sections)).toBe('pdf');
    expect(typeOf(answer.allSections)).toBe('pdf');
  });
});

describe('nobody else previews, and another room’s audience names nothing', () => {
  test('anonymous, an investor, and nonsense are refused', async () => {
    const room = await tieredRoom();
    expect((await get(undefined, apiPath(roomPreviewRoutes.preview, { query: { as: 'all' } }))).status).toBe(
      401,
    );
    const investor = await get(room.everyone, apiPath(roomPreviewRoutes.preview, { query: { as: 'all' } }));
    expect([investor.status, (investor.json as { error: string }).error]).toEqual([403, 'forbidden']);
    expect(investor.text).not.toContain('Pitch');
    for (const as of ['everyone', 'group:nope', 'investor:', 'all;drop']) {
      const refused = await get(room.founder, apiPath(roomPreviewRoutes.preview, { query: { as } }));
      expect(refused.status, as).toBe(400);
      expect(refused.text).toContain('as');
    }
  });

  test('the kinds are written in lower case: another case is a 400 naming as, never a 404 after passing', async () => {
    const room = await tieredRoom();
    for (const as of [
      'ALL',
      'All',
      `GROUP:${room.diligence.id}`,
      `group:${room.diligence.id.toUpperCase()}`,
    ]) {
      const refused = await get(room.founder, apiPath(roomPreviewRoutes.preview, { query: { as } }));
      expect([refused.status, (refused.json as { field?: string }).field], as).toEqual([400, 'as']);
    }
  });

  test('a manager of another room gets their own room, and the same 404 for this room’s group or investor as for none', async () => {
    const room = await tieredRoom();
    const stranger = await createFounder(t);
    const own = await preview(stranger, 'all');
    expect(JSON.stringify(own)).not.toMatch(new RegExp(`${room.deckId}|${room.modelId}|Financials`));

    const theirGroup = await get(
      stranger,
      apiPath(roomPreviewRoutes.preview, { query: { as: `group:${room.diligence.id}` } }),
    );
    const noGroup = await get(
      stranger,
      apiPath(roomPreviewRoutes.preview, { query: { as: `group:${crypto.randomUUID()}` } }),
    );
    expect([theirGroup.status, theirGroup.json]).toEqual([404, noGroup.json]);
    // The room's own id is its "All investors" group: still another room's.
    const theirDefault = await get(
      stranger,
      apiPath(roomPreviewRoutes.preview, { query: { as: `group:${room.roomId}` } }),
    );
    expect([theirDefault.status, theirDefault.json]).toEqual([404, noGroup.json]);

    const theirInvestor = await get(
      stranger,
      apiPath(roomPreviewRoutes.preview, { query: { as: `investor:${room.insiderEmail}` } }),
    );
    const noInvestor = await get(
      stranger,
      apiPath(roomPreviewRoutes.preview, { query: { as: `investor:${uniqueEmail('nobody')}` } }),
    );
    expect([theirInvestor.status, theirInvestor.json]).toEqual([404, noInvestor.json]);
    expect(theirInvestor.text).not.toContain(room.insiderEmail);
  });
});
