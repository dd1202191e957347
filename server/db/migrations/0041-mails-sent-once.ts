import type { Kysely } from 'kysely';

// The asker's answer mail carries a one-click unsubscribe, as the founders' mails do
// (docs/decisions/0092-the-askers-answer-mails.md): question_answer_mails has a row for each answer mail,
// written with the answer, and the hash of its token once it is sent; once a link is used, no more answer
// mails go to that asker about that room. Not tied to the question: a question deleted with its document
// leaves the choice standing.
// - founder_notifications.sent_copies: the Message-IDs of a notice's copies already handed to the mail
//   server, so a retry after one manager's copy failed sends only the others.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question_answer_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('sent_at', 'bigint')
    .addColumn('unsubscribed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('question_answer_mails_reader_idx')
    .on('question_answer_mails')
    .columns(['room_id', 'user_id', 'unsubscribed_at'])
    .execute();
  await db.schema.alterTable('founder_notifications').addColumn('sent_copies', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('founder_notifications').dropColumn('sent_copies').execute();
  await db.schema.dropTable('question_answer_mails').execute();
}
