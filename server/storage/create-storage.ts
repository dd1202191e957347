import type { StorageConfig } from '#server/config';
import { createLocalDiskStorage } from './local-disk-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The configured storage: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? createS3Storage(config) : createLocalDiskStorage(config.uploadsDir);
}

/** Where the configured storage is, for operators' messages (never a credential). */
export function describeStorage(config: StorageConfig): string {
  if (config.driver === 'disk') return config.uploadsDir;
  return `bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ` (${config.region})`}`;
}
