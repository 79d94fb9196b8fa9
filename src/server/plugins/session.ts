import { randomBytes } from 'node:crypto';
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { SessionData } from '../db/schema';
import { CsrfTokens } from '../sessions/csrf-tokens';
import { RedisSessionStore } from '../sessions/redis-session-store';
import {
  PERSISTENT_SESSION_MS,
  sessionIdOf,
  SessionStore,
  type NewSession,
  type Session,
  type Sessions,
} from '../sessions/session-store';

export const SESSION_COOKIE = 'sid';
/** The signed CSRF token (double submit: the `X-CSRF-Token` header must repeat it). */
export const CSRF_COOKIE = 'csrf';
/** The expiry slides at most this often, so reading pages does not write on every call. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;
/**
 * Sessions read on a request are kept in memory; the database's trigger evicts one in every
 * process when its row changes or goes (sign-out, password change or reset, a touch), so the
 * cache never answers for a session that ended. A minute bounds an entry's life regardless.
 */
const SESSION_CACHE = { ttlMs: 60 * 1000, maxEntries: 50_000 };

export interface Viewer {
  userId: string;
  accountType: NonNullable<SessionData['accountType']>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    csrfTokens: CsrfTokens;
  }
  interface FastifyRequest {
    /** The caller's live session, loaded for contract routes; null for a visitor without one. */
    session: Session | null;
    /** The signed-in account behind the session, or null for a visitor. */
    viewer: Viewer | null;
  }
  interface FastifyReply {
    /** The caller's CSRF token (GET /csrf/): the cookie's while it is valid, else a new one in a new cookie. */
    csrfToken(): string;
    /** Replaces the caller's session id (sign-in, sign-up, password change), or starts one, with a new CSRF token. */
    rotateSession(changes: NewSession): Promise<Session>;
    /** Ends the caller's session, clears its cookie and gives a new visitor CSRF token (sign-out). */
    destroySession(): Promise<void>;
  }
}

/**
 * Sessions in the database (or Redis, when configured) behind an opaque `sid` cookie: HttpOnly, SameSite=Lax, Secure when
 * the public URL is https; Max-Age 30 days for "remember me", a browser-session cookie otherwise.
 * Only signing in or up starts one: a visitor has no row, just a signed CSRF token in the `csrf`
 * cookie (GET /csrf/), which every change of session id replaces.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const store: Sessions =
      app.redis && config.redis ? new RedisSessionStore(app.redis, config.redis.prefix) : new SessionStore(app.db);
    app.decorate('sessions', store);
    // In Redis, a read is as cheap as a lookup in memory, and every process sees a sign-out at once.
    const cached = app.redis ? null : app.caches.cache<Session>('s', SESSION_CACHE);
    const live = (session: Session | null) => (session && session.expiresAt.getTime() > Date.now() ? session : null);
    if (!config.csrfSecret && config.nodeEnv === 'production') {
      app.log.warn('CSRF_SECRET is not set: CSRF tokens are signed with a key of this process only');
    }
    const csrfTokens = new CsrfTokens(config.csrfSecret ? Buffer.from(config.csrfSecret, 'utf8') : randomBytes(32));
    app.decorate('csrfTokens', csrfTokens);
    app.decorateRequest('session', null);
    app.decorateRequest('viewer', null);

    const cookieOptions = { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/' } as const;
    /** A browser-session cookie even for "remember me": a fresh token is one GET /csrf/ away. */
    const setCsrfCookie = (reply: FastifyReply, sessionId: string | null) => {
      const token = csrfTokens.issue(sessionId);
      reply.setCookie(CSRF_COOKIE, token, cookieOptions);
      return token;
    };

    const setCookie = (reply: FastifyReply, token: string, persistent: boolean) =>
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions,
        ...(persistent ? { maxAge: PERSISTENT_SESSION_MS / 1000 } : {}),
      });

    const attach = (request: FastifyRequest, session: Session | null) => {
      request.session = session;
      request.viewer =
        session?.userId && session.data.accountType
          ? { userId: session.userId, accountType: session.data.accountType }
          : null;
    };

    app.decorateReply('csrfToken', function (this: FastifyReply) {
      const sessionId = this.request.session?.id ?? null;
      const current = this.request.cookies[CSRF_COOKIE];
      return current && csrfTokens.verify(current, sessionId) ? current : setCsrfCookie(this, sessionId);
    });

    app.decorateReply('rotateSession', async function (this: FastifyReply, changes: NewSession) {
      const current = this.request.session;
      const { token, session } = current ? await store.rotate(current, changes) : await store.create(changes);
      setCookie(this, token, session.persistent);
      setCsrfCookie(this, session.id);
      attach(this.request, session);
      return session;
    });

    app.decorateReply('destroySession', async function (this: FastifyReply) {
      if (this.request.session) await store.destroy(this.request.session.id);
      this.clearCookie(SESSION_COOKIE, cookieOptions);
      setCsrfCookie(this, null);
      attach(this.request, null);
    });

    const load = async (request: FastifyRequest, reply: FastifyReply, id: string, token: string) => {
      let session = live(cached ? await cached.get(id, () => store.findById(id)) : await store.findById(id));
      if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        session = await store.touch(session);
        if (session.persistent) setCookie(reply, token, true);
      }
      attach(request, session);
    };
    // Synchronous for a visitor and for a session in memory (no promise per request); otherwise
    // the session is read from its store.
    app.addHook('onRequest', (request, reply, done) => {
      const token = request.routeOptions.config.operation ? request.cookies[SESSION_COOKIE] : undefined;
      const id = token ? sessionIdOf(token) : null;
      if (!token || !id) return done();
      const kept = live(cached?.peek(id) ?? null);
      if (kept && Date.now() - kept.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) {
        attach(request, kept);
        return done();
      }
      load(request, reply, id, token).then(() => done(), done);
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
  { name: 'session', dependencies: ['database', 'cache', 'redis', '@fastify/cookie'] },
);
