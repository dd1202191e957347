import type { CompiledQuery } from 'kysely';
import type { Flag } from '#server/db/column-types';
import { fromRow, toEpochMs, toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { LiveSession } from '#server/plugins/auth';
import type { SessionRow, UserRow } from './accounts.tables';

export async function insertSession(
  db: ModuleExecutor<'accounts'>,
  session: {
    id: string;
    userId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
    isSecondFactorPending: boolean;
    onlyRoomId: string | null;
    onlyShareLinkId: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values(toRow<SessionRow>({ ...session, revokedAt: null }))
    .execute();
}

function liveSessionQuery(db: ModuleExecutor<'accounts'>, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'sessions.is_second_factor_pending as session_is_second_factor_pending',
      'sessions.only_room_id as session_only_room_id',
      'sessions.only_share_link_id as session_only_share_link_id',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', 1);
}

type LiveSessionRow = UserRow & {
  session_id: string;
  session_expires_at: number;
  session_is_second_factor_pending: Flag;
  session_only_room_id: string | null;
  session_only_share_link_id: string | null;
};

export type { LiveSession };

/**
 * Runs on every authenticated request, so the query is built and compiled once per database and only
 * its parameters change (building it each time was a measurable share of a request).
 */
const TOKEN_PLACEHOLDER = '\u0000token';
const NOW_PLACEHOLDER = -1;

interface CompiledLookup {
  query: CompiledQuery<LiveSessionRow>;
  tokenIndex: number;
  nowIndex: number;
}
const compiledLookups = new WeakMap<ModuleExecutor<'accounts'>, CompiledLookup>();

function compiledLookup(db: ModuleExecutor<'accounts'>): CompiledLookup {
  let lookup = compiledLookups.get(db);
  if (!lookup) {
    const query = liveSessionQuery(
      db,
      TOKEN_PLACEHOLDER,
      NOW_PLACEHOLDER,
    ).compile() as CompiledQuery<LiveSessionRow>;
    lookup = {
      query,
      tokenIndex: query.parameters.indexOf(TOKEN_PLACEHOLDER),
      nowIndex: query.parameters.indexOf(NOW_PLACEHOLDER),
    };
    if (lookup.tokenIndex < 0 || lookup.nowIndex < 0)
      throw new Error('the session lookup lost its parameters');
    compiledLookups.set(db, lookup);
  }
  return lookup;
}

/** The session and its user, when the session is unrevoked, unexpired and the user active. */
export async function findLiveSession(
  db: ModuleExecutor<'accounts'>,
  tokenHash: string,
  now: Date,
): Promise<LiveSession | undefined> {
  const lookup = compiledLookup(db);
  const parameters = [...lookup.query.parameters];
  parameters[lookup.tokenIndex] = tokenHash;
  parameters[lookup.nowIndex] = toEpochMs(now);
  const { rows } = await db.executeQuery<LiveSessionRow>({ ...lookup.query, parameters });
  const row = rows[0];
  if (!row) return undefined;
  const {
    session_id,
    session_expires_at,
    session_is_second_factor_pending,
    session_only_room_id,
    session_only_share_link_id,
    ...userRow
  } = row;
  return {
    sessionId: session_id,
    expiresAt: new Date(session_expires_at),
    isSecondFactorPending: session_is_second_factor_pending === 1,
    onlyRoomId: session_only_room_id,
    onlyShareLinkId: session_only_share_link_id,
    user: fromRow<UserRow>(userRow),
  };
}

export async function revokeSession(
  db: ModuleExecutor<'accounts'>,
  sessionId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: toEpochMs(now) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user. */
export async function revokeUserSessions(
  db: ModuleExecutor<'accounts'>,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: toEpochMs(now) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Records that the session was used, from where. Called at most once a minute per session by each
 * process (sessions.service.ts), and the condition here keeps several processes to one write a minute.
 */
export async function recordSessionUse(
  db: ModuleExecutor<'accounts'>,
  sessionId: string,
  at: Date,
  ip: string,
  minimumIntervalMs: number,
): Promise<void> {
  const use = { session_id: sessionId, last_used_at: toEpochMs(at), last_used_ip: ip.slice(0, 100) };
  await db
    .insertInto('session_uses')
    .values(use)
    .onConflict((conflict) =>
      conflict
        .column('session_id')
        .doUpdateSet({ last_used_at: use.last_used_at, last_used_ip: use.last_used_ip })
        .where('session_uses.last_used_at', '<=', use.last_used_at - minimumIntervalMs),
    )
    .execute();
}

/** The user's sessions that still work, newest first. */
export async function listLiveSessions(db: ModuleExecutor<'accounts'>, userId: string, now: Date) {
  const rows = await db
    .selectFrom('sessions')
    .leftJoin('session_uses', 'session_uses.session_id', 'sessions.id')
    .select([
      'sessions.id',
      'sessions.created_at',
      'sessions.expires_at',
      'sessions.user_agent',
      'session_uses.last_used_at',
      'session_uses.last_used_ip',
    ])
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', toEpochMs(now))
    .orderBy('sessions.created_at', 'desc')
    .execute();
  return rows.map((row) => fromRow(row));
}

/** Ends one of the user's own sessions; false when they have no live session with that id. */
export async function revokeOwnSession(
  db: ModuleExecutor<'accounts'>,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: toEpochMs(now) })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every live session of the user but one. */
export async function revokeOtherSessions(
  db: ModuleExecutor<'accounts'>,
  userId: string,
  keptSessionId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: toEpochMs(now) })
    .where('user_id', '=', userId)
    .where('id', '!=', keptSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The second factor was given: the session may do everything its user may. */
export async function completeSecondFactor(db: ModuleExecutor<'accounts'>, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ is_second_factor_pending: 0 })
    .where('id', '=', sessionId)
    .where('is_second_factor_pending', '=', 1)
    .execute();
}
