import { migrateToLatest, openDatabase } from '#server/db/database';
import { migrationProvider } from '#server/db/migrations/index';
import { OperationError } from '#server/operations/operation-error';
import { runOperation } from './lib/operation';

const USAGE = `npm run migrate

Applies every pending migration to the configured database (DATABASE_URL, or SQLite in DATA_DIR), as
a server does at start, then exits. Run it before a rolling restart (docs/operations.md), so no node
starts on a schema it does not know and none applies it under the others' traffic.`;

await runOperation(USAGE, async (config, args) => {
  if (args.length > 0) throw new OperationError(`Usage: ${USAGE}`);
  const handle = openDatabase(config.database);
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  const latest = Object.keys(await migrationProvider.getMigrations())
    .sort()
    .at(-1);
  const engine = config.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  console.log(`The ${engine} database is at migration ${latest}.`);
});
