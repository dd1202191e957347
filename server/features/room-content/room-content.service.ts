import crypto from 'node:crypto';
import type { AppContext } from '#server/app-context';
import type { Executor } from '#server/db/columns';
import { DEFAULT_FUNDING_STAGE } from '#shared/contracts/rooms';
import { listRecentAccessEvents, listUserAccessEvents } from './access-events.repository';
import { findDocumentInRoom, listRoomDocuments, type StoredDocument } from './documents.repository';
import { type DocumentPreview, findPreview, findPreviews } from './previews.repository';
import {
  addRoomMember,
  findDataRoomById,
  findMemberRole,
  insertDataRoom,
  isRoomMember,
  listActiveRoomsForMember,
  listRoomInvestors,
  listRoomManagers,
  removeEditorMember,
  removeInvestorMember,
} from './rooms.repository';

export type { StoredDocument } from './documents.repository';
export {
  type DownloadableDocument,
  findDownloadableDocument,
  findReadableDocument,
  findReadableLastPage,
  type ReadableDocument,
  reconcileStoredFiles,
  recordAccess,
} from './documents.service';
export { attachmentDisposition } from './download';
export type { AcceptanceWithVersion as NdaAcceptanceRecord } from './nda.repository';
export { listNdaAcceptancesSince } from './nda.service';
export type { RoomReading } from './nda-gate';
export {
  prepareDocumentJob,
  retryPreview,
  startMissingPreviews,
  sweepPreparationWork,
} from './preparation/preparation.service';
export type { DocumentPreview } from './previews.repository';
/**
 * Room content's public surface: data rooms, their sections markdown, documents and access events.
 * Other features call these functions and never this folder's repositories or internal services
 * (biome.json fails the lint on such an import).
 */
export type { DataRoom } from './rooms.repository';
export {
  findManagedRoom,
  type ManagedRoom,
  type ManagerRole,
  parsedSectionsOf,
  type ReadableRoom,
  requireManagedRoom,
  requireRoomOwner,
  roomSectionsFor,
} from './rooms.service';

/** Who is acting on a room: room content needs only the user's id. */
export interface RoomUser {
  id: string;
}

/**
 * What room content needs to know of an invitation link (the invited view, docs/product-rules.md#invited-view). The
 * invitations feature provides it (app.ts wires it), so room content never imports invitations.
 */
export interface InvitationLinks {
  /** The invitation a link's token carries, while it can still be used. */
  findUsable(token: string): Promise<{ id: string; roomId: string; email: string } | undefined>;
}

/** Who read a room or acted in it: a signed-in user, or the holder of an invitation link (the invited view). */
export type RoomVisitor = { userId: string } | { invitationId: string };

/**
 * What room content reports of people's use of a room, for the founder's notifications (provided by
 * notifications, wired by app.ts): a read of the room itself (a member's, or the invited view) and each
 * logged view, download and click once committed. It decides who is an investor, and never throws.
 */
export interface RoomActivity {
  record(activity: { roomId: string; visitor: RoomVisitor; isAction: boolean }): Promise<void>;
}

/** A new founder's data room, with the founder as its owner, inside the sign-up's transaction. */
export async function createFounderRoom(
  trx: Executor,
  founder: { ownerId: string; companyName: string; at: Date },
): Promise<void> {
  const roomId = crypto.randomUUID();
  await insertDataRoom(trx, {
    id: roomId,
    ownerId: founder.ownerId,
    companyName: founder.companyName,
    description: '',
    stage: DEFAULT_FUNDING_STAGE,
    foundedYear: null,
    website: '',
    isActive: true,
    // Downloads allowed unless the founder says otherwise (DESIGN.md's defaults).
    isDownloadAllowed: true,
    // No NDA unless the founder asks for one (DESIGN.md's defaults).
    isNdaRequired: false,
    ndaVersionId: null,
    // Off unless the founder turns it on (DESIGN.md's defaults).
    isWatermarkEnabled: false,
    createdAt: founder.at,
    updatedAt: founder.at,
  });
  await addRoomMember(trx, { roomId, userId: founder.ownerId, role: 'owner', createdAt: founder.at });
}

export async function isMemberOfRoom(db: Executor, roomId: string, userId: string): Promise<boolean> {
  return isRoomMember(db, roomId, userId);
}

/**
 * Whether someone is, for the room's analytics and exports, one of its investors: a member who is not
 * one of its managers (its owner or an editor, whose own activity is not investor activity: ADR 47).
 */
export async function investorStandingIn(
  db: Executor,
  room: { id: string; ownerId: string },
  userId: string,
): Promise<'investor' | 'manager' | 'none'> {
  if (userId === room.ownerId) return 'manager';
  const role = await findMemberRole(db, room.id, userId);
  if (role === 'owner' || role === 'editor') return 'manager';
  return role === 'investor' ? 'investor' : 'none';
}

/** Makes the user an investor of the room (an accepted invitation); already one is not an error. */
export async function addInvestor(db: Executor, roomId: string, userId: string, at: Date): Promise<void> {
  await addRoomMember(db, { roomId, userId, role: 'investor', createdAt: at });
}

/** Makes the user an editor of the room (an accepted co-founder invitation). */
export async function addEditor(db: Executor, roomId: string, userId: string, at: Date): Promise<void> {
  await addRoomMember(db, { roomId, userId, role: 'editor', createdAt: at });
}

/** Ends an editor's access to the room at once: every console request asks the database (ADR 47). */
export async function removeEditor(db: Executor, roomId: string, userId: string): Promise<void> {
  await removeEditorMember(db, roomId, userId);
}

/** The room's owner and editors (co-founders), oldest first. */
export async function listManagers(ctx: AppContext, roomId: string) {
  return listRoomManagers(ctx.db, roomId);
}

/** Ends an investor's access to the room (a deleted invitation); the owner is never removed. */
export async function removeInvestor(db: Executor, roomId: string, userId: string): Promise<void> {
  await removeInvestorMember(db, roomId, userId);
}

/** The companies a sign-in e-mail names: the active rooms the user belongs to, then these rooms. */
export async function companyNamesFor(
  db: Executor,
  userId: string | undefined,
  roomIds: string[],
): Promise<string[]> {
  const names = new Set<string>();
  if (userId) for (const room of await listActiveRoomsForMember(db, userId)) names.add(room.companyName);
  for (const roomId of roomIds) {
    const room = await findDataRoomById(db, roomId);
    if (room) names.add(room.companyName);
  }
  return [...names];
}

/** The room's uploaded documents, newest first. */
export async function listUploadedDocuments(ctx: AppContext, roomId: string): Promise<StoredDocument[]> {
  return listRoomDocuments(ctx.db, roomId);
}

/** The room's investors, newest membership first. */
export async function listInvestors(ctx: AppContext, roomId: string) {
  return listRoomInvestors(ctx.db, roomId);
}

/** The room's newest access events, with who. */
export async function listRecentAccess(ctx: AppContext, roomId: string, limit: number) {
  return listRecentAccessEvents(ctx.db, roomId, limit);
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
