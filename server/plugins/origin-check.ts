import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { isApiRoute } from './matched-route';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The bodies an HTML form can send to another site without asking it first (no CORS preflight). */
const FORM_MEDIA_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

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
    if (origin === undefined && (request.session?.via === 'cookie' || mustNameOurOrigin(request))) {
      throw new HttpError(
        403,
        'forbidden_origin',
        'This request did not say which site it came from and was refused.',
      );
    }
  });
}

/**
 * Whether a write without any Origin is refused on a route that signs someone in or out without needing
 * a session (`config: { requiresOwnOrigin: true }`, declared on the route; ADR 74). Every current browser
 * names the Origin of every POST (`null` at worst, which is foreign), and API clients sign in without one
 * (`POST /api/auth/verify` answers the token for `Authorization: Bearer`; README). So an Origin-less
 * request passes only where no page of another site could have made a browser send it: with an
 * Authorization header or a JSON body (either needs a CORS preflight, which this server never grants),
 * or with no body an HTML form sends (a form always sends one of FORM_MEDIA_TYPES) and no cookie (a
 * client holding our cookies is a browser, which names its Origin). A cross-site form from a browser that
 * left the Origin out (an old one, or an extension that strips it) is refused by its body, since its
 * `SameSite=Lax` cookies stay behind on a cross-site POST.
 */
function mustNameOurOrigin(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.requiresOwnOrigin !== true) return false;
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (request.headers.authorization !== undefined || mediaType === 'application/json') return false;
  return request.headers.cookie !== undefined || (mediaType !== undefined && FORM_MEDIA_TYPES.has(mediaType));
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
