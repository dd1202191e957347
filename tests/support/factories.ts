import crypto from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import { TABLE_NAMES } from '#server/db/schema';
import { accountRoutes } from '#shared/contracts/accounts';
import { type ApiTokenScope, apiTokenRoutes } from '#shared/contracts/api-tokens';
import type { AuthResponse } from '#shared/contracts/auth';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { teamRoutes } from '#shared/contracts/team';
import { recipientsOf } from './smtp-server';
import type { HttpClient, TestApp, TestResponse } from './test-app';

/**
 * Builders that go through the real API, so every fixture is a state the product can reach.
 * Each makes unique data, so tests in one file never collide.
 */

export const uniqueEmail = (label = 'user') =>
  `${label}-${crypto.randomBytes(5).toString('hex')}@example.com`;

export interface SignedIn {
  token: string;
  user: AuthResponse['user'];
  /** Headers for a bearer-authenticated call. */
  auth: Record<string, string>;
}

function signedIn(response: TestResponse): SignedIn {
  const body = response.json as AuthResponse;
  return { token: body.token, user: body.user, auth: { authorization: `Bearer ${body.token}` } };
}

export async function createFounder(
  t: HttpClient,
  overrides: { email?: string; companyName?: string; name?: string } = {},
): Promise<SignedIn> {
  const response = await t.call(accountRoutes.completeSetup, {
    body: {
      name: overrides.name ?? 'Fran Founder',
      email: overrides.email ?? uniqueEmail('founder'),
      companyName: overrides.companyName ?? `Company ${crypto.randomBytes(3).toString('hex')}`,
    },
  });
  expect(response.status, response.text).toBe(201);
  return signedIn(response);
}

/** The first link in a message's text that starts with the given prefix. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const found = (mail.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return found;
}

export async function mailTo(t: TestApp, email: string, subjectIncludes: string): Promise<ParsedMail> {
  return t.smtp.waitForMessage(
    (mail) => recipientsOf(mail).includes(email) && (mail.subject ?? '').includes(subjectIncludes),
  );
}

/** Invites the e-mail and returns the invite token from the invitation e-mail. */
export async function invite(t: TestApp, founder: SignedIn, email: string, name?: string): Promise<string> {
  const before = t.smtp.messages.length;
  const response = await t.call(invitationRoutes.create, { body: { email, name }, as: founder });
  expect(response.status, response.text).toBe(201);
  const mail = await t.smtp.waitForMessage(
    (m) =>
      t.smtp.messages.indexOf(m) >= before &&
      recipientsOf(m).includes(email) &&
      /invited you/.test(m.subject ?? ''),
  );
  return new URL(linkIn(mail, `${t.config.appUrl}/data-room?invite=`)).searchParams.get('invite') ?? '';
}

/**
 * The owner invites the e-mail as a co-founder (an editor of the room): returns the team member's id
 * (what removing them names) and the sign-in link from the invitation e-mail.
 */
export async function inviteEditor(
  t: TestApp,
  owner: SignedIn,
  email: string,
  name?: string,
): Promise<{ memberId: string; link: string }> {
  const before = t.smtp.messages.length;
  const response = await t.call(teamRoutes.inviteEditor, { body: { email, name }, as: owner });
  expect(response.status, response.text).toBe(201);
  const mail = await t.smtp.waitForMessage(
    (m) =>
      t.smtp.messages.indexOf(m) >= before &&
      recipientsOf(m).includes(email) &&
      /invited you to manage/.test(m.subject ?? ''),
  );
  return {
    memberId: response.json.member.id,
    link: linkIn(mail, `${t.config.appUrl}/login`),
  };
}

/** A founder's room with a co-founder who accepted the invitation and signed in as its editor. */
export async function founderWithEditor(t: TestApp) {
  const founder = await createFounder(t);
  const editorEmail = uniqueEmail('editor');
  const { memberId } = await inviteEditor(t, founder, editorEmail, 'Eddie Editor');
  const editor = await signInWithMagicLink(t, editorEmail);
  return { founder, editor, editorEmail, memberId };
}

/** Requests a magic link and returns its token, read from the e-mail. */
export async function requestMagicLinkToken(t: TestApp, email: string): Promise<string> {
  const before = t.smtp.messages.length;
  const response = await t.call(authRoutes.requestMagicLink, { body: { email, name: '' } });
  expect(response.status, response.text).toBe(200);
  const mail = await t.smtp.waitForMessage(
    (m) =>
      t.smtp.messages.indexOf(m) >= before &&
      recipientsOf(m).includes(email) &&
      /sign-in link/.test(m.subject ?? ''),
  );
  return new URL(linkIn(mail, `${t.config.appUrl}/verify?token=`)).searchParams.get('token') ?? '';
}

export async function signInWithMagicLink(t: TestApp, email: string): Promise<SignedIn> {
  const token = await requestMagicLinkToken(t, email);
  const response = await t.call(authRoutes.verify, { body: { token } });
  expect(response.status, response.text).toBe(200);
  return signedIn(response);
}

/** A founder's room with an investor who accepted an invitation and signed in. */
export async function founderWithInvestor(t: TestApp) {
  const founder = await createFounder(t);
  const investorEmail = uniqueEmail('investor');
  await invite(t, founder, investorEmail, 'Ivy Investor');
  const investor = await signInWithMagicLink(t, investorEmail);
  return { founder, investor, investorEmail };
}

/**
 * Every table of the product's data: all but the rate limits' counters, which count every limited
 * request, refused ones too, as they did in memory before they were shared by the servers (ADR 49), and
 * the wrong codes typed for an address, which a refused code records by design (ADR 74), the rooms'
 * archive upload slots, held only while an upload runs, and the sessions' last uses, which any request
 * made with a session records, refused or not, once a minute (ADR 87).
 */
const NOT_THE_PRODUCTS_DATA = new Set([
  'rate_limit_counters',
  'code_failures',
  'archive_upload_slots',
  'session_uses',
]);
export const ALL_TABLES = TABLE_NAMES.filter((table) => !NOT_THE_PRODUCTS_DATA.has(table));

/** Row counts of every table, to assert that a refused request wrote nothing (one query: many tests call it). */
export async function countRows(t: TestApp): Promise<Record<string, number>> {
  const row: Record<string, unknown> = await t.app.database.db
    .selectNoFrom((eb) =>
      ALL_TABLES.map((table) =>
        eb
          .selectFrom(table)
          .select((count) => count.fn.countAll().as('count'))
          .as(table),
      ),
    )
    .executeTakeFirstOrThrow();
  return Object.fromEntries(ALL_TABLES.map((table) => [table, Number(row[table])]));
}

/** A small, valid PDF whose bytes are unique, so its SHA-256 identifies it. */
export const uniquePdf = (): Buffer =>
  Buffer.from(`%PDF-1.7\n% ${crypto.randomBytes(12).toString('hex')}\ntrailer\n%%EOF\n`);

/** Uploads one file to the founder's room; the caller checks the response. */
export function uploadFile(
  t: HttpClient,
  founder: SignedIn,
  file: { name: string; bytes: Buffer },
  fields: Record<string, string> = {},
): Promise<TestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes]), file.name);
  return t.call(documentRoutes.upload, { form, as: founder });
}

/** An API token of the founder's room, made through the console's route; its secret and the headers to send it. */
export async function createApiToken(
  t: HttpClient,
  manager: SignedIn,
  input: { name?: string; scopes: ApiTokenScope[]; expiresInDays?: number | null },
): Promise<{ id: string; secret: string; auth: Record<string, string> }> {
  const response = await t.call(apiTokenRoutes.create, {
    body: {
      name: input.name ?? 'Test integration',
      scopes: input.scopes,
      expiresInDays: input.expiresInDays,
    },
    as: manager,
  });
  expect(response.status, response.text).toBe(201);
  const body = response.json;
  return { id: body.token.id, secret: body.secret, auth: { authorization: `Bearer ${body.secret}` } };
}

/**
 * A browser's mark cookie (server/plugins/browser-mark.ts), for the calls of one "browser": a code
 * requested with it may be typed with it, and nowhere else (ADR 74).
 */
export function aBrowser(): { cookie: string } {
  return { cookie: `rr_browser_mark=${crypto.randomBytes(32).toString('base64url')}` };
}
