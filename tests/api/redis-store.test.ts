import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, sessions } from '../../src/server/db/schema';
import { buildTestApp, getMe, loginThroughApi, registerThroughApi, type TestApp } from './helpers';

/**
 * With `REDIS_URL`, sessions and rate-limit counters live in Redis (under `REDIS_PREFIX`), not in
 * the database. Runs where TEST_REDIS_URL names a Redis server (CI sets it), on the embedded database.
 */
describe.skipIf(!process.env.TEST_REDIS_URL)('sessions and rate limits in Redis', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  let testApp: TestApp;
  let redis: Redis;
  const app = () => testApp.app;
  const keys = (pattern: string) => redis.keys(`${prefix}${pattern}`);
  const rows = async (table: typeof sessions | typeof rateLimits) =>
    (await app().db.select({ n: count() }).from(table))[0]!.n;

  beforeAll(async () => {
    redis = new Redis(process.env.TEST_REDIS_URL!);
    testApp = await buildTestApp('pglite', { env: { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: prefix } });
  });
  afterAll(async () => {
    await testApp?.close();
    const left = await redis.keys(`${prefix}*`);
    if (left.length > 0) await redis.del(...left);
    await redis.quit();
  });

  it('keeps a signed-in session in Redis only, and forgets it on sign-out', async () => {
    const { response, session } = await registerThroughApi(app(), 'client');
    expect(response.statusCode).toBe(201);
    expect(await keys('session:*')).toHaveLength(1);
    expect(await rows(sessions)).toBe(0);
    expect((await getMe(app(), session)).statusCode).toBe(200);
    const out = await app().inject({ url: '/api/auth/logout/', headers: session.headers });
    expect(out.statusCode).toBe(200);
    expect((await getMe(app(), session)).statusCode).toBe(401);
    expect(await keys('session:*')).toHaveLength(0);
  });

  it("ends the account's other sessions on a password change, keeping the caller's new one", async () => {
    const { session: first, email, password } = await registerThroughApi(app(), 'freelancer');
    const { session: second } = await loginThroughApi(app(), { email, password });
    expect((await getMe(app(), second)).statusCode).toBe(200);
    const changed = await app().inject({
      method: 'PATCH',
      url: '/api/auth/change-password/',
      headers: first.headers,
      payload: { currentPassword: password, newPassword: 'Quartz-Meadow-7731!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { data: { otherSessionsSignedOut: number } }).data.otherSessionsSignedOut).toBe(1);
    expect((await getMe(app(), second)).statusCode).toBe(401);
    expect((await getMe(app(), first)).statusCode).toBe(401);
    const rotated = changed.cookies.find((cookie) => cookie.name === 'sid')!;
    expect((await app().inject({ url: '/api/auth/me/', cookies: { sid: rotated.value } })).statusCode).toBe(200);
  });

  it('counts failed sign-ins in Redis, not in the database', async () => {
    const { email } = await registerThroughApi(app(), 'client');
    const remoteAddress = '198.18.7.7';
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { response } = await loginThroughApi(app(), { email, password: 'not-the-password-1' }, { remoteAddress });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await keys('rate:signIn*')).length).toBeGreaterThan(0);
    expect(await rows(rateLimits)).toBe(0);
  });
});
