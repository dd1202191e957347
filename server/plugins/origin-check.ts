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
 * hook, which sets request.session.
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
    if (origin === undefined && request.session?.via === 'cookie') {
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
