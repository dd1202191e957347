import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, devices } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { recipientsOf } from '#tests/support/smtp-server';
import { e2eMailDir } from './e2e-environment';
import { expect, test, watchConsole } from './fixtures';
import { type DeckRoom, roomWithDeck } from './support/deck-room';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { isWhollyOnScreen, swipeToNextPage } from './support/touch';

const DECK_NAME = 'Seed deck.pdf';

/** Every message the e2e SMTP server received for this address. */
async function mailsTo(email: string) {
  const files = fs.existsSync(e2eMailDir) ? fs.readdirSync(e2eMailDir) : [];
  const mails = await Promise.all(
    files.map(async (file) => simpleParser(fs.readFileSync(path.join(e2eMailDir, file)))),
  );
  return mails.filter((mail) => recipientsOf(mail).includes(email.toLowerCase()));
}

/** Waits until the deck's pages are prepared, as the founder's file list would show "Ready". */
async function deckReady(request: APIRequestContext, room: DeckRoom) {
  await expect
    .poll(
      async () => {
        const documents = (await (
          await request.get(apiPath(documentRoutes.mine), { headers: room.headers })
        ).json()) as { id: string; preview: { status: string } }[];
        return documents.find((document) => document.id === room.documentId)?.preview.status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
}

async function roomIdOf(request: APIRequestContext, room: DeckRoom): Promise<string> {
  return (
    (await (await request.get(apiPath(roomRoutes.mine), { headers: room.headers })).json()) as { id: string }
  ).id;
}

test.describe('the investor’s way in', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('from the invitation e-mail to page 1 of the deck in two taps, no second e-mail; a swipe to page 3 that a reload keeps; Back returns to the section @phone', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'a phone journey: the investor reads at 390 px');
    test.setTimeout(120_000);
    const companyName = `Harbor Lights ${Date.now()}`;
    const room = await roomWithDeck(request, baseURL, {
      companyName,
      section: 'Decks',
      deckName: DECK_NAME,
      pages: 3,
      investorName: 'Ines Investor',
    });
    const roomId = await roomIdOf(request, room);
    await deckReady(request, room);
    const invitation = await waitForMail(room.investorEmail, 'invited you');
    const inviteLink = firstLinkStartingWith(invitation, `${baseURL}/data-room?invite=`);

    // Tap one: "Open the data room" on the invitation page signs this phone in and opens the room.
    await page.goto(inviteLink);
    // A first load on a busy machine: the room's parse runs in a worker.
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Open the data room' }).click();
    await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}$`));

    // Tap two: the deck, listed at once in a room of one section.
    const deckRow = page.getByRole('link', { name: new RegExp(DECK_NAME) });
    await expect(deckRow).toHaveAttribute('href', `/data-room/${roomId}/documents/${room.documentId}`);
    await deckRow.click();
    await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}/documents/${room.documentId}`));
    const firstPage = page.getByRole('img', { name: 'Page 1 of 3' });
    await expect(firstPage).toBeVisible();
    await expect
      .poll(() => firstPage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect((await mailsTo(room.investorEmail)).map((mail) => mail.subject)).toEqual([invitation.subject]);

    // A swipe turns the page; the address names it, and a reload keeps it.
    const toolbar = page.getByRole('toolbar', { name: 'Pages' });
    await swipeToNextPage(page);
    await expect(toolbar).toContainText('Page 2 of 3');
    await expect
      .poll(() => page.getByRole('img', { name: 'Page 2 of 3' }).evaluate(isWhollyOnScreen))
      .toBe(true);
    await swipeToNextPage(page);
    await expect(toolbar).toContainText('Page 3 of 3');
    await expect(page).toHaveURL(new RegExp(`/documents/${room.documentId}\\?page=3$`));
    await page.reload();
    await expect(page.getByRole('toolbar', { name: 'Pages' })).toContainText('Page 3 of 3');
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: 'Page 3 of 3' })
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);

    // Back returns to the room with the section shown; a section has its own page, and Back returns there.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}$`));
    await expect(page.getByRole('heading', { name: 'Decks' })).toBeVisible();
    await page.getByRole('link', { name: 'Decks', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}/sections/1$`));
    await page.getByRole('link', { name: new RegExp(DECK_NAME) }).click();
    await expect(page.getByRole('link', { name: 'Back to the section' })).toHaveAttribute(
      'href',
      `/data-room/${roomId}/sections/1`,
    );
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}/sections/1$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Decks' })).toBeVisible();

    // A reload keeps the place: the section, then the document.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Decks' })).toBeVisible();
    await page.goForward();
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/documents/${room.documentId}`));
    await expect(page.getByRole('img', { name: 'Page 1 of 3' })).toBeVisible();

    // The same link on another device is no credential now: it offers a sign-in link to the invited address.
    const other = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
    const otherPage = await other.newPage();
    const errors = watchConsole(otherPage, [/status of 404/]);
    await otherPage.goto(inviteLink);
    await expect(otherPage.getByRole('heading', { name: 'This invitation was already used' })).toBeVisible();
    await expect(otherPage.getByText(`sign in with a link sent to ${room.investorEmail}`)).toBeVisible();
    await otherPage.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(otherPage.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const signIn = firstLinkStartingWith(
      await waitForMail(room.investorEmail, 'sign-in link'),
      `${baseURL}/verify?token=`,
    );
    expect(new URL(signIn).searchParams.get('returnTo')).toBe(`/data-room/${roomId}`);
    await otherPage.goto(signIn);
    await expect(otherPage.getByRole('heading', { name: 'Access granted' })).toBeVisible();
    await expect(otherPage).toHaveURL(new RegExp(`/data-room/${roomId}$`), { timeout: 5000 });
    await expect(otherPage.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await other.close();
    expect(errors, 'console errors on the second device').toEqual([]);
  });

  test('an expired session opening a deep link to a page of a document signs in by magic link and lands on it', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const room = await roomWithDeck(request, baseURL, {
      companyName: `Deep Link Labs ${Date.now()}`,
      section: 'Decks',
      deckName: DECK_NAME,
      pages: 3,
      investorName: 'Dee Linker',
    });
    const roomId = await roomIdOf(request, room);
    await deckReady(request, room);
    const inviteLink = firstLinkStartingWith(
      await waitForMail(room.investorEmail, 'invited you'),
      `${baseURL}/data-room?invite=`,
    );
    // Signed in once with the invitation; that session then ends on the server (as an expired one has).
    await page.goto(inviteLink);
    await page.getByRole('button', { name: 'Open the data room' }).click();
    await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}$`));
    const [ended] = (await page.context().cookies()).filter((cookie) => cookie.name === 'rr_session');
    expect(ended).toBeDefined();
    // The room warms its document's first page when idle; signing out under it would answer that 401.
    await page.waitForLoadState('networkidle');
    // The sign-out is done on the server before the old cookie comes back: the page's HTML and its
    // first answers then agree that it no longer signs in.
    await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === apiPath(authRoutes.logout)),
      page.getByRole('button', { name: 'Logout' }).click(),
    ]);
    await page.context().addCookies([{ ...(ended as NonNullable<typeof ended>) }]);

    const deepLink = `/data-room/${roomId}/documents/${room.documentId}?page=2`;
    await page.goto(deepLink);
    await expect(page.getByRole('heading', { name: 'Sign in to your data room' })).toBeVisible();
    await page.getByLabel('Email address').fill(room.investorEmail);
    await page.getByRole('button', { name: 'Get magic link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const signIn = firstLinkStartingWith(
      await waitForMail(room.investorEmail, 'sign-in link'),
      `${baseURL}/verify?token=`,
    );
    expect(new URL(signIn).searchParams.get('returnTo')).toBe(deepLink);
    await page.goto(signIn);
    await expect(page).toHaveURL(`${baseURL}${deepLink}`, { timeout: 5000 });
    await expect(page.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Page 2 of 3' })).toBeAttached();
  });
});

test.describe('an invitation proves its room, not the account (ADR 74)', () => {
  test('an investor of another room opening a new invitation reads the new room; their other rooms wait for a sign-in link', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const firstCompany = `First Light ${Date.now()}`;
    const first = await roomWithDeck(request, baseURL, {
      companyName: firstCompany,
      section: 'Decks',
      deckName: DECK_NAME,
      pages: 1,
      investorName: 'Orla Other',
    });
    const firstRoomId = await roomIdOf(request, first);
    const email = first.investorEmail;
    // (This request context keeps the cookies it is given: every write here names our Origin.)
    const secondCompany = `Second Wind ${Date.now()}`;
    const created = await request.post(apiPath(accountRoutes.completeSetup), {
      data: { name: 'Sol Second', email: `second-${Date.now()}@e2e.test`, companyName: secondCompany },
      headers: { origin: baseURL ?? '' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const second = { authorization: `Bearer ${((await created.json()) as { token: string }).token}` };
    // They read the first room already: a member, signed in by a magic link once (here through the API).
    const asked = await request.post(apiPath(authRoutes.requestMagicLink), {
      data: { email, name: '' },
      headers: { origin: baseURL ?? '' },
    });
    expect(asked.status()).toBe(200);
    const token = new URL(
      firstLinkStartingWith(await waitForMail(email, 'sign-in link'), `${baseURL}/verify?token=`),
    ).searchParams.get('token');
    const verified = await request.post(apiPath(authRoutes.verify), {
      data: { token },
      headers: { origin: baseURL ?? '' },
    });
    expect(verified.status(), await verified.text()).toBe(200);

    // A second founder invites the same address; the invitation's link is opened in a browser.
    const secondHeaders = { ...second, origin: baseURL ?? '' };
    const invited = await request.post(apiPath(invitationRoutes.create), {
      headers: secondHeaders,
      data: { email },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const secondRoomId = (
      (await (await request.get(apiPath(roomRoutes.mine), { headers: secondHeaders })).json()) as {
        id: string;
      }
    ).id;
    const inviteLink = firstLinkStartingWith(
      await waitForMail(email, secondCompany),
      `${baseURL}/data-room?invite=`,
    );
    await page.goto(inviteLink);
    await page.getByRole('button', { name: 'Open the data room' }).click();
    await expect(page).toHaveURL(new RegExp(`/data-room/${secondRoomId}$`));
    await expect(page.getByRole('heading', { level: 1, name: secondCompany })).toBeVisible();

    // Their other rooms are not this link's to open: the dashboard and the first room ask for the mailbox.
    await page.goto('/investor-dashboard');
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    await expect(page.getByText(firstCompany)).toHaveCount(0);
    await page.goto(`/data-room/${firstRoomId}`);
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    await expect(page.getByText(firstCompany)).toHaveCount(0);

    // A sign-in link to the address proves it: the first room opens where it was asked for.
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const signIn = firstLinkStartingWith(
      await waitForMail(email, 'sign-in link'),
      `${baseURL}/verify?token=`,
    );
    expect(new URL(signIn).searchParams.get('returnTo')).toBe(`/data-room/${firstRoomId}`);
    await page.goto(signIn);
    await expect(page).toHaveURL(new RegExp(`/data-room/${firstRoomId}$`), { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: firstCompany })).toBeVisible();
    await page.goto('/investor-dashboard');
    await expect(page.getByText(firstCompany).first()).toBeVisible();
    await expect(page.getByText(secondCompany).first()).toBeVisible();
  });
});

test.describe('an invitation that no longer opens the room', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('a withdrawn invitation says so, in words @phone', async ({ page, request, baseURL }) => {
    const room = await roomWithDeck(request, baseURL, {
      companyName: `Withdrawn Works ${Date.now()}`,
      section: 'Decks',
      deckName: DECK_NAME,
      pages: 1,
      investorName: 'Wes Withdrawn',
    });
    const inviteLink = firstLinkStartingWith(
      await waitForMail(room.investorEmail, 'invited you'),
      `${baseURL}/data-room?invite=`,
    );
    const invitations = (await (
      await request.get(apiPath(invitationRoutes.mine), { headers: room.headers })
    ).json()) as {
      id: string;
      email: string;
    }[];
    const invitation = invitations.find((candidate) => candidate.email === room.investorEmail);
    expect(
      (
        await request.delete(apiPath(invitationRoutes.remove, { params: { id: String(invitation?.id) } }), {
          headers: room.headers,
        })
      ).status(),
    ).toBe(204);

    await page.goto(inviteLink);
    await expect(page.getByRole('heading', { name: 'This invitation was withdrawn' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      page.getByText(`The founder withdrew the invitation to ${room.investorEmail}.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open the data room' })).toHaveCount(0);
  });
});
