import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config';
import { checkKey, StoredFileMissing, type FileStorage } from './file-storage';

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

  async put(key: string, content: Readable | Buffer, contentType: string): Promise<void> {
    const { sdk, s3 } = await this.connect();
    // A PUT needs its length up front; uploads are at most 10 MB, so a stream is read whole.
    const body = Buffer.isBuffer(content) ? content : Buffer.concat(await content.toArray());
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
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
