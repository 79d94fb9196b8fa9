import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { embeddedInvalidation, postgresInvalidation, type CacheInvalidation } from '../cache/invalidation';
import type { ContractOperation } from '../contract/document';
import type { DatabaseHandle } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** Caches of database reads that triggers invalidate after each commit, in every process. */
    caches: CacheInvalidation;
  }
}

/**
 * GETs that write without CSRF: returning from the payment page credits versigems, which
 * `GET /auth/me/` answers. Every other writing operation is a POST, PUT, PATCH or DELETE, or a
 * GET marked `x-csrf`.
 */
const WRITING_GETS = new Set(['verifyCheckoutSession']);

const writes = (operation: ContractOperation) =>
  operation.method !== 'get' || operation.requiresCsrf || WRITING_GETS.has(operation.operationId);

/**
 * Cached reads that stay exact: the database notifies every process after a commit that changes
 * what they hold (`cache/invalidation.ts`), and before the answer to a writing call leaves, this
 * process has applied its own notifications, so the caller's next read sees the change.
 */
export default fp<{ database: DatabaseHandle }>(
  async (app, { database }) => {
    const caches = database.listener
      ? postgresInvalidation({
          listener: database.listener,
          notify: async (channel, payload) => {
            await database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
          },
          log: app.log,
        })
      : embeddedInvalidation(database.listen!, app.log);
    await caches.start();
    app.decorate('caches', caches);
    app.addHook('onClose', () => caches.close());
    app.addHook('onSend', (request, _reply, payload, done) => {
      const operation = request.routeOptions.config.operation;
      if (!operation || !writes(operation)) return done(null, payload);
      void caches.sync().then(() => done(null, payload));
    });
  },
  { name: 'cache', dependencies: ['database'] },
);
