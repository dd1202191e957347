import type { Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { invitationRoutes } from '#shared/contracts/invitations';
import { expect, test } from './fixtures';
import { openConsolePlace } from './support/founder-console';
import { waitForMail } from './support/mailbox';
import { signInByMagicLink, toast, uniqueEmail } from './support/people';

/**
 * ADR 38: the Company tab and the sections' Company Information block edit one set
 * of fields, so the investor's dashboard card and the room header always say the same.
 */

interface Company {
  name: string;
  stage: string;
  description: string;
}

/** The investor's dashboard card, then the room's header, both showing `company`. */
async function investorSees(page: Page, company: Company) {
  await page.goto('/investor-dashboard');
  const card = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { level: 2, name: company.name }) });
  await expect(card.getByRole('heading', { level: 2, name: company.name })).toBeVisible();
  await expect(card.getByText(company.stage, { exact: true }).first()).toBeVisible();
  await expect(card.getByText(company.description, { exact: true }).first()).toBeVisible();
  await card.getByRole('link', { name: 'View data room' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
  await expect(page.getByText(company.stage, { exact: true })).toBeVisible();
  await expect(page.getByText(company.description, { exact: true })).toBeVisible();
}

test('an edit in the sections block or in the Company tab shows the same company on the dashboard card and in the room', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now();
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Profile Co ${stamp}` },
  });
  expect(setup.status()).toBe(201);
  const investorEmail = uniqueEmail('investor');
  const invited = await page.request.post(apiPath(invitationRoutes.create), {
    data: { email: investorEmail, name: 'Ivy Investor' },
    headers: { origin: baseURL ?? '' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await waitForMail(investorEmail, 'invited you');

  // The founder writes the company into the sections' block (the profile still says Series A).
  await page.goto('/setup-data-room?tab=sections');
  // The structured editor comes first; the markdown one is a click away (ADR 59).
  await page.getByRole('button', { name: 'Edit as markdown' }).click();
  const editor = page.getByLabel('Sections markdown');
  await expect(editor).toHaveValue(/^# Company Information\nname: Profile Co/);
  const fromSections = {
    name: `Markdown Co ${stamp}`,
    stage: 'Seed',
    description: 'Written in the sections',
  };
  const text = await editor.inputValue();
  await editor.fill(
    text.replace(
      /^# Company Information\n[\s\S]*?\n\n/,
      `# Company Information\nname: ${fromSections.name}\nstage: seed\ndescription: ${fromSections.description}\n\n`,
    ),
  );
  await page.getByRole('button', { name: 'Save Sections' }).click();
  await expect(toast(page, 'Sections updated successfully')).toBeVisible();

  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  await signInByMagicLink(investor, investorEmail, baseURL);
  await expect(investor).toHaveURL(/\/investor-dashboard$/);
  await investorSees(investor, fromSections);

  // The Company tab shows what the sections set; a profile save there rewrites the block.
  await openConsolePlace(page, 'Room', 'Company');
  await expect(page.getByLabel('Company name')).toHaveValue(fromSections.name);
  await expect(page.getByLabel('Funding stage')).toHaveValue('Seed');
  await expect(page.getByLabel('Description')).toHaveValue(fromSections.description);
  const fromProfile = { name: `Form Co ${stamp}`, stage: 'Series B', description: 'Written in the form' };
  await page.getByLabel('Company name').fill(fromProfile.name);
  await page.getByLabel('Funding stage').selectOption(fromProfile.stage);
  await page.getByLabel('Description').fill(fromProfile.description);
  await page.getByRole('button', { name: 'Save Company Info' }).click();
  await expect(toast(page, 'Data room created successfully')).toBeVisible();
  await openConsolePlace(page, 'Room', 'Sections');
  await expect(editor).toHaveValue(
    new RegExp(
      `^# Company Information\\nname: ${fromProfile.name}\\nstage: Series B\\ndescription: ${fromProfile.description}\\n\\n## Financial information`,
    ),
  );

  await investorSees(investor, fromProfile);
  await investorContext.close();
});

test('a website saved as acme.com reads back as https://acme.com, and leaving asks nothing @phone', async ({
  page,
}) => {
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Acme ${Date.now()}` },
  });
  expect(setup.status()).toBe(201);
  const prompts: string[] = [];
  page.on('dialog', async (dialog) => {
    prompts.push(dialog.message());
    await dialog.dismiss();
  });

  await page.goto('/setup-data-room');
  // As the field's own hint says: https:// is added for you.
  await page.getByLabel('Website').fill('acme.com');
  await page.getByRole('button', { name: 'Save Company Info' }).click();
  await expect(toast(page, 'Data room created successfully')).toBeVisible();
  await expect(page.getByLabel('Website')).toHaveValue('https://acme.com');

  // Nothing is left unsaved: the navigation leaves the page at once, with no "You have unsaved changes".
  await openConsolePlace(page, 'Investors');
  await expect(page).toHaveURL(/\/configure\?tab=invites$/);
  expect(prompts).toEqual([]);
});
