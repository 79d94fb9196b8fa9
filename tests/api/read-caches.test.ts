import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, versigemsBalances } from '../../src/server/db/schema';
import { buildTestApp, databaseKinds, getMe, signedInSession, type TestApp } from './helpers';

/**
 * The session and `GET /auth/me/` caches: answers come from memory, and the database's triggers
 * evict what a commit changed before anyone can read it again (PostgreSQL's listener, or PGlite
 * during the commit itself). `caches.sync()` is what a writing request awaits before answering.
 */
describe.each(databaseKinds)('read caches (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp?.close());

  const firstname = async (session: Awaited<ReturnType<typeof signedInSession>>) =>
    (getMe(app(), session).then((response) => response.json()) as Promise<{ data: { firstname: string } }>).then(
      (body) => body.data.firstname,
    );

  it('answers me from memory: a change the triggers do not announce is not seen', async () => {
    const session = await signedInSession(app(), 'client');
    expect(await firstname(session)).toBe('Maya');
    await app().db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_cache`);
    try {
      await app().db.update(users).set({ firstname: 'Unseen' }).where(eq(users.id, session.account.user.id));
      await app().caches.sync();
      expect(await firstname(session)).toBe('Maya');
    } finally {
      await app().db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_cache`);
    }
    // An announced change evicts the entry: the next read has it.
    await app().db.update(users).set({ firstname: 'Seen' }).where(eq(users.id, session.account.user.id));
    await app().caches.sync();
    expect(await firstname(session)).toBe('Seen');
  });

  it("sees a balance written outside any request once the commit's notification is in", async () => {
    const session = await signedInSession(app(), 'freelancer');
    const balance = async () =>
      ((await getMe(app(), session)).json() as { data: { versigems: number } }).data.versigems;
    expect(await balance()).toBe(0);
    await app()
      .db.insert(versigemsBalances)
      .values({ userId: session.account.user.id, balance: 12 })
      .onConflictDoUpdate({ target: versigemsBalances.userId, set: { balance: 12 } });
    await app().caches.sync();
    expect(await balance()).toBe(12);
  });

  it('refuses a cached session once its row is deleted', async () => {
    const gone = await signedInSession(app(), 'client');
    expect((await getMe(app(), gone)).statusCode).toBe(200);
    await app().db.delete(sessions).where(eq(sessions.userId, gone.account.user.id));
    await app().caches.sync();
    expect((await getMe(app(), gone)).statusCode).toBe(401);
  });

  it('answers a signed-out session 401 on the very next call, through the API', async () => {
    const session = await signedInSession(app(), 'freelancer');
    expect((await getMe(app(), session)).statusCode).toBe(200);
    const out = await app().inject({ url: '/api/auth/logout/', headers: session.headers });
    expect(out.statusCode).toBe(200);
    expect((await getMe(app(), session)).statusCode).toBe(401);
  });
});
