import type { DatabaseExecutor } from '#server/db/schema';

/**
 * What the sections need of the room's uploads, whose rows the documents module keeps: which ids a save
 * may link to, and each upload's stored type for the readers' sections. Documents imports rooms, so rooms
 * asks through this port, and the documents module's answer is handed in (app.ts wires it into the room's
 * routes; a module that imports documents hands it itself), as SectionRenames is
 * (docs/decisions/0085-modules-own-their-tables.md).
 */
export interface RoomUploads {
  /** Which of these document ids belong to the room, in one query. */
  idsInRoom(db: DatabaseExecutor, roomId: string, ids: readonly string[]): Promise<Set<string>>;
  /**
   * Each uploaded document of the room with its stored type (documents.file_type, which a version switch
   * rewrites), in id order.
   */
  storedFileTypes(db: DatabaseExecutor, roomId: string): Promise<{ id: string; fileType: string }[]>;
}
