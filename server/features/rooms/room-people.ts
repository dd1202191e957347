import type { DatabaseExecutor } from '#server/db/schema';

/** A person as rooms shows them beside its own rows: the account's name, address and standing. */
export interface RoomPerson {
  id: string;
  name: string;
  email: string;
  isActive: boolean;
}

/**
 * Who the room's members and signers are, by the accounts module, which keeps the users table and
 * imports rooms: so rooms asks through this port, and the accounts module's answer is handed in (app.ts
 * wires it into the room's routes; a module that imports accounts hands it itself), as SectionRenames is
 * (docs/decisions/0085-modules-own-their-tables.md). Rooms reads its own page of rows first, then asks
 * once for that page's people, never once per row.
 */
export interface RoomPeople {
  /** The users of these ids, by id, in one query; a user who is gone is absent. */
  usersByIds(db: DatabaseExecutor, ids: readonly string[]): Promise<ReadonlyMap<string, RoomPerson>>;
}
