import type pg from 'pg';
import { WriteEpoch } from './write-epoch';

/** The channel every epoch-moving write notifies, at its commit (write-notifications.ts). */
export const WRITES_CHANNEL = 'roundroom_writes';
/** Names the listening connection in pg_stat_activity. */
export const WRITES_LISTENER_APPLICATION = 'roundroom cache listener';

/** How often the listening connection is asked to prove it is alive. */
const PING_INTERVAL_MS = 200;
/**
 * Caches answer only while a ping sent less than this long ago has come back: PostgreSQL delivers a
 * listening session's notifications before the answer to its next query, so a write committed before
 * that ping was sent has been seen. Below a second, so another node's write is seen within one.
 */
const PROVEN_FOR_MS = 750;
/** A ping unanswered this long means the connection is dead though no error said so: it is replaced. */
const PING_GIVE_UP_MS = 3_000;
const RECONNECT_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];

interface Log {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * The write epoch of one server among several on one PostgreSQL (ADR 49). It moves for this process's
 * own writes, counted at the connection (postgres-write-counting.ts), and for every write any process
 * commits: a trigger on every table a cache reads sends a NOTIFY that PostgreSQL delivers at commit,
 * and this epoch LISTENs for it on a connection of its own.
 *
 * When that connection is lost, or stops answering, notifications may be missed, so `isCaching` turns
 * false (every lookup goes to the database) until it is back; then the epoch moves once, so nothing read
 * before the gap is trusted, and caching resumes. Reconnection retries with a growing delay.
 */
export class ClusterWriteEpoch extends WriteEpoch {
  /** The connection being opened or listening; undefined while waiting to reconnect, or stopped. */
  #client: pg.Client | undefined;
  #listening = false;
  #provenAt = 0;
  #pingSentAt: number | undefined;
  #pinger: NodeJS.Timeout | undefined;
  #reconnect: NodeJS.Timeout | undefined;
  #failures = 0;
  #started: Promise<void> | undefined;
  #stopped = false;
  #wasCaching = false;
  #log: Log = { warn: (object, message) => console.warn(message, object), info: () => {} };

  /**
   * `driver` loads node-postgres (server/db/pg-driver.ts), passed in by the database that makes this
   * epoch: the caches sit below the database and never import it.
   */
  constructor(
    private readonly url: string,
    private readonly driver: () => typeof pg,
  ) {
    super();
  }

  override get isCaching(): boolean {
    const caching = this.#listening && Date.now() - this.#provenAt < PROVEN_FOR_MS;
    // Back after a gap, however short: whatever was kept before it may be stale.
    if (caching && !this.#wasCaching) this.moved();
    this.#wasCaching = caching;
    return caching;
  }

  /** Starts listening; resolves once the first attempt to connect has succeeded or failed. Idempotent. */
  start(log?: Log): Promise<void> {
    if (log) this.#log = log;
    this.#stopped = false;
    this.#started ??= this.#connect();
    return this.#started;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#started = undefined;
    clearTimeout(this.#reconnect);
    const client = this.#client;
    this.#forget();
    await client?.end().catch(() => {});
  }

  /** The listening connection's server process id, for tests that cut it. */
  async listenerPid(): Promise<number | undefined> {
    if (!this.#listening) return undefined;
    const result = await this.#client?.query<{ pid: number }>('select pg_backend_pid() as pid');
    return result?.rows[0]?.pid;
  }

  async #connect(): Promise<void> {
    const client = new (this.driver().Client)({
      connectionString: this.url,
      application_name: WRITES_LISTENER_APPLICATION,
      keepAlive: true,
    });
    this.#client = client;
    client.on('notification', (message) => {
      // The payload names the table an INSERT or UPDATE wrote; it is empty for anything else (a DELETE
      // may cascade, write-notifications.ts), and from a server older than ADR 53: every table then.
      if (message.channel === WRITES_CHANNEL) this.moved(message.payload || undefined);
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('the connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${WRITES_CHANNEL}`);
    } catch (error) {
      this.#lost(client, error);
      return;
    }
    if (this.#client !== client) return;
    if (this.#failures > 0) this.#log.info({}, 'cache listener is back: caches are on again');
    this.#failures = 0;
    this.#listening = true;
    this.#provenAt = Date.now();
    this.#pinger = setInterval(() => this.#ping(client), PING_INTERVAL_MS);
    this.#pinger.unref();
  }

  #ping(client: pg.Client): void {
    const now = Date.now();
    if (this.#pingSentAt !== undefined) {
      if (now - this.#pingSentAt > PING_GIVE_UP_MS) {
        this.#lost(client, new Error(`no answer to a ping in ${PING_GIVE_UP_MS} ms`));
      }
      return;
    }
    this.#pingSentAt = now;
    client.query('select 1').then(
      () => {
        if (this.#client !== client) return;
        this.#provenAt = now;
        this.#pingSentAt = undefined;
      },
      (error: unknown) => this.#lost(client, error),
    );
  }

  /** The connection failed to open, errored, ended or stopped answering: caches off, reconnect later. */
  #lost(client: pg.Client, error: unknown): void {
    if (this.#client !== client) return;
    const wasListening = this.#listening;
    this.#forget();
    client.end().catch(() => {});
    if (this.#stopped) return;
    if (wasListening || this.#failures === 0) {
      this.#log.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'cache listener lost its PostgreSQL connection: caches are off until it is back',
      );
    }
    const delay = RECONNECT_DELAYS_MS[Math.min(this.#failures, RECONNECT_DELAYS_MS.length - 1)];
    this.#failures++;
    this.#reconnect = setTimeout(() => {
      this.#reconnect = undefined;
      if (!this.#stopped) void this.#connect();
    }, delay);
    this.#reconnect.unref();
  }

  #forget(): void {
    clearInterval(this.#pinger);
    this.#pinger = undefined;
    this.#pingSentAt = undefined;
    this.#client = undefined;
    this.#listening = false;
    this.moved();
  }
}
