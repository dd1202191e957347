import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Questions and answers (docs/decisions/0073-questions-and-answers.md):
// - questions: one investor's question about a room, a section (section_key is sectionKeyOf of its name,
//   as section_visibility keys sections; section_name as the asker saw it) or a document and optional
//   page. state: open, answered (privately) or published (to the room's FAQ under published_question,
//   the wording the founder chose). answer_changed_at moves on every answer or change of it;
//   asker_seen_at is when the asker last marked their answers seen (the web's badge).
// - question_answer_edits: every edit or withdrawal of a published answer: who, when, and what the
//   question and answer said before.
// - question_settings: a room's "Questions" switch; a room without a row takes questions.
// - founder_notifications.kind gains 'question': the managers' mail of a new question, sent at once
//   where the room's notification setting mails at once, with the same one-click unsubscribe.
// - access_events.action gains 'asked' and 'answered': the access log records an investor's question
//   and its answer (who: the investor who asked).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('asker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_kind', 'text', (c) =>
      c.notNull().check(sql`subject_kind in ('room', 'section', 'document')`),
    )
    .addColumn('section_key', 'text')
    .addColumn('section_name', 'text')
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('cascade'))
    .addColumn('page', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('open', 'answered', 'published')`))
    .addColumn('answer', 'text')
    .addColumn('published_question', 'text')
    .addColumn('answered_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .addColumn('published_at', 'bigint')
    .addColumn('answer_changed_at', 'bigint')
    .addColumn('asker_seen_at', 'bigint')
    .addCheckConstraint(
      'questions_subject',
      sql`(subject_kind = 'room' and section_key is null and document_id is null and page is null)
        or (subject_kind = 'section' and section_key is not null and document_id is null and page is null)
        or (subject_kind = 'document' and document_id is not null and section_key is null)`,
    )
    .execute();
  // The inbox (a room's questions, newest first, by state), the FAQ and a document's questions, the
  // asker's own and their daily count.
  await db.schema
    .createIndex('questions_room_created_idx')
    .on('questions')
    .columns(['room_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('questions_room_state_idx')
    .on('questions')
    .columns(['room_id', 'state', 'published_at'])
    .execute();
  // The FAQ: a room's published questions, newest first, walked in order and read no further than the
  // page (docs/decisions/0073-questions-and-answers.md; bench/questions.ts).
  await db.schema
    .createIndex('questions_published_idx')
    .on('questions')
    .columns(['room_id', 'published_at', 'id'])
    .where(sql.ref('state'), '=', 'published')
    .execute();
  await db.schema
    .createIndex('questions_document_idx')
    .on('questions')
    .columns(['document_id', 'state', 'page'])
    .execute();
  await db.schema
    .createIndex('questions_asker_idx')
    .on('questions')
    .columns(['asker_id', 'room_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('question_answer_edits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('edited', 'withdrawn')`))
    .addColumn('edited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('edited_at', 'bigint', (c) => c.notNull())
    .addColumn('question_before', 'text', (c) => c.notNull())
    .addColumn('answer_before', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('question_answer_edits_question_idx')
    .on('question_answer_edits')
    .columns(['question_id', 'edited_at'])
    .execute();
  await db.schema
    .createTable('question_settings')
    .addColumn('room_id', 'text', (c) => c.primaryKey().references('data_rooms.id').onDelete('cascade'))
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1).check(sql`is_enabled in (0, 1)`))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await allowFounderNotificationKinds(db, sql`kind in ('first_visit', 'hourly', 'daily', 'question')`);
  await allowAccessEventActions(db, sql`action in ('downloaded', 'clicked', 'viewed', 'asked', 'answered')`);
}

/** As 0004 did: PostgreSQL alters the check; SQLite rebuilds the table, its indexes and every column. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function allowAccessEventActions(db: Kysely<any>, actions: ReturnType<typeof sql>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table access_events drop constraint access_events_action_check`.execute(db);
    await sql`alter table access_events add constraint access_events_action_check check (${actions})`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createTable('access_events_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('invitation_id', 'text', (c) => c.references('invitations.id').onDelete('set null'))
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('document_title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('document_version', 'integer')
    .addCheckConstraint('access_events_action_check', actions)
    .execute();
  await sql`insert into access_events_new (id, room_id, user_id, invitation_id, document_id, document_title, url, action, occurred_at, ip, user_agent, document_version)
    select id, room_id, user_id, invitation_id, document_id, document_title, url, action, occurred_at, ip, user_agent, document_version from access_events`.execute(
    db,
  );
  await db.schema.dropTable('access_events').execute();
  await db.schema.alterTable('access_events_new').renameTo('access_events').execute();
  await db.schema
    .createIndex('access_events_room_id_occurred_at_idx')
    .on('access_events')
    .columns(['room_id', 'occurred_at'])
    .execute();
  await db.schema
    .createIndex('access_events_room_user_occurred_idx')
    .on('access_events')
    .columns(['room_id', 'user_id', 'occurred_at'])
    .execute();
}

/** The kind check names every kind; SQLite cannot alter a constraint, so it rebuilds the (small) table. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function allowFounderNotificationKinds(db: Kysely<any>, kinds: ReturnType<typeof sql>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table founder_notifications drop constraint founder_notifications_kind_check`.execute(db);
    await sql`alter table founder_notifications add constraint founder_notifications_kind_check check (${kinds})`.execute(
      db,
    );
    return;
  }
  // https://www.sqlite.org/lang_altertable.html#otheralter: create, copy, drop, rename, in the migrator's
  // transaction; no table refers to this one.
  await db.schema
    .createTable('founder_notifications_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('notification_key', 'text', (c) => c.notNull().unique())
    .addColumn('investor_email', 'text')
    .addColumn('window_start_at', 'bigint')
    .addColumn('window_end_at', 'bigint')
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('skipped_at', 'bigint')
    .addCheckConstraint('founder_notifications_kind_check', kinds)
    .execute();
  await sql`insert into founder_notifications_new select id, room_id, kind, notification_key, investor_email, window_start_at, window_end_at, unsubscribe_token_hash, created_at, sent_at, skipped_at from founder_notifications`.execute(
    db,
  );
  await db.schema.dropTable('founder_notifications').execute();
  await db.schema.alterTable('founder_notifications_new').renameTo('founder_notifications').execute();
  await db.schema
    .createIndex('founder_notifications_room_idx')
    .on('founder_notifications')
    .column('room_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('access_events').where('action', 'in', ['asked', 'answered']).execute();
  await allowAccessEventActions(db, sql`action in ('downloaded', 'clicked', 'viewed')`);
  await db.deleteFrom('founder_notifications').where('kind', '=', 'question').execute();
  await allowFounderNotificationKinds(db, sql`kind in ('first_visit', 'hourly', 'daily')`);
  await db.schema.dropTable('question_settings').execute();
  await db.schema.dropTable('question_answer_edits').execute();
  await db.schema.dropTable('questions').execute();
}
