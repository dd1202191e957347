import { migrateStorage } from '#server/operations/migrate-storage';
import { OperationError } from '#server/operations/operation-error';
import { runOperation } from './lib/operation';

const USAGE = `npm run migrate-storage -- --to s3|disk [--delete-source]

Copies every stored file the database names (originals and preview objects) from DATA_DIR/uploads into
the bucket S3_BUCKET names (--to s3), or from that bucket into DATA_DIR/uploads (--to disk), checking
each against the SHA-256 its row records. Safe to run again after an interruption: files already copied
and verified are skipped. Reads DATA_DIR, DATABASE_URL and the S3_* variables as the server does.
--delete-source removes the files from where they were, once every one is verified at the destination.`;

await runOperation(USAGE, async (config, args) => {
  const deleteSource = args.includes('--delete-source');
  const rest = args.filter((arg) => arg !== '--delete-source');
  const [flag, to, ...extra] = rest;
  if (flag !== '--to' || (to !== 's3' && to !== 'disk') || extra.length > 0)
    throw new OperationError(`Usage: ${USAGE}`);
  const report = await migrateStorage(config, { to, deleteSource, progress: (line) => console.log(line) });
  console.log(
    `Done: ${report.files} files named by the database, ${report.copied} copied (${(report.bytesCopied / 1024 / 1024).toFixed(1)} MB), ${report.alreadyThere} already there; every one verified by its SHA-256.`,
  );
  if (deleteSource) console.log(`Deleted ${report.deletedFromSource} files from the source.`);
  console.log(
    to === 's3'
      ? 'Start the server with S3_BUCKET set to use the bucket.'
      : 'Start the server without S3_BUCKET to use DATA_DIR/uploads.',
  );
});
