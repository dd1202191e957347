/**
 * Who may read a room, and so everything in it: its sections, its documents, each page image and
 * reading report (readable-documents.service.ts asks findReadableRoom with a document's room id, and every
 * document answer of the documents and reading modules goes through that). The rule
 * (docs/product-rules.md#room-access, #invited-view; ADR 45, ADR 47):
 * - a signed-in reader: the room's owner and editors always; an investor member while the room is
 *   active; anyone else gets the same 404 as for a room that does not exist;
 * - an invitation link's holder: while the invitation is usable and the room active;
 * - either reader, while the room asks for its NDA, only once they accepted its current version (403
 *   nda_required before: nda-gate.ts); managers are never asked;
 * - an investor, only until their access ends, and only the sections their group may see: a section
 *   shown to other groups, and a document linked only in such sections, answer exactly as one that does
 *   not exist (ReaderAccess; docs/product-rules.md#groups, ADR 68); in a room with more than one group,
 *   so does a document linked in no section (hiddenDocumentIdsOf).
 * roomReadingOf is the one decision, for either reader (a signed-in user's answer is cached per room
 * and reader: readableRoomsCache); the other functions here only turn its answer into a room or a
 * refusal.
 */
import type { AppContext } from '#server/app-context';
import { untilNextWrite } from '#server/caches/cache-registry';
import type { DocumentGrant } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/errors';
import { type ParsedSections, sectionKeyOf, withoutSections } from '#shared/sections-markdown';
import {
  countGroups,
  findInvestorPlace,
  findRestrictedSections,
  type InvestorPlace,
  type RestrictedSections,
} from './groups.repository';
import { ndaRequiredError, type PendingNda, pendingNdaForEmail, pendingNdaForUser } from './nda-gate';
import type { RoomInvitations } from './room-invitations';
import { type DataRoom, findDataRoomById, findMemberRole } from './rooms.repository';
import type { InvitationLinks, RoomUser } from './visitors';

/**
 * A room someone may read, the invitation they read it by (null for a signed-in user), and the NDA
 * version they must accept first, if any.
 */
export interface RoomReading {
  room: ReadableRoom;
  invitation: { id: string; email: string } | null;
  pendingNda: PendingNda | null;
}

/**
 * What of a room its reader's group may see (ADR 68): a manager's sees everything, and so does an
 * investor's until the founder shows a section to chosen groups only.
 */
export interface ReaderAccess {
  /** The keys (sectionKeyOf) of the sections shown only to groups other than the reader's. */
  hiddenSectionKeys: ReadonlySet<string>;
  /**
   * Whether the reader sees the documents no section links: managers always, an investor only while the
   * room has one group. Once a founder makes a second group, which documents each may read is decided by
   * sections, and a file not placed in one yet is no group's, never every group's.
   */
  seesUnlinkedDocuments: boolean;
  /** The reader's group reads in the viewer only: it narrows each document's own switch, never widens it. */
  isViewOnly: boolean;
  /** When the reader's access ends, or null for never (a manager's never does). */
  accessExpiresAt: Date | null;
}

/** A manager's access: every section, downloads as each document says, never ending. */
export const MANAGERS_ACCESS: ReaderAccess = {
  hiddenSectionKeys: new Set(),
  seesUnlinkedDocuments: true,
  isViewOnly: false,
  accessExpiresAt: null,
};

/**
 * The rule's answers, by room and user: whether they may read it (membership included, and whether
 * they manage it) and the NDA they must accept first. Until the next write: an acceptance, a new NDA
 * text or its switch, a membership ended, is a write, so the very next request asks the database again
 * (ADR 45, server/caches/cache-registry.ts).
 */
export const readableRoomsCache = untilNextWrite<RoomReading>(
  'readableRooms',
  // An answer never outlives the reader's access (ADR 68): past it, the next request asks the database.
  (reading) => reading.room.readerAccess.accessExpiresAt ?? undefined,
);

/**
 * What of a room is the same for every reader: the room, and how its groups divide its sections. Each
 * reader's answer (readableRoomsCache) asks this once per room rather than reading it again for every
 * reader, and depends on what it was read from (a cache asked inside another's load: ADR 53), so a
 * write to the room, its groups or its sections' visibility drops both.
 */
interface RoomFacts {
  room: DataRoom;
  restrictedSections: RestrictedSections;
  groupCount: number;
}

const roomFactsCache = untilNextWrite<RoomFacts>('roomFacts');

async function roomFactsOf(ctx: AppContext, roomId: string): Promise<RoomFacts | undefined> {
  return ctx.caches.get(roomFactsCache).get(roomId, async () => {
    const room = await findDataRoomById(ctx.db, roomId);
    if (!room) return undefined;
    return {
      room,
      restrictedSections: await findRestrictedSections(ctx.db, roomId),
      groupCount: await countGroups(ctx.db, roomId),
    };
  });
}

const ROOM_NOT_FOUND = 'That data room does not exist, or you do not have access to it.';

/** A room someone may read, and whether they manage it (their own reading is not investor activity). */
export type ReadableRoom = DataRoom & { readerManagesRoom: boolean; readerAccess: ReaderAccess };

/**
 * A room this user may read: its owner and editors always, a member while it is active. Anyone else gets
 * the same 404 as for a room that does not exist (docs/product-rules.md#room-access: never confirm that
 * it exists).
 */
export async function requireReadableRoom(
  ctx: AppContext,
  invitations: RoomInvitations,
  user: RoomUser,
  roomId: string,
  documentId?: string,
): Promise<ReadableRoom> {
  const room = await findReadableRoom(ctx, invitations, user, roomId, documentId);
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
  invitations: RoomInvitations,
  user: RoomUser,
  roomId: string,
  documentId?: string,
): Promise<ReadableRoom | undefined> {
  const reading = await roomReadingOf(ctx, invitations, { user, roomId, documentId });
  if (reading?.pendingNda) throw ndaRequiredError(reading.room, reading.pendingNda);
  return reading?.room;
}

/**
 * Who asks to read a room: a signed-in user, for a room named by its id, or the holder of an invitation
 * link, whose token names its room (the invited view, docs/product-rules.md#invited-view).
 */
export type RoomReader =
  /**
   * documentId: the one document the caller reads (a document's routes), so that a document link's
   * session, which reads that document alone, is answered; absent for the room's own routes.
   */
  | { user: RoomUser; roomId: string; documentId?: string | undefined }
  | { invitationToken: string; invitationLinks: InvitationLinks };

/**
 * THE readability rule: the room this reader may read, whether they manage it, the invitation they read
 * it by (if any) and the NDA version they must accept first (null for none); undefined for a reader who
 * may not read it, so that each caller answers its own 404 (a room's, a document's, an invitation's).
 * Every answer about room content goes through it: the functions below only turn its answer into a room
 * or a refusal. A user's answer is cached with the NDA's, so the gate holds through the cache: an
 * acceptance, a new text or the switch is a write, which empties it (readableRoomsCache). The name the
 * NDA's page starts with is the invitations' and accounts' to say: it comes through `invitations`.
 */
export async function roomReadingOf(
  ctx: AppContext,
  invitations: RoomInvitations,
  reader: RoomReader,
): Promise<RoomReading | undefined> {
  if ('invitationToken' in reader)
    return invitationReading(ctx, invitations, reader.invitationLinks, reader.invitationToken);
  const { user, roomId } = reader;
  // A session that proved one room reads that room as its user would, and no other (ADR 74).
  if (user.onlyRoomId && user.onlyRoomId !== roomId) return undefined;
  // A document link's session reads its document and nothing else of the room, as a stranger (ADR 95).
  if (user.onlyDocument) {
    if (reader.documentId !== user.onlyDocument.documentId) return undefined;
    return documentLinkReading(ctx, user.onlyDocument, roomId);
  }
  // Members read their room on every page and click (readableRoomsCache: when an answer may be reused).
  return ctx.caches
    .get(readableRoomsCache)
    .get(`${roomId}:${user.id}`, () => memberReading(ctx, invitations, user, roomId));
}

/**
 * A document link's reader (docs/decisions/0095-document-links.md): its one document while the room is
 * active, downloads and the watermark as the link says, and never as a member: no section, no group, no
 * NDA of the room (the founder sent this document alone; the room's NDA guards the room).
 */
async function documentLinkReading(
  ctx: AppContext,
  grant: DocumentGrant,
  roomId: string,
): Promise<RoomReading | undefined> {
  const room = (await roomFactsOf(ctx, roomId))?.room;
  if (!room?.isActive) return undefined;
  const readerAccess: ReaderAccess = {
    hiddenSectionKeys: new Set(),
    seesUnlinkedDocuments: true,
    isViewOnly: !grant.allowsDownload,
    accessExpiresAt: grant.expiresAt,
  };
  return {
    room: {
      ...room,
      isDownloadAllowed: grant.allowsDownload,
      isWatermarkEnabled: grant.isWatermarked,
      readerManagesRoom: false,
      readerAccess,
    },
    pendingNda: null,
    invitation: null,
  };
}

/** A signed-in user: the room's owner and editors always, an investor member while it is active. */
async function memberReading(
  ctx: AppContext,
  invitations: RoomInvitations,
  user: RoomUser,
  roomId: string,
): Promise<RoomReading | undefined> {
  const room = (await roomFactsOf(ctx, roomId))?.room;
  if (!room) return undefined;
  const role = room.ownerId === user.id ? 'owner' : await findMemberRole(ctx.db, room.id, user.id);
  if (role === 'owner' || role === 'editor')
    return {
      room: { ...room, readerManagesRoom: true, readerAccess: MANAGERS_ACCESS },
      pendingNda: null,
      invitation: null,
    };
  if (!role || !room.isActive) return undefined;
  const readerAccess = await investorAccessOf(ctx, room.id, user.email);
  if (!readerAccess) return undefined;
  return {
    room: { ...room, readerManagesRoom: false, readerAccess },
    pendingNda: await pendingNdaForUser(ctx.db, invitations, room, user),
    invitation: null,
  };
}

/**
 * An investor's access by the address they were invited at: undefined once it has ended, else what
 * their group may see (groupAccessOf).
 */
async function investorAccessOf(
  ctx: AppContext,
  roomId: string,
  email: string,
): Promise<ReaderAccess | undefined> {
  const place = await findInvestorPlace(ctx.db, roomId, email);
  if (place.accessExpiresAt && place.accessExpiresAt.getTime() <= Date.now()) return undefined;
  return groupAccessOf(ctx, roomId, place);
}

/**
 * What one group's investors may see: every section but those shown only to other groups, and the
 * documents no section links only while the room has one group.
 */
export async function groupAccessOf(
  ctx: AppContext,
  roomId: string,
  place: InvestorPlace,
): Promise<ReaderAccess> {
  const facts = await roomFactsOf(ctx, roomId);
  const hiddenSectionKeys = new Set<string>();
  for (const [key, groupIds] of facts?.restrictedSections ?? []) {
    if (!groupIds.includes(place.group.id)) hiddenSectionKeys.add(key);
  }
  return {
    hiddenSectionKeys,
    seesUnlinkedDocuments: (facts?.groupCount ?? 0) <= 1,
    isViewOnly: place.group.isViewOnly,
    accessExpiresAt: place.accessExpiresAt,
  };
}

/**
 * Whom the founder's preview reads a room as (docs/decisions/0068-investor-groups.md): one of its
 * groups ("All investors" is the default one, whose id is the room's), or one investor by the address
 * they were invited at.
 */
export type PreviewAudience = { group: { id: string; isViewOnly: boolean } } | { investorEmail: string };

/**
 * The access an audience reads the room with, built exactly as an investor's is (investorAccessOf), so
 * the preview shows what they see; undefined for an investor whose access has ended (they see nothing).
 * The caller has checked that the audience is of this room.
 */
export async function audienceAccessOf(
  ctx: AppContext,
  roomId: string,
  audience: PreviewAudience,
): Promise<ReaderAccess | undefined> {
  if ('investorEmail' in audience) return investorAccessOf(ctx, roomId, audience.investorEmail);
  return groupAccessOf(ctx, roomId, { group: audience.group, accessExpiresAt: null });
}

/** An invitation link's holder: while the invitation is usable and its room active. */
async function invitationReading(
  ctx: AppContext,
  invitations: RoomInvitations,
  invitationLinks: InvitationLinks,
  token: string,
  { withNda }: { withNda: boolean } = { withNda: true },
): Promise<RoomReading | undefined> {
  const invitation = await invitationLinks.findUsable(token);
  const room = invitation ? (await roomFactsOf(ctx, invitation.roomId))?.room : undefined;
  if (!invitation || !room?.isActive) return undefined;
  const readerAccess = await investorAccessOf(ctx, room.id, invitation.email);
  if (!readerAccess) return undefined;
  return {
    room: { ...room, readerManagesRoom: false, readerAccess },
    pendingNda: withNda ? await pendingNdaForEmail(ctx.db, invitations, room, invitation.email) : null,
    invitation: { id: invitation.id, email: invitation.email },
  };
}

const INVITATION_NOT_FOUND =
  'This invitation link is invalid, expired or was withdrawn. If you have already signed in, sign in again to open the data room.';

/** A room opened by an invitation link, and that invitation. */
export interface InvitedRoom {
  room: DataRoom;
  invitation: { id: string; email: string };
  /** What of the room the invitation's group may see. */
  readerAccess: ReaderAccess;
}

/**
 * The room an invitation link opens, while the invitation is usable and the room active, whether or not
 * its NDA was accepted: for accepting it. Every read uses requireInvitedRoom.
 */
export async function findInvitedRoom(
  ctx: AppContext,
  invitations: RoomInvitations,
  invitationLinks: InvitationLinks,
  token: string,
): Promise<InvitedRoom> {
  // Accepting is what it is for: whether the NDA is pending is not asked (nor its version, nor the name).
  return invitedRoomOf(await invitedReading(ctx, invitations, invitationLinks, token, { withNda: false }));
}

/**
 * The room an invitation link opens, for reading: as findInvitedRoom, and, while the room asks for its
 * NDA, only once the invited address accepted its current version (403 nda_required before).
 */
export async function requireInvitedRoom(
  ctx: AppContext,
  invitations: RoomInvitations,
  invitationLinks: InvitationLinks,
  token: string,
): Promise<InvitedRoom> {
  const reading = await invitedReading(ctx, invitations, invitationLinks, token, { withNda: true });
  if (reading.pendingNda) throw ndaRequiredError(reading.room, reading.pendingNda);
  return invitedRoomOf(reading);
}

/** The rule's answer for an invitation link's holder, or the invitation's 404. */
async function invitedReading(
  ctx: AppContext,
  invitations: RoomInvitations,
  invitationLinks: InvitationLinks,
  token: string,
  { withNda }: { withNda: boolean },
): Promise<RoomReading & { invitation: InvitedRoom['invitation'] }> {
  const reading = withNda
    ? await roomReadingOf(ctx, invitations, { invitationToken: token, invitationLinks })
    : await invitationReading(ctx, invitations, invitationLinks, token, { withNda });
  if (!reading?.invitation) throw new HttpError(404, 'invitation_not_found', INVITATION_NOT_FOUND);
  return { ...reading, invitation: reading.invitation };
}

function invitedRoomOf({
  room,
  invitation,
}: RoomReading & { invitation: InvitedRoom['invitation'] }): InvitedRoom {
  const { readerManagesRoom: _readerManagesRoom, readerAccess, ...dataRoom } = room;
  return { room: dataRoom, invitation, readerAccess };
}

/** The sections of a room its reader's group may not see (none for a manager). */
export function hiddenSectionsOf(parsed: ParsedSections, access: ReaderAccess): ParsedSections['sections'] {
  if (access.hiddenSectionKeys.size === 0) return [];
  return parsed.sections.filter((section) => access.hiddenSectionKeys.has(sectionKeyOf(section.name)));
}

/**
 * THE numbering of the sections a reader reads: their own sections text numbers them 1..n (the web's
 * cards and `/data-room/:id/sections/:n`, the FAQ's form, "Download all", the links of the mails), so a
 * section hidden from their group is neither listed nor counted (ADR 68). Each section keeps its lines in
 * the room's text; its id is the one readerSectionsMarkdown's parse gives it.
 */
export function readerSectionsOf(parsed: ParsedSections, access: ReaderAccess): ParsedSections['sections'] {
  const hidden = new Set(hiddenSectionsOf(parsed, access));
  if (hidden.size === 0) return parsed.sections;
  return parsed.sections
    .filter((section) => !hidden.has(section))
    .map((section, index) => ({ ...section, id: index + 1 }));
}

/** The sections text as this reader reads it: the sections their group may not see left out. */
export function readerSectionsMarkdown(
  markdown: string,
  parsed: ParsedSections,
  access: ReaderAccess,
): string {
  return withoutSections(markdown, hiddenSectionsOf(parsed, access));
}

/** Where a room's documents are linked, by parsed text and hidden keys: a room's readers of one group share it. */
const placementsByText = new WeakMap<ParsedSections, Map<string, DocumentPlacement>>();

/** The documents linked in a section the reader sees, and those linked only in sections hidden from them. */
interface DocumentPlacement {
  inVisible: ReadonlySet<string>;
  onlyInHidden: ReadonlySet<string>;
}

/** Whether some uploaded document of the room may be hidden from this reader (else none is). */
export function hidesDocuments(access: ReaderAccess): boolean {
  return access.hiddenSectionKeys.size > 0 || !access.seesUnlinkedDocuments;
}

/**
 * THE decision of which uploaded documents a reader may not see, of those given (the room's, or one):
 * a document linked in a section they see is theirs, though also linked in a hidden one; one linked
 * only in sections hidden from their group is not; one linked in no section is theirs only where they
 * see unlinked documents (ReaderAccess.seesUnlinkedDocuments). Every answer about a document (its routes,
 * the room's list, "Download all", questions) asks this, and a hidden document answers as a missing one.
 */
export function hiddenDocumentIdsOf(
  parsed: ParsedSections,
  access: ReaderAccess,
  documentIds: Iterable<string>,
): ReadonlySet<string> {
  if (!hidesDocuments(access)) return EMPTY;
  const { inVisible, onlyInHidden } = placementOf(parsed, access);
  const hidden = new Set<string>();
  for (const id of documentIds) {
    if (inVisible.has(id)) continue;
    if (onlyInHidden.has(id) || !access.seesUnlinkedDocuments) hidden.add(id);
  }
  return hidden;
}

function placementOf(parsed: ParsedSections, access: ReaderAccess): DocumentPlacement {
  let byKeys = placementsByText.get(parsed);
  if (!byKeys) {
    byKeys = new Map();
    placementsByText.set(parsed, byKeys);
  }
  const keys = [...access.hiddenSectionKeys].sort().join('\n');
  let placement = byKeys.get(keys);
  if (!placement) {
    const inHidden = new Set<string>();
    const inVisible = new Set<string>();
    for (const section of parsed.sections) {
      const into = access.hiddenSectionKeys.has(sectionKeyOf(section.name)) ? inHidden : inVisible;
      for (const document of section.documents) if (document.documentId) into.add(document.documentId);
    }
    placement = { inVisible, onlyInHidden: new Set([...inHidden].filter((id) => !inVisible.has(id))) };
    byKeys.set(keys, placement);
  }
  return placement;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * What an invitation's page may name before its script runs (docs/decisions/0075-the-investors-first-
 * screen.md): the room's company and stage and the invited address, which the invited view shows that
 * link's holder anyway; undefined for a link that opens nothing. Writes nothing: the page's own read records the visit.
 */
export async function invitedRoomHeading(
  ctx: AppContext,
  invitations: RoomInvitations,
  invitationLinks: InvitationLinks,
  token: string,
): Promise<{ companyName: string; stage: string; invitedEmail: string } | undefined> {
  const reading = await roomReadingOf(ctx, invitations, { invitationToken: token, invitationLinks });
  if (!reading?.invitation) return undefined;
  const { room, invitation } = reading;
  return { companyName: room.companyName, stage: room.stage, invitedEmail: invitation.email };
}
