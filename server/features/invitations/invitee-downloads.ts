import type { AppContext } from '#server/app-context';
import type { DataRoom, ReaderAccess } from '#server/features/rooms/index';

/**
 * Whether an investor reading a room with this access will be able to download any of its documents, so
 * that the invitation says "read … and download them" only then (docs/decisions/0043-view-only-documents.md,
 * ADR 92). The documents module answers (each document's own switch, the room's default, the watermark,
 * a view-only group, the sections hidden from the group); documents imports invitations, so app.ts wires
 * the answer into the invitations' routes, as it wires VersionFiles.
 */
export interface InviteeDownloads {
  mayDownloadAny(ctx: AppContext, room: DataRoom, access: ReaderAccess): Promise<boolean>;
}
