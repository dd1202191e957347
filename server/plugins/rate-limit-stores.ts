import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import { BatchWriter } from '#server/db/batch-writer';
import type { Database } from '#server/db/schema';
import { RATE_LIMIT_STORE_REPORT_EVERY_MS } from '#server/durations';

type Incr = FastifyRateLimitStore['incr'];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Every key this app counts starts so, in Redis and in the database alike. */
const KEY_PREFIX = 'roundroom-rate-limit-';
/** The database store deletes ended windows once every this many counts, so dead keys do not pile up. */
const SWEEP_EVERY = 200;
/** A Redis command that has not answered in this long counts as failed (the fallback then answers). */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * A route's own counts, as the plugin's Redis store keys them (it passes the route as `routeInfo`); a
 * limiter made with `app.rateLimit()` for several routes (one per API token) has no route: its key says so.
 */
const routeKey = (prefix: string, routeOptions: RouteOptions) => {
  const { routeInfo } = routeOptions as unknown as { routeInfo: { method?: string; url?: string } };
  return routeInfo.url ? `${prefix}${routeInfo.method}${routeInfo.url}-` : `${prefix}any-route-`;
};

/** One count to make: a key's, in a window of this length, at this moment. */
interface CountToMake {
  key: string;
  timeWindow: number;
  now: number;
}

/** A key's count in its window, and how long the window has left. */
interface Count {
  current: number;
  ttl: number;
}

/** Counts made per transaction, at most. */
const COUNTS_PER_COMMIT = 200;

/** Makes or bumps a key's row by one atomic upsert, which starts a new window when the last one has ended. */
async function countOnce(db: Kysely<Database>, { key, timeWindow, now }: CountToMake): Promise<Count> {
  const ended = sql<boolean>`rate_limit_counters.expires_at <= ${now}`;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, count: 1, expires_at: now + timeWindow })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql`case when ${ended} then 1 else rate_limit_counters.count + 1 end`,
        expires_at: sql`case when ${ended} then ${now + timeWindow} else rate_limit_counters.expires_at end`,
      }),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.count), ttl: Math.max(0, Number(row.expires_at) - now) };
}

/**
 * The counts asked for in one turn of the event loop are made in one transaction (group commit, ADR 66):
 * every limited request counts, and on SQLite each commit is a synced write that blocks the event loop.
 * Within a batch the rows are bumped in key order, so two servers' batches on one PostgreSQL lock shared
 * keys in the same order and never wait on each other in a cycle; each caller gets its own count.
 */
function countsWriter(db: Kysely<Database>): BatchWriter<CountToMake, Count> {
  return new BatchWriter<CountToMake, Count>({
    maxItems: COUNTS_PER_COMMIT,
    windowMs: 0,
    write: async (counts) => {
      if (counts.length === 1) return [await countOnce(db, counts[0] as CountToMake)];
      return db.transaction().execute(async (trx) => {
        const order = counts
          .map((count, index) => ({ key: count.key, index }))
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
        const made: Count[] = [];
        for (const { index } of order) made[index] = await countOnce(trx, counts[index] as CountToMake);
        return made;
      });
    },
  });
}

/**
 * Counts in the database (ADR 49): one row per key, so every server on a PostgreSQL database shares each
 * count exactly, and a restart forgets none. Without Redis, and as Redis's stand-in while it is
 * unreachable. Every route's store shares one writer of counts.
 */
export class DatabaseStore implements FastifyRateLimitStore {
  #counted = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly prefix = KEY_PREFIX,
    private readonly counts = countsWriter(db),
  ) {}

  incr(key: string, callback: Parameters<Incr>[1], timeWindow: number): void {
    this.#increment(`${this.prefix}${key}`, timeWindow).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new DatabaseStore(this.db, routeKey(this.prefix, routeOptions), this.counts);
  }

  /** Lets the counts already asked for be made; any asked for afterwards are refused. */
  close(): Promise<void> {
    return this.counts.close();
  }

  async #increment(key: string, timeWindow: number): Promise<Count> {
    const now = Date.now();
    const count = await this.counts.add({ key, timeWindow, now });
    if (++this.#counted % SWEEP_EVERY === 0) {
      void this.db
        .deleteFrom('rate_limit_counters')
        .where('expires_at', '<', now)
        .execute()
        .catch(() => {});
    }
    return count;
  }
}

/**
 * Asks the shared store first and, when it fails (Redis unreachable or too slow), counts in `fallback`
 * (the database) instead of refusing everyone or letting everyone through (ADR 49).
 */
export class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly primary: FastifyRateLimitStore,
    private readonly fallback: FastifyRateLimitStore,
    private readonly reportFailure: (error: Error) => void,
  ) {}

  incr(key: string, callback: Parameters<Incr>[1], timeWindow: number, max: number): void {
    this.primary.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.reportFailure(error);
        this.fallback.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackStore(
      this.primary.child(routeOptions),
      this.fallback.child(routeOptions),
      this.reportFailure,
    );
  }
}

interface Log {
  warn(object: object, message: string): void;
}

/** Where the per-address limits are counted, and how to let go of it at close. */
export interface RateLimitStore {
  store: FastifyRateLimitStore;
  /** Which store counts, for the start-up log. */
  kind: 'redis' | 'database';
  close(): Promise<void>;
}

/**
 * REDIS_URL set: Redis, shared by every server, with the database as the stand-in while it is
 * unreachable. Otherwise the database: shared by every server on one PostgreSQL, and on SQLite the one
 * server's, kept across restarts. ioredis is loaded only when REDIS_URL is set (docs/decisions/0067).
 */
export async function createRateLimitStore(options: {
  redisUrl: string | undefined;
  db: Kysely<Database>;
  log: Log;
}): Promise<RateLimitStore> {
  const { redisUrl, db, log } = options;
  const database = new DatabaseStore(db);
  if (!redisUrl) return { store: database, kind: 'database', close: () => database.close() };
  let reportedAt = 0;
  const report = (message: string) => (error: Error) => {
    if (Date.now() - reportedAt < RATE_LIMIT_STORE_REPORT_EVERY_MS) return;
    reportedAt = Date.now();
    log.warn({ error: error.message }, message);
  };
  const [{ Redis }, { default: RedisStore }] = await Promise.all([
    import('ioredis'),
    import('@fastify/rate-limit/store/RedisStore.js'),
  ]);
  const redis = new Redis(redisUrl, {
    // Fail at once while disconnected rather than queue: the database answers meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
  });
  redis.on(
    'error',
    report('Redis (REDIS_URL) is unreachable: rate limits are counted in the database meanwhile'),
  );
  return {
    store: new FallbackStore(
      new RedisStore(false, false, redis, KEY_PREFIX),
      database,
      report('a rate limit could not be counted in Redis: counted in the database instead'),
    ),
    kind: 'redis',
    close: async () => {
      redis.disconnect();
      await database.close();
    },
  };
}
