import path from 'node:path';
import { describeBackupSource } from '#server/operations/backup';
import { describeManifest } from '#server/operations/manifest';
import { OperationError } from '#server/operations/operation-error';
import { restore } from '#server/operations/restore';
import { runOperation } from './lib/operation';

const USAGE = `npm run restore -- <directory> [--force]

Restores a backup made by npm run backup into the configured DATA_DIR and DATABASE_URL, after checking
every file against the backup's manifest. Stop the server first. Refuses a target that already holds
data unless --force is given, in which case that data is replaced.`;

await runOperation(USAGE, async (config, args) => {
  const force = args.includes('--force');
  const [directory, ...extra] = args.filter((arg) => arg !== '--force');
  if (!directory || extra.length > 0) throw new OperationError(`Usage: ${USAGE}`);
  const source = path.resolve(directory);
  const { manifest, replaced } = await restore(config, source, { force });
  console.log(
    `Restored the backup made at ${manifest.createdAt} from ${source} into ${describeBackupSource(config)}:`,
  );
  for (const line of describeManifest(manifest)) console.log(line);
  if (replaced.rows > 0 || replaced.files > 0) {
    console.log(
      `  replaced: ${replaced.rows} rows and ${replaced.files} files that were there before (--force)`,
    );
  }
  console.log(
    'Every file matched its SHA-256, and the database holds the rows the manifest lists. Start the server to use it.',
  );
});
