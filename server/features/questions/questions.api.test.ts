import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MailDeliveryError } from '#server/mail/mailer';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { exportRoutes } from '#shared/contracts/exports';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { notificationRoutes } from '#shared/contracts/notifications';
import { questionRoutes } from '#shared/contracts/questions';
import { roomRoutes } from '#shared/contracts/rooms';
import { webhookRoutes } from '#shared/contracts/webhooks';
import {
  createFounder,
  invite,
  inviteEditor,
  mailTo,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { storeReadyPreview } from '#tests/support/previews';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/support/webhook-receiver';

// Questions and answers (docs/decisions/0073-questions-and-answers.md, docs/product-rules.md#questions):
// asked on a page, a section or the room; answered privately or published to the FAQ without the
// asker's name; on the readability rule like all room content. Every caller kind and the NDA and group
// passes are in tests/api/authorization-matrix.test.ts; this file holds the flows and hostile input.

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({ environment: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const get = (who: SignedIn, path: string) => t.request('GET', path, { headers: who.auth });
const post = (who: SignedIn, path: string, json: unknown) =>
  t.request('POST', path, { json, headers: who.auth });

async function expectStatus(response: Promise<TestResponse>, status: number): Promise<TestResponse> {
  const answered = await response;
  expect(answered.status, answered.text).toBe(status);
  return answered;
}

async function uploaded(founder: SignedIn, name: string, section: string, pages: number): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes: uniquePdf() }, { section });
  expect(response.status, response.text).toBe(201);
  const documentId = (response.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, documentId, { kind: 'pages', pages });
  return documentId;
}

/** A room with a three-page deck in "Pitch", a model in "Financials", and two investors at two firms. */
async function roomWithInvestors() {
  const founder = await createFounder(t, { companyName: `Acme ${crypto.randomBytes(3).toString('hex')}` });
  const roomId = ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
  const deckId = await uploaded(founder, 'Deck.pdf', 'Pitch', 3);
  const modelId = await uploaded(founder, 'Model.pdf', 'Financials', 2);
  const firstEmail = `ivy-${crypto.randomBytes(4).toString('hex')}@first-fund.example`;
  await invite(t, founder, firstEmail, 'Ivy First');
  const first = await signInWithMagicLink(t, firstEmail);
  const secondEmail = uniqueEmail('second');
  await invite(t, founder, secondEmail, 'Sam Second');
  const second = await signInWithMagicLink(t, secondEmail);
  return { founder, roomId, deckId, modelId, first, firstEmail, second, secondEmail };
}

type Room = Awaited<ReturnType<typeof roomWithInvestors>>;

const ask = (room: Room, who: SignedIn, about: unknown, text: string) =>
  post(who, apiPath(questionRoutes.mine, { params: { id: room.roomId } }), { about, text });

interface InboxQuestion {
  id: string;
  state: string;
  asker: { email: string };
  firm: string;
  group: { name: string } | null;
  about: { kind: string; page?: number | null };
}

describe('asking, answering and publishing', () => {
  test('an investor asks on page 3; the founder is mailed, answers privately, then publishes for everyone', async () => {
    const room = await roomWithInvestors();
    const endpoint = await expectStatus(
      post(room.founder, apiPath(webhookRoutes.endpoints), {
        url: `${receiver.url}/${room.roomId}`,
        events: ['question.asked', 'question.answered'],
      }),
      201,
    );
    expect(endpoint.status).toBe(201);
    const asked = await expectStatus(
      ask(
        room,
        room.first,
        { kind: 'document', documentId: room.deckId, page: 3 },
        'What is in other income?',
      ),
      201,
    );
    const question = asked.json as { id: string; state: string; about: unknown };
    expect(question).toMatchObject({
      state: 'open',
      about: { kind: 'document', documentId: room.deckId, documentTitle: 'Deck.pdf', page: 3 },
    });

    const founderMail = await mailTo(t, room.founder.user.email, 'Ivy First asked a question');
    expect(founderMail.text).toContain('page 3 of "Deck.pdf"');
    expect(founderMail.text).toContain('What is in other income?');
    // The one-click unsubscribe every notification mail carries (ADR 44).
    const unsubscribe = founderMail.headerLines.find((header) => header.key === 'list-unsubscribe');
    expect(unsubscribe?.line).toContain('/unsubscribe?token=');
    const askedHook = await receiver.waitFor(
      (hook) => hook.path.endsWith(room.roomId) && hook.json.type === 'question.asked',
    );
    expect(askedHook.json.data).toMatchObject({ questionId: question.id, asker: { email: room.firstEmail } });

    const inbox = (
      await expectStatus(get(room.founder, apiPath(questionRoutes.inbox, { query: { state: 'open' } })), 200)
    ).json as { questions: InboxQuestion[]; counts: Record<string, number>; firms: string[] };
    expect(inbox.questions).toHaveLength(1);
    expect(inbox.questions[0]).toMatchObject({
      asker: { email: room.firstEmail },
      firm: 'first-fund.example',
      group: { name: 'All investors' },
    });
    expect(inbox.counts).toEqual({ open: 1, answered: 0, published: 0 });
    expect(inbox.firms).toContain('first-fund.example');
    const byFirm = (
      await get(room.founder, apiPath(questionRoutes.inbox, { query: { firm: 'other.example' } }))
    ).json as {
      questions: unknown[];
    };
    expect(byFirm.questions).toHaveLength(0);

    await expectStatus(
      post(room.founder, apiPath(questionRoutes.reply, { params: { id: question.id } }), {
        answer: 'Interest on cash.',
      }),
      200,
    );
    const answerMail = await mailTo(t, room.firstEmail, 'answered your question');
    expect(answerMail.text).toContain(`/data-room/${room.roomId}/documents/${room.deckId}?page=3`);
    expect(answerMail.text).toContain('Interest on cash.');
    const mine = (await get(room.first, apiPath(questionRoutes.mine, { params: { id: room.roomId } })))
      .json as {
      questions: { answer: string; isAnswerUnseen: boolean }[];
      unseenAnswers: number;
    };
    expect(mine.questions[0]).toMatchObject({ answer: 'Interest on cash.', isAnswerUnseen: true });
    expect(mine.unseenAnswers).toBe(1);
    const seen = (
      await expectStatus(
        post(room.first, apiPath(questionRoutes.markSeen, { params: { id: room.roomId } }), {
          documentId: room.deckId,
        }),
        200,
      )
    ).json as { unseenAnswers: number };
    expect(seen.unseenAnswers).toBe(0);
    // Answered privately: nobody else reads it.
    const privateFaq = (await get(room.second, apiPath(questionRoutes.faq, { params: { id: room.roomId } })))
      .json as {
      entries: unknown[];
    };
    expect(privateFaq.entries).toEqual([]);

    await expectStatus(
      post(room.founder, apiPath(questionRoutes.publish, { params: { id: question.id } }), {
        question: 'What is in the other-income line of the deck?',
        answer: 'Interest earned on our cash.',
      }),
      200,
    );
    await receiver.waitFor(
      (hook) => hook.json.type === 'question.answered' && hook.json.data.visibility === 'published',
    );
    const faq = await expectStatus(
      get(
        room.second,
        apiPath(questionRoutes.faq, { params: { id: room.roomId }, query: { q: 'OTHER-income' } }),
      ),
      200,
    );
    expect((faq.json as { entries: unknown[] }).entries).toEqual([
      expect.objectContaining({
        question: 'What is in the other-income line of the deck?',
        answer: 'Interest earned on our cash.',
        about: expect.objectContaining({ page: 3 }),
      }),
    ]);
    // The FAQ never names who asked: not their address, name, firm or account.
    for (const trace of [
      room.firstEmail,
      'Ivy',
      'first-fund',
      room.first.user.id,
      'What is in other income?',
    ])
      expect(faq.text).not.toContain(trace);
    const missed = (
      await get(
        room.second,
        apiPath(questionRoutes.faq, { params: { id: room.roomId }, query: { q: 'unrelated' } }),
      )
    ).json as {
      entries: unknown[];
    };
    expect(missed.entries).toEqual([]);
    const ofDeck = (
      await get(room.second, apiPath(questionRoutes.ofDocument, { params: { id: room.deckId } }))
    ).json as {
      mine: unknown[];
      published: { about: { page: number } }[];
    };
    expect(ofDeck.mine).toEqual([]);
    expect(ofDeck.published.map((entry) => entry.about.page)).toEqual([3]);
    expect(await mailTo(t, room.firstEmail, 'answered your question')).toBeTruthy();

    // Edited, then withdrawn: each logged with what it said before.
    await expectStatus(
      post(room.founder, apiPath(questionRoutes.editPublished, { params: { id: question.id } }), {
        question: 'What is other income?',
        answer: 'Interest on cash, and a grant.',
      }),
      200,
    );
    await expectStatus(
      t.call(questionRoutes.withdraw, { params: { id: question.id }, as: room.founder }),
      200,
    );
    const edits = await t.app.database.db
      .selectFrom('question_answer_edits')
      .select(['kind', 'question_before', 'answer_before', 'edited_by'])
      .where('question_id', '=', question.id)
      .orderBy('edited_at')
      .execute();
    expect(edits).toEqual([
      {
        kind: 'edited',
        question_before: 'What is in the other-income line of the deck?',
        answer_before: 'Interest earned on our cash.',
        edited_by: room.founder.user.id,
      },
      {
        kind: 'withdrawn',
        question_before: 'What is other income?',
        answer_before: 'Interest on cash, and a grant.',
        edited_by: room.founder.user.id,
      },
    ]);
    expect(
      (
        (await get(room.second, apiPath(questionRoutes.faq, { params: { id: room.roomId } }))).json as {
          entries: unknown[];
        }
      ).entries,
    ).toEqual([]);
    const kept = (await get(room.first, apiPath(questionRoutes.mine, { params: { id: room.roomId } })))
      .json as {
      questions: { state: string; answer: string }[];
    };
    expect(kept.questions[0]).toMatchObject({ state: 'answered', answer: 'Interest on cash, and a grant.' });

    const csv = await expectStatus(get(room.founder, apiPath(exportRoutes.questions)), 200);
    expect(csv.text).toContain('What is in other income?');
    expect(csv.text).toContain(room.firstEmail);
    // The access log: the question asked, and each of its two answers, as the asker's lines.
    const log = (await expectStatus(get(room.founder, apiPath(exportRoutes['access-log'])), 200)).text;
    const lines = log.split('\n').filter((line) => line.includes('Deck.pdf, page 3'));
    expect(lines.map((line) => /,(asked|answered),/.exec(line)?.[1])).toEqual([
      'asked',
      'answered',
      'answered',
    ]);
    expect(lines.every((line) => line.includes(room.firstEmail))).toBe(true);
    expect(lines[0]).toContain(`${t.config.appUrl}/data-room/${room.roomId}/documents/${room.deckId}?page=3`);
    // The console's recent activity stays the reading of the room.
    const recent = (await get(room.founder, apiPath(adminRoutes.recentAccess))).text;
    expect(recent).not.toContain('"asked"');
  });

  test('the founder turns questions off: asking is refused, the FAQ stays readable', async () => {
    const room = await roomWithInvestors();
    await expectStatus(post(room.founder, apiPath(questionRoutes.settings), { isEnabled: false }), 200);
    const refused = await expectStatus(ask(room, room.first, { kind: 'room' }, 'Still raising?'), 409);
    expect(refused.json).toMatchObject({ error: 'questions_off' });
    const faq = await expectStatus(
      get(room.first, apiPath(questionRoutes.faq, { params: { id: room.roomId } })),
      200,
    );
    expect(faq.json).toMatchObject({ entries: [], canAsk: false });
    await expectStatus(post(room.founder, apiPath(questionRoutes.settings), { isEnabled: true }), 200);
    await expectStatus(ask(room, room.first, { kind: 'room' }, 'Still raising?'), 201);
    // The founders answer; they do not ask.
    const founderAsks = await expectStatus(ask(room, room.founder, { kind: 'room' }, 'Hello?'), 403);
    expect(founderAsks.json).toMatchObject({ error: 'forbidden' });
  });

  test("a section's question is answered and published just after the sections are saved", async () => {
    // A save leaves the room's sections to be read again; the answer's access-log line names the
    // section's page, read before its transaction (on SQLite a read beside it waited forever).
    const room = await roomWithInvestors();
    const saveSections = async () => {
      const { content, version } = (await get(room.founder, apiPath(roomRoutes.mySections))).json as {
        content: string;
        version: string;
      };
      await expectStatus(
        post(room.founder, apiPath(roomRoutes.saveSections), {
          content: `${content}\n`,
          baseVersion: version,
        }),
        200,
      );
    };
    const asked = await expectStatus(
      ask(room, room.first, { kind: 'section', section: 'Financials' }, 'Audited?'),
      201,
    );
    const { id } = asked.json as { id: string };
    await saveSections();
    await expectStatus(
      post(room.founder, apiPath(questionRoutes.reply, { params: { id } }), { answer: 'Yes.' }),
      200,
    );
    await saveSections();
    await expectStatus(
      post(room.founder, apiPath(questionRoutes.publish, { params: { id } }), {
        question: 'Audited?',
        answer: 'Yes.',
      }),
      200,
    );
  });
});

describe("telling the founders, by the room's notification setting", () => {
  test('at once, every manager: the owner and a co-founder', async () => {
    const room = await roomWithInvestors();
    const editorEmail = uniqueEmail('cofounder');
    await inviteEditor(t, room.founder, editorEmail, 'Cora Cofounder');
    await signInWithMagicLink(t, editorEmail);
    await expectStatus(ask(room, room.first, { kind: 'section', section: 'Financials' }, 'Audited?'), 201);
    for (const manager of [room.founder.user.email, editorEmail]) {
      const mail = await mailTo(t, manager, 'Ivy First asked a question');
      expect(mail.text).toContain('the section "Financials"');
      expect(mail.text).toContain(`${t.config.appUrl}/admin/questions`);
      // The one-click unsubscribe turns the room's notifications off: only the owner's copy has it.
      const isOwner = manager === room.founder.user.email;
      const hasHeader = mail.headerLines.some((header) => header.key === 'list-unsubscribe');
      expect([hasHeader, mail.text?.includes('Unsubscribe')]).toEqual([isOwner, isOwner]);
    }
  });

  test("a co-founder's copy refused once: the retry sends theirs, and the owner's copy only once", async () => {
    const room = await roomWithInvestors();
    const editorEmail = uniqueEmail('refused-cofounder');
    await inviteEditor(t, room.founder, editorEmail, 'Rita Refused');
    await signInWithMagicLink(t, editorEmail);
    const mailer = t.app.ctx.mailer;
    const send = mailer.send.bind(mailer);
    let refusals = 0;
    mailer.send = async (message) => {
      if (message.to === editorEmail && refusals === 0) {
        refusals += 1;
        throw new MailDeliveryError('450 mailbox busy, try again later');
      }
      return send(message);
    };
    try {
      await expectStatus(ask(room, room.first, { kind: 'room' }, 'Sent to both of you?'), 201);
      await t.app.jobs.whenIdle();
      expect(refusals).toBe(1);
      // The job's retry, now rather than after its backoff.
      await t.app.database.db
        .updateTable('jobs')
        .set({ run_at: Date.now() })
        .where('kind', '=', 'founder-notification')
        .where('status', '=', 'queued')
        .execute();
      t.app.jobs.wake();
      await mailTo(t, editorEmail, 'Ivy First asked a question');
      await t.app.jobs.whenIdle();
    } finally {
      mailer.send = send;
    }
    const ownerCopies = t.smtp.messages.filter(
      (mail) =>
        recipientsOf(mail).includes(room.founder.user.email) &&
        (mail.text ?? '').includes('Sent to both of you?'),
    );
    expect(ownerCopies).toHaveLength(1);
    // The owner's one-click link, from the copy sent in the first try, still works.
    const link = (ownerCopies[0]?.text ?? '')
      .split(/\s+/)
      .find((word) => word.includes('/unsubscribe?token='));
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    const details = await t.call(notificationRoutes.unsubscribeDetails, { query: { token } });
    expect(details.status, details.text).toBe(200);
  });

  test("with the daily digest, a line of that day's digest instead of a mail at once", async () => {
    const room = await roomWithInvestors();
    await expectStatus(
      post(room.founder, apiPath(notificationRoutes.settings), { founderNotifications: 'daily' }),
      200,
    );
    await expectStatus(
      ask(room, room.first, { kind: 'document', documentId: room.deckId, page: 2 }, 'Why this slide?'),
      201,
    );
    await t.app.jobs.whenIdle();
    const atOnce = t.smtp.messages.filter(
      (mail) =>
        (mail.subject ?? '').includes('asked a question') && (mail.text ?? '').includes('Why this slide?'),
    );
    expect(atOnce).toEqual([]);
    // The day's digest, sent now rather than after midnight.
    await t.app.database.db
      .updateTable('jobs')
      .set({ run_at: Date.now() })
      .where('kind', '=', 'founder-notification')
      .where('status', '=', 'queued')
      .execute();
    t.app.jobs.wake();
    const digest = await mailTo(t, room.founder.user.email, 'was active');
    expect(digest.text).toContain(`Ivy First (${room.firstEmail})`);
    expect(digest.text).toContain('Asked a question about page 2 of "Deck.pdf"');
  });
});

describe('hostile input', () => {
  let refusalsRoom: Room | undefined;

  test('markup and scripts are stored and answered as the text they are', async () => {
    const room = await roomWithInvestors();
    const text =
      '<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3)) =HYPERLINK("http://evil")';
    const asked = await expectStatus(ask(room, room.first, { kind: 'section', section: 'pitch' }, text), 201);
    expect(asked.headers.get('content-type')).toContain('application/json');
    expect(asked.json).toMatchObject({ text, about: { kind: 'section', section: 'Pitch' } });
    const stored = await t.app.database.db
      .selectFrom('questions')
      .select('text')
      .where('id', '=', (asked.json as { id: string }).id)
      .executeTakeFirstOrThrow();
    expect(stored.text).toBe(text);
    const mail = await mailTo(t, room.founder.user.email, 'asked a question');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    // The export keeps a formula from running: the cell starts with an apostrophe.
    await expectStatus(ask(room, room.first, { kind: 'room' }, '=HYPERLINK("http://evil")'), 201);
    const csv = await expectStatus(get(room.founder, apiPath(exportRoutes.questions)), 200);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  test.each([
    [
      'a page the document does not have',
      (room: Room) => ({ kind: 'document', documentId: room.deckId, page: 4 }),
      'x',
      400,
      'about.page',
    ],
    [
      'page zero',
      (room: Room) => ({ kind: 'document', documentId: room.deckId, page: 0 }),
      'x',
      400,
      'about.page',
    ],
    ['over-long text', () => ({ kind: 'room' }), 'x'.repeat(4001), 400, 'text'],
    ['blank text', () => ({ kind: 'room' }), '   ', 400, 'text'],
    ['an unknown kind', () => ({ kind: 'fund' }), 'x', 400, 'about'],
    [
      'an unknown document',
      () => ({ kind: 'document', documentId: crypto.randomUUID() }),
      'x',
      404,
      'about.documentId',
    ],
    ['an unknown section', () => ({ kind: 'section', section: 'Secrets' }), 'x', 404, 'about.section'],
  ])('%s is refused, naming what is wrong, and writes nothing', async (_name, about, text, status, field) => {
    // One room for every refusal: none of them writes.
    refusalsRoom ??= await roomWithInvestors();
    const room = refusalsRoom;
    const refused = await expectStatus(ask(room, room.first, about(room), text), status);
    if (status === 400) expect(refused.json).toMatchObject({ field: expect.stringContaining(field) });
    else expect(refused.json).toMatchObject({ error: 'not_found' });
    const count = await t.app.database.db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('room_id', '=', room.roomId)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
  });

  test('10,000 questions from one reader: the next one is refused with a clear message', async () => {
    const room = await roomWithInvestors();
    const now = Date.now();
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      id: crypto.randomUUID(),
      room_id: room.roomId,
      asker_id: room.first.user.id,
      subject_kind: 'room' as const,
      text: `Question ${index}`,
      state: 'open' as const,
      // Spread over the last thirty days: the cap in all, not the day's, refuses the next one.
      created_at: now - (index % 30) * 86_400_000 - 60_000,
    }));
    for (let start = 0; start < rows.length; start += 500)
      await t.app.database.db
        .insertInto('questions')
        .values(rows.slice(start, start + 500))
        .execute();
    const refused = await expectStatus(ask(room, room.first, { kind: 'room' }, 'One more?'), 429);
    expect(refused.json).toMatchObject({ error: 'too_many_questions' });
    expect((refused.json as { message: string }).message).toMatch(/1000 questions/);
    // Another reader of the room is not held by the first one's questions.
    await expectStatus(ask(room, room.second, { kind: 'room' }, 'Mine?'), 201);
  });

  test("a day's questions are capped on their own", async () => {
    const room = await roomWithInvestors();
    const now = Date.now();
    await t.app.database.db
      .insertInto('questions')
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          id: crypto.randomUUID(),
          room_id: room.roomId,
          asker_id: room.first.user.id,
          subject_kind: 'room' as const,
          text: `Today ${index}`,
          state: 'open' as const,
          created_at: now - 60_000,
        })),
      )
      .execute();
    const refused = await expectStatus(ask(room, room.first, { kind: 'room' }, 'One more?'), 429);
    expect((refused.json as { message: string }).message).toMatch(/today/);
  });

  test("60 questions sent at once: the day's 50 are taken, the rest refused", async () => {
    const room = await roomWithInvestors();
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) => ask(room, room.first, { kind: 'room' }, `At once ${index}`)),
    );
    const outcomes = responses.map((response) =>
      response.status === 201 ? 201 : `${response.status} ${(response.json as { error: string }).error}`,
    );
    expect(outcomes.filter((outcome) => outcome === 201)).toHaveLength(50);
    expect(outcomes.filter((outcome) => outcome !== 201)).toEqual(Array(10).fill('429 too_many_questions'));
  });
});

describe('answers sent at once', () => {
  async function askedQuestions(count: number) {
    const room = await roomWithInvestors();
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const asked = await expectStatus(ask(room, room.first, { kind: 'room' }, `Runway ${index}?`), 201);
      ids.push((asked.json as { id: string }).id);
    }
    return { room, ids };
  }

  const publish = (room: Room, id: string, answer: string) =>
    post(room.founder, apiPath(questionRoutes.publish, { params: { id } }), {
      question: 'How long is the runway?',
      answer,
    });

  const storedQuestion = (id: string) =>
    t.app.database.db
      .selectFrom('questions')
      .select(['state', 'answer', 'published_question'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  test('a publish and a private reply: the reply never takes the answer out of the FAQ', async () => {
    // Three questions raced at once: which of the two goes first varies from run to run.
    const { room, ids } = await askedQuestions(3);
    await Promise.all(
      ids.map(async (id) => {
        const [published, replied] = await Promise.all([
          publish(room, id, '18 months.'),
          post(room.founder, apiPath(questionRoutes.reply, { params: { id } }), { answer: 'About a year.' }),
        ]);
        // One after the other: a reply after the publish is refused, a published answer changes only
        // by the edit route (ADR 73); a reply before it is what the publish then replaced.
        const outcomes = [
          published.status,
          replied.status === 200 ? 200 : `${replied.status} ${(replied.json as { error: string }).error}`,
        ];
        expect([
          [200, '409 question_published'],
          [200, 200],
        ]).toContainEqual(outcomes);
        expect(await storedQuestion(id)).toEqual({
          state: 'published',
          answer: '18 months.',
          published_question: 'How long is the runway?',
        });
      }),
    );
  });

  test('two publishes: one is taken, the other refused, and the asker is told once', async () => {
    const { room, ids } = await askedQuestions(1);
    const [id = ''] = ids;
    const responses = await Promise.all([publish(room, id, 'First.'), publish(room, id, 'Second.')]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const taken = responses.find((response) => response.status === 200)?.json as { answer: string };
    expect((await storedQuestion(id)).answer).toBe(taken.answer);
    await mailTo(t, room.firstEmail, 'answered your question');
    await t.app.jobs.whenIdle();
    const told = t.smtp.messages.filter(
      (mail) =>
        recipientsOf(mail).includes(room.firstEmail) &&
        (mail.subject ?? '').includes('answered your question'),
    );
    expect(told).toHaveLength(1);
  });
});

describe('a reader moved out of the group mid-thread', () => {
  test('their question on a section now hidden no longer exists for them; the founder still sees it', async () => {
    const room = await roomWithInvestors();
    const onModel = (
      await expectStatus(
        ask(room, room.first, { kind: 'document', documentId: room.modelId, page: 2 }, 'Churn?'),
        201,
      )
    ).json as { id: string };
    const onSection = (
      await expectStatus(ask(room, room.first, { kind: 'section', section: 'Financials' }, 'Audited?'), 201)
    ).json as { id: string };
    await expectStatus(ask(room, room.first, { kind: 'room' }, 'Round size?'), 201);
    await expectStatus(
      post(room.founder, apiPath(questionRoutes.publish, { params: { id: onModel.id } }), {
        question: 'Churn?',
        answer: '2%.',
      }),
      200,
    );
    // A new group sees Financials; the first investor stays in "All investors", which no longer does.
    const diligence = (
      await expectStatus(post(room.founder, apiPath(groupRoutes.list), { name: 'Diligence' }), 201)
    ).json as { id: string };
    await expectStatus(
      post(room.founder, apiPath(groupRoutes.setSectionVisibility), {
        section: 'Financials',
        visibleTo: [diligence.id],
      }),
      200,
    );
    const mine = (await get(room.first, apiPath(questionRoutes.mine, { params: { id: room.roomId } })))
      .json as {
      questions: { id: string; text: string }[];
    };
    expect(mine.questions.map((question) => question.text)).toEqual(['Round size?']);
    const faq = (await get(room.second, apiPath(questionRoutes.faq, { params: { id: room.roomId } })))
      .json as { entries: unknown[] };
    expect(faq.entries).toEqual([]);
    const hidden = await get(
      room.first,
      apiPath(questionRoutes.ofDocument, { params: { id: room.modelId } }),
    );
    const missing = await get(
      room.first,
      apiPath(questionRoutes.ofDocument, { params: { id: crypto.randomUUID() } }),
    );
    expect([hidden.status, hidden.json]).toEqual([404, missing.json]);
    // Asking about it now is asking about something that does not exist.
    const refused = await ask(room, room.first, { kind: 'section', section: 'Financials' }, 'Again?');
    const unknown = await ask(room, room.first, { kind: 'section', section: 'Nowhere' }, 'Again?');
    expect([refused.status, refused.json]).toEqual([404, unknown.json]);
    // The founders' inbox keeps every question, whatever the asker may read now.
    const inbox = (await get(room.founder, apiPath(questionRoutes.inbox))).json as {
      questions: { id: string }[];
    };
    expect(inbox.questions.map((question) => question.id)).toEqual(
      expect.arrayContaining([onModel.id, onSection.id]),
    );
    // Renamed where it stands, the section keeps its groups, and its questions stay hidden with it.
    const { content, version } = (await get(room.founder, apiPath(roomRoutes.mySections))).json as {
      content: string;
      version: string;
    };
    await expectStatus(
      post(room.founder, apiPath(roomRoutes.saveSections), {
        content: content.replace('## Financials', '## Finance'),
        baseVersion: version,
      }),
      200,
    );
    const afterRename = (await get(room.first, apiPath(questionRoutes.mine, { params: { id: room.roomId } })))
      .json as {
      questions: unknown[];
    };
    expect(afterRename.questions).toHaveLength(1);
    // ... and is named as it is called now.
    const renamedInbox = (await get(room.founder, apiPath(questionRoutes.inbox))).json as {
      questions: { id: string; about: unknown }[];
    };
    expect(renamedInbox.questions.find((question) => question.id === onSection.id)?.about).toEqual({
      kind: 'section',
      section: 'Finance',
    });
    // Moved into the group that sees it, they read their thread again.
    await expectStatus(
      post(room.founder, apiPath(groupRoutes.moveInvestor), {
        email: room.firstEmail,
        groupId: diligence.id,
      }),
      200,
    );
    const back = (await get(room.first, apiPath(questionRoutes.mine, { params: { id: room.roomId } })))
      .json as {
      questions: unknown[];
    };
    expect(back.questions).toHaveLength(3);
    const byGroup = (
      await get(room.founder, apiPath(questionRoutes.inbox, { query: { groupId: diligence.id } }))
    ).json as {
      questions: { group: { name: string } }[];
    };
    expect(byGroup.questions.map((question) => question.group.name)).toEqual([
      'Diligence',
      'Diligence',
      'Diligence',
    ]);
  });
});

describe('analytics', () => {
  test('questions per document and page', async () => {
    const room = await roomWithInvestors();
    for (const page of [1, 3, 3])
      await ask(room, room.first, { kind: 'document', documentId: room.deckId, page }, `p${page}`);
    await ask(room, room.second, { kind: 'document', documentId: room.modelId }, 'whole model');
    const byPage = (await expectStatus(get(room.founder, apiPath(questionRoutes.byPage)), 200)).json;
    expect(byPage).toEqual({
      documents: [
        {
          documentId: room.deckId,
          title: 'Deck.pdf',
          total: 3,
          pages: [
            { page: 1, count: 1 },
            { page: 3, count: 2 },
          ],
        },
        { documentId: room.modelId, title: 'Model.pdf', total: 1, pages: [{ page: null, count: 1 }] },
      ],
    });
  });
});

describe('only a place the asker sees is asked about', () => {
  test('an empty section, which no investor sees, is asked about as one that does not exist; once filled, it is asked', async () => {
    const room = await roomWithInvestors();
    const { content, version } = (await get(room.founder, apiPath(roomRoutes.mySections))).json as {
      content: string;
      version: string;
    };
    await expectStatus(
      post(room.founder, apiPath(roomRoutes.saveSections), {
        content: `${content}\n## Legal\n`,
        baseVersion: version,
      }),
      200,
    );
    // The reader's own sections list it (empty), yet their page never shows it.
    const sections = (await get(room.first, apiPath(roomRoutes.sections, { params: { id: room.roomId } })))
      .json as {
      sections: { name: string; documents: unknown[] }[];
    };
    expect(sections.sections.find((section) => section.name === 'Legal')?.documents).toEqual([]);
    const empty = await ask(room, room.first, { kind: 'section', section: 'Legal' }, 'Any litigation?');
    const unknown = await ask(room, room.first, { kind: 'section', section: 'Nowhere' }, 'Any litigation?');
    expect([empty.status, empty.json]).toEqual([404, unknown.json]);
    const mine = (await get(room.first, apiPath(questionRoutes.mine, { params: { id: room.roomId } })))
      .json as {
      questions: unknown[];
    };
    expect(mine.questions).toEqual([]);

    await uploaded(room.founder, 'Articles.pdf', 'Legal', 1);
    await expectStatus(ask(room, room.first, { kind: 'section', section: 'Legal' }, 'Any litigation?'), 201);
  });

  test('a document linked only in a section hidden from the asker’s group is refused as a missing one', async () => {
    const room = await roomWithInvestors();
    const diligence = (
      await expectStatus(post(room.founder, apiPath(groupRoutes.list), { name: 'Diligence' }), 201)
    ).json as { id: string };
    await expectStatus(
      post(room.founder, apiPath(groupRoutes.setSectionVisibility), {
        section: 'Financials',
        visibleTo: [diligence.id],
      }),
      200,
    );
    const hidden = await ask(
      room,
      room.first,
      { kind: 'document', documentId: room.modelId, page: 1 },
      'Churn?',
    );
    const missing = await ask(
      room,
      room.first,
      { kind: 'document', documentId: crypto.randomUUID(), page: 1 },
      'Churn?',
    );
    expect([hidden.status, hidden.json]).toEqual([404, missing.json]);
    await expectStatus(
      ask(room, room.first, { kind: 'document', documentId: room.deckId, page: 1 }, 'Churn?'),
      201,
    );
  });
});

describe('the inbox filters by asker', () => {
  test('the firm and group filters narrow the questions before the page is cut, and the total counts only those', async () => {
    const room = await roomWithInvestors();
    await expectStatus(ask(room, room.first, { kind: 'room' }, 'What is the runway?'), 201);
    await expectStatus(ask(room, room.second, { kind: 'room' }, 'Who is on the board?'), 201);
    await expectStatus(ask(room, room.first, { kind: 'room' }, 'What is the burn?'), 201);
    const inbox = async (query: Record<string, string | number>) =>
      (await expectStatus(get(room.founder, apiPath(questionRoutes.inbox, { query })), 200)).json as {
        questions: InboxQuestion[];
        total: number;
        firms: string[];
      };

    const ofFirm = await inbox({ firm: 'first-fund.example' });
    expect(ofFirm.total).toBe(2);
    expect(ofFirm.questions.map((question) => question.asker.email)).toEqual([
      room.firstEmail,
      room.firstEmail,
    ]);
    // The firms offered are every asker's, whatever the filter.
    expect(ofFirm.firms).toEqual(
      ['first-fund.example', room.secondEmail.slice(room.secondEmail.lastIndexOf('@') + 1)].sort(),
    );
    // A page past the filtered questions is empty, and still counts them.
    expect(await inbox({ firm: 'first-fund.example', page: 2 })).toMatchObject({ questions: [], total: 2 });
    // Everyone is in the room's default group, whose id is the room's (ADR 68).
    const ofGroup = await inbox({ groupId: room.roomId });
    expect(ofGroup.total).toBe(3);
    expect(ofGroup.questions.map((question) => question.group?.name)).toEqual([
      'All investors',
      'All investors',
      'All investors',
    ]);
    // Both filters at once: the firm's askers in that group.
    expect((await inbox({ groupId: room.roomId, firm: 'first-fund.example' })).total).toBe(2);
    expect(await inbox({ groupId: crypto.randomUUID() })).toMatchObject({ questions: [], total: 0 });

    // The second investor is removed from the room: no group now, and not in "All investors".
    const invitations = (await t.call(invitationRoutes.mine, { as: room.founder })).json as {
      id: string;
      email: string;
    }[];
    const second = invitations.find((invitation) => invitation.email === room.secondEmail);
    await expectStatus(
      t.call(invitationRoutes.remove, { params: { id: second?.id ?? '' }, as: room.founder }),
      204,
    );
    const after = await inbox({});
    expect(after.questions.find((question) => question.asker.email === room.secondEmail)?.group).toBeNull();
    expect((await inbox({ groupId: room.roomId })).total).toBe(2);
  });
});
