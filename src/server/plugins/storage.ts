import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createStorage, S3Storage, type FileStorage } from '../storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Shares the file storage of uploads (local disk or an S3-compatible bucket). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const storage = createStorage(config);
    app.decorate<FileStorage>('storage', storage);
    if (storage instanceof S3Storage) app.addHook('onClose', async () => storage.destroy());
  },
  { name: 'storage' },
);
