import fp from 'fastify-plugin';
import { afterRequestEnded, runRequestEndHooks, type RequestEndDeps, type RequestEnded } from './end-hooks';
import { expireRequest, lapsedRequests, type LapsedCursor } from './queries';

/** How often lapsed requests are marked expired; the board already hides them in between. */
export const EXPIRY_INTERVAL_MS = 5 * 60 * 1000;
const EXPIRY_BATCH = 200;

export interface ExpiryRun {
  /** Requests this run marked expired (their hooks ran with them). */
  expired: number;
  /** Requests whose expiry failed (a hook threw): left as they were, tried again on the next run. */
  failed: number;
}

/**
 * Marks every open or in-review request past its closing time `expired`, each in a transaction
 * of its own that also runs the request-end hooks (`end-hooks.ts`), then runs the hooks'
 * post-commit parts. The lapsed requests are read a batch at a time, oldest closing time first,
 * walking on past any that failed. Safe with several processes: a request is expired by whichever
 * locks it first (the others skip it), and one already expired is never picked again, so the
 * hooks run once per request. `shouldStop` ends the run between requests (shutdown).
 */
export async function expireLapsed(
  deps: RequestEndDeps,
  now: Date = new Date(),
  options: { batch?: number; shouldStop?: () => boolean } = {},
): Promise<ExpiryRun> {
  const batch = options.batch ?? EXPIRY_BATCH;
  const run: ExpiryRun = { expired: 0, failed: 0 };
  let cursor: LapsedCursor | null = null;
  for (;;) {
    const lapsed = await lapsedRequests(deps.db, now, cursor, batch);
    const ended: RequestEnded[] = [];
    for (const candidate of lapsed) {
      if (options.shouldStop?.()) break;
      cursor = candidate;
      try {
        const done = await deps.db.transaction(async (transaction) => {
          const row = await expireRequest(transaction, candidate.id, now);
          if (!row) return null;
          return runRequestEndHooks(transaction, { id: row.id, refId: row.refId, title: row.title }, 'expired');
        });
        if (done) ended.push(done);
      } catch (error) {
        run.failed += 1;
        deps.log.warn({ err: error, requestId: candidate.id }, 'expiring a service request failed');
      }
    }
    run.expired += ended.length;
    await afterRequestEnded(deps, ended);
    if (lapsed.length < batch || options.shouldStop?.()) return run;
  }
}

/**
 * Runs `expireLapsed` at start-up and then on a timer, so clients see the status and the board's
 * indexes hold public requests only; never in the way of start-up, and stopped at shutdown.
 */
export default fp(
  async (app) => {
    let current: Promise<void> | undefined;
    let closing = false;
    const run = () => {
      current ??= (async () => {
        try {
          const result = await expireLapsed(app, new Date(), { shouldStop: () => closing });
          if (result.expired > 0 || result.failed > 0) app.log.info(result, 'service requests expired');
        } catch (error) {
          app.log.warn({ err: error }, 'expiring service requests failed');
        } finally {
          current = undefined;
        }
      })();
      return current;
    };
    const timer = setInterval(() => void run(), EXPIRY_INTERVAL_MS).unref();
    app.addHook('onReady', async () => {
      void run();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await current;
    });
  },
  { name: 'request-expiry', dependencies: ['database'] },
);
