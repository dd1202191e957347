import type { AppContext } from '#server/app-context';
import { listDocumentsOfRoom, uploadsOfRooms } from '#server/features/documents/index';
import { investorDirectory } from '#server/features/invitations/index';
import {
  audienceAccessOf,
  dataRoomViewOf,
  groupsHiddenFrom,
  parsedSectionsOf,
  type RoomUser,
  requireManagedRoom,
  requirePreviewAudience,
  sectionsPayloadOf,
  typedSectionsOf,
} from '#server/features/rooms/index';
import type { RoomPreview } from '#shared/contracts/room-preview';
import { sectionKeyOf } from '#shared/sections-markdown';

/**
 * The founder's room as one audience reads it (docs/decisions/0068-investor-groups.md): the access is
 * built as the readability rule builds that audience's (audienceAccessOf), and the sections and
 * documents are the readers' own answers for it (sectionsPayloadOf, listDocumentsOfRoom), so the
 * preview cannot drift from what they see. Beside them, for the founder only, every section (each
 * upload with its stored type, as the readers' sections) with the groups it is hidden from and whether
 * it is empty.
 */
export async function previewRoom(ctx: AppContext, founder: RoomUser, as: string): Promise<RoomPreview> {
  const room = await requireManagedRoom(ctx, founder);
  const { audience, label } = await requirePreviewAudience(ctx, investorDirectory, room, as);
  const access = await audienceAccessOf(ctx, room.id, audience);
  const parsed = await parsedSectionsOf(ctx, room);
  const hiddenFrom = await groupsHiddenFrom(ctx, room, parsed);
  // An investor whose access has ended reads nothing of the room.
  const sections = access ? (await sectionsPayloadOf(ctx, uploadsOfRooms, room, access)).sections : [];
  const documents = access ? await listDocumentsOfRoom(ctx, room, access) : [];
  // Readers never see an empty section (docs/product-rules.md#data-room-view).
  const seen = new Set(
    sections.filter((section) => section.documents.length > 0).map((section) => sectionKeyOf(section.name)),
  );
  return {
    audience: { as, label },
    accessEnded: !access,
    dataRoom: await dataRoomViewOf(ctx, room),
    sections,
    documents,
    allSections: (await typedSectionsOf(ctx, uploadsOfRooms, room)).map((section) => {
      const key = sectionKeyOf(section.name);
      return {
        ...section,
        hiddenFrom: hiddenFrom.get(key) ?? [],
        isEmpty: section.documents.length === 0,
        isSeen: seen.has(key),
      };
    }),
  };
}
