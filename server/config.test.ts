import os from 'node:os';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  test('an empty environment gives working defaults: port 3000, SQLite under ./data', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 3000,
      host: 'localhost',
      appUrl: 'http://localhost:3000',
      isHttps: false,
      dataDir: path.resolve('data'),
      database: { dialect: 'sqlite', file: path.resolve('data', 'roundroom.sqlite') },
      mail: { smtpUrl: undefined, from: 'Roundroom <no-reply@localhost>' },
      supportEmail: 'support@roundroom.app',
      logLevel: 'info',
    });
  });

  test('DATABASE_URL selects PostgreSQL; APP_URL loses its trailing slash and turns on https', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://rr:secret@db.internal:5432/roundroom',
      APP_URL: 'https://rooms.example.com/',
      PORT: '8080',
    });
    expect(config.database).toEqual({
      dialect: 'postgres',
      url: 'postgres://rr:secret@db.internal:5432/roundroom',
    });
    expect(config.appUrl).toBe('https://rooms.example.com');
    expect(config.isHttps).toBe(true);
    expect(config.mail.from).toBe('Roundroom <no-reply@rooms.example.com>');
  });

  test('TRUST_PROXY takes true, false, a hop count or proxy addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => parseConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be true, false/);
  });

  test('an empty variable counts as unset', () => {
    expect(parseConfig({ PORT: '', SMTP_URL: '' })).toMatchObject({
      port: 3000,
      mail: { smtpUrl: undefined },
    });
  });

  test.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [
      { APP_URL: 'ftp://example.com' },
      'Invalid configuration: APP_URL must be an http:// or https:// URL (got "ftp://example.com")',
    ],
    [
      { SUPPORT_EMAIL: 'nobody' },
      'Invalid configuration: SUPPORT_EMAIL must be an e-mail address (got "nobody")',
    ],
    [
      { NODE_ENV: 'staging' },
      'Invalid configuration: NODE_ENV must be development, production or test (got "staging")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
  ])('a bad value stops with one line naming the variable: %j', (environment, line) => {
    expect(() => parseConfig(environment)).toThrow(new ConfigError(line));
  });

  test('a bad connection URL is named without echoing its password', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://root:hunter2@db/rr' })).toThrow(
      new ConfigError('Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL'),
    );
    expect(() => parseConfig({ SMTP_URL: 'http://user:hunter2@mail' })).toThrow(
      new ConfigError('Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL'),
    );
    expect(() => parseConfig({ REDIS_URL: 'http://:hunter2@cache:6379' })).toThrow(
      new ConfigError('Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL'),
    );
  });

  test('REDIS_URL takes redis:// and rediss:// URLs, and is unset by default', () => {
    expect(parseConfig({}).redisUrl).toBeUndefined();
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(parseConfig({ REDIS_URL: 'rediss://:pw@cache.internal:6380/2' }).redisUrl).toBe(
      'rediss://:pw@cache.internal:6380/2',
    );
  });
});

test('slow-client bounds and the parse time limit default to the documented values', () => {
  const config = parseConfig({});
  expect(config.slowClients).toEqual({
    requestTimeoutMs: 900_000,
    headersTimeoutMs: 20_000,
    bodyMinBytesPerSecond: 8_192,
    bodyRateWindowMs: 30_000,
    maxConnectionsPerAddress: 64,
  });
  expect(config.sectionsParseTimeoutMs).toBe(4_000);
});

test('PREVIEW_CONCURRENCY=auto on a machine of more than 64 cores prepares 64 at once, as a number may at most', () => {
  const cores = vi.spyOn(os, 'availableParallelism').mockReturnValue(192);
  try {
    expect(parseConfig({}).previews.concurrency).toBe(64);
    expect(parseConfig({ PREVIEW_CONCURRENCY: 'auto' }).previews.concurrency).toBe(64);
  } finally {
    cores.mockRestore();
  }
  expect(parseConfig({ PREVIEW_CONCURRENCY: '64' }).previews.concurrency).toBe(64);
});

test('the headers time limit never exceeds the whole request limit (Node refuses that)', () => {
  const config = parseConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '20000' });
  expect(config.slowClients.headersTimeoutMs).toBe(5_000);
  expect(() => parseConfig({ MAX_CONNECTIONS_PER_IP: '-1' })).toThrow(
    'Invalid configuration: MAX_CONNECTIONS_PER_IP must be 0 or more (got "-1")',
  );
});

test('previews get two minutes per document, one preparation at once and 64 MB of objects in memory unless configured', () => {
  // By default small files are prepared one per core, and a file of up to 8 MB is small.
  expect(parseConfig({}).previews).toEqual({
    timeLimitMs: 300_000,
    concurrency: Math.min(os.availableParallelism(), 64),
    smallFileBytes: 8 * 1024 * 1024,
    objectCacheBytes: 64 * 1024 * 1024,
    watermarkCacheBytes: 32 * 1024 * 1024,
  });
  expect(parseConfig({ PREVIEW_CONCURRENCY: 'auto' }).previews.concurrency).toBe(
    Math.min(os.availableParallelism(), 64),
  );
  expect(
    parseConfig({
      PREVIEW_TIME_LIMIT_MS: '500',
      PREVIEW_CONCURRENCY: '2',
      PREVIEW_SMALL_FILE_MB: '0',
      PREVIEW_OBJECT_CACHE_MB: '0',
      WATERMARK_CACHE_MB: '0',
    }).previews,
  ).toEqual({
    timeLimitMs: 500,
    concurrency: 2,
    smallFileBytes: 0,
    objectCacheBytes: 0,
    watermarkCacheBytes: 0,
  });
  expect(() => parseConfig({ PREVIEW_CONCURRENCY: 'all' })).toThrow(
    'Invalid configuration: PREVIEW_CONCURRENCY must be auto or a whole number from 1 to 64 (got "all")',
  );
  expect(() => parseConfig({ PREVIEW_CONCURRENCY: '65' })).toThrow(
    'Invalid configuration: PREVIEW_CONCURRENCY must be at most 64 (got "65")',
  );
  expect(() => parseConfig({ PREVIEW_SMALL_FILE_MB: '-1' })).toThrow(
    'Invalid configuration: PREVIEW_SMALL_FILE_MB must be 0 or more (got "-1")',
  );
  expect(() => parseConfig({ PREVIEW_SMALL_FILE_MB: 'big' })).toThrow(
    'Invalid configuration: PREVIEW_SMALL_FILE_MB must be a whole number (got "big")',
  );
  expect(() => parseConfig({ PREVIEW_OBJECT_CACHE_MB: '-1' })).toThrow(
    'Invalid configuration: PREVIEW_OBJECT_CACHE_MB must be 0 or more (got "-1")',
  );
  expect(() => parseConfig({ PREVIEW_CONCURRENCY: '0' })).toThrow(
    'Invalid configuration: PREVIEW_CONCURRENCY must be at least 1 (got "0")',
  );
  expect(() => parseConfig({ PREVIEW_TIME_LIMIT_MS: 'soon' })).toThrow(
    'Invalid configuration: PREVIEW_TIME_LIMIT_MS must be a whole number (got "soon")',
  );
});

test('files stay in DATA_DIR/uploads unless S3_BUCKET names a bucket, which takes the documented defaults', () => {
  expect(parseConfig({ DATA_DIR: '/srv/rr' }).storage).toEqual({
    driver: 'disk',
    uploadsDir: '/srv/rr/uploads',
  });
  expect(parseConfig({ S3_BUCKET: 'roundroom-files' }).storage).toEqual({
    driver: 's3',
    bucket: 'roundroom-files',
    endpoint: undefined,
    region: 'us-east-1',
    credentials: undefined,
    forcePathStyle: false,
  });
  expect(
    parseConfig({
      S3_BUCKET: 'rr-files',
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'hunter2',
      S3_FORCE_PATH_STYLE: 'true',
    }).storage,
  ).toEqual({
    driver: 's3',
    bucket: 'rr-files',
    endpoint: 'http://minio.internal:9000',
    region: 'eu-west-3',
    credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'hunter2' },
    forcePathStyle: true,
  });
});

test.each([
  [
    { S3_BUCKET: 'Has Spaces' },
    /^Invalid configuration: S3_BUCKET must be a bucket name .*\(got "Has Spaces"\)$/,
  ],
  [
    { S3_BUCKET: 'rr-files', S3_ENDPOINT: 's3.example.com' },
    /^Invalid configuration: S3_ENDPOINT must be an http/,
  ],
  [
    { S3_BUCKET: 'rr-files', S3_FORCE_PATH_STYLE: 'yes' },
    /^Invalid configuration: S3_FORCE_PATH_STYLE must be true or false/,
  ],
  [{ S3_ENDPOINT: 'http://minio:9000' }, /^Invalid configuration: S3_ENDPOINT is set but S3_BUCKET is not$/],
  [
    { S3_BUCKET: 'rr-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
    /^Invalid configuration: S3_SECRET_ACCESS_KEY must be set too/,
  ],
  [
    { S3_BUCKET: 'rr-files', S3_SECRET_ACCESS_KEY: 'hunter2' },
    /^Invalid configuration: S3_ACCESS_KEY_ID must be set too/,
  ],
])('a bad S3 setting stops with one line naming the variable, never the secret: %j', (environment, line) => {
  expect(() => parseConfig(environment)).toThrow(line);
  try {
    parseConfig(environment);
  } catch (error) {
    expect((error as Error).message).not.toContain('hunter2');
    expect((error as Error).message.split('\n')).toHaveLength(1);
  }
});

test('a bad region is named with its value, and the secret beside it is not shown', () => {
  expect(() =>
    parseConfig({ S3_BUCKET: 'rr-files', S3_REGION: 'Mars One', S3_SECRET_ACCESS_KEY: 'hunter2' }),
  ).toThrow('Invalid configuration: S3_REGION must be a region name such as us-east-1 (got "Mars One")');
});

describe('SHARE_LINK_KEY and SHARE_LINK_OLD_KEYS (ADR 76)', () => {
  const key = Buffer.alloc(32, 7);
  test('a 32-byte key as hex, base64 or base64url; the old keys as a comma list; none by default', () => {
    expect(parseConfig({}).shareLinkKeys).toEqual({ current: undefined, old: [] });
    for (const written of [key.toString('hex'), key.toString('base64'), key.toString('base64url')])
      expect(parseConfig({ SHARE_LINK_KEY: written }).shareLinkKeys.current).toEqual(key);
    const other = Buffer.alloc(32, 9);
    expect(
      parseConfig({ SHARE_LINK_OLD_KEYS: `${key.toString('base64')}, ${other.toString('hex')}` })
        .shareLinkKeys.old,
    ).toEqual([key, other]);
  });

  test('a malformed key is named, without echoing it', () => {
    for (const written of ['secret', Buffer.alloc(16).toString('base64'), `${key.toString('hex')}00`])
      expect(() => parseConfig({ SHARE_LINK_KEY: written })).toThrow(
        new ConfigError(
          'Invalid configuration: SHARE_LINK_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)',
        ),
      );
    expect(() => parseConfig({ SHARE_LINK_OLD_KEYS: `${key.toString('base64')},hunter2` })).toThrow(
      new ConfigError(
        'Invalid configuration: SHARE_LINK_OLD_KEYS each key must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)',
      ),
    );
  });
});
