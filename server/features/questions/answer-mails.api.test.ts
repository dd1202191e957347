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

// The mail that tells an investor their question was answered (docs/decisions/0073-questions-and-answers.md):
// its link to the place asked about, numbered as the reader's own sections are, and its one-click
// unsubscribe. Mails are read back from the suite's SMTP server.

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
