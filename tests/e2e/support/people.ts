import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { firstLinkStartingWith, waitForMail } from './mailbox';

/** A fresh e-mail address per call, so tests sharing the e2e server never collide. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

/** A toast with this title, wherever sonner shows it. */
export function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

/** A founder with a room, created through the API; returns a bearer header for API calls as them. */
export async function founderWithRoom(
  request: APIRequestContext,
  companyName: string,
): Promise<Record<string, string>> {
  const response = await request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Signs the page in as `email` the way a person does: /login, then the link from the e-mail. */
export async function signInByMagicLink(
  page: Page,
  email: string,
  baseURL: string | undefined,
): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Get magic link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = firstLinkStartingWith(await waitForMail(email, 'sign-in link'), `${baseURL}/verify?token=`);
  await page.goto(link);
  return link;
}
