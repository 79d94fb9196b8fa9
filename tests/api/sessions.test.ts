import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { answer } from '../../src/server/contract/handlers';
import { authUser } from '../../src/server/modules/auth/service';
import { authProgress } from '../../src/server/modules/providers/progress';
import type { OperationHandlers } from '../../src/server/plugins/contract';
import { hashSessionToken } from '../../src/server/sessions/session-store';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  sessionCookieOf,
  signedSession,
  testConfig,
  type TestApp,
} from './helpers';

// The session helpers on their own: sign-in stands in for the real one (any credentials, a new
// account each time), and getMe stays unimplemented so a 501 shows the access check let it through.
const handlers: OperationHandlers = {
  getCsrfToken: async (request, reply) => {
    const session = request.session ?? (await reply.createSession());
    return { csrfToken: session.csrfToken };
  },
  login: async (request, reply) => {
    const { rememberMe } = request.body;
    const { user } = await createAccount(request.server, 'client');
    await reply.rotateSession({
      userId: user.id,
      persistent: rememberMe === true,
      data: { accountType: 'client' },
    });
    const signedIn = { ...authUser(user, rememberMe === true), ...(await authProgress(request.server.db, user)) };
    return answer(signedIn, { message: 'Signed in' });
  },
  logout: async (_request, reply) => {
    await reply.destroySession();
    return answer(null, { message: 'Signed out' });
  },
};

describe.each(databaseKinds)('sessions (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind, { handlers });
  });
  afterAll(() => testApp.close());

  const login = (headers: Record<string, string>, rememberMe = false) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers,
      payload: { email: 'maya.chen@example.com', password: 'violet-Harbour-2026!', rememberMe },
    });

  it('GET /csrf/ starts one session and keeps returning its token', async () => {
    const first = await testApp.app.inject({ url: '/api/csrf/' });
    const cookie = first.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.secure).toBeUndefined();
    const again = await testApp.app.inject({ url: '/api/csrf/', headers: { cookie: `sid=${cookie.value}` } });
    expect(again.cookies).toEqual([]);
    expect(again.json()).toEqual(first.json());
    const stored = await testApp.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashSessionToken(cookie.value)));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.userId).toBeNull();
  });

  it('only GET /csrf/ starts a session', async () => {
    const response = await testApp.app.inject({ url: '/api/auth/me/' });
    expect(response.statusCode).toBe(401);
    expect(response.cookies).toEqual([]);
  });

  it('rotation gives a new id, keeps the CSRF token and retires the old id', async () => {
    const visitor = await signedSession(testApp.app);
    const response = await login(visitor.headers);
    expect(response.statusCode).toBe(200);
    const rotated = sessionCookieOf(response);
    expect(rotated).not.toBe(visitor.cookie);
    const me = await testApp.app.inject({ url: '/api/auth/me/', headers: { cookie: rotated } });
    expect(me.statusCode).toBe(501);
    const old = await testApp.app.inject({ url: '/api/auth/me/', headers: { cookie: visitor.cookie } });
    expect(old.statusCode).toBe(401);
    const token = await testApp.app.inject({ url: '/api/csrf/', headers: { cookie: rotated } });
    expect(token.json().data.csrfToken).toBe(visitor.csrfToken);
  });

  it('"remember me" gives a 30-day cookie', async () => {
    const visitor = await signedSession(testApp.app);
    const response = await login(visitor.headers, true);
    expect(response.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('sign-out deletes the session and clears the cookie', async () => {
    const visitor = await signedSession(testApp.app);
    const cookie = sessionCookieOf(await login(visitor.headers));
    const response = await testApp.app.inject({
      url: '/api/auth/logout/',
      headers: { cookie, 'x-csrf-token': visitor.csrfToken },
    });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect((await testApp.app.inject({ url: '/api/auth/me/', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends every session of a user, optionally sparing one', async () => {
    const userId = (await createAccount(testApp.app, 'freelancer')).user.id;
    const a = await testApp.app.sessions.create({ userId, data: { accountType: 'freelancer' } });
    const b = await testApp.app.sessions.create({ userId, data: { accountType: 'freelancer' } });
    const c = await testApp.app.sessions.create({ userId, data: { accountType: 'freelancer' } });
    expect(await testApp.app.sessions.destroyAllForUser(userId, { exceptSessionId: a.session.id })).toBe(2);
    expect(await testApp.app.sessions.findByToken(a.token)).not.toBeNull();
    expect(await testApp.app.sessions.findByToken(b.token)).toBeNull();
    expect(await testApp.app.sessions.findByToken(c.token)).toBeNull();
  });

  it('ignores and prunes expired sessions', async () => {
    const { token, session } = await testApp.app.sessions.create();
    await testApp.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect(await testApp.app.sessions.findByToken(token)).toBeNull();
    const fresh = await testApp.app.inject({ url: '/api/csrf/', headers: { cookie: `sid=${token}` } });
    expect(sessionCookieOf(fresh)).not.toBe(`sid=${token}`);
    expect(await testApp.app.sessions.pruneExpired()).toBeGreaterThanOrEqual(1);
    expect(await testApp.app.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });
});

describe('session cookie over https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const testApp = await buildTestApp('pglite', { config: testConfig({ PUBLIC_URL: 'https://market.example.com' }) });
    try {
      const response = await testApp.app.inject({ url: '/api/csrf/' });
      expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await testApp.close();
    }
  });
});
