import { type Kysely, sql } from 'kysely';

// Investor groups, tiered sections and access that expires (docs/decisions/0068-investor-groups.md):
// - investor_groups: a room's groups; each room has one default group, "All investors", which cannot be
//   removed. is_view_only narrows every document's download switch for the group's people.
// - investor_access: one row per (room, investor address), for an invitation and the member it becomes
//   alike (as an NDA acceptance belongs to the address): the group (null: the room's default group, as
//   for an address with no row, which an older build's node may still invite during an upgrade) and an
//   optional end of access. Removing a group sets its people's group to null: back to "All investors".
// - section_visibility: a section shown only to chosen groups, by its name in the sections text; a
//   section with no row is visible to every group. group_ids is a JSON array of group ids ([] hides the
//   section from every investor, as when its last chosen group is removed).
// Every existing room gets its default group, and every existing investor (an investor member or an
// investor invitation) a row in it.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('investor_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_default in (0, 1)`))
    .addColumn('is_view_only', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_view_only in (0, 1)`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('investor_groups_room_name', ['room_id', 'name'])
    .execute();
  await db.schema
    .createTable('investor_access')
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.references('investor_groups.id').onDelete('set null'))
    .addColumn('access_expires_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('investor_access_pk', ['room_id', 'email'])
    .execute();
  await db.schema.createIndex('investor_access_group_idx').on('investor_access').column('group_id').execute();
  await db.schema
    .createTable('section_visibility')
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('section_name', 'text', (c) => c.notNull())
    .addColumn('group_ids', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('section_visibility_pk', ['room_id', 'section_name'])
    .execute();

  // The default group's id is its room's (ids of rooms and groups never collide: both are random UUIDs),
  // so that the statement after can name it, and every room's is known without a lookup.
  await sql`
    insert into investor_groups (id, room_id, name, is_default, is_view_only, created_at)
    select id, id, 'All investors', 1, 0, created_at from data_rooms
  `.execute(db);
  await sql`
    insert into investor_access (room_id, email, group_id, access_expires_at, updated_at)
    select room_id, lower(email), room_id, null, max(created_at) from (
      select invitations.room_id, invitations.email, invitations.created_at
        from invitations where invitations.role = 'investor'
      union all
      select room_members.room_id, users.email, room_members.created_at
        from room_members join users on users.id = room_members.user_id
       where room_members.role = 'investor'
    ) investors
    group by room_id, lower(email)
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('section_visibility').execute();
  await db.schema.dropTable('investor_access').execute();
  await db.schema.dropTable('investor_groups').execute();
}
