import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { e2eBaseUrl } from '../e2e-environment';
import { firstLinkStartingWith, waitForMail } from './mailbox';

/** An investor's API session, signed in with the link from their e-mail. */
export async function investorApi(email: string): Promise<APIRequestContext> {
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
