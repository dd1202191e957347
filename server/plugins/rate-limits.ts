import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AUTH_RATE_LIMIT_WINDOW_MS } from '../durations';
import { HttpError } from './errors';

/**
 * Per-IP limits on the routes anyone can call to guess or to make us send mail (magic links,
 * verification, promo codes, sign-up, the waitlist), applied route by route. Counters live in memory:
 * on several servers each counts its own share, which still bounds a guesser. The limits counted in
 * the database instead: magic links per e-mail (magic-links.service) and invitations per room and day
 * (invitations.service).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'rate_limited',
        `Too many attempts from your network. Please try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} minute(s).`,
      ),
  });
}

export function authRateLimit(config: Config) {
  return { max: config.rateLimits.authPerIp, timeWindow: AUTH_RATE_LIMIT_WINDOW_MS };
}
