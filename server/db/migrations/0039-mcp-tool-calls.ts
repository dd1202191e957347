import type { Kysely } from 'kysely';

// The MCP server's audit log (docs/decisions/0091-mcp-server.md): one row per tool call, with the API
// token that made it, by id and by its name at the time, so that the log reads the same after the token
// is revoked or its creator removed (no key to api_tokens: the row must outlive it). Deleting the room
// deletes its log.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mcp_tool_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('data_rooms.id').onDelete('cascade'))
    .addColumn('token_id', 'text', (c) => c.notNull())
    .addColumn('token_name', 'text', (c) => c.notNull())
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('called_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mcp_tool_calls_by_room')
    .on('mcp_tool_calls')
    .columns(['room_id', 'called_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mcp_tool_calls').execute();
}
