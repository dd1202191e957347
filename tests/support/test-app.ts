import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { z } from 'zod';
import { type App, type BuildAppOptions, buildApp } from '#server/app';
import { type Config, parseConfig } from '#server/config';
import type { ApiError } from '#shared/contracts/api-error';
import {
  type ApiRoute,
  apiPath,
  type JsonApiRoute,
  type UrlParts,
  type UrlPartsArgument,
} from '#shared/contracts/api-route';
import { createTestBucket, s3Environment } from './s3-server';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server';

/**
 * The whole app on a real port with a fresh database and data directory, for one test file:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await startTestApp(); });
 *   afterAll(() => t.close());
 *
 * The database is SQLite or PostgreSQL as the run was started (see database-global-setup.ts), and the
 * files on disk or in a bucket (storage-global-setup.ts).
 */
export interface TestApp extends HttpClient {
  app: App;
  config: Config;
  baseUrl: string;
  /** The SMTP server the app sends to (SMTP_URL), unless the test gave its own SMTP_URL. */
  smtp: TestSmtpServer;
  close(): Promise<void>;
}

/** A GET's status, headers and raw bytes, as a browser receives them (images, downloads). */
export async function fetchBytes(
  t: Pick<TestApp, 'baseUrl'>,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${t.baseUrl}${urlPath}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Real HTTP requests to one server: the in-process test app or a server process. */
export interface HttpClient {
  request(method: string, urlPath: string, options?: RequestOptions): Promise<TestResponse>;
  /**
   * A route as shared/contracts declares it (docs/decisions/0086-tests-call-routes-by-contract.md): its
   * method and path come from the declaration, so a test names no path of its own.
   */
  call<Route extends ApiRoute>(
    route: Route,
    ...[options]: CallOptionsArgument<Route['path'], Route>
  ): Promise<CallResponse<Route>>;
}

/** Who makes a call: a signed-in user, an API token, anything that carries its authorization headers. */
export interface Caller {
  auth: Record<string, string>;
}

/** The body a route's contract takes; a route without one takes none (send a hostile one as `rawBody`). */
type BodyOf<Route> =
  Route extends JsonApiRoute<string, z.ZodType, infer Body>
    ? Body extends z.ZodType
      ? z.input<Body>
      : never
    : never;

/** What a call sends besides its route: the URL's parts, its caller, its body. */
export type CallOptions<Path extends string, Route> = UrlParts<Path> & {
  /** The caller whose authorization headers go with the request. */
  as?: Caller;
  /** The JSON body, as the route's contract types it. */
  body?: BodyOf<Route>;
  /** A JSON body sent unchecked: a hostile, malformed or outdated payload the server must refuse. */
  rawBody?: unknown;
  /** Multipart form data (uploads). */
  form?: FormData;
  headers?: Record<string, string>;
  redirect?: RequestOptions['redirect'];
};

/** Whether a call needs options: a route with parameters may not leave them out. */
export type CallOptionsArgument<Path extends string, Route> =
  UrlPartsArgument<Path> extends [parts: UrlParts<Path>]
    ? [options: CallOptions<Path, Route>]
    : [options?: CallOptions<Path, Route>];

/** A refusal's body: the API's one error shape, with what a refusal adds (`line`, `nda`, `nextAllowedAt`). */
export type Refusal = ApiError & Record<string, unknown>;

/**
 * A call's answer. `json` is typed as the route's answer contract types a 2xx answer: the test checks the
 * status before it reads it. `refusal` is the body of a 4xx or 5xx answer, undefined otherwise.
 */
export type CallResponse<Route> = (Route extends JsonApiRoute<string, infer Answer>
  ? Omit<TestResponse, 'json'> & { json: z.output<Answer> }
  : TestResponse) & { refusal: Refusal | undefined };

export interface RequestOptions {
  json?: unknown;
  /** Multipart form data; fetch sets the content type with its boundary. */
  form?: FormData;
  /**
   * A raw body, sent as given (malformed JSON, hand-made multipart). A stream is sent as it is read:
   * chunked, without Content-Length, unless `headers` names one.
   */
  body?: string | Buffer | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
  /** 'manual' answers a redirect as it is (status and Location) instead of following it. */
  redirect?: 'follow' | 'manual';
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface TestDatabase {
  environment: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A new, empty database: a file in a temp directory, or a new database on the PostgreSQL server. With
 * `migratedIn`, the same already migrated (a copy of the one the run migrated: database-global-setup.ts),
 * the SQLite file placed in that data directory.
 */
export async function createTestDatabase(options: { migratedIn?: string } = {}): Promise<TestDatabase> {
  const target = inject('testDatabase');
  if (target.dialect === 'sqlite') {
    if (options.migratedIn) {
      const { database } = parseConfig({ DATA_DIR: options.migratedIn });
      if (database.dialect === 'sqlite') fs.copyFileSync(target.migratedFile, database.file);
    }
    return { environment: {}, drop: async () => {} };
  }

  const name = `roundroom_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(
    `create database ${name}${options.migratedIn ? ` template ${target.migratedTemplate}` : ''}`,
  );
  await admin.end();
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  return {
    environment: { DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: target.adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Where a test app keeps its files: DATA_DIR/uploads, or (TEST_STORAGE=s3) a new bucket on the run's
 * S3-compatible server, as the S3_* variables an operator would set.
 */
export async function createTestStorage(): Promise<Record<string, string>> {
  const target = inject('testStorage');
  if (target.driver === 'disk') return {};
  return {
    ...s3Environment(target, await createTestBucket(target)),
    // A server on S3 is taken for one of several nodes, which must share a share-link key (ADR 76).
    SHARE_LINK_KEY: crypto.randomBytes(32).toString('base64'),
  };
}

/** The S3_* variables that name the storage of `config` (none for disk): for a script or a node beside it. */
export function storageEnvironmentOf(config: Config): Record<string, string> {
  if (config.storage.driver === 'disk') return {};
  return {
    S3_BUCKET: config.storage.bucket,
    S3_ENDPOINT: config.storage.endpoint ?? '',
    S3_REGION: config.storage.region,
    S3_ACCESS_KEY_ID: config.storage.credentials?.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: config.storage.credentials?.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: String(config.storage.forcePathStyle),
  };
}

export interface StartTestAppOptions {
  /** Environment variables on top of the test defaults. */
  environment?: Record<string, string>;
  /** A built web app directory to serve, as production does. */
  webRoot?: string;
  /** Registers extra routes before the app starts (e.g. a probe for the error handler). */
  extend?: (app: App) => void | Promise<void>;
  /** Sees every route the app registers, as it registers it (see BuildAppOptions.onRoute). */
  onRoute?: BuildAppOptions['onRoute'];
  /** Answers webhook endpoints' host names instead of the system's DNS (see BuildAppOptions). */
  resolveWebhookHost?: BuildAppOptions['resolveWebhookHost'];
  /**
   * A second server on this app's database and data directory, as a node beside it (PostgreSQL only:
   * a SQLite file has one server). Closing it leaves both to the first app.
   */
  nodeBeside?: TestApp;
  /**
   * Receives the app's log lines, as production would write them (its serializers and redaction) at
   * LOG_LEVEL (set it in `environment`); without it the app logs nothing.
   */
  logStream?: BuildAppOptions['logStream'];
  /** The notices of a feature the test composes into the app (see BuildAppOptions.founderNotices). */
  founderNotices?: BuildAppOptions['founderNotices'];
}

export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const {
    environment = {},
    webRoot,
    extend,
    onRoute,
    resolveWebhookHost,
    nodeBeside,
    logStream,
    founderNotices,
  } = options;
  const smtp = await startTestSmtpServer();
  const dataDir = nodeBeside?.config.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-api-'));
  const database = nodeBeside
    ? sharedDatabase(nodeBeside.config)
    : await createTestDatabase({ migratedIn: dataDir });
  // A node beside another shares its files as it shares its database.
  const storage = nodeBeside ? storageEnvironmentOf(nodeBeside.config) : await createTestStorage();
  // Several nodes seal share links under one key (ADR 76): a node beside another takes its key, an app
  // on Redis (which refuses to start without one) gets its own, and one on S3 has it from
  // createTestStorage; the others make theirs in DATA_DIR.
  const shareLinkKey =
    nodeBeside?.app.ctx.shareLinkKeys.current.key ??
    (environment.REDIS_URL ? crypto.randomBytes(32) : undefined);
  const config = parseConfig({
    ...(shareLinkKey ? { SHARE_LINK_KEY: shareLinkKey.toString('base64') } : {}),
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    // Generous limits: tests that check rate limiting set their own.
    AUTH_RATE_LIMIT_PER_IP: '1000',
    MAGIC_LINKS_PER_EMAIL: '1000',
    // A report waits a second for others in production; tests send them one after another.
    READING_REPORT_WINDOW_MS: '5',
    // The engagement refresh (ADR 89) at the next whole hour: no run in the background while a test
    // counts rows; the engagement tests choose their own.
    ENGAGEMENT_REFRESH_MS: '3600000',
    ...database.environment,
    ...storage,
    ...environment,
  });
  const app = await buildApp(config, {
    ...(logStream ? { logStream } : { logger: false }),
    webRoot,
    onRoute,
    resolveWebhookHost,
    founderNotices,
  });
  await extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app did not get a port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    app,
    config,
    baseUrl,
    smtp,
    ...httpClient(baseUrl),
    async close() {
      await app.close();
      await smtp.close();
      await database.drop();
      if (!nodeBeside) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function sharedDatabase(config: Config): TestDatabase {
  if (config.database.dialect !== 'postgres') throw new Error('only PostgreSQL takes several servers');
  return { environment: { DATABASE_URL: config.database.url }, drop: async () => {} };
}

export function httpClient(baseUrl: string): HttpClient {
  const client: HttpClient = {
    async call(route, ...[options]) {
      const {
        params,
        query,
        as: caller,
        body,
        rawBody,
        form,
        headers,
        redirect,
      } = (options ?? {}) as CallOptions<string, ApiRoute>;
      const urlPath = apiPath(route as ApiRoute, { params, query } as UrlParts<string>);
      const json = body ?? rawBody;
      const response = await client.request(route.method, urlPath, {
        ...(json !== undefined ? { json } : {}),
        form,
        headers: { ...caller?.auth, ...headers },
        redirect,
      });
      const refusal = response.status >= 400 ? (response.json as Refusal) : undefined;
      return { ...response, refusal } as unknown as CallResponse<typeof route>;
    },
    async request(method, urlPath, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body: RequestInit['body'] = options.form ?? options.body;
      if (options.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(options.json);
      }
      // fetch streams a request body only when told the response may start before it ends.
      const streaming = body instanceof ReadableStream ? { duplex: 'half' } : {};
      const response = await fetch(`${baseUrl}${urlPath}`, {
        method,
        headers,
        body,
        redirect: options.redirect,
        ...streaming,
      } as RequestInit);
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
  };
  return client;
}
