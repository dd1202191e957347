import type { DatabaseExecutor } from '#server/db/schema';

/**
 * What another module keeps under a section's key follows the section when a save renames it in place:
 * questions about a section are kept by the questions module, which imports rooms, so rooms asks through
 * this port, and app.ts wires the questions module's answer in, as VersionReaders is
 * (docs/decisions/0085-modules-own-their-tables.md).
 */
export interface SectionRenames {
  /**
   * Moves what is kept under each renamed section's old key to its new key and name, in the save's
   * transaction under the room's lock (the caller's `db`), in the order the renames are given.
   */
  sectionsRenamed(
    db: DatabaseExecutor,
    roomId: string,
    /** Old key to new key, per section renamed where it stands. */
    renames: ReadonlyMap<string, string>,
    /** The sections' names as the save writes them, by key. */
    namesNow: ReadonlyMap<string, string>,
  ): Promise<void>;
}
