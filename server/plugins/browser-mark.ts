import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import { generateToken, hashToken } from '#server/security/tokens';

/**
 * The mark of the browser that asked for a sign-in link or a share-link code (ADR 74): a random value in an
 * httpOnly cookie, of which the link or code row keeps the hash. A code typed anywhere else is a wrong
 * code, so a code is worth guessing only from the asking browser; and the link spends itself by script
 * (/verify's "Verifying access") only there, so a mail scanner that runs the page spends nothing. It
 * proves nothing by itself and opens nothing: it only narrows where a proof may be given.
 */
export const BROWSER_MARK_COOKIE = 'rr_browser_mark';
const MARK_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MARK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

function presentedMark(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  const value = header ? parseCookie(header)[BROWSER_MARK_COOKIE] : undefined;
  return value !== undefined && MARK_PATTERN.test(value) ? value : undefined;
}

/** The hash of the mark this browser presented, or null when it has none. */
export function browserMarkHashOf(request: FastifyRequest): string | null {
  const mark = presentedMark(request);
  return mark === undefined ? null : hashToken(mark);
}

/**
 * This browser's mark, set now when it has none: the hash to store with the link or code it asked for.
 * API clients that keep no cookies get one each time and simply cannot type codes (the link still works).
 */
export function markBrowser(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const mark = presentedMark(request) ?? generateToken();
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: BROWSER_MARK_COOKIE,
      value: mark,
      path: '/api/',
      expires: new Date(Date.now() + MARK_LIFETIME_MS),
      httpOnly: true,
      secure: config.isHttps,
      sameSite: 'lax',
    }),
  );
  return hashToken(mark);
}
