import fp from 'fastify-plugin';
import { ApiError } from '../errors';

const RETRY_AFTER_SECONDS = 5;

/**
 * While the server drains (SIGTERM), requests already in flight finish; a new request that still
 * arrives on an open connection gets 503 with the envelope and `Retry-After`, not Fastify's own body.
 */
export default fp(
  async (app) => {
    let draining = false;
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onRequest', async () => {
      if (draining) {
        throw new ApiError(
          503,
          'internal',
          'The server is restarting. Please try again in a moment.',
          undefined,
          RETRY_AFTER_SECONDS,
        );
      }
    });
  },
  { name: 'shutdown' },
);
