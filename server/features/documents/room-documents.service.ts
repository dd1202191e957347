import type { AppContext } from '#server/app-context';
import { findUsersByIds } from '#server/features/accounts/index';
import { findInvitationsByIds } from '#server/features/invitations/index';
import { listRecentAccessEvents, listUserAccessEvents } from './access-events.repository';
import { findDocumentInRoom, listRoomDocuments, type StoredDocument } from './documents.repository';
import { type DocumentPreview, findPreview, findPreviews } from './previews.repository';

/** What other modules read of a room's documents, previews and access log, by room or document id. */

/** The room's uploaded documents, newest first. */
export async function listUploadedDocuments(ctx: AppContext, roomId: string): Promise<StoredDocument[]> {
  return listRoomDocuments(ctx.db, roomId);
}

/**
 * The room's newest access events, with who: the user's name and e-mail, or the invited e-mail (null
 * where none is left), one lookup each of accounts and invitations for the page.
 */
export async function listRecentAccess(ctx: AppContext, roomId: string, limit: number) {
  const events = await listRecentAccessEvents(ctx.db, roomId, limit);
  const users = await findUsersByIds(
    ctx.db,
    events.flatMap((event) => (event.userId ? [event.userId] : [])),
  );
  const invitations = await findInvitationsByIds(
    ctx.db,
    events.flatMap((event) => (event.invitationId ? [event.invitationId] : [])),
  );
  return events.map(({ userId, invitationId, ...event }) => {
    const user = userId ? users.get(userId) : undefined;
    return {
      ...event,
      userName: user?.name ?? null,
      userEmail: user?.email ?? null,
      invitedEmail: (invitationId ? invitations.get(invitationId)?.email : undefined) ?? null,
    };
  });
}

/** One investor's newest downloads and clicks (or other actions) in the room, newest first. */
export async function listAccessOfUser(
  ctx: AppContext,
  roomId: string,
  userId: string,
  actions: ('downloaded' | 'clicked' | 'viewed')[],
  limit: number,
) {
  return listUserAccessEvents(ctx.db, roomId, userId, actions, limit);
}

/** A document's preparation for the viewer (its page count once ready). */
export async function findDocumentPreview(
  ctx: AppContext,
  documentId: string,
): Promise<DocumentPreview | undefined> {
  return findPreview(ctx.db, documentId);
}

/** The previews of these documents, by document id, in one query. */
export async function findDocumentPreviews(
  ctx: AppContext,
  documentIds: string[],
): Promise<Map<string, DocumentPreview>> {
  return findPreviews(ctx.db, documentIds);
}

/** One uploaded document of the room, or undefined. */
export async function findRoomDocument(
  ctx: AppContext,
  roomId: string,
  documentId: string,
): Promise<StoredDocument | undefined> {
  return findDocumentInRoom(ctx.db, roomId, documentId);
}
