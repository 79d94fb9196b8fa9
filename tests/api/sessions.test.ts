import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { answer } from '../../src/server/contract/handlers';
import { authUser } from '../../src/server/modules/auth/service';
import { authProgress } from '../../src/server/modules/providers/progress';
import type { OperationHandlers } from '../../src/server/plugins/contract';
import {
  buildTestApp,
  cookieJar,
  createAccount,
  databaseKinds,
  signedSession,
  testConfig,
  type TestApp,
} from './helpers';

// The session helpers on their own: sign-in stands in for the real one (any credentials, a new
// account each time), and getMe stays unimplemented so a 501 shows the access check let it through.
const handlers: OperationHandlers = {
  getCsrfToken: async (_request, reply) => ({ csrfToken: reply.csrfToken() }),
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

  const sessionRows = async () => Number((await testApp.app.db.select({ n: count() }).from(sessions))[0]!.n);

  it('GET /csrf/ writes no session: a signed token in the csrf cookie, the same one while it is valid', async () => {
    const first = await testApp.app.inject({ url: '/api/csrf/' });
    expect(first.cookies.map((c) => c.name)).toEqual(['csrf']);
    const cookie = first.cookies[0]!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', value: first.json().data.csrfToken });
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.secure).toBeUndefined();
    const again = await testApp.app.inject({ url: '/api/csrf/', headers: { cookie: `csrf=${cookie.value}` } });
    expect(again.cookies).toEqual([]);
    expect(again.json()).toEqual(first.json());
    // A token the server did not sign is replaced, not returned.
    const forged = `${'A'.repeat(22)}.${'B'.repeat(43)}`;
    const replaced = await testApp.app.inject({ url: '/api/csrf/', headers: { cookie: `csrf=${forged}` } });
    expect(replaced.json().data.csrfToken).not.toBe(forged);
  });

  it('100 visitors fetching a token add no session row', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 100; i += 1) {
      expect((await testApp.app.inject({ url: '/api/csrf/' })).statusCode).toBe(200);
    }
    expect(await sessionRows()).toBe(before);
  });

  it('only GET /csrf/ starts a session', async () => {
    const response = await testApp.app.inject({ url: '/api/auth/me/' });
    expect(response.statusCode).toBe(401);
    expect(response.cookies).toEqual([]);
  });

  it('rotation gives a new id and a new CSRF token: the id and the token from before stop working', async () => {
    const visitor = await signedSession(testApp.app);
    const first = await login(visitor.headers);
    expect(first.statusCode).toBe(200);
    const signedIn = cookieJar(visitor.cookie, first);
    const csrfToken = first.cookies.find((c) => c.name === 'csrf')!.value;
    expect(csrfToken).not.toBe(visitor.csrfToken);
    const me = await testApp.app.inject({ url: '/api/auth/me/', headers: { cookie: signedIn } });
    expect(me.statusCode).toBe(501);
    const token = await testApp.app.inject({ url: '/api/csrf/', headers: { cookie: signedIn } });
    expect(token.json().data.csrfToken).toBe(csrfToken);

    // A token planted before sign-in (cookie and header both) is refused after it.
    const planted = signedIn.replace(/csrf=[^;]*/, `csrf=${visitor.csrfToken}`);
    const logout = (cookie: string, token: string) =>
      testApp.app.inject({ url: '/api/auth/logout/', headers: { cookie, 'x-csrf-token': token } });
    const stale = await logout(planted, visitor.csrfToken);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('csrf_failed');
    expect((await logout(signedIn, csrfToken)).statusCode).toBe(200);
  });

  it('"remember me" gives a 30-day cookie', async () => {
    const visitor = await signedSession(testApp.app);
    const response = await login(visitor.headers, true);
    expect(response.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('sign-out deletes the session, clears the cookie and gives a new visitor token', async () => {
    const visitor = await signedSession(testApp.app);
    const signedIn = cookieJar(visitor.cookie, await login(visitor.headers));
    const csrfToken = /csrf=([^;]*)/.exec(signedIn)![1]!;
    const response = await testApp.app.inject({
      url: '/api/auth/logout/',
      headers: { cookie: signedIn, 'x-csrf-token': csrfToken },
    });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect((await testApp.app.inject({ url: '/api/auth/me/', headers: { cookie: signedIn } })).statusCode).toBe(401);
    const signedOut = cookieJar(signedIn, response);
    const visitorToken = /csrf=([^;]*)/.exec(signedOut)![1]!;
    expect(visitorToken).not.toBe(csrfToken);
    expect((await login({ cookie: signedOut, 'x-csrf-token': visitorToken })).statusCode).toBe(200);
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
    // The expired session is no session: the token answered is a visitor's.
    const visitor = await testApp.app.inject({ url: '/api/csrf/', headers: { cookie: `sid=${token}` } });
    expect(testApp.app.csrfTokens.verify(visitor.json().data.csrfToken, null)).toBe(true);
    expect(await testApp.app.sessions.pruneExpired()).toBeGreaterThanOrEqual(1);
    expect(await testApp.app.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });
});

describe('session cookie over https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const testApp = await buildTestApp('pglite', {
      handlers,
      config: testConfig({ PUBLIC_URL: 'https://market.example.com' }),
    });
    try {
      const response = await testApp.app.inject({ url: '/api/csrf/' });
      expect(response.cookies.find((c) => c.name === 'csrf')?.secure).toBe(true);
      const visitor = {
        cookie: `csrf=${response.json().data.csrfToken}`,
        'x-csrf-token': response.json().data.csrfToken,
      };
      const signIn = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        headers: visitor,
        payload: { email: 'maya.chen@example.com', password: 'violet-Harbour-2026!' },
      });
      expect(signIn.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await testApp.close();
    }
  });
});
