import { join } from 'node:path';
import type { Config } from '../config';
import { LocalDiskStorage, PARTIAL_DIR } from './local-disk';
import { S3Storage } from './s3';
import type { FileStorage } from './file-storage';

export { StoredFileMissing, type FileStorage, type StorageSource } from './file-storage';
export { LocalDiskStorage } from './local-disk';
export { S3Storage } from './s3';

/** The configured storage: a bucket when `S3_BUCKET` is set, otherwise `${DATA_DIR}/uploads`. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): FileStorage {
  return config.storage.kind === 's3'
    ? new S3Storage(config.storage)
    : new LocalDiskStorage(join(config.dataDir, 'uploads'));
}

/**
 * Where received uploads and half-written stored files wait: `${DATA_DIR}/uploads/.partial`, on
 * the data directory's disk (os.tmpdir() may be memory) and, for local storage, the storage's
 * own file system, whichever storage is configured.
 */
export const partialDir = (dataDir: string) => join(dataDir, 'uploads', PARTIAL_DIR);
