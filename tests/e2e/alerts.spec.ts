import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { startChatReceiver, TEAMS_THROTTLED } from '#tests/support/chat-webhook-receiver';
import { expect, test } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { toast, uniqueEmail } from './support/people';

/**
 * Alerts (docs/decisions/0090-alerts-within-a-minute.md): the founder adds a Slack webhook in Settings
 * (a real HTTP server started here answers as Slack does), sends a test alert and sees it delivered; an
 * investor opens the room and Slack gets the first visit; a Teams webhook that is throttled shows its
 * retry. With ALERTS_SHOTS set, the card is photographed there at the project's width.
 */
test('the founder adds Slack, tests it, and an investor’s first visit reaches it @desktop @phone', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const chat = await startChatReceiver();
  try {
    const founderEmail = uniqueEmail('founder');
    const created = await request.post(apiPath(accountRoutes.completeSetup), {
      data: { name: 'Fran Founder', email: founderEmail, companyName: `Alerted ${Date.now()}` },
    });
    expect(created.status()).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, origin: baseURL ?? '' };
    await page.context().addCookies([{ name: 'rr_session', value: token, url: baseURL ?? '' }]);

    await page.goto('/setup-data-room?tab=settings');
    const alerts = page.getByRole('region', { name: 'Alerts', exact: true });
    /** With ALERTS_SHOTS set: the card's parts, each as the page shows it (the sticky header let scroll by). */
    const shoot = async (moment: string) => {
      const into = process.env.ALERTS_SHOTS;
      if (!into) return;
      await page.addStyleTag({ content: '.sticky { position: static !important; }' });
      const parts = {
        when: alerts.getByRole('heading', { name: 'When to alert' }).locator('..'),
        mail: alerts.getByRole('region', { name: 'Alerts by e-mail' }),
        chat: alerts.getByRole('region', { name: 'Alerts in Slack and Microsoft Teams' }),
      };
      for (const [name, part] of Object.entries(parts))
        await part.screenshot({ path: `${into}/${moment}-${name}-${testInfo.project.name}.png` });
    };
    await expect(alerts.getByRole('heading', { name: 'Slack and Microsoft Teams' })).toBeVisible({
      timeout: 15_000,
    });
    // First visits are mailed as Notifications says; that row is not a choice here.
    const mail = alerts.getByRole('region', { name: 'Alerts by e-mail' });
    await expect(mail.getByRole('checkbox', { name: /^First visit/ })).toBeDisabled();
    await expect(mail.getByRole('checkbox', { name: /^First visit/ })).toBeChecked();
    await mail.getByRole('checkbox', { name: /Downloads a document/ }).check();
    await expect(toast(page, 'Mail alerts saved')).toBeVisible();

    const slackPath = `/slack/services/T0/B0/${Date.now()}secretpart`;
    await alerts.getByLabel('Incoming webhook URL').fill(`${chat.url}${slackPath}`);
    await alerts.getByRole('button', { name: 'Add Slack' }).click();
    await expect(toast(page, 'Slack added')).toBeVisible();
    const slack = alerts.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Slack' }) });
    await expect(slack).not.toContainText('secretpart');
    await slack.getByRole('button', { name: 'Send a test alert' }).click();
    await expect(toast(page, 'Test alert sent to Slack')).toBeVisible();
    await expect(slack.getByText(/Last test alert delivered/)).toBeVisible();
    expect((chat.on(slackPath)[0]?.json as { text?: string } | undefined)?.text).toMatch(
      /^A test alert from Roundroom/,
    );

    // A Teams webhook that says it is throttled: retried, and shown as such until it is taken.
    chat.answer = (path, index) => (path.startsWith('/teams/') && index === 0 ? TEAMS_THROTTLED : undefined);
    await alerts.getByRole('radio', { name: 'Microsoft Teams' }).check();
    await alerts.getByLabel('Incoming webhook URL').fill(`${chat.url}/teams/workflows/${Date.now()}`);
    await alerts.getByRole('button', { name: 'Add Microsoft Teams' }).click();
    await expect(toast(page, 'Microsoft Teams added')).toBeVisible();

    // An investor opens the room: Slack and Teams hear of it within the minute.
    const investorEmail = uniqueEmail('investor');
    const invited = await request.post(apiPath(invitationRoutes.create), {
      headers,
      data: { email: investorEmail, name: 'Iris Early' },
    });
    expect(invited.status()).toBe(201);
    const invitation = await waitForMail(investorEmail, 'invited you');
    const inviteToken = new URL(
      firstLinkStartingWith(invitation, `${baseURL}/data-room?invite=`),
    ).searchParams.get('invite');
    const opened = await request.get(
      apiPath(roomRoutes.invitedRoom, { params: { token: inviteToken ?? '' } }),
    );
    expect(opened.status()).toBe(200);
    await chat.waitFor(slackPath, 2, 60_000);
    expect((chat.on(slackPath)[1]?.json as { text?: string } | undefined)?.text).toContain(
      'Iris Early opened the',
    );

    await page.reload();
    await expect(slack.getByText(/Last alert delivered/)).toBeVisible({ timeout: 15_000 });
    const teams = alerts
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Microsoft Teams' }) });
    await expect(teams.getByRole('status')).toContainText(
      'not delivered yet (1 attempt): Microsoft Teams is throttling this webhook',
    );
    await shoot('retrying');
    // Its retry (the backoff's first wait) is taken, and the card says so.
    const teamsPath = new URL(
      chat.received.find((post) => post.path.startsWith('/teams/'))?.path ?? '',
      chat.url,
    ).pathname;
    await chat.waitFor(teamsPath, 2, 40_000);
    await page.reload();
    await expect(teams.getByText(/Last alert delivered/)).toBeVisible({ timeout: 15_000 });
    await shoot('delivered');
  } finally {
    await chat.close();
  }
});
