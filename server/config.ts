import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DAY_MS } from '#server/durations';

/**
 * The only module that reads process.env. Everything else receives a Config, so tests build one with
 * parseConfig() and never touch the environment.
 */

const wholeNumber = z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number');

const port = wholeNumber.min(0, 'must be between 0 and 65535').max(65535, 'must be between 0 and 65535');

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const emailAddress = z.email({ error: 'must be an e-mail address' });

/** The most previews prepared at once, written or counted ('auto'). */
const MAX_PREVIEW_CONCURRENCY = 64;

const KEY_FORMAT = 'must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)';

/** A 32-byte key written as hex or base64 (either alphabet), or null when it is neither. */
function keyBytesOf(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

const sealingKey = z.string().transform((text, context) => {
  const bytes = keyBytesOf(text);
  if (bytes) return bytes;
  context.addIssue({ code: 'custom', message: KEY_FORMAT });
  return z.NEVER;
});

const sealingKeys = z.string().transform((text, context) => {
  const keys: Buffer[] = [];
  for (const part of text.split(',').filter((key) => key.trim() !== '')) {
    const bytes = keyBytesOf(part);
    if (!bytes) {
      context.addIssue({ code: 'custom', message: `each key ${KEY_FORMAT}` });
      return z.NEVER;
    }
    keys.push(bytes);
  }
  return keys;
});

const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  APP_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  // Shared rate limits for several nodes (ADR 49); unset keeps them in this process or PostgreSQL.
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3, 'must be an address such as "Roundroom <no-reply@example.com>"').optional(),
  SUPPORT_EMAIL: emailAddress.default('support@roundroom.app'),
  PROMO_CODES: z.string().default(''),
  AUTH_RATE_LIMIT_PER_IP: wholeNumber.min(1, 'must be at least 1').default(30),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: wholeNumber.min(1, 'must be at least 1').default(120),
  INVITATIONS_PER_DAY: wholeNumber.min(1, 'must be at least 1').default(100),
  SEARCHES_PER_MINUTE: wholeNumber.min(1, 'must be at least 1').default(120),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\d.:a-fA-F/]+(,[\d.:a-fA-F/]+)*)$/, {
      error: 'must be true, false, a number of proxy hops, or comma-separated proxy addresses',
    })
    .default('false'),
  MAGIC_LINKS_PER_EMAIL: wholeNumber.min(1, 'must be at least 1').default(5),
  SHARE_CODES_PER_LINK: wholeNumber.min(1, 'must be at least 1').default(60),
  // The key sealing share links' addresses so the founder can copy them again (ADR 76), and the keys it
  // replaced, which still open the addresses sealed under them. Unset on one node: made once in DATA_DIR.
  SHARE_LINK_KEY: sealingKey.optional(),
  SHARE_LINK_OLD_KEYS: sealingKeys.default([]),
  // Slow clients (ADR 27). A 50 MB upload over a 1 Mbit/s phone link takes about 7 minutes.
  REQUEST_TIMEOUT_MS: wholeNumber.min(1_000, 'must be at least 1000').default(900_000),
  HEADERS_TIMEOUT_MS: wholeNumber.min(500, 'must be at least 500').default(20_000),
  BODY_MIN_BYTES_PER_SECOND: wholeNumber.min(0, 'must be 0 or more').default(8_192),
  BODY_RATE_WINDOW_MS: wholeNumber.min(100, 'must be at least 100').default(30_000),
  MAX_CONNECTIONS_PER_IP: wholeNumber.min(0, 'must be 0 or more').default(64),
  SECTIONS_PARSE_TIMEOUT_MS: wholeNumber.min(100, 'must be at least 100').default(4_000),
  // The largest file one upload (or one file of an unpacked zip) may be, in MB: the spec's 50 MB by
  // default, up to 2 GB; uploads stream to storage whatever their size (ADR 70).
  UPLOAD_MAX_MB: wholeNumber.min(1, 'must be at least 1').max(2048, 'must be at most 2048').default(50),
  // Document previews (ADR 39): one conversion's time limit, and how many small files are prepared at
  // once per process: 'auto' is one per core (os.availableParallelism()); a larger file always takes the
  // one slot of its own (docs/decisions/0079-parallel-preparation-of-small-files.md).
  PREVIEW_TIME_LIMIT_MS: wholeNumber.min(100, 'must be at least 100').default(300_000),
  PREVIEW_CONCURRENCY: z
    .union(
      [
        z.literal('auto'),
        wholeNumber
          .min(1, 'must be at least 1')
          .max(MAX_PREVIEW_CONCURRENCY, `must be at most ${MAX_PREVIEW_CONCURRENCY}`),
      ],
      { error: `must be auto or a whole number from 1 to ${MAX_PREVIEW_CONCURRENCY}` },
    )
    .default('auto'),
  PREVIEW_SMALL_FILE_MB: wholeNumber.min(0, 'must be 0 or more').max(2048, 'must be at most 2048').default(8),
  // Small preview objects (page images, thumbnails) kept in memory, in MB; 0 keeps none.
  PREVIEW_OBJECT_CACHE_MB: wholeNumber
    .min(0, 'must be 0 or more')
    .max(4096, 'must be at most 4096')
    .default(64),
  // Page images with a reader's watermark burned in, kept in memory, in MB; 0 keeps none (ADR 46).
  WATERMARK_CACHE_MB: wholeNumber.min(0, 'must be 0 or more').max(4096, 'must be at most 4096').default(32),
  // How long a reading report waits for others to share its transaction (ADR 41); 0 writes each turn.
  READING_REPORT_WINDOW_MS: wholeNumber
    .min(0, 'must be 0 or more')
    .max(10_000, 'must be at most 10000')
    .default(1_000),
  // How often the engagement score's refresh job reads a room while anyone reads in it (ADR 89); 0: at
  // once after each activity, and not again (tests).
  ENGAGEMENT_REFRESH_MS: wholeNumber
    .min(0, 'must be 0 or more')
    .max(3_600_000, 'must be at most 3600000')
    .default(60_000),
  // The job queue (ADR 40): how often an idle worker looks for due jobs, and the first retry's delay.
  JOB_POLL_INTERVAL_MS: wholeNumber.min(10, 'must be at least 10').default(1_000),
  JOB_RETRY_BASE_DELAY_MS: wholeNumber.min(0, 'must be 0 or more').default(10_000),
  JOB_LEASE_MS: wholeNumber.min(300, 'must be at least 300').default(30_000),
  // SIGTERM drains the server (ADR 50): how long idle keep-alive connections are left for the client
  // (a proxy) to close, and how long in-flight requests may take before the process exits anyway.
  SHUTDOWN_IDLE_CONNECTIONS_MS: wholeNumber.min(0, 'must be 0 or more').default(3_000),
  SHUTDOWN_TIMEOUT_MS: wholeNumber.min(1_000, 'must be at least 1000').default(30_000),
  // S3-compatible object storage for uploads (ADR 48); unset: files under DATA_DIR/uploads.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
    })
    .optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'must be a region name such as us-east-1' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  // Webhooks (ADR 52): private, loopback and link-local targets (and plain http) only when an operator
  // allows them, e.g. for tests or a receiver on the same network.
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  WEBHOOKS_RETRY_BASE_DELAY_MS: wholeNumber.min(10, 'must be at least 10').default(30_000),
  WEBHOOKS_FAILURE_WINDOW_MS: wholeNumber.min(100, 'must be at least 100').default(DAY_MS),
  WEBHOOKS_TIMEOUT_MS: wholeNumber.min(50, 'must be at least 50').default(10_000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

export type Environment = z.input<typeof environmentSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public base URL without a trailing slash, used in e-mailed links. */
  appUrl: string;
  isHttps: boolean;
  /** Absolute path of the directory holding the SQLite database, uploads and the dev outbox. */
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  /** Where the per-address rate limits are counted across nodes (ADR 49); undefined: not in Redis. */
  redisUrl: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  supportEmail: string;
  /** Upper-cased; compared case-insensitively. Never sent to the client. */
  promoCodes: string[];
  rateLimits: {
    /** Magic-link requests, verifications, promo checks, sign-ups and waitlist entries per IP per 15 minutes. */
    authPerIp: number;
    /** Requests one API token may make per minute, across every route (ADR 51). */
    apiTokenPerMinute: number;
    /** Magic links sent to one e-mail address per 15 minutes; share-link codes count the same way (ADR 71). */
    magicLinksPerEmail: number;
    /** Codes one share link may send per 15 minutes, to every address together (ADR 71). */
    shareCodesPerLink: number;
    /** Invitations a data room may send (or re-send) per 24 hours. */
    invitationsPerDay: number;
    /** Searches (and questions asked of the room) one reader may make per minute (ADR 88). */
    searchesPerMinute: number;
  };
  /**
   * The share links' sealing keys as configured (ADR 76): undefined current means none was given, and
   * server/security/share-link-keys.ts makes one in DATA_DIR on a single node.
   */
  shareLinkKeys: { current: Buffer | undefined; old: Buffer[] };
  /** Fastify's trustProxy: which X-Forwarded-For hops to believe for the client's IP. */
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** Bounds on slow clients (ADR 27); see the README's configuration table. */
  slowClients: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    bodyMinBytesPerSecond: number;
    bodyRateWindowMs: number;
    maxConnectionsPerAddress: number;
  };
  /** How long parsing one sections text may run in the parser's worker before it is refused (ADR 26). */
  sectionsParseTimeoutMs: number;
  /** How long a reading report waits for others to share its transaction; 0: the same turn only. */
  readingReportWindowMs: number;
  /** How often the engagement refresh job reads a followed room (ADR 89); 0: once, at once, after each activity. */
  engagementRefreshMs: number;
  /** The largest file one upload, or one file of an unpacked zip, may be (UPLOAD_MAX_MB; ADR 70). */
  uploadMaxBytes: number;
  /** Preparing documents for the viewer (ADR 39). */
  previews: {
    /** One document's conversion, killed with every process it started past this. */
    timeLimitMs: number;
    /** At most this many preparations of small files at once in one process (a larger file has one slot). */
    concurrency: number;
    /** A file of at most this many bytes is small (PREVIEW_SMALL_FILE_MB; 0: none is). */
    smallFileBytes: number;
    /** Bytes of stored preview objects kept in memory for the viewer (server/caches/preview-bytes-cache.ts). */
    objectCacheBytes: number;
    watermarkCacheBytes: number;
  };
  jobs: { pollIntervalMs: number; retryBaseDelayMs: number; leaseMs: number };
  /** SIGTERM's drain (ADR 50). */
  shutdown: { idleConnectionsMs: number; timeoutMs: number };
  /** Where uploaded files live (server/storage/create-storage.ts). */
  storage: StorageConfig;
  /** Webhook delivery (docs/decisions/0052-webhooks.md). */
  webhooks: {
    /** Endpoints on private, loopback or link-local addresses, and http:// ones, are allowed. */
    allowPrivateAddresses: boolean;
    /** The first retry of a delivery waits this long, each later one twice as long. */
    retryBaseDelayMs: number;
    /** A delivery is retried this long; an endpoint failing this long is turned off. */
    failureWindowMs: number;
    /** Each of connecting, and waiting for the answer, may take this long. */
    timeoutMs: number;
  };
}

export type StorageConfig =
  | { driver: 'disk'; uploadsDir: string }
  | {
      driver: 's3';
      bucket: string;
      /** Unset: AWS's own endpoint for the region. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the AWS SDK's usual chain (instance role, ~/.aws, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'PROMO_CODES',
  'S3_SECRET_ACCESS_KEY',
  'SHARE_LINK_KEY',
  'SHARE_LINK_OLD_KEYS',
]);

export class ConfigError extends Error {}

/** Parses an environment-shaped record. Throws ConfigError with one line naming the variable. */
export function parseConfig(environment: Record<string, string | undefined>): Config {
  // An empty variable (FOO=) means "not set", as in most twelve-factor apps.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = environmentSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const value = present[variable];
    // Connection URLs carry passwords: never echo them into logs.
    const shown =
      value === undefined || SECRET_VARIABLES.has(variable) ? '' : ` (got ${JSON.stringify(value)})`;
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const env = result.data;
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    isHttps: appUrl.startsWith('https://'),
    dataDir,
    database: env.DATABASE_URL
      ? { dialect: 'postgres', url: env.DATABASE_URL }
      : { dialect: 'sqlite', file: path.join(dataDir, 'roundroom.sqlite') },
    redisUrl: env.REDIS_URL,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Roundroom <no-reply@${new URL(appUrl).hostname}>`,
    },
    supportEmail: env.SUPPORT_EMAIL,
    promoCodes: env.PROMO_CODES.split(',')
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
    rateLimits: {
      authPerIp: env.AUTH_RATE_LIMIT_PER_IP,
      apiTokenPerMinute: env.API_TOKEN_RATE_LIMIT_PER_MINUTE,
      magicLinksPerEmail: env.MAGIC_LINKS_PER_EMAIL,
      shareCodesPerLink: env.SHARE_CODES_PER_LINK,
      invitationsPerDay: env.INVITATIONS_PER_DAY,
      searchesPerMinute: env.SEARCHES_PER_MINUTE,
    },
    shareLinkKeys: { current: env.SHARE_LINK_KEY, old: env.SHARE_LINK_OLD_KEYS },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    sectionsParseTimeoutMs: env.SECTIONS_PARSE_TIMEOUT_MS,
    readingReportWindowMs: env.READING_REPORT_WINDOW_MS,
    engagementRefreshMs: env.ENGAGEMENT_REFRESH_MS,
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    previews: {
      timeLimitMs: env.PREVIEW_TIME_LIMIT_MS,
      // 'auto' holds to the same most as a number: a machine of many cores is no reason for more at once.
      concurrency:
        env.PREVIEW_CONCURRENCY === 'auto'
          ? Math.min(os.availableParallelism(), MAX_PREVIEW_CONCURRENCY)
          : env.PREVIEW_CONCURRENCY,
      smallFileBytes: env.PREVIEW_SMALL_FILE_MB * 1024 * 1024,
      objectCacheBytes: env.PREVIEW_OBJECT_CACHE_MB * 1024 * 1024,
      watermarkCacheBytes: env.WATERMARK_CACHE_MB * 1024 * 1024,
    },
    jobs: {
      pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
      retryBaseDelayMs: env.JOB_RETRY_BASE_DELAY_MS,
      leaseMs: env.JOB_LEASE_MS,
    },
    shutdown: {
      idleConnectionsMs: env.SHUTDOWN_IDLE_CONNECTIONS_MS,
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    },
    webhooks: {
      allowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'true',
      retryBaseDelayMs: env.WEBHOOKS_RETRY_BASE_DELAY_MS,
      failureWindowMs: env.WEBHOOKS_FAILURE_WINDOW_MS,
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    },
    slowClients: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      // Node requires the headers' limit to be within the whole request's.
      headersTimeoutMs: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
      bodyMinBytesPerSecond: env.BODY_MIN_BYTES_PER_SECOND,
      bodyRateWindowMs: env.BODY_RATE_WINDOW_MS,
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_IP,
    },
    storage: storageConfig(env, dataDir),
  };
}

function storageConfig(env: z.output<typeof environmentSchema>, dataDir: string): StorageConfig {
  if (!env.S3_BUCKET) {
    for (const variable of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (env[variable] !== undefined)
        throw new ConfigError(`Invalid configuration: ${variable} is set but S3_BUCKET is not`);
    }
    return { driver: 'disk', uploadsDir: path.join(dataDir, 'uploads') };
  }
  // One without the other is a half-copied secret: refused rather than left to the SDK's chain.
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set too (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together)`,
    );
  }
  return {
    driver: 's3',
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID !== undefined && env.S3_SECRET_ACCESS_KEY !== undefined
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',');
}

export function loadConfigFromEnvironment(): Config {
  return parseConfig(process.env);
}
