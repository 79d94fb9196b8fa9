import fp from 'fastify-plugin';
import type { AccessRole } from '../contract/document';
import { forbidden, unauthenticated } from '../errors';
import type { Viewer } from './session';

/**
 * Who may call, from the operation's `x-access`: `anonymous` lets visitors in; a visitor
 * otherwise gets 401; a signed-in account gets 403 unless `signed-in` or its type is listed.
 * `owner` is the handler's to check (someone else's object answers 404).
 */
export function accessDecision(access: readonly AccessRole[], viewer: Viewer | null): 'allow' | 401 | 403 {
  if (!viewer) return access.includes('anonymous') ? 'allow' : 401;
  return access.includes('signed-in') || access.includes(viewer.accountType) ? 'allow' : 403;
}

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const operation = request.routeOptions.config.operation;
      const decision = operation ? accessDecision(operation.access, request.viewer) : 'allow';
      if (decision === 401) return done(unauthenticated());
      if (decision === 403) return done(forbidden());
      done();
    });
  },
  { name: 'access', dependencies: ['session', 'csrf'] },
);
