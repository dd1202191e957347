import type { Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { expect, test, watchConsole } from './fixtures';
import { openConsolePlace } from './support/founder-console';
import { waitForMail } from './support/mailbox';
import { founderWithRoom, signInByMagicLink, toast, uniqueEmail } from './support/people';

/** Signs the page in as a new founder with a room; returns a bearer header for API calls as them. */
async function signedInFounder(page: Page, companyName: string): Promise<Record<string, string>> {
  // page.request shares the browser's cookies: the founder is signed in for the page too.
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(setup.status()).toBe(201);
  const { token } = (await setup.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

test('the company profile: a bad year is refused beside the field, a good profile is saved and named on /configure @phone', async ({
  page,
}) => {
  await signedInFounder(page, 'Draft Company');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === apiPath(roomRoutes.saveProfile))
      sent.push(request.postData() ?? '');
  });

  await page.goto('/setup-data-room');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your data room' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Company' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue('Draft Company');
  await expect(page.getByLabel('Funding stage')).toHaveValue('Series A');

  const year = page.getByLabel('Founded year');
  const save = page.getByRole('button', { name: 'Save Company Info' });
  await year.fill('1850');
  await save.click();
  await expect(year).toHaveAttribute('aria-invalid', 'true');
  await expect(year).toHaveAccessibleDescription(/^Founded year must be 1900 or later\./);
  await expect(year).toBeFocused();

  await year.fill(String(new Date().getFullYear() + 1));
  await save.click();
  await expect(year).toHaveAccessibleDescription(/^Founded year cannot be in the future\./);
  await page.getByLabel('Website').fill('northwind dot com');
  await save.click();
  await expect(page.getByLabel('Website')).toHaveAccessibleDescription(
    /^Website must be an http:\/\/ or https:\/\/ address\./,
  );
  expect(sent, 'nothing is sent while the form has errors').toEqual([]);

  const companyName = `Northwind Robotics ${Date.now()}`;
  await page.getByLabel('Company name').fill(companyName);
  await page.getByLabel('Funding stage').selectOption('Series B');
  await year.fill('2019');
  await page.getByLabel('Website').fill('https://northwind.example');
  await page.getByLabel('Description').fill('Autonomous picking robots for mid-size warehouses.');
  await save.click();
  await expect(toast(page, 'Data room created successfully')).toBeVisible();
  await expect(year).not.toHaveAttribute('aria-invalid');
  expect(sent.map((body) => JSON.parse(body))).toEqual([
    {
      name: companyName,
      stage: 'Series B',
      foundedYear: 2019,
      website: 'https://northwind.example',
      description: 'Autonomous picking robots for mid-size warehouses.',
    },
  ]);
  await expect(page.getByText(`${companyName}: your company`)).toBeVisible();

  // In the app, without a reload: /configure's header reads the updated room.
  await page.getByRole('link', { name: 'Invite investors' }).click();
  await expect(page).toHaveURL(/\/configure\?tab=invites$/);
  await expect(page.getByRole('heading', { level: 1, name: `${companyName} data room` })).toBeVisible();

  await page.goto('/setup-data-room');
  await expect(page.getByLabel('Company name')).toHaveValue(companyName);
  await expect(page.getByLabel('Funding stage')).toHaveValue('Series B');
  await expect(year).toHaveValue('2019');
  await expect(page.getByLabel('Website')).toHaveValue('https://northwind.example');
});

test('sections: a new section and its bullet show in the live preview, are saved, and appear in /preview', async ({
  page,
}) => {
  await signedInFounder(page, `Lumen Bio ${Date.now()}`);
  await page.goto('/setup-data-room?tab=sections');
  await expect(page.getByRole('region', { name: 'Sections' })).toBeVisible();
  // The structured editor comes first; the markdown one is a click away (ADR 59).
  await page.getByRole('button', { name: 'Edit as markdown' }).click();
  const editor = page.getByLabel('Sections markdown');
  await expect(editor).toHaveAttribute('rows', '20');
  await expect(editor).toHaveValue(/## Financial information/);
  const documentation = page.getByRole('link', { name: 'View Documentation' });
  await expect(documentation).toHaveAttribute('href', '/docs');
  await expect(documentation).toHaveAttribute('target', '_blank');

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Press coverage' })).toHaveCount(0);
  const starter = await editor.inputValue();
  await editor.fill(`${starter}\n## Press coverage\n- [Launch article](https://news.example.com/lumen)\n`);
  await expect(preview.getByRole('heading', { name: 'Press coverage' })).toBeVisible();
  await expect(preview.getByRole('listitem').filter({ hasText: 'Launch article' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Save Sections' }).click();
  await expect(toast(page, 'Data room sections updated successfully')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.goto('/preview');
  await page.getByRole('button', { name: 'Press coverage 1 document' }).click();
  await expect(page.getByRole('button', { name: /Launch article/ })).toBeVisible();
});

test('files: an upload into a section is listed with its section, size and badge, and deleted after confirming', async ({
  page,
}) => {
  await signedInFounder(page, `Fathom Freight ${Date.now()}`);
  await page.goto('/setup-data-room?tab=files');
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByText('No documents yet.')).toBeVisible();

  await page.getByLabel('Add to section').selectOption('Legal documents');
  // 3,584 bytes: '3.5 KB' in the list.
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const pdf = Buffer.from(`${head}${'x'.repeat(3584 - head.length - tail.length)}${tail}`);
  await page.getByLabel('Choose files').setInputFiles({
    name: 'Term sheet.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expect(toast(page, 'File uploaded successfully')).toBeVisible();

  const list = page.getByRole('list', { name: 'Uploaded documents' });
  const row = list.getByRole('listitem').filter({ hasText: 'Term sheet.pdf' });
  await expect(row).toContainText('Legal documents');
  await expect(row).toContainText('3.5 KB');
  await expect(row).toContainText(/\w{3} \d+, \d{4}/);
  // An upload carries no "Uploaded" badge: being in this list says it.
  await expect(row.getByText('Uploaded', { exact: true })).toHaveCount(0);

  // The upload was linked into its section, as the Sections tab's preview shows.
  await openConsolePlace(page, 'Room', 'Sections');
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('listitem').filter({ hasText: 'Term sheet.pdf' }),
  ).toBeVisible();
  await openConsolePlace(page, 'Documents');

  const remove = row.getByRole('button', { name: 'Delete Term sheet.pdf' });
  const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
  await remove.click();
  await expect(dialog).toContainText('Are you sure you want to delete this document?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete document' }).click();
  await expect(toast(page, 'Document deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(files.getByText('No documents yet.')).toBeVisible();
  // The list is empty: focus goes to its heading, not to <body>.
  await expect(page.locator(':focus')).toHaveText('Uploaded documents');
});

test('settings: deactivating the room cuts an invited investor off, reactivating lets them back in', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const companyName = `Harbor Analytics ${Date.now()}`;
  const founder = await signedInFounder(page, companyName);
  const room = (await (await request.get(apiPath(roomRoutes.mine), { headers: founder })).json()) as {
    id: string;
  };
  const investorEmail = uniqueEmail('investor');
  const invited = await request.post(apiPath(invitationRoutes.create), {
    data: { email: investorEmail },
    headers: founder,
  });
  expect(invited.status()).toBe(201);
  await waitForMail(investorEmail, 'invited you');

  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  const investorErrors = watchConsole(investor, [/status of 404/]);
  await signInByMagicLink(investor, investorEmail, baseURL);
  await expect(investor).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });
  await expect(investor.getByRole('heading', { name: companyName })).toBeVisible();

  await page.goto('/setup-data-room?tab=settings');
  const settings = page.getByRole('region', { name: 'Room settings' });
  await expect(settings.getByText('Active', { exact: true })).toBeVisible();
  const preview = settings.getByRole('link', { name: 'Preview Data Room' });
  await expect(preview).toHaveAttribute('href', '/data-room');
  await expect(preview).toHaveAttribute('target', '_blank');

  const dialog = page.getByRole('dialog', { name: 'Deactivate your data room?' });
  await settings.getByRole('button', { name: 'Deactivate data room' }).click();
  await expect(dialog).toContainText('disappears from their dashboards');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings.getByText('Active', { exact: true })).toBeVisible();

  await settings.getByRole('button', { name: 'Deactivate data room' }).click();
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Data room deactivated')).toBeVisible();
  await expect(settings.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The button that opened the dialog is gone: focus continues from the card's new action.
  await expect(page.locator(':focus')).toHaveAccessibleName('Activate data room');

  await investor.reload();
  await expect(investor.getByRole('heading', { name: 'No data rooms available' })).toBeVisible();
  await investor.goto(`/data-room/${room.id}`);
  await expect(investor.getByRole('heading', { name: 'This data room is unavailable' })).toBeVisible();

  await settings.getByRole('button', { name: 'Activate data room' }).click();
  await expect(toast(page, 'Data room activated')).toBeVisible();
  await expect(settings.getByText('Active', { exact: true })).toBeVisible();

  await investor.goto('/investor-dashboard');
  await expect(investor.getByRole('heading', { name: companyName })).toBeVisible();
  await investor.goto(`/data-room/${room.id}`);
  await expect(investor.getByRole('heading', { level: 1, name: companyName })).toBeVisible();

  // After a reload the founder's page reads the status from the server.
  await page.reload();
  await expect(settings.getByText('Active', { exact: true })).toBeVisible();
  await investorContext.close();
  expect(investorErrors, 'console errors in the investor’s browser').toEqual([]);
});

test.describe('an investor', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('is told /setup-data-room is for founders, never shown the tabs', async ({
    page,
    request,
    baseURL,
  }) => {
    const founder = await founderWithRoom(request, 'Owner Co');
    const investorEmail = uniqueEmail('investor');
    await request.post(apiPath(invitationRoutes.create), {
      data: { email: investorEmail },
      headers: founder,
    });
    await signInByMagicLink(page, investorEmail, baseURL);
    await expect(page).toHaveURL(/\/investor-dashboard$/, { timeout: 5000 });

    await page.goto('/setup-data-room');
    await expect(page.getByRole('heading', { name: 'This page is for founders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/investor-dashboard',
    );
    await expect(page.getByRole('navigation', { name: 'Your data room' })).toHaveCount(0);
  });
});
