import type { StorageConfig } from '#server/config';
import { createLocalDiskStorage } from './local-disk-storage';
import type { Storage } from './storage';

/**
 * The configured storage: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. The AWS
 * SDK (about 5 MB of heap) is loaded only when the bucket is configured (docs/decisions/0067).
 */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.driver === 'disk') return createLocalDiskStorage(config.uploadsDir);
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config);
}

/** Where the configured storage is, for operators' messages (never a credential). */
export function describeStorage(config: StorageConfig): string {
  if (config.driver === 'disk') return config.uploadsDir;
  return `bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ` (${config.region})`}`;
}
