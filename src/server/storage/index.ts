import { join } from 'node:path';
import type { Config } from '../config';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import type { FileStorage } from './file-storage';

export { StoredFileMissing, type FileStorage } from './file-storage';
export { LocalDiskStorage } from './local-disk';
export { S3Storage } from './s3';

/** The configured storage: a bucket when `S3_BUCKET` is set, otherwise `${DATA_DIR}/uploads`. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): FileStorage {
  return config.storage.kind === 's3'
    ? new S3Storage(config.storage)
    : new LocalDiskStorage(join(config.dataDir, 'uploads'));
}
