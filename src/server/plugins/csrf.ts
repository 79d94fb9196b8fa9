import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { csrfFailed } from '../errors';
import { CSRF_COOKIE } from './session';

export const CSRF_HEADER = 'x-csrf-token';

/** Constant-time comparison; hashing first makes the lengths equal. */
export function tokensMatch(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * State-changing operations (the contract decides which: POST, PUT, PATCH, DELETE and GETs with
 * `x-csrf: true`, except signed webhooks with `security: []`) need `X-CSRF-Token` equal to the
 * `csrf` cookie (double submit: another site can send the cookie but cannot read it), and that
 * token signed by this server for the caller's session, or for a visitor when there is none.
 * Checked on request, before the body is read: nothing happens without it.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.routeOptions.config.operation?.requiresCsrf) return done();
      const given = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      const valid =
        typeof given === 'string' &&
        typeof cookie === 'string' &&
        tokensMatch(given, cookie) &&
        app.csrfTokens.verify(given, request.session?.id ?? null);
      done(valid ? undefined : csrfFailed());
    });
  },
  { name: 'csrf', dependencies: ['session'] },
);
