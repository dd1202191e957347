import type { PublicUser } from '#shared/contracts/auth';
import { href } from '#shared/routes';

/**
 * The signed-in user's record, kept in localStorage as `user_data`
 * (docs/product-rules.md#accounts-and-sessions), written at sign-in and removed at sign-out; the app itself
 * asks the server (`/api/auth/me`). It is not a credential: the session is an httpOnly cookie, and the server
 * decides on every request.
 */
const KEY = 'user_data';

export function storeUser(user: PublicUser): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // Private mode or a full quota: the app still works from the server's answers.
  }
}

export function clearStoredUser(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {}
}

/**
 * Where a user goes after signing in (docs/product-rules.md#pages): whoever manages a room, its owner or
 * a co-founder, to its console; anyone else to the rooms they read; a session that proved one room
 * (ADR 74) to that room.
 */
export function homePathFor(user: Pick<PublicUser, 'managedRoom' | 'onlyRoomId' | 'onlyDocumentId'>): string {
  // A document link's session reads one document (docs/decisions/0095-document-links.md).
  if (user.onlyRoomId && user.onlyDocumentId)
    return href('documentInRoom', { id: user.onlyRoomId, documentId: user.onlyDocumentId });
  if (user.onlyRoomId) return href('dataRoomById', { id: user.onlyRoomId });
  return user.managedRoom ? '/configure' : '/investor-dashboard';
}
