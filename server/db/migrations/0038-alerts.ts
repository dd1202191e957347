import { type Kysely, sql } from 'kysely';

// Alerts within a minute (docs/decisions/0090-alerts-within-a-minute.md):
// - alert_settings: a room's choices (no row: the defaults): N days for a return, the score threshold,
//   and the triggers mailed to its founders by alerts (JSON array);
// - alert_targets: a Slack or Teams incoming webhook of the room, with the triggers it wants; the URL is
//   the credential and is never answered in full; it answers for the manager who added it (created_by);
// - alert_visits: each investor's first and latest visit to a room, by address: the primary key makes
//   "first" true exactly once, and latest_visit_at tells a return after N days;
// - alert_scores: each investor's engagement score as alerts last read it (ADR 89's score), so that a
//   crossing of the room's threshold is told once;
// - alerts: each alert raised, who and what (never document text), kept to hold one per investor and
//   window;
// - alert_deliveries: each alert to each channel (a mail to one founder, a Slack or Teams target), with
//   its last attempt's outcome, which the settings show as the channel's last delivery.
// alert_visits starts from room_first_visits, so that investors who came before alerts existed are not
// told of as first visits.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alert_settings')
    .addColumn('room_id', 'text', (c) => c.primaryKey().references('data_rooms.id').onDelete('cascade'))
    .addColumn('return_after_days', 'integer', (c) => c.notNull())
    .addColumn('score_threshold', 'integer', (c) => c.notNull())
    .addColumn('mail_triggers', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alert_targets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('slack', 'teams')`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('triggers', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().check(sql`is_enabled in (0, 1)`))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('failing_since_at', 'bigint')
    .execute();
  await db.schema.createIndex('alert_targets_room_idx').on('alert_targets').column('room_id').execute();

  await db.schema
    .createTable('alert_visits')
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('investor_email', 'text', (c) => c.notNull())
    .addColumn('first_visit_at', 'bigint', (c) => c.notNull())
    .addColumn('latest_visit_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_visits_pk', ['room_id', 'investor_email'])
    .execute();
  await sql`insert into alert_visits (room_id, investor_email, first_visit_at, latest_visit_at)
    select room_id, investor_email, visited_at, visited_at from room_first_visits`.execute(db);

  await db.schema
    .createTable('alert_scores')
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('investor_email', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_scores_pk', ['room_id', 'investor_email'])
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('investor_email', 'text', (c) => c.notNull())
    .addColumn('investor_name', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .execute();
  // One per investor and window: the newest alert of a trigger for an investor of a room.
  await db.schema
    .createIndex('alerts_window_idx')
    .on('alerts')
    .columns(['room_id', 'investor_email', 'trigger', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.references('alerts.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('mail', 'slack', 'teams')`))
    // A Slack or Teams target's id, or the founder a mail goes to.
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  // A channel's last delivery, for the settings page.
  await db.schema
    .createIndex('alert_deliveries_target_idx')
    .on('alert_deliveries')
    .columns(['room_id', 'channel', 'target_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('alert_deliveries_alert_idx')
    .on('alert_deliveries')
    .column('alert_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_deliveries').execute();
  await db.schema.dropTable('alerts').execute();
  await db.schema.dropTable('alert_scores').execute();
  await db.schema.dropTable('alert_visits').execute();
  await db.schema.dropTable('alert_targets').execute();
  await db.schema.dropTable('alert_settings').execute();
}
