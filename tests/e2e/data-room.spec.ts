import fs from 'node:fs';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { type RoomPreview, roomPreviewRoutes } from '#shared/contracts/room-preview';
import { roomRoutes } from '#shared/contracts/rooms';
import { expect, test } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { openAfterItsAnswers } from './support/page-answers';
import { founderWithRoom, signInByMagicLink, uniqueEmail } from './support/people';

const EXTERNAL_URL = 'https://research.example.com/market-report.pdf';
const DECK_NAME = 'Pitch deck.pdf';
const DECK_BYTES = Buffer.from(
  `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${'deck '.repeat(200)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
);

/** A founder's room with two uploads (a PDF in Decks, a CSV in Market research) and one external link. */
async function publishedRoom(request: APIRequestContext, baseURL: string | undefined, companyName: string) {
  const founder = await founderWithRoom(request, companyName);
  const headers = { ...founder, origin: baseURL ?? '' };
  const saved = await request.post(apiPath(roomRoutes.saveSections), {
    headers,
    data: {
      content: [
        '# Company Information',
        `name: ${companyName}`,
        'stage: Seed',
        'description: Batteries that balance the grid',
        '',
        '## Decks',
        'What we show investors first.',
        '',
        '## Market research',
        `- [Market report](${EXTERNAL_URL})`,
        '',
      ].join('\n'),
    },
  });
  expect(saved.status()).toBe(200);
  const uploaded = await request.post(apiPath(documentRoutes.upload), {
    headers,
    multipart: {
      section: 'Decks',
      file: { name: DECK_NAME, mimeType: 'application/pdf', buffer: DECK_BYTES },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const second = await request.post(apiPath(documentRoutes.upload), {
    headers,
    multipart: {
      section: 'Market research',
      file: {
        name: 'Customer interviews.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('customer,quote\nAcme,"We need this"\n'),
      },
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  const room = (await (await request.get(apiPath(roomRoutes.mine), { headers: founder })).json()) as {
    id: string;
  };
  return { founder, roomId: room.id };
}

async function inviteInvestor(request: APIRequestContext, founder: Record<string, string>, name: string) {
  const email = uniqueEmail('investor');
  const invited = await request.post(apiPath(invitationRoutes.create), {
    data: { email, name },
    headers: founder,
  });
  expect(invited.status()).toBe(201);
  return { email, mail: await waitForMail(email, 'invited you') };
}

/** The test network has no internet: the external document's site is a stub. */
async function stubExternalSite(context: BrowserContext) {
  await context.route(`${EXTERNAL_URL}*`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Market report</h1>' }),
  );
}

test('an invited investor opens the room, downloads the upload and clicks the link; the founder sees both', async ({
  page,
  request,
  baseURL,
}) => {
  const companyName = `Gridwise Storage ${Date.now()}`;
  const { founder, roomId } = await publishedRoom(request, baseURL, companyName);
  const { email } = await inviteInvestor(request, founder, 'Ivy Investor');
  await stubExternalSite(page.context());

  await signInByMagicLink(page, email, baseURL);
  await expect(page).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await page.getByRole('link', { name: 'View data room' }).click();
  await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}$`));

  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(page.getByText('Batteries that balance the grid')).toBeVisible();
  await expect(page.getByText('Seed', { exact: true })).toBeVisible();
  const lastUpdated = page.getByRole('term').filter({ hasText: 'Last updated' }).locator('xpath=..');
  await expect(lastUpdated.getByRole('definition')).toHaveText('Today');
  const documents = page.getByRole('term').filter({ hasText: 'Documents' }).locator('xpath=..');
  await expect(documents.getByRole('definition')).toHaveText('3');
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
    'href',
    '/investor-dashboard',
  );

  // Two sections: the room's page lists their documents at once; each section's name links to its page.
  await expect(page.getByRole('link', { name: 'Decks', exact: true })).toHaveAttribute(
    'href',
    `/data-room/${roomId}/sections/1`,
  );
  await expect(page.getByText('What we show investors first.')).toBeVisible();
  const deckRow = page.getByRole('link', { name: /Pitch deck\.pdf/ });
  await expect(deckRow).toContainText('Read');
  await expect(deckRow).toContainText('Updated today');
  await expect(deckRow).toContainText('PDF');
  // The upload opens in the viewer, at a URL of its own; Download there saves the original.
  await deckRow.click();
  await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}/documents/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).first().click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe(DECK_NAME);
  expect(fs.readFileSync(await download.path()).equals(DECK_BYTES)).toBe(true);

  // The back button returns to the page the document was opened from.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}$`));
  await expect(page.getByRole('heading', { name: 'Decks' })).toBeVisible();
  // A section has a URL of its own; its way back is a link to the room.
  await page.getByRole('link', { name: 'Market research', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}/sections/2$`));
  await expect(page.getByRole('link', { name: 'Back to sections' })).toHaveAttribute(
    'href',
    `/data-room/${roomId}`,
  );
  const newPage = page.context().waitForEvent('page');
  await page.getByRole('link', { name: /Market report/ }).click();
  const external = await newPage;
  await expect(external).toHaveURL(EXTERNAL_URL);
  await expect(external.getByRole('heading', { name: 'Market report' })).toBeVisible();
  await external.close();

  const access = (await (
    await request.get(apiPath(adminRoutes.recentAccess), { headers: founder })
  ).json()) as {
    userName: string;
    documentTitle: string;
    actionType: string;
  }[];
  expect(
    access.map(({ userName, documentTitle, actionType }) => ({ userName, documentTitle, actionType })),
  ).toEqual([
    { userName: 'Ivy Investor', documentTitle: 'Market report', actionType: 'clicked' },
    { userName: 'Ivy Investor', documentTitle: DECK_NAME, actionType: 'downloaded' },
  ]);
});

test('the invitation link shows the room without a session; tapping an upload opens the room with the invitation and reads it @phone', async ({
  page,
  request,
  baseURL,
}) => {
  const companyName = `Lantern Health ${Date.now()}`;
  const { founder, roomId } = await publishedRoom(request, baseURL, companyName);
  const { email, mail } = await inviteInvestor(request, founder, 'Oren Observer');
  const inviteLink = firstLinkStartingWith(mail, `${baseURL}/data-room?invite=`);
  await stubExternalSite(page.context());

  await page.goto(inviteLink);
  // A first load on a busy machine: the room's parse runs in a worker.
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Open the data room' })).toBeVisible();
  await expect(page.getByText(`Open it as ${email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Market research 2 documents' }).click();
  const newPage = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /Market report/ }).click();
  await expect(await newPage).toHaveURL(EXTERNAL_URL);

  const access = (await (
    await request.get(apiPath(adminRoutes.recentAccess), { headers: founder })
  ).json()) as {
    userName: string;
    actionType: string;
  }[];
  expect(access).toEqual([
    expect.objectContaining({ userName: `${email} (invited)`, actionType: 'clicked' }),
  ]);

  // "Read" on an upload: the invitation opens the room on this device, then the document.
  await page.getByRole('button', { name: 'Back to sections' }).click();
  await page.getByRole('button', { name: 'Decks 1 document' }).click();
  const deckRow = page.getByRole('button', { name: /Pitch deck\.pdf/ });
  await expect(deckRow).toContainText('Read');
  await expect(deckRow).not.toContainText(/download/i);
  await deckRow.click();
  await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}/documents/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: DECK_NAME })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/data-room/${roomId}$`));
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the founder previews the room as investors see it, and /data-room is the own room @phone', async ({
  page,
}) => {
  const companyName = `Preview Works ${Date.now()}`;
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(setup.status()).toBe(201);

  const [previewAnswer] = await openAfterItsAnswers(page, '/preview', [apiPath(roomPreviewRoutes.preview)]);
  const roomId = ((await previewAnswer.json()) as RoomPreview).dataRoom.id;
  await expect(page.getByRole('heading', { name: 'Investor preview' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  // The starter's sections are empty, so investors see none of them; the founder's marks show them.
  await expect(page.getByText(/They see no section yet/)).toBeVisible();
  await page.getByLabel('Show hidden and empty sections').check();
  const firstCard = page.getByRole('button', { name: /0 documents Empty: nobody sees it$/ }).first();
  const sectionName = (await firstCard.locator('span[id$="-name"]').textContent()) ?? '';
  await firstCard.click();
  await expect(page.getByRole('heading', { level: 2, name: sectionName })).toBeVisible();
  await page.getByRole('button', { name: 'Close preview' }).click();
  await expect(page.getByRole('heading', { name: 'Sections' })).toBeVisible();

  const room = { params: { id: roomId } };
  const roomAnswers = [
    apiPath(roomRoutes.room, room),
    apiPath(roomRoutes.sections, room),
    apiPath(documentRoutes.inRoom, room),
  ];
  for (const path of ['/data-room', '/app']) {
    await openAfterItsAnswers(page, path, roomAnswers);
    await expect(page.getByRole('heading', { level: 1, name: companyName }), path).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Investor preview' }), path).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' }), path).toBeVisible();
  }
});

test.describe('rooms that cannot be shown', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unusable invitation link, an unknown room, and /data-room without a session', async ({ page }) => {
    const unusable = { params: { token: 'not-a-real-invitation-token' } };
    await openAfterItsAnswers(page, `/data-room?invite=${unusable.params.token}`, [
      apiPath(authRoutes.invitationLinkState, unusable),
    ]);
    await expect(page.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    await page.goto('/data-room');
    await expect(page.getByRole('heading', { name: 'Sign in to your data room' })).toBeVisible();

    const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
      data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: 'Elsewhere Inc' },
    });
    expect(setup.status()).toBe(201);
    const unknownRoom = { params: { id: '00000000-0000-4000-8000-000000000000' } };
    await openAfterItsAnswers(page, `/data-room/${unknownRoom.params.id}`, [
      apiPath(roomRoutes.room, unknownRoom),
    ]);
    await expect(page.getByRole('heading', { name: 'This data room is unavailable' })).toBeVisible();
    await expect(page.getByText('you do not have access to it')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/investor-dashboard',
    );
  });
});
