import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/database';
import { inProcessRealtime, type Realtime } from './realtime-port';
import { postgresRealtime } from './realtime-postgres';

export { inProcessRealtime, type Realtime, type RealtimeEvent, type RealtimeListener } from './realtime-port';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * On PostgreSQL, live events go through LISTEN/NOTIFY, so every server process of the database
 * delivers them to its own streams (`realtime-postgres.ts`); on the embedded database there is
 * one process, and events stay in it.
 */
export default fp<{ database: DatabaseHandle }>(
  async (app, { database }) => {
    if (!database.listener) {
      app.decorate('realtime', inProcessRealtime());
      return;
    }
    const realtime = postgresRealtime({
      listener: database.listener,
      notify: async (channel, payloads) => {
        // One statement: one transaction, so the chunks of one event arrive together and in order.
        await database.db.execute(
          sql`SELECT ${sql.join(
            payloads.map((payload) => sql`pg_notify(${channel}, ${payload})`),
            sql`, `,
          )}`,
        );
      },
      log: app.log,
    });
    await realtime.start();
    app.decorate('realtime', realtime);
    app.addHook('onClose', () => realtime.close());
  },
  { name: 'realtime' },
);
