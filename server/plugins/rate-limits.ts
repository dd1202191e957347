import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config';
import type { DatabaseHandle } from '#server/db/database';
import { AUTH_RATE_LIMIT_WINDOW_MS, MINUTE_MS } from '#server/durations';
import { HttpError } from './errors';
import { createRateLimitStore } from './rate-limit-stores';

/**
 * Per-IP limits on the routes anyone can call to guess or to make us send mail (magic links,
 * verification, promo codes, sign-up, the waitlist), and per-user ones (opening views), applied route by
 * route. Each count is shared by every server (ADR 49): in Redis when REDIS_URL is set, else in the
 * database (rate-limit-stores.ts). The limits counted
 * in the product's own tables instead: magic links per e-mail (magic-links.service), invitations per
 * room and day (invitations.service), and notifying investors once an hour (notifications.service).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  database: Pick<DatabaseHandle, 'db'>,
): Promise<void> {
  const { store, kind, close } = await createRateLimitStore({
    redisUrl: config.redisUrl,
    db: database.db,
    log: app.log,
  });
  app.log.info({ store: kind }, 'rate limits counted');
  app.addHook('onClose', close);
  await app.register(rateLimit, {
    global: false,
    // The plugin makes its store with `new`: this hands it the one made above.
    store: function sharedStore() {
      return store;
    } as unknown as FastifyRateLimitStoreCtor,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'rate_limited',
        `Too many attempts from your network. Please try again in ${Math.max(1, Math.ceil(context.ttl / MINUTE_MS))} minute(s).`,
      ),
  });
}

export function authRateLimit(config: Config) {
  return { max: config.rateLimits.authPerIp, timeWindow: AUTH_RATE_LIMIT_WINDOW_MS };
}
