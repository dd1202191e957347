import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Co-founders as editors of a room (docs/decisions/0047-room-editors.md):
// - room_members.role gains 'editor': a person who manages the room beside its owner;
// - invitations.role: 'investor' (every invitation so far) or 'editor'. One table keeps one token, one
//   expiry, one acceptance at sign-in and one open invitation per room and address for both kinds.

const memberRoles = sql`role in ('owner', 'investor', 'editor')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invitations')
    .addColumn('role', 'text', (c) =>
      c.notNull().defaultTo('investor').check(sql`role in ('investor', 'editor')`),
    )
    .execute();
  await allowEditorMembers(db);
}

/** The role check names every role; SQLite cannot alter a constraint, so it rebuilds the table. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function allowEditorMembers(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table room_members drop constraint room_members_role_check`.execute(db);
    await sql`alter table room_members add constraint room_members_role_check check (${memberRoles})`.execute(
      db,
    );
    return;
  }
  // https://www.sqlite.org/lang_altertable.html#otheralter: create, copy, drop, rename, in one transaction
  // (the migrator's). No table refers to room_members, so dropping it breaks no foreign key.
  await db.schema
    .createTable('room_members_new')
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_members_pk', ['room_id', 'user_id'])
    .addCheckConstraint('room_members_role_check', memberRoles)
    .execute();
  await sql`insert into room_members_new select room_id, user_id, role, created_at from room_members`.execute(
    db,
  );
  await db.schema.dropTable('room_members').execute();
  await db.schema.alterTable('room_members_new').renameTo('room_members').execute();
  await db.schema.createIndex('room_members_user_id_idx').on('room_members').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitations').dropColumn('role').execute();
}
