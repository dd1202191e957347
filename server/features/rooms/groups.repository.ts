import { type Entity, fromRow, toEpochMs, toFlag } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { InvestorGroupRow } from './rooms.tables';

/**
 * A room's investor groups, who is in which, and which sections each may see
 * (docs/decisions/0068-investor-groups.md). Every query is scoped by room.
 */

export type InvestorGroup = Entity<InvestorGroupRow>;

/** What the readability rule needs of one investor: their group and when their access ends. */
export interface InvestorPlace {
  group: { id: string; isViewOnly: boolean };
  accessExpiresAt: Date | null;
}

/** The sections shown only to chosen groups, by section key (sectionKeyOf), with those groups' ids. */
export type RestrictedSections = ReadonlyMap<string, readonly string[]>;

/** Every room has its default group, "All investors", whose id is the room's (migration 0023). */
export const DEFAULT_GROUP_NAME = 'All investors';

export async function insertDefaultGroup(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('investor_groups')
    .values({
      id: roomId,
      room_id: roomId,
      name: DEFAULT_GROUP_NAME,
      is_default: toFlag(true),
      is_view_only: toFlag(false),
      created_at: toEpochMs(at),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * An investor's group and end of access in the room, by the address they were invited at (a member's
 * is their account's: addresses are stored normalised). No row, or a null group, is the default group.
 */
export async function findInvestorPlace(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  email: string,
): Promise<InvestorPlace> {
  const access = await db
    .selectFrom('investor_access')
    .select(['group_id', 'access_expires_at'])
    .where('room_id', '=', roomId)
    .where('email', '=', email)
    .executeTakeFirst();
  const group = await db
    .selectFrom('investor_groups')
    .select(['id', 'is_view_only'])
    .where('room_id', '=', roomId)
    .where('id', '=', access?.group_id ?? roomId)
    .executeTakeFirst();
  return {
    group: { id: group?.id ?? roomId, isViewOnly: group?.is_view_only === 1 },
    accessExpiresAt: access?.access_expires_at == null ? null : new Date(access.access_expires_at),
  };
}

/** The room's sections shown only to chosen groups. */
export async function findRestrictedSections(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
): Promise<RestrictedSections> {
  const rows = await db
    .selectFrom('section_visibility')
    .select(['section_name', 'group_ids'])
    .where('room_id', '=', roomId)
    .execute();
  return new Map(rows.map((row) => [row.section_name, JSON.parse(row.group_ids) as string[]]));
}

/** How many groups the room has, its default one included. */
export async function countGroups(db: ModuleExecutor<'rooms'>, roomId: string): Promise<number> {
  const row = await db
    .selectFrom('investor_groups')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The room's groups, the default one first, then by name. */
export async function listGroups(db: ModuleExecutor<'rooms'>, roomId: string): Promise<InvestorGroup[]> {
  const rows = await db
    .selectFrom('investor_groups')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('is_default', 'desc')
    .orderBy('name', 'asc')
    .execute();
  return rows.map((row) => fromRow(row));
}

export async function findGroup(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  groupId: string,
): Promise<InvestorGroup | undefined> {
  const row = await db
    .selectFrom('investor_groups')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function findGroupByName(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  name: string,
): Promise<InvestorGroup | undefined> {
  const row = await db
    .selectFrom('investor_groups')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function insertGroup(db: ModuleExecutor<'rooms'>, group: InvestorGroup): Promise<void> {
  await db
    .insertInto('investor_groups')
    .values({
      id: group.id,
      room_id: group.roomId,
      name: group.name,
      is_default: toFlag(group.isDefault),
      is_view_only: toFlag(group.isViewOnly),
      created_at: toEpochMs(group.createdAt),
    })
    .execute();
}

export async function updateGroup(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  groupId: string,
  changes: { name?: string; isViewOnly?: boolean },
): Promise<void> {
  await db
    .updateTable('investor_groups')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.isViewOnly === undefined ? {} : { is_view_only: toFlag(changes.isViewOnly) }),
    })
    .where('room_id', '=', roomId)
    .where('id', '=', groupId)
    .execute();
}

/** Removes a group: its people's rows fall back to the default group (ON DELETE SET NULL). */
export async function deleteGroup(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  groupId: string,
): Promise<void> {
  await db.deleteFrom('investor_groups').where('room_id', '=', roomId).where('id', '=', groupId).execute();
}

/** Puts an investor (by address) in a group, keeping their end of access. */
export async function setInvestorGroup(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  email: string,
  groupId: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('investor_access')
    .values({ room_id: roomId, email, group_id: groupId, access_expires_at: null, updated_at: toEpochMs(at) })
    .onConflict((conflict) =>
      conflict.columns(['room_id', 'email']).doUpdateSet({ group_id: groupId, updated_at: toEpochMs(at) }),
    )
    .execute();
}

/**
 * Places an investor a share link brought in (docs/decisions/0071-share-links.md): the link's group and
 * the link itself, kept for analytics and exports. An address already placed keeps its group and end.
 */
export async function placeInvestorFromLink(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  email: string,
  place: { groupId: string; shareLinkId: string },
  at: Date,
): Promise<void> {
  await db
    .insertInto('investor_access')
    .values({
      room_id: roomId,
      email,
      group_id: place.groupId,
      access_expires_at: null,
      updated_at: toEpochMs(at),
      share_link_id: place.shareLinkId,
    })
    .onConflict((conflict) => conflict.columns(['room_id', 'email']).doNothing())
    .execute();
}

/** Sets when an investor's access ends (null: never), keeping their group. */
export async function setInvestorAccessEnd(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  email: string,
  accessExpiresAt: Date | null,
  at: Date,
): Promise<void> {
  const ends = accessExpiresAt === null ? null : toEpochMs(accessExpiresAt);
  await db
    .insertInto('investor_access')
    .values({ room_id: roomId, email, group_id: null, access_expires_at: ends, updated_at: toEpochMs(at) })
    .onConflict((conflict) =>
      conflict
        .columns(['room_id', 'email'])
        .doUpdateSet({ access_expires_at: ends, updated_at: toEpochMs(at) }),
    )
    .execute();
}

/** The groups of every investor of the room who has a row, by address. */
export async function listInvestorPlaces(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
): Promise<{ email: string; groupId: string | null; accessExpiresAt: Date | null }[]> {
  const rows = await db
    .selectFrom('investor_access')
    .select(['email', 'group_id', 'access_expires_at'])
    .where('room_id', '=', roomId)
    .execute();
  return rows.map((row) => fromRow(row));
}

/** Shows a section to chosen groups only ([] for none), or, with null, to every group again. */
export async function setSectionGroups(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  sectionKey: string,
  groupIds: readonly string[] | null,
  at: Date,
): Promise<void> {
  if (groupIds === null) {
    await db
      .deleteFrom('section_visibility')
      .where('room_id', '=', roomId)
      .where('section_name', '=', sectionKey)
      .execute();
    return;
  }
  const row = { group_ids: JSON.stringify(groupIds), updated_at: toEpochMs(at) };
  await db
    .insertInto('section_visibility')
    .values({ room_id: roomId, section_name: sectionKey, ...row })
    .onConflict((conflict) => conflict.columns(['room_id', 'section_name']).doUpdateSet(row))
    .execute();
}

/**
 * Sections renamed in place keep who may see them (docs/product-rules.md#groups): each pair moves a
 * restricted section's choice from its old key to its new one (its questions follow through the
 * SectionRenames port, in the same transaction).
 */
export async function renameRestrictedSections(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  renames: ReadonlyMap<string, string>,
  at: Date,
): Promise<void> {
  for (const [from, to] of renames) {
    await db
      .updateTable('section_visibility')
      .set({ section_name: to, updated_at: toEpochMs(at) })
      .where('room_id', '=', roomId)
      .where('section_name', '=', from)
      .execute();
  }
}

/**
 * The group each address is in, in the room (ADR 68): its access row's, else the room's default one
 * (whose id is the room's); absent when that group is gone. One query for the access rows, one for the
 * groups: what the questions inbox shows beside a page of askers and filters them by.
 */
export async function findGroupsOfAddresses(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  emails: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  const unique = [...new Set(emails)];
  if (unique.length === 0) return new Map();
  const access = await db
    .selectFrom('investor_access')
    .select(['email', 'group_id'])
    .where('room_id', '=', roomId)
    .where('email', 'in', unique)
    .execute();
  const groupIdOf = new Map(access.map((row) => [row.email, row.group_id ?? roomId]));
  const groupIds = [...new Set(unique.map((email) => groupIdOf.get(email) ?? roomId))];
  const groups = await db
    .selectFrom('investor_groups')
    .select(['id', 'name'])
    .where('id', 'in', groupIds)
    .execute();
  const byId = new Map(groups.map((group) => [group.id, group]));
  const answer = new Map<string, { id: string; name: string }>();
  for (const email of unique) {
    const group = byId.get(groupIdOf.get(email) ?? roomId);
    if (group) answer.set(email, { id: group.id, name: group.name });
  }
  return answer;
}

/** The addresses a share link brought into the room, as their access rows keep it. */
export async function listAddressesBroughtBy(
  db: ModuleExecutor<'rooms'>,
  roomId: string,
  linkId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('investor_access')
    .select('email')
    .where('room_id', '=', roomId)
    .where('share_link_id', '=', linkId)
    .execute();
  return rows.map((row) => row.email);
}
