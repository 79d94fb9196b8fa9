import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Shares the drizzle database; closes it with the app when the app opened it. */
export default fp<{ database: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app, { database, closeOnShutdown }) => {
    app.decorate('db', database.db);
    if (closeOnShutdown) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
