import { type Kysely, sql } from 'kysely';

// Notifications (docs/decisions/0044-founder-notifications.md):
// - room_notification_settings: the founder's choice per room (no row: the default) and when investors
//   were last sent a message (one an hour, claimed by one conditional upsert);
// - room_first_visits: each investor's first visit to a room, by e-mail (a member and the invitation
//   they signed in with are one person): the primary key makes "first" true exactly once;
// - founder_notifications: one row per mail to the founder (a first visit, a digest of one window),
//   keyed so the same mail cannot be made twice; sent_at is claimed before the send (ADR 44);
//   unsubscribe_token_hash: the SHA-256 of the one-click unsubscribe token the mail carried;
// - investor_messages and their recipients: "Notify investors", one row per recipient, sent_at likewise.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('room_notification_settings')
    .addColumn('room_id', 'text', (c) => c.primaryKey().references('data_rooms.id').onDelete('cascade'))
    .addColumn('founder_notifications', 'text', (c) =>
      c
        .notNull()
        .defaultTo('first_visits_and_hourly')
        .check(sql`founder_notifications in ('off', 'first_visits', 'first_visits_and_hourly', 'daily')`),
    )
    .addColumn('investors_notified_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('room_first_visits')
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('investor_email', 'text', (c) => c.notNull())
    .addColumn('investor_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('visited_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_first_visits_pk', ['room_id', 'investor_email'])
    .execute();
  await db.schema
    .createIndex('room_first_visits_room_visited_idx')
    .on('room_first_visits')
    .columns(['room_id', 'visited_at'])
    .execute();

  await db.schema
    .createTable('founder_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('first_visit', 'hourly', 'daily')`))
    .addColumn('notification_key', 'text', (c) => c.notNull().unique())
    .addColumn('investor_email', 'text')
    .addColumn('window_start_at', 'bigint')
    .addColumn('window_end_at', 'bigint')
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('skipped_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('founder_notifications_room_idx')
    .on('founder_notifications')
    .column('room_id')
    .execute();

  await db.schema
    .createTable('investor_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('sent_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('investor_messages_room_created_idx')
    .on('investor_messages')
    .columns(['room_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('investor_message_recipients')
    .addColumn('message_id', 'text', (c) =>
      c.notNull().references('investor_messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addPrimaryKeyConstraint('investor_message_recipients_pk', ['message_id', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'investor_message_recipients',
    'investor_messages',
    'founder_notifications',
    'room_first_visits',
    'room_notification_settings',
  ])
    await db.schema.dropTable(table).execute();
}
