import path from 'node:path';
import { backUp, describeBackupSource } from '#server/operations/backup';
import { describeManifest } from '#server/operations/manifest';
import { OperationError } from '#server/operations/operation-error';
import { runOperation } from './lib/operation';

const USAGE = `npm run backup -- <directory>

Writes a consistent snapshot of the database and the uploaded files it refers to into <directory>
(new or empty), while the server runs. Reads DATA_DIR and DATABASE_URL as the server does.`;

await runOperation(USAGE, async (config, args) => {
  const [directory, ...extra] = args;
  if (!directory || extra.length > 0) throw new OperationError(`Usage: ${USAGE}`);
  const target = path.resolve(directory);
  console.log(`Backing up ${describeBackupSource(config)} into ${target}`);
  const manifest = await backUp(config, target);
  console.log(`Backed up, as of ${manifest.createdAt}:`);
  for (const line of describeManifest(manifest)) console.log(line);
  console.log(
    'Not included: the mail outbox (DATA_DIR/outbox), files no document refers to (DATA_DIR/uploads/orphaned), and the configuration (environment variables).',
  );
  console.log(`Restore with: npm run restore -- ${target}`);
});
