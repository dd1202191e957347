import type { FastifyRequest } from 'fastify';

/**
 * Whether another site made the browser send this request (docs/decisions/0061-security-review-fixes.md).
 * A browser says where a request comes from in Sec-Fetch-Site (Fetch Metadata, every current browser):
 * `cross-site`, and `same-site` (a sibling subdomain, which is not us either), are refused; `same-origin`
 * and `none` (typed, a bookmark, opened from a mail program) are not. Without it, an Origin other than
 * the app's own says the same. A request with neither is not a browser's cross-site request: API
 * clients, scripts and mail programs send none. Used where a GET has a side effect: logging a download
 * or a click, which another page could otherwise make a signed-in investor's browser do.
 */
export function isCrossSiteRequest(request: FastifyRequest, appUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site' || site === 'same-site';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return origin !== new URL(appUrl).origin;
}
