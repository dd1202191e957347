import crypto from 'node:crypto';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { expect, test, watchConsole } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { toast, uniqueEmail } from './support/people';

// Co-founders (docs/decisions/0047-room-editors.md): the owner invites one from the console's Team, the
// co-founder signs in with the magic link from the e-mail, works in the console, and loses it the
// moment the owner removes them.

test('the owner invites a co-founder, who signs in by magic link, uploads and sees /admin; removed, their next page load is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people's sign-ins, an upload and the console's places: about 20 s alone, more beside other tests.
  test.setTimeout(60_000);
  const companyName = `Tandem Labs ${Date.now()}`;
  // page.request shares the browser's cookies: the owner is signed in for the page too.
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Olive Owner', email: uniqueEmail('owner'), companyName },
  });
  expect(setup.status()).toBe(201);

  await page.goto('/admin/team');
  const team = page.getByRole('region', { name: 'Team' });
  await expect(team.getByRole('list', { name: 'Team members' })).toContainText('Olive Owner');
  await expect(team.getByRole('list', { name: 'Team members' })).toContainText('Owner');
  const cofounderEmail = uniqueEmail('cofounder');
  const inviteForm = team.getByRole('form', { name: 'Invite a co-founder' });
  await inviteForm.getByLabel("Co-founder's email address").fill(cofounderEmail);
  await inviteForm.getByLabel("Co-founder's name (optional)").fill('Cass Cofounder');
  await inviteForm.getByRole('button', { name: 'Invite co-founder' }).click();
  await expect(toast(page, 'Invitation sent')).toBeVisible();
  const row = team.getByRole('listitem').filter({ hasText: 'Cass Cofounder' });
  await expect(row).toContainText('Co-founder');
  await expect(row).toContainText('Pending');

  // The co-founder, in a browser of their own: the invitation's link asks for a sign-in link.
  const cofounderContext = await browser.newContext();
  const cofounder = await cofounderContext.newPage();
  const cofounderErrors = watchConsole(cofounder, [/status of 403/]);
  const invitation = await waitForMail(cofounderEmail, 'invited you to manage');
  await cofounder.goto(firstLinkStartingWith(invitation, `${baseURL}/login?email=`));
  await expect(cofounder.getByLabel('Email address')).toHaveValue(cofounderEmail);
  await cofounder.getByRole('button', { name: 'Get magic link' }).click();
  await expect(cofounder.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const signIn = await waitForMail(cofounderEmail, 'sign-in link');
  await cofounder.goto(firstLinkStartingWith(signIn, `${baseURL}/verify?token=`));
  await expect(cofounder).toHaveURL(/\/configure$/, { timeout: 5000 });
  await expect(cofounder.getByRole('heading', { name: `${companyName} data room` })).toBeVisible();

  const deck = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(2048)]);
  await cofounder
    .getByLabel('Choose files')
    .setInputFiles([{ name: 'Cofounder deck.pdf', mimeType: 'application/pdf', buffer: deck }]);
  await expect(toast(cofounder, 'File uploaded successfully')).toBeVisible({ timeout: 15_000 });
  await expect(cofounder.getByRole('list', { name: 'Files' })).toContainText('Cofounder deck');

  await cofounder
    .getByRole('navigation', { name: 'Your data room' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(cofounder.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  // The Team is the owner's place of the console: not in a co-founder's navigation, read-only by URL.
  const cofounderNav = cofounder.getByRole('navigation', { name: 'Your data room' });
  await cofounderNav.getByRole('link', { name: 'Settings' }).click();
  await expect(cofounderNav.getByRole('link', { name: 'API' })).toBeVisible();
  await expect(cofounderNav.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await cofounder.goto('/admin/team');
  const theirTeam = cofounder.getByRole('region', { name: 'Team' });
  await expect(theirTeam).toContainText('Only the owner of the data room can invite or remove co-founders.');
  await expect(theirTeam.getByRole('form', { name: 'Invite a co-founder' })).toHaveCount(0);
  // The owner sees the co-founder's upload in their own console.
  await page.goto('/configure');
  await expect(page.getByRole('list', { name: 'Files' })).toContainText('Cofounder deck');

  // The owner removes them.
  await page.goto('/admin/team');
  const activeRow = team.getByRole('listitem').filter({ hasText: 'Cass Cofounder' });
  await expect(activeRow).toContainText('Active');
  await activeRow.getByRole('button', { name: `Remove ${cofounderEmail} from the team` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this co-founder?' });
  await expect(dialog).toContainText('will lose access to this data room at once');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Removed from the team')).toBeVisible();
  await expect(team.getByRole('listitem').filter({ hasText: 'Cass Cofounder' })).toHaveCount(0);

  // Their very next page load is refused.
  await cofounder.goto('/admin');
  await expect(cofounder.getByRole('heading', { name: 'This page is for founders' })).toBeVisible();
  await expect(cofounder.getByRole('heading', { name: 'Admin dashboard' })).toHaveCount(0);
  await cofounder.goto('/configure');
  await expect(cofounder.getByRole('heading', { name: 'This page is for founders' })).toBeVisible();
  expect(cofounderErrors).toEqual([]);
  await cofounderContext.close();
});
