import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  invite,
  linkIn,
  mailTo,
  type SignedIn,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { recipientsOf } from '#tests/support/smtp-server';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const invitedViewStatus = async (token: string) =>
  (await t.call(roomRoutes.invitedRoom, { params: { token } })).status;

const tokenOf = (link: string) => new URL(link).searchParams.get('invite') ?? '';

async function invitationIdOf(founder: SignedIn, email: string): Promise<string> {
  const list = (await t.call(invitationRoutes.mine, { as: founder })).json;
  const found = list.find((invitation) => invitation.email === email);
  if (!found) throw new Error(`no invitation for ${email}`);
  return found.id;
}

async function invitationRows(app: TestApp, column: 'email' | 'invited_by', value: string): Promise<number> {
  const rows = await app.app.database.db
    .selectFrom('invitations')
    .select('id')
    .where(column, '=', value)
    .execute();
  return rows.length;
}

const mailsTo = (email: string) => t.smtp.messages.filter((mail) => recipientsOf(mail).includes(email));

describe('resending an invitation', () => {
  test('sends a new link with the same name and message; the old link no longer opens the room', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('resend');
    const created = await t.call(invitationRoutes.create, {
      body: { email, name: 'Rita Resend', personalMessage: 'Deck is in Financials.' },
      as: founder,
    });
    expect(created.status).toBe(201);
    const first = await mailTo(t, email, 'invited you');
    const oldToken = tokenOf(linkIn(first, `${t.config.appUrl}/data-room?invite=`));
    expect(await invitedViewStatus(oldToken)).toBe(200);

    const id = created.json.invitation.id;
    const resent = await t.call(invitationRoutes.resend, { params: { id }, as: founder });
    expect(resent.status).toBe(201);
    expect(resent.json).toMatchObject({
      message: `Invitation sent to ${email}`,
      invitation: { id, email, name: 'Rita Resend', status: 'pending' },
    });
    const second = await t.smtp.waitForMessage(
      (mail) =>
        mail !== first && recipientsOf(mail).includes(email) && /invited you/.test(mail.subject ?? ''),
    );
    const newToken = tokenOf(linkIn(second, `${t.config.appUrl}/data-room?invite=`));
    expect(newToken).not.toBe(oldToken);
    expect(second.text).toContain('Hello Rita Resend,');
    expect(second.text).toContain('> Deck is in Financials.');
    expect(await invitedViewStatus(oldToken)).toBe(404);
    expect(await invitedViewStatus(newToken)).toBe(200);
  });

  test('an accepted invitation has nothing to resend: 409, and no mail', async () => {
    const { founder, investorEmail } = await founderWithInvestor(t);
    const id = await invitationIdOf(founder, investorEmail);
    const before = mailsTo(investorEmail).length;
    const response = await t.call(invitationRoutes.resend, { params: { id }, as: founder });
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ error: 'invitation_accepted' });
    expect(mailsTo(investorEmail).length).toBe(before);
  });

  test('only the room’s managers resend: another founder gets 404, its investor 403, nobody 401', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const email = uniqueEmail('pending');
    await invite(t, founder, email);
    const id = await invitationIdOf(founder, email);
    const other = await createFounder(t);
    const path = apiPath(invitationRoutes.resend, { params: { id } });
    expect((await t.request('POST', path, { headers: other.auth })).status).toBe(404);
    expect((await t.request('POST', path, { headers: investor.auth })).status).toBe(403);
    expect((await t.request('POST', path)).status).toBe(401);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('copying an invitation link', () => {
  test('answers a new link once and sends no mail; the mailed link stops working', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('copy');
    const mailedToken = await invite(t, founder, email);
    const id = await invitationIdOf(founder, email);
    const response = await t.call(invitationRoutes.copyLink, { params: { id }, as: founder });
    expect(response.status).toBe(200);
    const { link, message, invitation } = response.json;
    expect(link).toMatch(new RegExp(`^${t.config.appUrl}/data-room\\?invite=[A-Za-z0-9_-]{43}$`));
    expect(message).toBe(`A new link for ${email}: the link in the e-mail no longer works.`);
    expect(invitation.status).toBe('pending');
    expect(await invitedViewStatus(mailedToken)).toBe(404);
    expect(await invitedViewStatus(tokenOf(link))).toBe(200);
    expect(mailsTo(email)).toHaveLength(1);

    // Copying again retires the copied link too: only the newest link opens the room.
    const again = (await t.call(invitationRoutes.copyLink, { params: { id }, as: founder })).json;
    expect(await invitedViewStatus(tokenOf(link))).toBe(404);
    expect(await invitedViewStatus(tokenOf(again.link))).toBe(200);
  });

  test('an expired invitation gets a link valid seven days again', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('expired-copy');
    await invite(t, founder, email);
    await t.app.database.db
      .updateTable('invitations')
      .set({ expires_at: Date.now() - 1 })
      .where('email', '=', email)
      .execute();
    const id = await invitationIdOf(founder, email);
    const response = await t.call(invitationRoutes.copyLink, { params: { id }, as: founder });
    const { link, invitation } = response.json;
    expect(invitation.status).toBe('pending');
    expect(await invitedViewStatus(tokenOf(link))).toBe(200);
  });

  test('refused: an accepted invitation (409), another founder (404), an investor (403), nobody (401)', async () => {
    const { founder, investor, investorEmail } = await founderWithInvestor(t);
    const accepted = await invitationIdOf(founder, investorEmail);
    expect((await t.call(invitationRoutes.copyLink, { params: { id: accepted }, as: founder })).status).toBe(
      409,
    );
    const email = uniqueEmail('not-yours');
    const token = await invite(t, founder, email);
    const id = await invitationIdOf(founder, email);
    const other = await createFounder(t);
    for (const [auth, status] of [
      [other.auth, 404],
      [investor.auth, 403],
      [{}, 401],
    ] as const) {
      expect((await t.call(invitationRoutes.copyLink, { params: { id }, headers: auth })).status).toBe(
        status,
      );
    }
    // Nobody refused changed the link.
    expect(await invitedViewStatus(token)).toBe(200);
  });
});

describe('the invitation mail', () => {
  test('quotes the personal message as plain text, escaped in the HTML', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('message');
    const personalMessage = 'Hi Ann,\nsee <b>the deck</b> & "numbers" <script>alert(1)</script>';
    const response = await t.call(invitationRoutes.create, { body: { email, personalMessage }, as: founder });
    expect(response.status).toBe(201);
    const mail = await mailTo(t, email, 'invited you');
    expect(mail.text).toContain('Fran Founder wrote:\n> Hi Ann,\n> see <b>the deck</b> & "numbers"');
    const html = String(mail.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>the deck</b>');
    expect(html).toContain('Hi Ann,<br>see &#60;b&#62;the deck&#60;/b&#62; &#38; &#34;numbers&#34;');
  });

  test('a personal message over 1,000 characters is refused, naming the field, and nothing is sent', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('long-message');
    const response = await t.call(invitationRoutes.create, {
      body: { email, personalMessage: 'x'.repeat(1001) },
      as: founder,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: 'personalMessage' });
    expect(await invitationRows(t, 'email', email)).toBe(0);
    expect(mailsTo(email)).toHaveLength(0);
  });

  test('in a view-only room it says read, never download; the expiry is a date for people', async () => {
    const founder = await createFounder(t);
    const policy = await t.call(roomRoutes.setDownloadDefault, {
      body: { isDownloadAllowed: false },
      as: founder,
    });
    expect(policy.status).toBe(200);
    const email = uniqueEmail('view-only');
    await invite(t, founder, email);
    const mail = await mailTo(t, email, 'invited you');
    expect(mail.text).toContain('Open the link to read the documents of the data room.');
    expect(`${mail.text} ${mail.html}`).not.toMatch(/download/i);
    expect(mail.text).toMatch(
      /valid until [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC \(7 days\)/,
    );
    expect(mail.text).not.toContain('GMT');
  });

  test('in a room that allows downloads it says so', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('downloads');
    await invite(t, founder, email);
    const mail = await mailTo(t, email, 'invited you');
    expect(mail.text).toContain('read the documents of the data room and download them');
  });

  test('it says what the invitee will be able to do: every document view-only, or a view-only group, is read only', async () => {
    // The room's own switch allows downloads, but each document says view only.
    const founder = await createFounder(t);
    const documentIds: string[] = [];
    for (const name of ['Deck.pdf', 'Model.pdf']) {
      const upload = await uploadFile(t, founder, { name, bytes: uniquePdf() }, { section: 'Pitch' });
      expect(upload.status, upload.text).toBe(201);
      documentIds.push((upload.json as { document: { id: string } }).document.id);
    }
    const setPolicy = async (id: string | undefined, policy: 'view_only' | 'allowed') =>
      expect(
        (
          await t.call(documentRoutes.setDownloadPolicy, {
            params: { id: id ?? '' },
            body: { policy },
            as: founder,
          })
        ).status,
      ).toBe(200);
    for (const id of documentIds) await setPolicy(id, 'view_only');
    const readOnly = uniqueEmail('all-view-only');
    await invite(t, founder, readOnly);
    const readOnlyMail = await mailTo(t, readOnly, 'invited you');
    expect(readOnlyMail.text).toContain('Open the link to read the documents of the data room.');
    expect(`${readOnlyMail.text} ${readOnlyMail.html}`).not.toMatch(/download/i);

    // One document downloadable again: an investor of a view-only group still only reads.
    await setPolicy(documentIds[0], 'allowed');
    const group = await t.call(groupRoutes.create, {
      body: { name: 'Readers', isViewOnly: true },
      as: founder,
    });
    expect(group.status, group.text).toBe(201);
    const inGroup = uniqueEmail('view-only-group');
    const invited = await t.call(invitationRoutes.create, {
      body: { email: inGroup, groupId: group.json.id },
      as: founder,
    });
    expect(invited.status, invited.text).toBe(201);
    expect((await mailTo(t, inGroup, 'invited you')).text).not.toMatch(/download/i);
    const everyone = uniqueEmail('may-download');
    await invite(t, founder, everyone);
    expect((await mailTo(t, everyone, 'invited you')).text).toContain(
      'read the documents of the data room and download them',
    );
  });
});

describe('inviting in bulk', () => {
  const bulk = (founder: SignedIn, json: Record<string, unknown>) =>
    t.call(invitationRoutes.bulk, { rawBody: json, as: founder });

  test('each address is invited or refused with why: invalid, listed twice, a member already, one’s own, a formula', async () => {
    const { founder, investorEmail } = await founderWithInvestor(t);
    const good = uniqueEmail('bulk-good');
    const named = uniqueEmail('bulk-named');
    const formula = '=HYPERLINK("http://evil.example","click")';
    const addresses = [
      good,
      `Nora Named <${named}>`,
      'not-an-address',
      good.toUpperCase(),
      investorEmail,
      founder.user.email,
      `"${formula.replaceAll('"', '""')}"`,
    ].join('\n');
    const response = await bulk(founder, { addresses, personalMessage: 'Welcome aboard.' });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(body.message).toBe('2 invitations sent, 5 addresses refused');
    expect(body.results.map(({ entry, status, reason }) => ({ entry, status, reason }))).toEqual([
      { entry: good, status: 'invited', reason: null },
      { entry: named, status: 'invited', reason: null },
      {
        entry: 'not-an-address',
        status: 'refused',
        reason: 'Not an e-mail address (a name goes in a CSV “name” column, or as Name <address>).',
      },
      {
        entry: good.toUpperCase(),
        status: 'refused',
        reason: 'Listed more than once: invited once, from its first line.',
      },
      {
        entry: investorEmail,
        status: 'refused',
        reason: `${investorEmail} already has access to this data room.`,
      },
      { entry: founder.user.email, status: 'refused', reason: 'That is your own address.' },
      {
        entry: formula,
        status: 'refused',
        reason: 'Not an e-mail address (a name goes in a CSV “name” column, or as Name <address>).',
      },
    ]);
    expect(body.results[1]?.invitation).toMatchObject({
      email: named,
      name: 'Nora Named',
      status: 'pending',
    });

    const mail = await mailTo(t, named, 'invited you');
    expect(mail.text).toContain('Hello Nora Named,');
    expect(mail.text).toContain('> Welcome aboard.');
    await mailTo(t, good, 'invited you');
    expect(mailsTo(good)).toHaveLength(1);
    expect(await invitationRows(t, 'email', 'not-an-address')).toBe(0);
  });

  test('a typo beside an address is refused by name, never read as the address’s name: the counts are true and the mail greets nobody by it', async () => {
    const founder = await createFounder(t);
    const ana = uniqueEmail('ana');
    const response = await bulk(founder, { addresses: `${ana}, not-an-email\n${uniqueEmail('bo')}@@typo` });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(body).toMatchObject({
      message: '1 invitation sent, 2 addresses refused',
      invitedCount: 1,
      refusedCount: 2,
    });
    expect(body.results.map(({ entry, status, reason }) => ({ entry, status, reason }))).toEqual([
      { entry: ana, status: 'invited', reason: null },
      {
        entry: 'not-an-email',
        status: 'refused',
        reason: 'Not an e-mail address (a name goes in a CSV “name” column, or as Name <address>).',
      },
      { entry: expect.stringMatching(/@@typo$/), status: 'refused', reason: 'Not an e-mail address.' },
    ]);
    expect(body.results[0]?.invitation?.name ?? null).toBeNull();
    const mail = await mailTo(t, ana, 'invited you');
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain('not-an-email');
    const listed = (await t.call(invitationRoutes.mine, { as: founder })).json;
    expect(JSON.stringify(listed)).not.toContain('not-an-email');
    expect(await invitationRows(t, 'email', 'not-an-email')).toBe(0);
  });

  test('a CSV file with an email header reads that column and the names, and keeps a formula as text', async () => {
    const founder = await createFounder(t);
    const first = uniqueEmail('csv-first');
    const second = uniqueEmail('csv-second');
    const csv = [
      'Name,Email,Fund',
      `Ann Lee,${first},Acme Ventures`,
      `"=HYPERLINK(""http://evil.example"",""x"")",${second},Beta`,
      ',,',
    ].join('\r\n');
    const response = await bulk(founder, { addresses: `\uFEFF${csv}` });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(body.results.map((result) => [result.entry, result.status, result.invitation?.name])).toEqual([
      [first, 'invited', 'Ann Lee'],
      [second, 'invited', '=HYPERLINK("http://evil.example","x")'],
    ]);
    const mail = await mailTo(t, second, 'invited you');
    expect(mail.text).toContain('Hello =HYPERLINK("http://evil.example","x"),');
  });

  test('addresses separated by commas, semicolons and spaces are all read', async () => {
    const founder = await createFounder(t);
    const emails = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c'), uniqueEmail('d')];
    const response = await bulk(founder, {
      addresses: `${emails[0]}, ${emails[1]}; ${emails[2]} ${emails[3]}`,
    });
    expect(response.json.results.map((result) => result.status)).toEqual([
      'invited',
      'invited',
      'invited',
      'invited',
    ]);
  });

  test('a list that cannot be read, or has no address, is a 400 naming the field, and sends nothing', async () => {
    const founder = await createFounder(t);
    const email = uniqueEmail('unread');
    const before = t.smtp.messages.length;
    for (const addresses of [`"${email}`, '  ', ',,;\n\t']) {
      const response = await bulk(founder, { addresses });
      expect(response.status, addresses).toBe(400);
      expect(response.json).toMatchObject({ error: 'invalid_request', field: 'addresses' });
    }
    expect(t.smtp.messages.length).toBe(before);
    expect(await invitationRows(t, 'email', email)).toBe(0);
  });

  test('more than 10,000 addresses is a 400 that sends nothing', async () => {
    const founder = await createFounder(t);
    const addresses = Array.from({ length: 10_001 }, (_, i) => `over${i}@bulk.example`).join('\n');
    const response = await bulk(founder, { addresses });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      message: 'addresses: at most 10,000 addresses at once: split the list',
    });
    expect(await invitationRows(t, 'email', 'over0@bulk.example')).toBe(0);
  });

  test('the refused callers: nobody 401, an investor 403, and nothing is sent', async () => {
    const { investor } = await founderWithInvestor(t);
    const email = uniqueEmail('refused-caller');
    expect((await t.call(invitationRoutes.bulk, { body: { addresses: email }, as: investor })).status).toBe(
      403,
    );
    expect((await t.call(invitationRoutes.bulk, { body: { addresses: email } })).status).toBe(401);
    expect(mailsTo(email)).toHaveLength(0);
  });
});

describe('inviting in bulk against the daily limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ environment: { INVITATIONS_PER_DAY: '3' } });
  });
  afterAll(() => limited.close());

  test('10,000 addresses answer one by one: the first within the limit go, every other says why', async () => {
    const founder = await createFounder(limited);
    const addresses = Array.from({ length: 10_000 }, (_, i) =>
      i % 1000 === 999 ? `broken-${i}` : `bulk-${i}-${founder.user.id.slice(0, 8)}@bulk.example`,
    );
    const before = limited.smtp.messages.length;
    const response = await limited.call(invitationRoutes.bulk, {
      body: { addresses: addresses.join('\n') },
      as: founder,
    });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(body.results).toHaveLength(10_000);
    expect(body.invitedCount).toBe(3);
    expect(body.results.slice(0, 3).map((result) => result.status)).toEqual([
      'invited',
      'invited',
      'invited',
    ]);
    const refusals = new Set(body.results.slice(3).map((result) => result.reason));
    expect(refusals).toEqual(
      new Set([
        'You have sent 3 invitations in the last 24 hours, the most a data room can send. Please try again later.',
        'Not an e-mail address (a name goes in a CSV “name” column, or as Name <address>).',
      ]),
    );
    expect(body.results[999]).toMatchObject({ entry: 'broken-999', status: 'refused' });
    await limited.smtp.waitForMessage(() => limited.smtp.messages.length - before >= 3);
    expect(limited.smtp.messages.length - before).toBe(3);
    expect(await invitationRows(limited, 'invited_by', founder.user.id)).toBe(3);
  });
});
