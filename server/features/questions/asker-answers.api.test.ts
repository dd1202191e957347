import crypto from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { groupRoutes } from '#shared/contracts/groups';
import { questionRoutes } from '#shared/contracts/questions';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  invite,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { storeReadyPreview } from '#tests/support/previews';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// What an asker is told of the answers to their questions (docs/decisions/0073-questions-and-answers.md,
// 0092-the-askers-answer-mails.md): the mail's link to the place asked about, numbered as the reader's own
// sections are; its one-click unsubscribe; the mail of a changed answer; the "new" marks of answers in
// places hidden from them. Mails are read back from the suite's SMTP server.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function uploaded(founder: SignedIn, name: string, section: string): Promise<string> {
  const response = await uploadFile(t, founder, { name, bytes: uniquePdf() }, { section });
  expect(response.status, response.text).toBe(201);
  const documentId = (response.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2 });
  return documentId;
}

/** A room with "Pitch", "Financials" and "Legal", Financials shown only to "Insiders", and one investor outside it. */
async function roomWithHiddenSection() {
  const founder = await createFounder(t, { companyName: `Acme ${crypto.randomBytes(3).toString('hex')}` });
  const roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
  await uploaded(founder, 'Deck.pdf', 'Pitch');
  await uploaded(founder, 'Model.pdf', 'Financials');
  await uploaded(founder, 'Terms.pdf', 'Legal');
  const insiders = await t.call(groupRoutes.create, { body: { name: 'Insiders' }, as: founder });
  expect(insiders.status, insiders.text).toBe(201);
  const shown = await t.call(groupRoutes.setSectionVisibility, {
    body: { section: 'Financials', visibleTo: [insiders.json.id] },
    as: founder,
  });
  expect(shown.status, shown.text).toBe(200);
  const email = uniqueEmail('asker');
  await invite(t, founder, email, 'Ada Asker');
  const asker = await signInWithMagicLink(t, email);
  return { founder, roomId, asker, email };
}

type Room = Awaited<ReturnType<typeof roomWithHiddenSection>>;

async function askAndAnswer(room: Room, section: string, answer: string): Promise<{ id: string }> {
  const asked = await t.call(questionRoutes.ask, {
    params: { id: room.roomId },
    body: { about: { kind: 'section', section }, text: `What about ${section}?` },
    as: room.asker,
  });
  expect(asked.status, asked.text).toBe(201);
  const replied = await t.call(questionRoutes.reply, {
    params: { id: asked.json.id },
    body: { answer },
    as: room.founder,
  });
  expect(replied.status, replied.text).toBe(200);
  return { id: asked.json.id };
}

const answerMail = (room: Room, answer: string): Promise<ParsedMail> =>
  t.smtp.waitForMessage(
    (mail) =>
      recipientsOf(mail).includes(room.email) &&
      (mail.subject ?? '').includes('answered your question') &&
      (mail.text ?? '').includes(answer),
  );

describe('the link to the place asked about', () => {
  test("an investor with a section hidden before the one asked about is linked to it by their own sections' numbers", async () => {
    const room = await roomWithHiddenSection();
    await askAndAnswer(room, 'Legal', 'Delaware.');
    const mail = await answerMail(room, 'Delaware.');
    // Their own sections, as the web numbers them: Financials is neither shown nor counted.
    const own = await t.call(roomRoutes.sections, { params: { id: room.roomId }, as: room.asker });
    const legal = own.json.sections.find((section) => section.name === 'Legal');
    const whole = await t.call(roomRoutes.sections, { params: { id: room.roomId }, as: room.founder });
    const legalInRoom = whole.json.sections.find((section) => section.name === 'Legal');
    expect(legal?.id).toBe((legalInRoom?.id ?? 0) - 1);
    expect(mail.text).toContain(`${t.config.appUrl}/data-room/${room.roomId}/sections/${legal?.id}\n`);
  });
});

function headerOf(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, '')
    .trim();
}

describe("the asker's one-click unsubscribe", () => {
  test('the answer mail carries List-Unsubscribe; its POST, without a session, stops only that reader’s answer mails', async () => {
    const room = await roomWithHiddenSection();
    const otherEmail = uniqueEmail('other');
    await invite(t, room.founder, otherEmail, 'Olly Other');
    const other = await signInWithMagicLink(t, otherEmail);
    await askAndAnswer(room, 'Pitch', 'Seed, then A.');
    const mail = await answerMail(room, 'Seed, then A.');
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(headerOf(mail, 'list-unsubscribe') ?? '')?.[1] ?? '';
    expect(link.startsWith(`${t.config.appUrl}/unsubscribe/answers?token=`), link).toBe(true);
    expect(mail.text).toContain(`Stop e-mails about answers in this data room: ${link}`);
    const token = new URL(link).searchParams.get('token') ?? '';
    const before = await t.call(questionRoutes.answerMailsUnsubscribeDetails, { query: { token } });
    expect(before.json).toEqual({
      companyName: expect.any(String),
      email: room.email,
      isUnsubscribed: false,
    });

    // RFC 8058: the mail program POSTs the form to the header's URL, with no cookie and no session.
    const oneClick = await t.request('POST', link.replace(t.config.appUrl, ''), {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status, oneClick.text).toBe(200);
    expect(oneClick.text).toContain(`${room.email} gets no more e-mails about answers`);
    const after = await t.call(questionRoutes.answerMailsUnsubscribeDetails, { query: { token } });
    expect(after.json).toMatchObject({ isUnsubscribed: true });
    const forged = await t.call(questionRoutes.unsubscribeAnswerMails, {
      body: { token: token.replace(/^./, token.startsWith('A') ? 'B' : 'A') },
    });
    expect(forged.status).toBe(404);

    // The next answer to them is not mailed (it waits in the room, marked new); the other reader's is,
    // and the founders' own notifications are as they were.
    await askAndAnswer(room, 'Legal', 'Not mailed.');
    const asked = await t.call(questionRoutes.ask, {
      params: { id: room.roomId },
      body: { about: { kind: 'room' }, text: 'Lead investor?' },
      as: other,
    });
    expect(asked.status, asked.text).toBe(201);
    const founderMail = t.smtp.waitForMessage(
      (each) =>
        recipientsOf(each).includes(room.founder.user.email) && /Olly Other asked/.test(each.subject ?? ''),
    );
    await t.call(questionRoutes.reply, {
      params: { id: asked.json.id },
      body: { answer: 'Mailed to the other.' },
      as: room.founder,
    });
    await founderMail;
    await t.smtp.waitForMessage(
      (each) => recipientsOf(each).includes(otherEmail) && (each.text ?? '').includes('Mailed to the other.'),
    );
    await t.app.jobs.whenIdle();
    expect(t.smtp.messages.filter((each) => (each.text ?? '').includes('Not mailed.'))).toEqual([]);
    const mine = await t.call(questionRoutes.mine, { params: { id: room.roomId }, as: room.asker });
    expect(mine.json.unseenAnswers).toBe(2);
  });
});

describe('answers marked seen', () => {
  test('an answer about a place now hidden from the reader keeps its mark when they mark their answers seen', async () => {
    const room = await roomWithHiddenSection();
    await askAndAnswer(room, 'Legal', 'Delaware C-corp.');
    const showLegalTo = async (visibleTo: string[] | null) => {
      const shown = await t.call(groupRoutes.setSectionVisibility, {
        body: { section: 'Legal', visibleTo },
        as: room.founder,
      });
      expect(shown.status, shown.text).toBe(200);
    };
    const insiders = (await t.call(groupRoutes.list, { as: room.founder })).json.groups.find(
      (group) => group.name === 'Insiders',
    );
    await showLegalTo([insiders?.id ?? '']);
    const seen = await t.call(questionRoutes.markSeen, {
      params: { id: room.roomId },
      body: {},
      as: room.asker,
    });
    expect(seen.status, seen.text).toBe(200);
    await showLegalTo(null);
    const mine = await t.call(questionRoutes.mine, { params: { id: room.roomId }, as: room.asker });
    expect(mine.json.unseenAnswers).toBe(1);
    await t.call(questionRoutes.markSeen, { params: { id: room.roomId }, body: {}, as: room.asker });
    const after = await t.call(questionRoutes.mine, { params: { id: room.roomId }, as: room.asker });
    expect(after.json.unseenAnswers).toBe(0);
  });
});

describe('a published answer edited', () => {
  test('the asker is mailed the answer as it now reads; a change of the wording of the question alone is not mailed', async () => {
    const room = await roomWithHiddenSection();
    const asked = await t.call(questionRoutes.ask, {
      params: { id: room.roomId },
      body: { about: { kind: 'room' }, text: 'Who leads the round?' },
      as: room.asker,
    });
    expect(asked.status, asked.text).toBe(201);
    const { id } = asked.json;
    const publish = (
      route: typeof questionRoutes.publish | typeof questionRoutes.editPublished,
      answer: string,
      question = 'Who leads?',
    ) => t.call(route, { params: { id }, body: { question, answer }, as: room.founder });
    expect((await publish(questionRoutes.publish, 'Not decided yet.')).status).toBe(200);
    await answerMail(room, 'Not decided yet.');
    expect(
      (await publish(questionRoutes.editPublished, 'Not decided yet.', 'Who leads the round?')).status,
    ).toBe(200);
    expect((await publish(questionRoutes.editPublished, 'North Fund leads.')).status).toBe(200);
    const changed = await t.smtp.waitForMessage(
      (mail) => recipientsOf(mail).includes(room.email) && (mail.text ?? '').includes('North Fund leads.'),
    );
    expect(changed.subject).toContain('changed the answer to your question');
    expect(changed.text).toContain('changed the answer to your question about the');
    expect(changed.text).not.toContain('Not decided yet.');
    await t.app.jobs.whenIdle();
    const toAsker = t.smtp.messages.filter(
      (mail) => recipientsOf(mail).includes(room.email) && /answer/.test(mail.subject ?? ''),
    );
    expect(toAsker).toHaveLength(2);
  });
});
