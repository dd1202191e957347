import type { CompiledQuery } from 'kysely';
import { type Executor, fromRow, toEpochMs, toRow } from '../../db/columns';
import type { SessionRow, UserRow } from '../../db/schema';
import type { User } from './users.repository';

export async function insertSession(
  db: Executor,
  session: {
    id: string;
    userId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values(toRow<SessionRow>({ ...session, revokedAt: null }))
    .execute();
}

function liveSessionQuery(db: Executor, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', 1);
}

type LiveSessionRow = UserRow & { session_id: string; session_expires_at: number };

export interface LiveSession {
  sessionId: string;
  expiresAt: Date;
  user: User;
}

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
const compiledLookups = new WeakMap<Executor, CompiledLookup>();

function compiledLookup(db: Executor): CompiledLookup {
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
  db: Executor,
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
  const { session_id, session_expires_at, ...userRow } = row;
  return {
    sessionId: session_id,
    expiresAt: new Date(session_expires_at),
    user: fromRow<UserRow>(userRow),
  };
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: toEpochMs(now) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user. */
export async function revokeUserSessions(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: toEpochMs(now) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
