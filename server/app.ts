import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  accountsRoutes,
  createSessionResolver,
  peopleOfRooms,
  sessionsCache,
} from '#server/features/accounts/index';
import { adminRoutes } from '#server/features/admin/index';
import {
  alertJobs,
  alertsRoutes,
  noteEngagementScores,
  noteRefusedEntry,
  noteRoomActivity,
} from '#server/features/alerts/index';
import { apiTokensRoutes, resolveApiToken } from '#server/features/api-tokens/index';
import { archivesRoutes } from '#server/features/archives/index';
import { authRoutes } from '#server/features/auth/index';
import { brandOfRoom, brandRoutes } from '#server/features/brand/index';
import {
  documentsRoutes,
  inviteeDownloads,
  reconcileStoredFiles,
  roomDocumentsRoutes,
  uploadsOfRooms,
} from '#server/features/documents/index';
import {
  engagementRefreshJob,
  engagementRoutes,
  recordEngagementActivity,
} from '#server/features/engagement/index';
import { exportsRoutes } from '#server/features/exports/index';
import { healthRoutes } from '#server/features/health/index';
import {
  findUsableInvitationLink,
  investorDirectory,
  invitationsOfRooms,
  invitationsRoutes,
} from '#server/features/invitations/index';
import { mcpServerRoutes } from '#server/features/mcp/index';
import {
  type FounderNotice,
  notificationJobs,
  notificationsRoutes,
  recordRoomActivity,
} from '#server/features/notifications/index';
import { passkeysRoutes, securityNoticeJob } from '#server/features/passkeys/index';
import {
  prepareDocumentJobs,
  startMissingPreviews,
  sweepPreparationWork,
} from '#server/features/preparation/index';
import { roomPreviewRoutes } from '#server/features/preview/index';
import {
  questionAnsweredMailJob,
  questionNotice,
  questionsFollowSections,
  questionsRoutes,
} from '#server/features/questions/index';
import { downloadWatermarks, firstPageImageOf, viewerRoutes } from '#server/features/reading/index';
import { readingAnalyticsRoutes, versionReadersOfViews } from '#server/features/reading-analytics/index';
import {
  groupsRoutes,
  type InvitationLinks,
  invitedRoomHeading,
  ndaRoutes,
  type RoomActivity,
  type RoomReading,
  roomReadingOf,
  roomsRoutes,
  sectionsPayloadOf,
} from '#server/features/rooms/index';
import { indexPagesAtStart, searchRoutesOf } from '#server/features/search/index';
import {
  roomNamedByShareLink,
  shareGatePresentation,
  shareLinksRoutes,
  withDocumentGrants,
} from '#server/features/share-links/index';
import { siteRoutes } from '#server/features/site/index';
import { documentVersionFiles, newVersionMailJob, versionsRoutes } from '#server/features/versions/index';
import { webhookJobs, webhooksRoutes } from '#server/features/webhooks/index';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes as authApi } from '#shared/contracts/auth';
import { brandRoutes as brandApi } from '#shared/contracts/brand';
import { documentRoutes } from '#shared/contracts/documents';
import { previewRoutes } from '#shared/contracts/previews';
import { questionRoutes } from '#shared/contracts/questions';
import { roomRoutes } from '#shared/contracts/rooms';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import type { AppContext } from './app-context';
import { CacheRegistry } from './caches/cache-registry';
import type { Config } from './config';
import { closeBatchWritersOn } from './db/batch-writer';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database';
import { createJobRunner, type JobRunner } from './jobs/job-queue';
import { createMailer, type Mailer } from './mail/mailer';
import { assignApiTokenScopes, registerApiTokenRules } from './plugins/api-token-rules';
import { registerAuth, type SessionResolver, type SessionUser } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerDrain } from './plugins/drain';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import type { PageStart, PageStartOf } from './plugins/first-screen';
import { registerJsonBodyParser } from './plugins/json-body';
import { openApiRoutes, registerOpenApi } from './plugins/openapi';
import { registerOriginCheck } from './plugins/origin-check';
import { registerRateLimits } from './plugins/rate-limits';
import { requestLogSerializers } from './plugins/request-log';
import { declarePlatformResponses, enforceResponseContracts } from './plugins/response-contracts';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSlowClientLimits } from './plugins/slow-clients';
import { registerWebApp } from './plugins/web-app';
import { type ResolveHost, resolveWithSystem } from './security/resolve-host';
import { loadShareLinkKeys } from './security/sealed-tokens';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

export interface BuildAppOptions {
  /** Directory of the built web app to serve; omitted in development and in API tests. */
  webRoot?: string;
  /** Overrides the logger (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** Where the configured logger writes its lines instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  /** An already opened database (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseHandle;
  /** Replaces the configured mailer. */
  mailer?: Mailer;
  /** Replaces the configured storage (DATA_DIR/uploads, or the S3 bucket). */
  storage?: Storage;
  /** Sees every route as it is registered (the authorization matrix checks that none is left out). */
  onRoute?: (route: RouteOptions) => void;
  /** Replaces the system's DNS for webhook endpoints (tests of the address checks, ADR 52). */
  resolveWebhookHost?: ResolveHost;
  /** The notices of a feature a test composes into the app, beside the app's own (tests/support/fixture-feature). */
  founderNotices?: FounderNotice[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database, for tests and operational scripts; routes receive it explicitly. */
    database: DatabaseHandle;
    /** The job worker, for tests (`await app.jobs.whenIdle()`); services use ctx.jobs. */
    jobs: JobRunner;
    /** What services receive, for tests that call one directly; routes receive it explicitly. */
    ctx: AppContext;
  }
}

export type App = FastifyInstance;

function loggerFor(config: Config, stream?: BuildAppOptions['logStream']): FastifyServerOptions['logger'] {
  const redact = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];
  const serializers = requestLogSerializers;
  if (config.nodeEnv === 'development') {
    return {
      level: config.logLevel,
      redact,
      serializers,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return { level: config.logLevel, redact, serializers, ...(stream ? { stream } : {}) };
}

/** Fastify's own options: the logger, the proxy, body and parameter limits, and the slow-client timeouts. */
function serverOptions(config: Config, options: BuildAppOptions): FastifyServerOptions {
  return {
    logger: options.logger ?? loggerFor(config, options.logStream),
    // Behind a reverse proxy, TRUST_PROXY makes request.ip the client's (rate limits and logs use it).
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    // Room for an invite token (at most 128 characters) to reach its schema and be refused there by name.
    routerOptions: { maxParamLength: 256 },
    frameworkErrors: frameworkErrorHandler,
    // A request that reaches a draining server on a kept-alive connection is answered, not refused
    // with 503: the proxy could not retry a refused POST (ADR 50).
    return503OnClosing: false,
    clientErrorHandler,
    // The whole request (headers and body) must arrive within this; its body also has a minimum rate
    // (registerSlowClientLimits). ADR 27.
    requestTimeout: config.slowClients.requestTimeoutMs,
    // Passed to http.createServer: Node checks both timeouts every connectionsCheckingInterval.
    http: {
      headersTimeout: config.slowClients.headersTimeoutMs,
      requestTimeout: config.slowClients.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, config.slowClients.headersTimeoutMs / 2),
    },
  } as FastifyServerOptions;
}

/** Builds the whole application without listening, so tests drive it with inject() or a real port. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  // First: a node of several without SHARE_LINK_KEY refuses to start before it opens anything.
  // Its warnings wait for the logger, made below.
  const keyWarnings: string[] = [];
  const shareLinkKeys = loadShareLinkKeys(config, (warning) => keyWarnings.push(warning));
  const database = options.database ?? openDatabase(config.database);
  const ownsDatabase = !options.database;
  try {
    // Before migrating: a server must not touch a database that a restore is replacing.
    await database.markInUseByServer();
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  await migrateToLatest(database.db);
  // The caches name the tables each answer was read from, so a write drops only what it could change.
  database.writeEpoch.knowTables((await database.db.introspection.getTables()).map((table) => table.name));

  const app = Fastify(serverOptions(config, options));
  for (const warning of keyWarnings) app.log.warn(warning);
  registerSlowClientLimits(app, {
    bodyMinBytesPerSecond: config.slowClients.bodyMinBytesPerSecond,
    bodyRateWindowMs: config.slowClients.bodyRateWindowMs,
    maxConnectionsPerAddress: config.slowClients.maxConnectionsPerAddress,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any plugin: an onRoute hook only sees the routes registered after it.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    // What the batch writers still hold is written first: requests are over, the database is still open.
    await closeBatchWritersOn(database.db);
    if (ownsDatabase) await database.close();
  });
  // Before the caches answer anything: on PostgreSQL they are exact only while other servers' writes reach us.
  await database.watchOtherWriters(app.log);

  const mailer = options.mailer ?? createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const storage = options.storage ?? (await createStorage(config.storage));
  const swept = await storage.sweepTemporary();
  if (swept > 0) app.log.warn({ swept }, 'removed unfinished uploads left by an earlier stop');
  const caches = new CacheRegistry({
    writeEpoch: database.writeEpoch,
    limits: {
      previewObjectCacheBytes: config.previews.objectCacheBytes,
      watermarkCacheBytes: config.previews.watermarkCacheBytes,
      sectionsParseTimeoutMs: config.sectionsParseTimeoutMs,
    },
  });
  const jobs = createJobRunner(database.db, {
    dialect: database.dialect,
    log: app.log,
    pollIntervalMs: config.jobs.pollIntervalMs,
    retryBaseDelayMs: config.jobs.retryBaseDelayMs,
    leaseMs: config.jobs.leaseMs,
  });
  // Jobs start once every kind is registered below, and are handed back before the database closes.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  app.decorate('jobs', jobs);
  const ctx: AppContext = {
    db: database.db,
    config,
    mailer,
    storage,
    caches,
    jobs,
    log: app.log,
    resolveHost: options.resolveWebhookHost ?? resolveWithSystem,
    shareLinkKeys,
  };
  app.decorate('ctx', ctx);
  await reconcileStoredFiles(ctx, documentVersionFiles);
  await sweepPreparationWork(ctx);
  registerJobKinds(ctx, [questionNotice, ...(options.founderNotices ?? [])]);
  // What room content reports of investors' reads and actions, told to notifications (ADR 66) and to
  // the engagement score's refresh job (ADR 89) and the founders' alerts (ADR 90); none throws.
  const activity: RoomActivity = {
    record: async (visit) => {
      await recordRoomActivity(ctx, visit);
      await recordEngagementActivity(ctx, visit);
      await noteRoomActivity(ctx, visit);
    },
    refused: (attempt) => noteRefusedEntry(ctx, attempt),
  };
  // The invited view is room content; it reads invitation links through invitations (ADR 35).
  const invitationLinks: InvitationLinks = { findUsable: (token) => findUsableInvitationLink(ctx, token) };
  await startMissingPreviews(ctx);
  await indexPagesAtStart(ctx);

  registerErrorHandling(app);
  // Before declarePlatformResponses: the statuses it declares depend on a route's API-token scope.
  assignApiTokenScopes(app);
  declarePlatformResponses(app);
  if (config.nodeEnv === 'test') enforceResponseContracts(app);
  registerJsonBodyParser(app);
  registerDrain(app);
  registerSecurityHeaders(app, { isHttps: config.isHttps });
  await registerCompression(app);
  await registerRateLimits(app, config, database);
  // A document link's session is given what its link grants now, on every request (ADR 95).
  const sessions = withDocumentGrants(ctx, createSessionResolver(database.db, caches.get(sessionsCache)));
  registerAuth(app, sessions, {
    resolve: (secret) => resolveApiToken(ctx, secret),
  });
  registerApiTokenRules(app, { perMinute: config.rateLimits.apiTokenPerMinute });
  registerOriginCheck(app, config.appUrl);
  // Before every route: it keeps each as it is registered, for the document.
  const apiRoutes = registerOpenApi(app);

  await registerFeatureRoutes(app, ctx, { database, invitationLinks, activity, apiRoutes });

  await registerWebApp(app, options.webRoot, pageStarts(ctx, invitationLinks, sessions));
  return app;
}

/** Every job kind, each from the feature that owns it; the runner starts them once all are registered. */
function registerJobKinds(ctx: AppContext, founderNotices: FounderNotice[]): void {
  for (const definition of prepareDocumentJobs(ctx)) ctx.jobs.register(definition);
  ctx.jobs.register(newVersionMailJob(ctx));
  ctx.jobs.register(securityNoticeJob(ctx));
  ctx.jobs.register(questionAnsweredMailJob(ctx));
  // The engagement score's refresh (ADR 89), then the alerts of the scores that crossed a room's threshold (ADR 90).
  const refresh = engagementRefreshJob(ctx);
  ctx.jobs.register({
    ...refresh,
    run: async (payload, job) => {
      await refresh.run(payload, job);
      await noteEngagementScores(ctx, payload.roomId);
    },
  });
  // Each feature's notices to the founders, told by notifications (ADR 82).
  for (const job of [...notificationJobs(ctx, founderNotices), ...webhookJobs(ctx), ...alertJobs(ctx)])
    ctx.jobs.register(job);
}

/** What the features' routes are given besides the context: the ports app.ts wires, and the platform's. */
interface RoutePorts {
  database: DatabaseHandle;
  invitationLinks: InvitationLinks;
  activity: RoomActivity;
  /** The routes registered so far, kept for the OpenAPI document. */
  apiRoutes: RouteOptions[];
}

/** Every feature's routes, in one block so that a new feature's line has one place. */
async function registerFeatureRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  ports: RoutePorts,
): Promise<void> {
  await app.register(healthRoutes(ports.database));
  await app.register(siteRoutes(ctx.config));
  await app.register(authRoutes(ctx));
  await app.register(passkeysRoutes(ctx));
  await app.register(accountsRoutes(ctx));
  // The invitation's wording follows what the invitee may download, which documents answers (ADR 92).
  await app.register(invitationsRoutes(ctx, inviteeDownloads));
  await app.register(
    roomsRoutes(
      ctx,
      ports.invitationLinks,
      ports.activity,
      questionsFollowSections,
      uploadsOfRooms,
      invitationsOfRooms,
    ),
  );
  await app.register(roomDocumentsRoutes(ctx, ports.invitationLinks, ports.activity));
  await app.register(
    ndaRoutes(ctx, ports.invitationLinks, ports.activity, peopleOfRooms, invitationsOfRooms),
  );
  await app.register(groupsRoutes(ctx, investorDirectory));
  await app.register(roomPreviewRoutes(ctx));
  await app.register(shareLinksRoutes(ctx, ports.activity));
  // The gate's brand follows the gate's rule for naming the room: share-links answers (ADR 94).
  await app.register(
    brandRoutes(ctx, ports.invitationLinks, invitationsOfRooms, {
      roomNamedBy: (token) => roomNamedByShareLink(ctx, token),
    }),
  );
  // A document's files are its versions': documents reach them through the VersionFiles port (ADR 81).
  const watermarks = downloadWatermarks(ctx);
  await app.register(documentsRoutes(ctx, ports.activity, watermarks, documentVersionFiles));
  // Who read which version is reading analytics' to say: versions reach it through a port (ADR 85).
  await app.register(versionsRoutes(ctx, versionReadersOfViews));
  await app.register(archivesRoutes(ctx, ports.activity, watermarks, documentVersionFiles));
  await app.register(viewerRoutes(ctx));
  await app.register(questionsRoutes(ctx, ports.invitationLinks, ports.activity));
  await app.register(searchRoutesOf(ctx, ports.invitationLinks, ports.activity));
  await app.register(adminRoutes(ctx));
  await app.register(readingAnalyticsRoutes(ctx, ports.activity));
  await app.register(engagementRoutes(ctx));
  await app.register(exportsRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(apiTokensRoutes(ctx));
  await app.register(openApiRoutes(ports.apiRoutes, ctx.config.appUrl));
  await app.register(webhooksRoutes(ctx));
  await app.register(alertsRoutes(ctx));
  // The MCP server (ADR 91): its tools call the routes above, in process, with the caller's token.
  await app.register(mcpServerRoutes(ctx));
}

/** A session that may read the room now, and how it reads it. */
interface Reader {
  user: SessionUser;
  reading: RoomReading;
}

/**
 * What each reader's page starts with (docs/decisions/0075-the-investors-first-screen.md), from the proof
 * its URL carries: an invitation's page names its room, and so does a share link's gate when the link
 * may say whose room it opens; a room's page, whose reader the script has yet to check, shows the room's
 * frame. Each asks for its first API answers with the HTML, and a document's page, or a section's, for
 * the page image its reader will see first, when the session may read them.
 */
function pageStarts(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  sessions: SessionResolver,
): PageStartOf {
  const session = apiPath(authApi.session);
  /** The browser's session's user when it may read the room now: else its answers would only be refusals. */
  const readerOf = async (sessionToken: string | undefined, roomId: string): Promise<Reader | undefined> => {
    const live = sessionToken ? await sessions.resolve(sessionToken) : undefined;
    if (!live || live.isSecondFactorPending) return undefined;
    if (live.onlyShareLinkId !== null && !live.onlyDocument) return undefined;
    const user: SessionUser = {
      ...live.user,
      onlyRoomId: live.onlyRoomId,
      onlyDocument: live.onlyDocument ?? null,
    };
    const reading = await roomReadingOf(ctx, invitationsOfRooms, { user, roomId });
    return reading !== undefined && reading.pendingNda === null ? { user, reading } : undefined;
  };

  /** A section's page: page one of its first document, the row its reader taps first. */
  const firstImageOfSection = async ({ user, reading }: Reader, sectionNumber: string) => {
    const { sections } = await sectionsPayloadOf(
      ctx,
      uploadsOfRooms,
      reading.room,
      reading.room.readerAccess,
    );
    const section = sections.find((candidate) => String(candidate.id) === sectionNumber);
    const first = section?.documents.find((document) => document.documentId !== null);
    return first?.documentId ? firstPageImageOf(ctx, user, first.documentId, null) : undefined;
  };

  /** The room's brand as the first screen draws it, while it is on (ADR 94). */
  const shownBrand = async (roomId: string) => {
    const brand = await brandOfRoom(ctx, roomId);
    return brand?.isOn ? brand : null;
  };
  const brandOfInvitation = async (token: string) => {
    const invitation = await invitationLinks.findUsable(token);
    return invitation ? shownBrand(invitation.roomId) : null;
  };

  return async ({ page, params, query, sessionToken }): Promise<PageStart> => {
    const token = query.get('invite');
    if (page === 'dataRoom' && token) {
      const heading = await invitedRoomHeading(ctx, invitationsOfRooms, invitationLinks, token);
      if (!heading) return { screen: null, apiPaths: [] };
      const invitation = { params: { token } };
      return {
        screen: { kind: 'invitation', ...heading, brand: await brandOfInvitation(token) },
        apiPaths: [
          apiPath(roomRoutes.invitedRoom, invitation),
          apiPath(brandApi.ofInvitation, invitation),
          apiPath(roomRoutes.invitedSections, invitation),
          apiPath(documentRoutes.inInvitedRoom, invitation),
          apiPath(questionRoutes.invitedFaq, invitation),
          session,
        ],
      };
    }
    if ((page === 'dataRoomById' || page === 'sectionInRoom') && params.id) {
      const room = { params: { id: params.id } };
      const reader = await readerOf(sessionToken, params.id);
      if (!reader) return { screen: { kind: 'room-frame' }, apiPaths: [session] };
      return {
        screen: { kind: 'room-frame' },
        apiPaths: [
          session,
          apiPath(roomRoutes.room, room),
          apiPath(roomRoutes.sections, room),
          apiPath(documentRoutes.inRoom, room),
          apiPath(questionRoutes.mine, room),
        ],
        pageImage: params.section ? await firstImageOfSection(reader, params.section) : undefined,
      };
    }
    if (page === 'documentInRoom' && params.id && params.documentId) {
      const reader = await readerOf(sessionToken, params.id);
      if (!reader) return { screen: null, apiPaths: [session] };
      const document = { params: { id: params.documentId } };
      return {
        screen: null,
        apiPaths: [session, apiPath(previewRoutes.preview, document)],
        pageImage: await firstPageImageOf(ctx, reader.user, params.documentId, query.get('page')),
      };
    }
    if (page === 'shareLink' && params.token) {
      const room = await shareGatePresentation(ctx, params.token);
      const link = { params: { token: params.token } };
      const state = apiPath(shareLinkRoutes.state, link);
      // The brand where the page names the room (ADR 94): the gate's rule, asked of share-links.
      const roomId = room && (await roomNamedByShareLink(ctx, params.token));
      const brand = roomId ? await shownBrand(roomId) : null;
      return {
        screen: room && { kind: 'share-gate', ...room, brand },
        apiPaths: [state, ...(room ? [apiPath(brandApi.ofShareLink, link)] : []), session],
      };
    }
    // The other reader's pages check the session first; the console's pages are not sped up here.
    const readersPage = page === 'investorDashboard' || page === 'roomQuestions';
    return { screen: null, apiPaths: readersPage ? [session] : [] };
  };
}
