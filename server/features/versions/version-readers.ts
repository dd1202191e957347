import type { DatabaseExecutor } from '#server/db/schema';

/**
 * What the versions module needs of reading analytics for a document's history: who read each version
 * and how long. Reading analytics keeps the views and imports versions, so versions asks through this
 * port: that module implements it and app.ts wires it in, as VersionFiles is
 * (docs/decisions/0085-modules-own-their-tables.md).
 */
export interface VersionReaders {
  /**
   * Per version read (null: opened before versions existed) and reader of the document in the room, their
   * views and milliseconds read; in no particular order.
   */
  readsByVersion(
    db: DatabaseExecutor,
    roomId: string,
    documentId: string,
  ): Promise<{ version: number | null; userId: string; views: number; readMs: number }[]>;
}
