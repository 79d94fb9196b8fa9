import fp from 'fastify-plugin';
import { ApiError } from '../errors';

const RETRY_AFTER_SECONDS = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Aborted when the app starts closing, before it waits for open connections: answers kept
     * open (event streams) end on it, so a close never waits for a client to leave.
     */
    closing: AbortSignal;
  }
}

/**
 * While the server drains (SIGTERM), requests already in flight finish; a new request that still
 * arrives on an open connection gets 503 with the envelope and `Retry-After`, not Fastify's own body.
 * Long-lived answers end as the close begins (`app.closing`).
 */
export default fp(
  async (app) => {
    let draining = false;
    const closing = new AbortController();
    app.decorate('closing', closing.signal);
    app.addHook('preClose', async () => {
      draining = true;
      closing.abort();
    });
    app.addHook('onRequest', (_request, _reply, done) => {
      if (draining) {
        return done(
          new ApiError(
            503,
            'internal',
            'The server is restarting. Please try again in a moment.',
            undefined,
            RETRY_AFTER_SECONDS,
          ),
        );
      }
      done();
    });
  },
  { name: 'shutdown' },
);
