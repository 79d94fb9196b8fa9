import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, StoredFileMissing, type FileStorage, type StorageSource } from './file-storage';

/**
 * Half-written files wait here, on the same file system, until a rename publishes them; received
 * uploads are written here too. Whatever a crash leaves here is removed by the uploads sweeper.
 */
export const PARTIAL_DIR = '.partial';

/** Files under one directory (`${DATA_DIR}/uploads`), one file per key. */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  /** Copies the source (a received upload stays where it is: the request removes it). */
  async put(key: string, source: StorageSource): Promise<void> {
    const target = this.pathOf(key);
    const partial = join(this.root, PARTIAL_DIR, `${randomUUID()}.part`);
    await mkdir(dirname(partial), { recursive: true });
    try {
      await pipeline('path' in source ? createReadStream(source.path) : source.stream, createWriteStream(partial));
      await mkdir(dirname(target), { recursive: true });
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    // Opened first, so a missing file is an error here rather than on the stream later.
    const handle = await open(this.pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new StoredFileMissing(key) : error;
    });
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
