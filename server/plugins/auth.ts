import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import type { Entity } from '#server/db/columns';
import type { UserRow } from '#server/db/schema';
import { type ApiTokenScope, apiTokenPattern } from '#shared/contracts/api-tokens';
import type { PublicUser } from '#shared/contracts/auth';
import { HttpError } from './errors';
import { isApiRoute } from './matched-route';

/**
 * Who is calling: a session token from the httpOnly cookie or an `Authorization: Bearer` header, or an
 * API token (`rr_…`) in that header, looked up (by its hash) on every API request. A Bearer header
 * always wins: the cookie is not read beside it, so a Bearer request carries no ambient credential
 * (ADR 51). Routes then call a guard, a verb that throws.
 */
export const SESSION_COOKIE = 'rr_session';

/** A user as the server holds it: the users row as services see it. */
export type User = Entity<UserRow>;

/**
 * What this plugin needs of sign-in sessions, declared here because platform code imports no feature:
 * the accounts feature implements it and app.ts passes it in (docs/decisions/0035-server-features-and-their-public-files.md).
 */
export interface LiveSession {
  sessionId: string;
  expiresAt: Date;
  /** Signed in by mail by a manager holding a passkey, who has not given it yet (ADR 62). */
  isSecondFactorPending: boolean;
  /** Opened by a proof of one room (an invitation's link, a share-link code): it reads only this room. */
  onlyRoomId: string | null;
  /** Opened by a document link's code: it reads that link's document only (ADR 95). */
  onlyShareLinkId: string | null;
  /** What the document link lets the session read now (set by the resolver app.ts builds; null: none). */
  onlyDocument?: DocumentGrant | null;
  user: User;
}

/**
 * What a document link's session may read (docs/decisions/0095-document-links.md): one document of its
 * room, as the link says now. Looked up on every request, so a link turned off or expired stops at once.
 */
export interface DocumentGrant {
  shareLinkId: string;
  documentId: string;
  /** The version the link is pinned to, or null to follow the current one. */
  versionNumber: number | null;
  allowsDownload: boolean;
  isWatermarked: boolean;
  expiresAt: Date | null;
}

export interface SessionResolver {
  /** The live session for a token, or undefined: unknown, revoked, expired, or its user inactive. */
  resolve(token: string): Promise<LiveSession | undefined>;
  /** Records a use of the session, when its last recorded use is a minute old or more. */
  noteUse(session: LiveSession, ip: string): Promise<void>;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  /** Started by mail for a manager holding a passkey: it waits for the passkey (ADR 62). */
  isSecondFactorPending: boolean;
  /** Started by a proof of one room: it reads only this room (ADR 74). */
  onlyRoomId: string | null;
  /** Started by a document link's code: it reads only that link's document (ADR 95). */
  onlyShareLinkId: string | null;
}

/**
 * The caller as the routes see them. `onlyRoomId` is set when the session was opened by a proof of one
 * room (docs/decisions/0074-a-proof-of-one-room.md): it travels with the user into every service, and
 * the readability rule refuses every other room to it.
 */
export type SessionUser = User & { onlyRoomId: string | null; onlyDocument?: DocumentGrant | null };

export interface RequestSession {
  /** The sign-in session; null for an API token, which is not one (and cannot log out). */
  sessionId: string | null;
  user: SessionUser;
  /** How the credential arrived; cookie-authenticated writes must pass the Origin check. */
  via: 'cookie' | 'bearer' | 'api_token';
  /**
   * Signed in by mail by a manager holding a passkey, who has not given it yet. Such a session is only
   * ever set on the routes that complete the second factor or sign out (allowsPendingSecondFactor);
   * everywhere else the request has no session and requireUser answers 401 second_factor_required.
   */
  isSecondFactorPending: boolean;
}

/** An API token in use: it acts as the manager who created it, in its room only, within its scopes. */
export interface ApiTokenCaller {
  tokenId: string;
  /** The name its managers gave it ("Affinity sync"): what the MCP server's audit log names it by. */
  name: string;
  roomId: string;
  scopes: readonly ApiTokenScope[];
}

export interface ApiTokenResolver {
  /** The token's caller, or undefined: unknown, revoked, expired, or its creator no longer manages its room. */
  resolve(token: string): Promise<{ user: User; apiToken: ApiTokenCaller } | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
    apiToken: ApiTokenCaller | null;
    /** An `rr_` token was presented that cannot be used (the API-token rules answer 401). */
    hasUnusableApiToken: boolean;
    /** A live session waiting for its second factor was presented to a route that does not complete it. */
    hasPendingSecondFactor: boolean;
    /** A session that reads one room only was presented to a route that is not one of that room's reads. */
    hasOneRoomSession: boolean;
  }
  interface FastifyContextConfig {
    /** The route completes the second factor or ends the session: a pending session may call it (ADR 62). */
    allowsPendingSecondFactor?: boolean;
    /**
     * The route reads a room's content (or says who is signed in, or signs out): a session opened by a
     * proof of one room may call it, and the readability rule keeps it to that room (ADR 74). Everything
     * else (the console, other rooms, tokens, webhooks, the team, the account) needs the mailbox proven.
     */
    servesOneRoomSessions?: boolean;
    /**
     * The route signs someone in or out without needing a session: without our Origin it is refused
     * unless plainly an API client's (origin-check.ts), so another site cannot sign a visitor in or out.
     */
    requiresOwnOrigin?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * A cookie value as a server reads it: one pair of surrounding double quotes, which RFC 6265 (4.1.1)
 * allows around any value, is not part of it; percent-escapes are decoded as the cookie library does.
 */
function cookieValue(raw: string): string {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!unquoted.includes('%')) return unquoted;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}

/** Our one cookie, parsed by the cookie library, without a cookie plugin's hooks on every request. */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header, { decode: cookieValue })[SESSION_COOKIE] : undefined;
}

function sessionCookieHeader(config: Config, value: string, expires: Date): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value,
    path: '/',
    expires,
    httpOnly: true,
    secure: config.isHttps,
    sameSite: 'lax',
  });
}

export function registerAuth(
  app: FastifyInstance,
  sessions: SessionResolver,
  apiTokens: ApiTokenResolver,
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('apiToken', null);
  app.decorateRequest('hasUnusableApiToken', false);
  app.decorateRequest('hasPendingSecondFactor', false);
  app.decorateRequest('hasOneRoomSession', false);
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request)) return;
    const bearer = bearerToken(request);
    if (bearer !== undefined && apiTokenPattern.test(bearer)) {
      const found = await apiTokens.resolve(bearer);
      if (!found) {
        request.hasUnusableApiToken = true;
        return;
      }
      request.session = {
        sessionId: null,
        user: { ...found.user, onlyRoomId: null },
        via: 'api_token',
        isSecondFactorPending: false,
      };
      request.apiToken = found.apiToken;
      return;
    }
    const token = bearer ?? sessionCookie(request);
    // Tokens we issue are 43 characters; skip the lookup for anything absurd.
    if (!token || token.length > 128) return;
    const found = await sessions.resolve(token);
    // A document link's session reads only what its link grants now; without a grant it is no session
    // (fail closed: it must never read its room as a one-room session would, ADR 95).
    if (!found || (found.onlyShareLinkId !== null && !found.onlyDocument)) return;
    await sessions.noteUse(found, request.ip);
    // Enforced here, once, for every route: a session waiting for its passkey reaches only the routes
    // that complete it or sign out (docs/decisions/0062-passkeys-and-second-factor.md).
    if (found.isSecondFactorPending && request.routeOptions.config?.allowsPendingSecondFactor !== true) {
      request.hasPendingSecondFactor = true;
      return;
    }
    // Likewise a session that proved one room reaches only the routes that read a room (ADR 74).
    if (found.onlyRoomId !== null && request.routeOptions.config?.servesOneRoomSessions !== true) {
      request.hasOneRoomSession = true;
      return;
    }
    request.session = {
      sessionId: found.sessionId,
      user: { ...found.user, onlyRoomId: found.onlyRoomId, onlyDocument: found.onlyDocument ?? null },
      via: bearer ? 'bearer' : 'cookie',
      isSecondFactorPending: found.isSecondFactorPending,
    };
  });
}

/**
 * The sign-in session this device presented (not an API token's caller), for a way in that keeps or
 * replaces it: a proof of one room keeps a full session of the same account and ends any other (ADR 74).
 */
export function presentedSession(
  request: FastifyRequest,
): { sessionId: string; userId: string; onlyRoomId: string | null } | null {
  const session = request.session;
  if (!session?.sessionId) return null;
  return { sessionId: session.sessionId, userId: session.user.id, onlyRoomId: session.user.onlyRoomId };
}

export function setSessionCookie(reply: FastifyReply, config: Config, session: NewSession): void {
  reply.header('set-cookie', sessionCookieHeader(config, session.token, session.expiresAt));
}

/** Answers a sign-in or sign-up: the session cookie for the browser, the token and user for API clients. */
export function sendSignedIn(
  reply: FastifyReply,
  config: Config,
  signedIn: { user: PublicUser; session: NewSession; isSecondFactorPending?: boolean },
  status: 200 | 201,
) {
  setSessionCookie(reply, config, signedIn.session);
  return reply.status(status).send({
    token: signedIn.session.token,
    user: signedIn.user,
    ...(signedIn.isSecondFactorPending ? { isSecondFactorPending: true } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.header('set-cookie', sessionCookieHeader(config, '', new Date(0)));
}

/**
 * The signed-in user, or 401. What they may do in a room is the room's business: console routes then
 * call requireManagedRoom (the owner or an editor) or requireRoomOwner (owner-only actions), in
 * server/features/rooms/rooms.service.ts (docs/decisions/0047-room-editors.md).
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (request.hasPendingSecondFactor) throw secondFactorRequired();
  if (request.hasOneRoomSession) throw mailboxProofRequired();
  if (!request.session || request.session.isSecondFactorPending) {
    throw new HttpError(401, 'authentication_required', 'Authentication required. Please sign in.');
  }
  return request.session.user;
}

/**
 * A session opened by an invitation's link or a share-link code asked for more than its room: the
 * account's owner proves the mailbox first (ADR 74). The web app offers the sign-in link.
 */
function mailboxProofRequired(): HttpError {
  return new HttpError(
    401,
    'mailbox_proof_required',
    'You opened one data room with its link. To continue, sign in with a link sent to your e-mail address.',
  );
}

function secondFactorRequired(): HttpError {
  return new HttpError(
    401,
    'second_factor_required',
    'Confirm it is you with your passkey or a recovery code to continue.',
  );
}

/**
 * The session that is waiting for its second factor, on the routes that complete it; 401 otherwise
 * (none, or one that has given it already: there is nothing to complete).
 */
export function requirePendingSession(request: FastifyRequest): RequestSession & { sessionId: string } {
  const session = request.session;
  if (!session?.sessionId || !session.isSecondFactorPending) {
    throw new HttpError(
      401,
      'no_pending_second_factor',
      'There is no sign-in waiting for a passkey. Please sign in again.',
    );
  }
  return { ...session, sessionId: session.sessionId };
}
