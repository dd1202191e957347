import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

/**
 * Per-IP limits on the routes that guess or send (sign-in, promo codes, sign-up), applied route by
 * route. Counters live in memory: on several servers each counts its own share, which still bounds a
 * guesser. The per-e-mail magic-link limit is counted in the database instead (magic-links.service).
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
  return { max: config.rateLimits.authPerIp, timeWindow: '15 minutes' };
}
