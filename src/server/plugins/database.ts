import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/**
 * Shares the drizzle database; closes it with the app when the app opened it. Once the server
 * listens, the pool's connections are opened and warmed in the background (`WARM_CONNECTION`):
 * the first visitors do not pay for it.
 */
export default fp<{ database: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app, { database, closeOnShutdown }) => {
    app.decorate('db', database.db);
    let warming: Promise<void> | undefined;
    const warm = database.warm;
    if (warm) {
      app.addHook('onListen', async () => {
        warming = warm().catch((error: unknown) => app.log.warn({ err: error }, 'could not warm the connections'));
      });
    }
    // The warm-up's connections go back to the pool before the pool ends.
    app.addHook('onClose', async () => {
      await warming;
      if (closeOnShutdown) await database.close();
    });
  },
  { name: 'database' },
);
