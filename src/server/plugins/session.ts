import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { SessionData } from '../db/schema';
import { PERSISTENT_SESSION_MS, SessionStore, type NewSession, type Session } from '../sessions/session-store';

export const SESSION_COOKIE = 'sid';
/** The expiry slides at most this often, so reading pages does not write on every call. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

export interface Viewer {
  userId: string;
  accountType: NonNullable<SessionData['accountType']>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
  interface FastifyRequest {
    /** The caller's live session, loaded for contract routes; null for a visitor without one. */
    session: Session | null;
    /** The signed-in account behind the session, or null for a visitor. */
    viewer: Viewer | null;
  }
  interface FastifyReply {
    /** Starts a session and sets its cookie (GET /csrf/, and sign-up or sign-in without one). */
    createSession(options?: NewSession): Promise<Session>;
    /** Replaces the caller's session id (sign-in, password change), keeping its CSRF token. */
    rotateSession(changes: NewSession): Promise<Session>;
    /** Ends the caller's session and clears the cookie (sign-out). */
    destroySession(): Promise<void>;
  }
}

/**
 * Sessions in the database behind an opaque `sid` cookie: HttpOnly, SameSite=Lax, Secure when
 * the public URL is https; Max-Age 30 days for "remember me", a browser-session cookie otherwise.
 * Only GET /csrf/ (through `reply.createSession`) starts one; other calls only read it.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const store = new SessionStore(app.db);
    app.decorate('sessions', store);
    app.decorateRequest('session', null);
    app.decorateRequest('viewer', null);

    const setCookie = (reply: FastifyReply, token: string, persistent: boolean) =>
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        path: '/',
        ...(persistent ? { maxAge: PERSISTENT_SESSION_MS / 1000 } : {}),
      });

    const attach = (request: FastifyRequest, session: Session | null) => {
      request.session = session;
      request.viewer =
        session?.userId && session.data.accountType
          ? { userId: session.userId, accountType: session.data.accountType }
          : null;
    };

    app.decorateReply('createSession', async function (this: FastifyReply, options: NewSession = {}) {
      const { token, session } = await store.create(options);
      setCookie(this, token, session.persistent);
      attach(this.request, session);
      return session;
    });

    app.decorateReply('rotateSession', async function (this: FastifyReply, changes: NewSession) {
      const current = this.request.session;
      const { token, session } = current ? await store.rotate(current, changes) : await store.create(changes);
      setCookie(this, token, session.persistent);
      attach(this.request, session);
      return session;
    });

    app.decorateReply('destroySession', async function (this: FastifyReply) {
      if (this.request.session) await store.destroy(this.request.session.id);
      this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
      attach(this.request, null);
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.config.operation) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      let session = await store.findByToken(token);
      if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        session = await store.touch(session);
        if (session.persistent) setCookie(reply, token, true);
      }
      attach(request, session);
    });

    // Expired sessions are useless; delete them now and then (indexed on expires_at, so cheap).
    const prune = () =>
      store.pruneExpired().catch((error: unknown) => app.log.warn({ err: error }, 'pruning expired sessions failed'));
    const timer = setInterval(prune, PRUNE_INTERVAL_MS).unref();
    app.addHook('onReady', async () => {
      await prune();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie'] },
);
