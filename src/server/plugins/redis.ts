import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection when `REDIS_URL` is set (sessions, rate limits), else null. */
    redis: Redis | null;
  }
}

/**
 * One Redis connection per process when `REDIS_URL` is set. The start-up waits for it: a server
 * told to keep sessions in Redis does not run without it. Commands fail fast while it is down
 * (no offline queue), so a request answers an error rather than hanging.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    if (!config.redis) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(config.redis.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectionName: 'marketplace',
    });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
