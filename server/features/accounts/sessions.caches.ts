import { untilNextWrite } from '#server/caches/cache-registry';
import type { LiveSession } from './sessions.repository';

/**
 * Session lookups by token hash, one per authenticated request: kept until the next write to a table
 * the lookup read (the write epoch, by table: ADR 53), never past the session's expiry. A logout,
 * revocation or deactivation through this process is seen by its very next request
 * (server/caches/cache-registry.ts).
 */
export const sessionsCache = untilNextWrite<LiveSession>('sessions', (session) => session.expiresAt);
