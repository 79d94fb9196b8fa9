import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config';
import { checkKey, StoredFileMissing, type FileStorage, type StorageSource } from './file-storage';

type S3Settings = Extract<StorageConfig, { kind: 's3' }>;
type S3Module = typeof import('@aws-sdk/client-s3');

/**
 * An S3-compatible bucket. The SDK is large, so it is imported on first use: a server storing on
 * local disk never loads it. An object appears only when its PUT completes, so a reader never
 * sees half a file.
 */
export class S3Storage implements FileStorage {
  private client: Promise<{ sdk: S3Module; s3: S3Client }> | undefined;

  constructor(private readonly settings: S3Settings) {}

  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: this.settings.region,
        endpoint: this.settings.endpoint,
        forcePathStyle: this.settings.forcePathStyle,
        credentials: this.settings.credentials,
      }),
    }));
    return this.client;
  }

  /** One PUT streamed from the source: a PUT needs its length up front, which both kinds know. */
  async put(key: string, source: StorageSource, contentType: string): Promise<void> {
    const { sdk, s3 } = await this.connect();
    const { body, length } =
      'path' in source
        ? { body: createReadStream(source.path), length: (await stat(source.path)).size }
        : { body: source.stream, length: source.size };
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: length,
      }),
    );
  }

  async get(key: string): Promise<Readable> {
    const { sdk, s3 } = await this.connect();
    try {
      const object = await s3.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      if (object.Body instanceof Readable) return object.Body;
      throw new Error('The bucket answered without a body');
    } catch (error) {
      if (error instanceof sdk.NoSuchKey) throw new StoredFileMissing(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, s3 } = await this.connect();
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }

  destroy(): void {
    void this.client?.then(({ s3 }) => s3.destroy());
  }
}
