import type { AppContext } from '#server/app-context';
import { findUsersByIds } from '#server/features/accounts/index';
import { listDocumentsOfRoom, listPreparedPageCounts } from '#server/features/documents/index';
import { investorDirectory } from '#server/features/invitations/index';
import {
  type DataRoom,
  findDataRoomById,
  investorAccessOfRoom,
  MANAGERS_ACCESS,
  type ReaderAccess,
} from '#server/features/rooms/index';
import { listKeyDocumentIds } from './engagement.repository';
import type { HistoryDocument } from './engagement-trace';

/**
 * What each investor of a room may read now, as the score reads it (docs/decisions/0089-engagement-score.md):
 * the readability rule's answer for every investor at once (rooms' investorAccessOfRoom), the documents
 * each group's list shows (documents' listDocumentsOfRoom, the list a reader's room shows them), with each
 * one's readable page count and whether the founders marked it key. Read once per request or job, for
 * the whole room: a group's documents are listed once, however many investors it has.
 */

export interface ReadableToReader {
  groupId: string;
  documents: HistoryDocument[];
  hiddenSectionKeys: ReadonlySet<string>;
}

export interface RoomReadability {
  room: DataRoom;
  keyDocumentIds: string[];
  /** Every uploaded document's title, by id (a manager's list). */
  titles: Map<string, string>;
  /** The investors of the room whose access has not ended: by user id, their account and what they may read. */
  investors: Map<string, { name: string; email: string; readable: ReadableToReader }>;
}

/** The pages a reader reads of each prepared document: its pages, or 1 for a file read whole. */
async function pageCountsOf(ctx: AppContext, roomId: string): Promise<Map<string, number>> {
  const rows = await listPreparedPageCounts(ctx.db, roomId);
  return new Map(rows.map((row) => [row.document_id, row.kind === 'pages' ? (row.page_count ?? 0) : 1]));
}

/** The room's readability for these users (the readers the caller holds rows of); undefined for no room. */
export async function roomReadabilityOf(
  ctx: AppContext,
  roomId: string,
  userIds: readonly string[],
): Promise<RoomReadability | undefined> {
  const room = await findDataRoomById(ctx.db, roomId);
  if (!room) return undefined;
  const [access, users, pageCounts, keyIds, all] = await Promise.all([
    investorAccessOfRoom(ctx, investorDirectory, roomId),
    findUsersByIds(ctx.db, userIds),
    pageCountsOf(ctx, roomId),
    listKeyDocumentIds(ctx.db, roomId),
    listDocumentsOfRoom(ctx, room, MANAGERS_ACCESS),
  ]);
  const titles = new Map(all.map((document) => [document.id, document.title]));
  // A key document since deleted is no longer one (its row goes with it; this is the moment between).
  const keyDocumentIds = keyIds.filter((id) => titles.has(id));
  const keys = new Set(keyDocumentIds);
  const ofGroup = new Map<string, ReadableToReader>();
  const readableWith = async (groupId: string, readerAccess: ReaderAccess) => {
    const known = ofGroup.get(groupId);
    if (known) return known;
    const documents = (await listDocumentsOfRoom(ctx, room, readerAccess)).map((document) => ({
      documentId: document.id,
      title: document.title,
      pageCount: pageCounts.get(document.id) ?? 0,
      isKey: keys.has(document.id),
    }));
    const readable = { groupId, documents, hiddenSectionKeys: readerAccess.hiddenSectionKeys };
    ofGroup.set(groupId, readable);
    return readable;
  };
  const investors = new Map<string, { name: string; email: string; readable: ReadableToReader }>();
  for (const [userId, user] of users) {
    const investor = access.get(user.email);
    if (!investor) continue;
    investors.set(userId, {
      name: user.name,
      email: user.email,
      readable: await readableWith(investor.groupId, investor.access),
    });
  }
  return { room, keyDocumentIds, titles, investors };
}
