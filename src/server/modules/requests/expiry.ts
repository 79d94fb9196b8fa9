import fp from 'fastify-plugin';
import { expireLapsed } from './queries';

/** How often lapsed requests are marked expired; the board already hides them in between. */
export const EXPIRY_INTERVAL_MS = 5 * 60 * 1000;
const EXPIRY_BATCH = 1000;

/**
 * Marks open and in-review requests past their closing time `expired`, at start-up and then on a
 * timer, so clients see the status and the board's indexes hold public requests only. Several
 * server processes may run it at once: the update is idempotent.
 */
export default fp(
  async (app) => {
    let running = false;
    let closing = false;
    // Batch after batch until none is left, between other work; never in the way of start-up.
    const run = async () => {
      if (running) return;
      running = true;
      try {
        let total = 0;
        for (let count = EXPIRY_BATCH; count === EXPIRY_BATCH && !closing;) {
          count = await expireLapsed(app.db, new Date(), EXPIRY_BATCH);
          total += count;
        }
        if (total > 0) app.log.info({ count: total }, 'service requests expired');
      } catch (error) {
        app.log.warn({ err: error }, 'expiring service requests failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void run(), EXPIRY_INTERVAL_MS).unref();
    let first: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      first = run();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await first;
    });
  },
  { name: 'request-expiry', dependencies: ['database'] },
);
