import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { invitationRoutes } from '#shared/contracts/invitations';
import { expect, test, watchConsole } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { signInByMagicLink, toast, uniqueEmail } from './support/people';

/**
 * Notifications (docs/decisions/0044-founder-notifications.md): the founder picks "First visits only" in Settings; an investor opens the
 * room; the founder's first-visit mail arrives, and its unsubscribe link turns notifications off with one
 * click on the page it opens (no sign-in). Then the founder sends "Notify investors" from /configure and
 * the investor receives it.
 */
test('the founder is told of a first visit, unsubscribes from the mail, and notifies the investor @desktop', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a founder at a desk');
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const companyName = `Lighthouse Notify ${Date.now()}`;
  const founderEmail = uniqueEmail('founder');
  const created = await request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: founderEmail, companyName },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, origin: baseURL ?? '' };
  const investorEmail = uniqueEmail('investor');
  expect(
    (
      await request.post(apiPath(invitationRoutes.create), {
        headers,
        data: { email: investorEmail, name: 'Iris Investor' },
      })
    ).status(),
  ).toBe(201);
  await waitForMail(investorEmail, 'invited you');

  // The founder chooses "First visits only" in Settings; it is saved.
  await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);
  await page.goto('/setup-data-room?tab=settings');
  const notifications = page.getByRole('radiogroup', { name: 'Notifications' });
  await expect(notifications.getByRole('radio', { name: /First visits and hourly digest/ })).toBeChecked();
  await notifications.getByRole('radio', { name: /First visits only/ }).check();
  await expect(toast(page, 'Notifications updated')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Notifications' }).getByRole('radio', { name: /First visits only/ }),
  ).toBeChecked();
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText(
    'First visits only',
  );

  // The investor signs in and opens the room.
  const investor = await browser.newContext();
  const investorPage = await investor.newPage();
  await signInByMagicLink(investorPage, investorEmail, baseURL);
  await expect(investorPage).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await investorPage.getByRole('link', { name: 'View data room' }).click();
  await expect(investorPage.getByRole('heading', { name: companyName })).toBeVisible();

  // The founder's first-visit mail arrives, with a one-click unsubscribe.
  const mail = await waitForMail(founderEmail, 'Iris Investor opened your data room');
  expect(mail.text).toContain(
    `Iris Investor (${investorEmail}) opened the ${companyName} data room for the first time`,
  );
  expect(mail.text).toContain('set to "First visits only"');
  const unsubscribeLink = firstLinkStartingWith(mail, `${baseURL}/unsubscribe?token=`);
  const headerLine = mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';
  expect(headerLine.replace(/\r?\n\s+/g, '')).toContain(`<${unsubscribeLink}>`);

  // Opened in a browser without a session, the link asks first; one click unsubscribes.
  const mailReader = await browser.newContext();
  const unsubscribePage = await mailReader.newPage();
  await unsubscribePage.goto(unsubscribeLink);
  await expect(unsubscribePage.getByText(`Stop the e-mails to ${founderEmail}`)).toBeVisible();
  await unsubscribePage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(unsubscribePage.getByText('You are unsubscribed')).toBeVisible();
  await mailReader.close();
  await page.goto('/setup-data-room?tab=settings');
  await expect(
    page.getByRole('radiogroup', { name: 'Notifications' }).getByRole('radio', { name: /^Off/ }),
  ).toBeChecked();

  // "Notify investors" from /configure reaches the investor, with a link to the room.
  await page.goto('/configure?tab=notify');
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('We added our Q3 numbers.\nAsk me anything.');
  await page.getByRole('button', { name: 'Send to 1 investor' }).click();
  await expect(toast(page, 'Message sent')).toBeVisible();
  await expect(page.getByText(/The next one can go at/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Send to/ })).toBeDisabled();
  const message = await waitForMail(investorEmail, `Fran Founder sent you a message about ${companyName}`);
  expect(message.text).toContain('We added our Q3 numbers.\nAsk me anything.');
  const roomLink = firstLinkStartingWith(message, `${baseURL}/data-room/`);
  await investorPage.goto(roomLink);
  await expect(investorPage.getByRole('heading', { name: companyName })).toBeVisible();
  await investor.close();
  expect(errors, 'console errors in the founder’s browser').toEqual([]);
});
