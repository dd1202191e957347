import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { questionRoutes } from '#shared/contracts/questions';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  ALL_TABLES,
  countRows,
  createFounder,
  founderWithInvestor,
  type SignedIn,
  uniqueEmail,
} from '#tests/support/factories';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';
import { contentDispositionTitle, multipartBody, SAMPLE_FILES } from '#tests/support/uploads';

/**
 * SQL and script injection in every text field (ADR 19). These strings are valid text, so each is
 * accepted (these are accepted writes, not refusals) and must come back inert: byte for byte in the
 * JSON of every read that shows it, served as JSON, with every table still there and exactly the rows
 * the write should add. Queries are parameterised (Kysely) and nothing renders HTML on the server, so
 * a difference here would mean a string was interpreted somewhere.
 */

const PROMO_CODE = 'LAUNCH2026';

const INJECTIONS: [string, string][] = [
  ['SQL closing a string', "Robert'); DROP TABLE users;--"],
  ['an always-true SQL condition', "' OR '1'='1' --"],
  ['PostgreSQL dollar quoting', '$$; DROP TABLE data_rooms; $$'],
  ['a script tag', '<script>alert(1)</script>'],
  ['an attribute break-out', '"><img src=x onerror="alert(document.cookie)">'],
];

let t: TestApp;
let founder: SignedIn;
let investor: SignedIn;
let roomId: string;
beforeAll(async () => {
  t = await startTestApp({ environment: { PROMO_CODES: PROMO_CODE } });
  ({ founder, investor } = await founderWithInvestor(t));
  roomId = (await t.call(roomRoutes.mine, { as: founder })).json.id;
});
afterAll(() => t.close());

/** A JSON answer whose `pick`ed value is exactly `expected`. */
function expectShownBack(response: TestResponse, pick: (json: never) => unknown, expected: string) {
  expect(response.status, response.text).toBeLessThan(300);
  expect(response.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8$/);
  expect(pick(response.json as never)).toBe(expected);
}

const read = (path: string, who: SignedIn = founder) => t.request('GET', path, { headers: who.auth });

/**
 * Runs the write and checks every table still exists (countRows reads them all) and only the rows it
 * should add were added.
 */
async function expectRowsAdded(
  write: () => Promise<void>,
  added: Partial<Record<(typeof ALL_TABLES)[number], number>>,
) {
  const before = await countRows(t);
  await write();
  const expected = Object.fromEntries(
    ALL_TABLES.map((table) => [table, (before[table] ?? 0) + (added[table] ?? 0)]),
  );
  expect(await countRows(t)).toEqual(expected);
}

/** A sign-up: the founder, their room with its default group, membership and session. */
const NEW_FOUNDER = { users: 1, data_rooms: 1, investor_groups: 1, room_members: 1, sessions: 1 };

describe.each(INJECTIONS)('%s: %s', (_kind, text) => {
  test('as the name and company of a sign-up', async () => {
    let signedUp: TestResponse | undefined;
    await expectRowsAdded(async () => {
      signedUp = await t.call(accountRoutes.completeSetup, {
        body: { name: text, email: uniqueEmail(), companyName: text },
      });
    }, NEW_FOUNDER);
    if (!signedUp) throw new Error('no response');
    expectShownBack(signedUp, (json: { user: { name: string } }) => json.user.name, text);
    const auth = { authorization: `Bearer ${(signedUp.json as { token: string }).token}` };
    expectShownBack(
      await t.call(authRoutes.me, { headers: auth }),
      (json: { user: { name: string } }) => json.user.name,
      text,
    );
    expectShownBack(
      await t.call(roomRoutes.mine, { headers: auth }),
      (json: { companyName: string }) => json.companyName,
      text,
    );
  });

  test('as the name and company of a promo sign-up', async () => {
    let signedUp: TestResponse | undefined;
    await expectRowsAdded(async () => {
      signedUp = await t.call(accountRoutes.upgradeWithPromo, {
        body: { name: text, email: uniqueEmail(), companyName: text, promoCode: PROMO_CODE },
      });
    }, NEW_FOUNDER);
    if (!signedUp) throw new Error('no response');
    expectShownBack(signedUp, (json: { user: { name: string } }) => json.user.name, text);
    const auth = { authorization: `Bearer ${(signedUp.json as { token: string }).token}` };
    expectShownBack(
      await t.call(roomRoutes.mine, { headers: auth }),
      (json: { companyName: string }) => json.companyName,
      text,
    );
  });

  test('as a promo code to check: not valid, and nothing is written', async () => {
    await expectRowsAdded(async () => {
      const response = await t.call(accountRoutes.validatePromoCode, { body: { code: text } });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ valid: false, message: 'Invalid promo code.' });
    }, {});
  });

  test('as the company on the waitlist (stored exactly; no API reads it back)', async () => {
    const contactEmail = uniqueEmail('waitlist');
    await expectRowsAdded(
      async () => {
        const response = await t.call(accountRoutes.joinWaitlist, {
          body: { companyName: text, contactEmail },
        });
        expect(response.status, response.text).toBe(200);
      },
      { waitlist: 1 },
    );
    const row = await t.app.database.db
      .selectFrom('waitlist')
      .select('company_name')
      .where('contact_email', '=', contactEmail)
      .executeTakeFirstOrThrow();
    expect(row.company_name).toBe(text);
  });

  test('as the (unused) name of a magic-link request: the link is sent, the name goes nowhere', async () => {
    const before = t.smtp.messages.length;
    await expectRowsAdded(
      async () => {
        const response = await t.call(authRoutes.requestMagicLink, {
          body: { email: founder.user.email, name: text },
        });
        expect(response.status, response.text).toBe(200);
      },
      { magic_links: 1 },
    );
    const mail = await t.smtp.waitForMessage(
      (m) => t.smtp.messages.indexOf(m) >= before && recipientsOf(m).includes(founder.user.email),
    );
    expect(`${mail.text}${mail.html}`).not.toContain(text);
  });

  test("as an invited investor's name: listed exactly, and escaped in the e-mail's HTML", async () => {
    const email = uniqueEmail('investor');
    let invited: TestResponse | undefined;
    await expectRowsAdded(
      async () => {
        invited = await t.call(invitationRoutes.create, { body: { email, name: text }, as: founder });
      },
      { invitations: 1 },
    );
    if (!invited) throw new Error('no response');
    expectShownBack(invited, (json: { invitation: { name: string } }) => json.invitation.name, text);
    expectShownBack(
      await read(apiPath(invitationRoutes.mine)),
      (json: { email: string; name: string }[]) =>
        json.find((invitation) => invitation.email === email)?.name,
      text,
    );
    const mail = await t.smtp.waitForMessage((m) => recipientsOf(m).includes(email));
    expect(mail.text).toContain(`Hello ${text},`);
    if (/[<>"]/.test(text)) expect(mail.html).not.toContain(text);
  });

  test('as the company name of the profile: the founder, the member and the investor list see it exactly', async () => {
    await expectRowsAdded(async () => {
      const saved = await t.call(roomRoutes.saveProfile, { body: { name: text }, as: founder });
      expectShownBack(saved, (json: { companyName: string }) => json.companyName, text);
    }, {});
    expectShownBack(
      await read(apiPath(roomRoutes.mine)),
      (json: { companyName: string }) => json.companyName,
      text,
    );
    const view = await read(apiPath(roomRoutes.room, { params: { id: roomId } }), investor);
    expectShownBack(view, (json: { dataRoom: { companyName: string } }) => json.dataRoom.companyName, text);
    expectShownBack(view, (json: { dataRoom: { name: string } }) => json.dataRoom.name, text);
    expectShownBack(
      await read(apiPath(roomRoutes.accessible), investor),
      (json: { dataRooms: { id: string; companyName: string }[] }) =>
        json.dataRooms.find((room) => room.id === roomId)?.companyName,
      text,
    );
  });

  test('as the company description', async () => {
    const description = `${text}\nSecond line: ${text}`;
    await expectRowsAdded(async () => {
      const saved = await t.call(roomRoutes.saveProfile, {
        body: { name: 'Acme', description },
        as: founder,
      });
      expectShownBack(saved, (json: { description: string }) => json.description, description);
    }, {});
    const view = await read(apiPath(roomRoutes.room, { params: { id: roomId } }), investor);
    expectShownBack(
      view,
      (json: { dataRoom: { description: string } }) => json.dataRoom.description,
      description,
    );
    expectShownBack(
      view,
      (json: { dataRoom: { companyDescription: string } }) => json.dataRoom.companyDescription,
      description,
    );
  });

  test('as a question and its published wording and answer: stored and read back exactly', async () => {
    let questionId = '';
    // The question, its line in the access log, and the founders' mail of it (at once, the default
    // notification setting) with its job.
    await expectRowsAdded(
      async () => {
        const asked = await t.call(questionRoutes.ask, {
          params: { id: roomId },
          body: { about: { kind: 'room' }, text },
          as: investor,
        });
        expectShownBack(asked, (json: { text: string }) => json.text, text);
        questionId = asked.json.id;
      },
      { questions: 1, founder_notifications: 1, jobs: 1, access_events: 1 },
    );
    const published = await t.call(questionRoutes.publish, {
      params: { id: questionId },
      body: { question: text, answer: `${text}\n${text}` },
      as: founder,
    });
    expectShownBack(published, (json: { publishedQuestion: string }) => json.publishedQuestion, text);
    const faq = await read(apiPath(questionRoutes.faq, { params: { id: roomId } }), investor);
    expectShownBack(
      faq,
      (json: { entries: { id: string; question: string }[] }) =>
        json.entries.find((entry) => entry.id === questionId)?.question,
      text,
    );
    expectShownBack(
      await read(apiPath(questionRoutes.inbox)),
      (json: { questions: { id: string; text: string }[] }) =>
        json.questions.find((question) => question.id === questionId)?.text,
      text,
    );
  });

  test('in the sections markdown: a heading, a description and a link title, read back exactly', async () => {
    const content = `## ${text}\n${text}\n\n- [${text.replace(/[[\]]/g, '\\$&')}](https://example.com/deck.pdf)\n`;
    // The room's first save adds its sections row (ADR 54); every later one replaces it.
    const saved = await t.app.database.db
      .selectFrom('room_sections')
      .select('room_id')
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    await expectRowsAdded(
      async () => {
        const response = await t.call(roomRoutes.saveSections, { body: { content }, as: founder });
        expect(response.status, response.text).toBe(200);
      },
      saved ? {} : { room_sections: 1 },
    );
    expectShownBack(
      await read(apiPath(roomRoutes.mySections)),
      (json: { content: string }) => json.content,
      content,
    );
    expectShownBack(
      await read(apiPath(roomRoutes.sections, { params: { id: roomId } }), investor),
      (json: { content: string }) => json.content,
      content,
    );
  });

  test('as the title and section of an upload, and in the download name', async () => {
    const upload = multipartBody([
      { name: 'title', content: text },
      { name: 'section', content: text },
      { name: 'file', filename: 'deck.pdf', contentType: 'application/pdf', content: SAMPLE_FILES.pdf },
    ]);
    let uploaded: TestResponse | undefined;
    await expectRowsAdded(
      async () => {
        uploaded = await t.request('POST', apiPath(documentRoutes.upload), {
          ...upload,
          headers: { ...upload.headers, ...founder.auth },
        });
      },
      { documents: 1, document_versions: 1, document_previews: 1, jobs: 1 },
    );
    if (!uploaded) throw new Error('no response');
    expectShownBack(uploaded, (json: { document: { title: string } }) => json.document.title, text);
    expectShownBack(
      uploaded,
      (json: { document: { sectionName: string } }) => json.document.sectionName,
      text,
    );
    const { url, document } = uploaded.json as { url: string; document: { id: string } };
    expectShownBack(
      await read(apiPath(documentRoutes.mine)),
      (json: { id: string; title: string }[]) => json.find((listed) => listed.id === document.id)?.title,
      text,
    );
    const download = await read(url, investor);
    expect(download.status).toBe(200);
    expect(contentDispositionTitle(download.headers.get('content-disposition'))).toBe(text);
  });

  test("as an upload's file name (a name cannot hold a path: what follows the last / is kept, exactly)", async () => {
    const upload = multipartBody([
      {
        name: 'file',
        encodedFilename: `${text}.pdf`,
        contentType: 'application/pdf',
        content: SAMPLE_FILES.pdf,
      },
    ]);
    let uploaded: TestResponse | undefined;
    await expectRowsAdded(
      async () => {
        uploaded = await t.request('POST', apiPath(documentRoutes.upload), {
          ...upload,
          headers: { ...upload.headers, ...founder.auth },
        });
      },
      { documents: 1, document_versions: 1, document_previews: 1, jobs: 1 },
    );
    if (!uploaded) throw new Error('no response');
    const baseName = `${text}.pdf`.split(/[/\\]/).pop();
    expectShownBack(uploaded, (json: { document: { title: string } }) => json.document.title, baseName ?? '');
  });
});

describe('injection in a URL that is still a valid web address', () => {
  // The website is checked as an http(s) URL: these are valid ones, so they are stored exactly as sent.
  test.each([
    "https://acme.example/?q=');DROP TABLE users;--",
    'https://acme.example/#"><script>alert(1)</script>',
  ])('the website %s', async (website) => {
    await expectRowsAdded(async () => {
      const saved = await t.call(roomRoutes.saveProfile, { body: { name: 'Acme', website }, as: founder });
      expectShownBack(saved, (json: { website: string }) => json.website, website);
    }, {});
    expectShownBack(
      await read(apiPath(roomRoutes.room, { params: { id: roomId } }), investor),
      (json: { dataRoom: { website: string } }) => json.dataRoom.website,
      website,
    );
  });

  test("an invitation to an address with SQL in its local part (robert'--@…) reaches that address", async () => {
    const email = `robert'--${Date.now()}@example.com`;
    await expectRowsAdded(
      async () => {
        const invited = await t.call(invitationRoutes.create, { body: { email }, as: founder });
        expectShownBack(invited, (json: { invitation: { email: string } }) => json.invitation.email, email);
      },
      { invitations: 1 },
    );
    const mail = await t.smtp.waitForMessage((m) => recipientsOf(m).includes(email));
    expect(recipientsOf(mail)).toEqual([email]);
  });
});

test('after all of it, a fresh founder still signs up: the schema is whole', async () => {
  await expectRowsAdded(async () => {
    await createFounder(t);
  }, NEW_FOUNDER);
});
