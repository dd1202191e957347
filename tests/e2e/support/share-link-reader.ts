import { expect, type Page } from '@playwright/test';
import { waitForMail } from './mailbox';

/**
 * On a share link's page, proves `email` by the six-digit code mailed to it
 * (docs/decisions/0071-share-links.md), and waits for the room it opens. `companyName`: the room a link
 * names, whose code mail then names it too; null for a link told not to name it.
 */
export async function proveAddressByCode(page: Page, email: string, companyName: string | null) {
  await expect(page.getByRole('heading', { name: 'Open the data room' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const mail = await waitForMail(
    email,
    companyName ? ` is your code for the ${companyName} data room` : ' is your Roundroom code',
  );
  const code = /^(\d{6}) /.exec(mail.subject ?? '')?.[1] ?? '';
  await page.getByLabel('Six-digit code').fill(code);
  await page.getByRole('button', { name: 'Open the data room' }).click();
  await expect(page).toHaveURL(/\/data-room\/[0-9a-f-]{36}$/);
}
