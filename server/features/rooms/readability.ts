/**
 * Who may read a room, and so everything in it: its sections, its documents, each page image and
 * reading report (documents.service.ts asks findReadableRoom with a document's room id, and every
 * document answer of the documents and reading modules goes through that). The rule
 * (docs/product-rules.md#room-access, #invited-view; ADR 45, ADR 47):
 * - a signed-in reader: the room's owner and editors always; an investor member while the room is
 *   active; anyone else gets the same 404 as for a room that does not exist;
 * - an invitation link's holder: while the invitation is usable and the room active;
 * - either reader, while the room asks for its NDA, only once they accepted its current version (403
 *   nda_required before: nda-gate.ts); managers are never asked.
 * roomReadingOf is the one decision, for either reader (a signed-in user's answer is cached per room
 * and reader: readableRoomsCache); the other functions here only turn its answer into a room or a
 * refusal.
 */
import type { AppContext } from '#server/app-context';
import { untilNextWrite } from '#server/caches/cache-registry';
import { HttpError } from '#server/plugins/errors';
import type { NdaVersion } from './nda.repository';
import { ndaRequiredError, pendingNdaForEmail, pendingNdaForUser } from './nda-gate';
import { type DataRoom, findDataRoomById, findMemberRole } from './rooms.repository';
import type { InvitationLinks, RoomUser } from './visitors';

/**
 * A room someone may read, the invitation they read it by (null for a signed-in user), and the NDA
 * version they must accept first, if any.
 */
export interface RoomReading {
  room: ReadableRoom;
  invitation: { id: string; email: string } | null;
  pendingNda: NdaVersion | null;
}

/**
 * The rule's answers, by room and user: whether they may read it (membership included, and whether
 * they manage it) and the NDA they must accept first. Until the next write: an acceptance, a new NDA
 * text or its switch, a membership ended, is a write, so the very next request asks the database again
 * (ADR 45, server/caches/cache-registry.ts).
 */
export const readableRoomsCache = untilNextWrite<RoomReading>('readableRooms');

const ROOM_NOT_FOUND = 'That data room does not exist, or you do not have access to it.';

/** A room someone may read, and whether they manage it (their own reading is not investor activity). */
export type ReadableRoom = DataRoom & { readerManagesRoom: boolean };

/**
 * A room this user may read: its owner and editors always, a member while it is active. Anyone else gets
 * the same 404 as for a room that does not exist (docs/product-rules.md#room-access: never confirm that
 * it exists).
 */
export async function requireReadableRoom(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
): Promise<ReadableRoom> {
  const room = await findReadableRoom(ctx, user, roomId);
  if (room) return room;
  throw new HttpError(404, 'not_found', ROOM_NOT_FOUND);
}

/**
 * The one rule for reading a room: its owner and editors always, an investor member while it is active
 * and, while the room asks for its NDA, only once they accepted its current version (403 nda_required
 * before: nda-gate.ts; managers are never asked). Undefined for anyone who may not read it, so each
 * caller answers its own 404 (a room's, a document's).
 */
export async function findReadableRoom(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
): Promise<ReadableRoom | undefined> {
  const reading = await roomReadingOf(ctx, { user, roomId });
  if (reading?.pendingNda) throw ndaRequiredError(reading.room, reading.pendingNda);
  return reading?.room;
}

/**
 * Who asks to read a room: a signed-in user, for a room named by its id, or the holder of an invitation
 * link, whose token names its room (the invited view, docs/product-rules.md#invited-view).
 */
export type RoomReader =
  | { user: RoomUser; roomId: string }
  | { invitationToken: string; invitationLinks: InvitationLinks };

/**
 * THE readability rule: the room this reader may read, whether they manage it, the invitation they read
 * it by (if any) and the NDA version they must accept first (null for none); undefined for a reader who
 * may not read it, so that each caller answers its own 404 (a room's, a document's, an invitation's).
 * Every answer about room content goes through it: the functions below only turn its answer into a room
 * or a refusal. A user's answer is cached with the NDA's, so the gate holds through the cache: an
 * acceptance, a new text or the switch is a write, which empties it (readableRoomsCache).
 */
export async function roomReadingOf(ctx: AppContext, reader: RoomReader): Promise<RoomReading | undefined> {
  if ('invitationToken' in reader)
    return invitationReading(ctx, reader.invitationLinks, reader.invitationToken);
  const { user, roomId } = reader;
  // Members read their room on every page and click (readableRoomsCache: when an answer may be reused).
  return ctx.caches
    .get(readableRoomsCache)
    .get(`${roomId}:${user.id}`, () => memberReading(ctx, user, roomId));
}

/** A signed-in user: the room's owner and editors always, an investor member while it is active. */
async function memberReading(
  ctx: AppContext,
  user: RoomUser,
  roomId: string,
): Promise<RoomReading | undefined> {
  const room = await findDataRoomById(ctx.db, roomId);
  if (!room) return undefined;
  const role = room.ownerId === user.id ? 'owner' : await findMemberRole(ctx.db, room.id, user.id);
  if (role === 'owner' || role === 'editor')
    return { room: { ...room, readerManagesRoom: true }, pendingNda: null, invitation: null };
  if (!role || !room.isActive) return undefined;
  return {
    room: { ...room, readerManagesRoom: false },
    pendingNda: await pendingNdaForUser(ctx.db, room, user.id),
    invitation: null,
  };
}

/** An invitation link's holder: while the invitation is usable and its room active. */
async function invitationReading(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  token: string,
): Promise<RoomReading | undefined> {
  const invitation = await invitationLinks.findUsable(token);
  const room = invitation ? await findDataRoomById(ctx.db, invitation.roomId) : undefined;
  if (!invitation || !room?.isActive) return undefined;
  return {
    room: { ...room, readerManagesRoom: false },
    pendingNda: await pendingNdaForEmail(ctx.db, room, invitation.email),
    invitation: { id: invitation.id, email: invitation.email },
  };
}

const INVITATION_NOT_FOUND =
  'This invitation link is invalid, expired or was withdrawn. If you have already signed in, sign in again to open the data room.';

/** A room opened by an invitation link, and that invitation. */
export interface InvitedRoom {
  room: DataRoom;
  invitation: { id: string; email: string };
}

/**
 * The room an invitation link opens, while the invitation is usable and the room active, whether or not
 * its NDA was accepted: for accepting it. Every read uses requireInvitedRoom.
 */
export async function findInvitedRoom(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  token: string,
): Promise<InvitedRoom> {
  return invitedRoomOf(await invitedReading(ctx, invitationLinks, token));
}

/**
 * The room an invitation link opens, for reading: as findInvitedRoom, and, while the room asks for its
 * NDA, only once the invited address accepted its current version (403 nda_required before).
 */
export async function requireInvitedRoom(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  token: string,
): Promise<InvitedRoom> {
  const reading = await invitedReading(ctx, invitationLinks, token);
  if (reading.pendingNda) throw ndaRequiredError(reading.room, reading.pendingNda);
  return invitedRoomOf(reading);
}

/** The rule's answer for an invitation link's holder, or the invitation's 404. */
async function invitedReading(
  ctx: AppContext,
  invitationLinks: InvitationLinks,
  token: string,
): Promise<RoomReading & { invitation: InvitedRoom['invitation'] }> {
  const reading = await roomReadingOf(ctx, { invitationToken: token, invitationLinks });
  if (!reading?.invitation) throw new HttpError(404, 'invitation_not_found', INVITATION_NOT_FOUND);
  return { ...reading, invitation: reading.invitation };
}

function invitedRoomOf({
  room,
  invitation,
}: RoomReading & { invitation: InvitedRoom['invitation'] }): InvitedRoom {
  const { readerManagesRoom: _readerManagesRoom, ...dataRoom } = room;
  return { room: dataRoom, invitation };
}
