import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { readingRoutes } from '#shared/contracts/reading';
import { deckPdf } from '#tests/support/sample-documents';
import { e2eBaseUrl } from './e2e-environment';
import { expect, test } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { uniqueEmail } from './support/people';

const SCREENSHOTS = path.join('test-results', 'screenshots');

/** An investor's API session, signed in with the link from their e-mail. */
async function investorApi(email: string): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL: e2eBaseUrl });
  expect((await anonymous.post(apiPath(authRoutes.requestMagicLink), { data: { email } })).status()).toBe(
    200,
  );
  const link = firstLinkStartingWith(await waitForMail(email, 'sign-in link'), `${e2eBaseUrl}/verify?token=`);
  const verified = await anonymous.post(apiPath(authRoutes.verify), {
    data: { token: new URL(link).searchParams.get('token') },
  });
  expect(verified.status()).toBe(200);
  const { token } = (await verified.json()) as { token: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({
    baseURL: e2eBaseUrl,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
}

test('the founder exports the access log from the console’s Analytics and the file lists the view and the download', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Export Co ${Date.now()}` },
  });
  expect(setup.status()).toBe(201);
  const headers = { origin: baseURL ?? '' };
  const uploaded = await page.request.post(apiPath(documentRoutes.upload), {
    headers,
    multipart: { file: { name: 'Series A deck.pdf', mimeType: 'application/pdf', buffer: deckPdf(2) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId = ((await uploaded.json()) as { document: { id: string } }).document.id;

  const ivy = uniqueEmail('ivy');
  expect(
    (
      await page.request.post(apiPath(invitationRoutes.create), {
        headers,
        data: { email: ivy, name: 'Ivy Exporter' },
      })
    ).status(),
  ).toBe(201);
  const investor = await investorApi(ivy);
  expect(
    (await investor.post(apiPath(readingRoutes.openView, { params: { id: documentId } }))).status(),
  ).toBe(201);
  expect(
    (await investor.get(apiPath(documentRoutes.download, { params: { id: documentId } }))).status(),
  ).toBe(200);
  await investor.dispose();

  await page.goto('/admin/analytics/export');
  const panel = page.getByRole('region', { name: 'Export CSV' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Investor')).toContainText('Ivy Exporter');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: path.join(SCREENSHOTS, `admin-export-csv-${width}.png`) });
  }

  // A backwards range is said at once and offers no link.
  await panel.getByLabel('From', { exact: true }).fill('2030-02-01');
  await panel.getByLabel('To', { exact: true }).fill('2030-01-01');
  await expect(panel.getByRole('alert')).toHaveText('The first day must not be after the last day.');
  await expect(panel.getByRole('button', { name: 'Access log' })).toBeDisabled();
  await panel.getByLabel('From', { exact: true }).fill('');
  await panel.getByLabel('To', { exact: true }).fill('');

  const downloading = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Access log' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^roundroom-access-log-\d{4}-\d\d-\d\d\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parse(bytes, { bom: true }) as string[][];
  expect(header).toEqual([
    'Time (UTC)',
    'Investor',
    'E-mail',
    'Action',
    'Document',
    'URL',
    'Reading seconds',
    'Version',
  ]);
  expect(rows.map((row) => [row[1], row[2], row[3], row[4]])).toEqual([
    ['Ivy Exporter', ivy, 'viewed', 'Series A deck.pdf'],
    ['Ivy Exporter', ivy, 'downloaded', 'Series A deck.pdf'],
  ]);
});
