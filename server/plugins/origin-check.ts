import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import { isApiRoute } from './matched-route';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the cookie session: a write to the API that names a foreign Origin is refused, and a
 * cookie-authenticated write must name ours (browsers always send Origin on fetch writes). Bearer-token
 * clients send no cookie, so they are not affected. An API token is checked by nothing here at all: the
 * cookie is never read beside it and no page can make a browser add it, so a request carrying one is
 * not forgeable cross-site, and an integration may call from any origin (ADR 51). Runs after the auth
 * hook, which sets request.session. It decides on the route the router matched (isApiRoute), so an
 * unusual spelling of a path (`/%61pi/...`) that reaches a route is checked as that route.
 */
export function registerOriginCheck(app: FastifyInstance, appUrl: string): void {
  const ourOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return;
    if (request.apiToken || request.hasUnusableApiToken) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin !== undefined && origin !== ourOrigin) {
      throw new HttpError(403, 'forbidden_origin', 'This request came from another site and was refused.');
    }
    // A write that signs someone in or out without a session (an invitation's accept, a link's or a code's
    // verify, logout) must come from our pages whenever the request carries cookies: a browser sends them,
    // and an Origin, with any form another site posts (login CSRF, ADR 74). An API client posting a token
    // sends no cookie and is not a browser another site can drive, so it needs no Origin.
    const signsInOrOut = request.routeOptions.config?.requiresOwnOrigin === true;
    if (
      origin === undefined &&
      (request.session?.via === 'cookie' || (signsInOrOut && request.headers.cookie))
    ) {
      throw new HttpError(
        403,
        'forbidden_origin',
        'This request did not say which site it came from and was refused.',
      );
    }
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
