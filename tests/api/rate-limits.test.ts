import type { LightMyRequestResponse } from 'fastify';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  loginThroughApi,
  openTestDatabase,
  randomAddress,
  registerThroughApi,
  signedInSession,
  signedSession,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from './helpers';

/** A 429 the contract accepts, with `Retry-After` in whole seconds up to the window. */
function expectRateLimited(operationId: string, response: LightMyRequestResponse, windowSeconds: number) {
  const body = expectContractResponse(operationId, response, 429);
  expect(body.code).toBe('rate_limited');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(body.message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds|minutes)\.$/);
  return body;
}

describe.each(databaseKinds)('rate limits (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;

  it('sign-in: five failures per email and IP, then 429 even with the right password; other IPs unaffected', async () => {
    const account = await createAccount(app(), 'client');
    const ip = randomAddress();
    for (let i = 0; i < 5; i += 1) {
      const { response } = await loginThroughApi(
        app(),
        { email: account.email, password: 'Wrong-Password-1' },
        { remoteAddress: ip },
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await loginThroughApi(
      app(),
      { email: account.email.toUpperCase(), password: TEST_PASSWORD },
      { remoteAddress: ip },
    );
    const body = expectRateLimited('login', blocked.response, 15 * 60);
    expect(body.message).toBe('Too many attempts. Please try again in 15 minutes.');
    const elsewhere = await loginThroughApi(
      app(),
      { email: account.email, password: TEST_PASSWORD },
      { remoteAddress: randomAddress() },
    );
    expect(elsewhere.response.statusCode).toBe(200);
  });

  it('sign-in: a success clears the failures counted so far', async () => {
    const account = await createAccount(app(), 'freelancer');
    const ip = randomAddress();
    const fail = () =>
      loginThroughApi(app(), { email: account.email, password: 'Wrong-Password-1' }, { remoteAddress: ip });
    for (let i = 0; i < 4; i += 1) expect((await fail()).response.statusCode).toBe(401);
    const success = await loginThroughApi(
      app(),
      { email: account.email, password: TEST_PASSWORD },
      { remoteAddress: ip },
    );
    expect(success.response.statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await fail()).response.statusCode).toBe(401);
    expect((await fail()).response.statusCode).toBe(429);
  });

  it('sign-in: thirty failures per IP across any emails, then 429 for every email; a success does not clear it', async () => {
    const ip = randomAddress();
    const account = await createAccount(app(), 'client');
    const failWith = (email: string) =>
      loginThroughApi(app(), { email, password: 'Wrong-Password-1' }, { remoteAddress: ip });
    for (let i = 0; i < 29; i += 1) expect((await failWith(uniqueEmail('spray'))).response.statusCode).toBe(401);
    // One's own sign-in in between neither counts nor resets the count.
    const own = await loginThroughApi(app(), { email: account.email, password: TEST_PASSWORD }, { remoteAddress: ip });
    expect(own.response.statusCode).toBe(200);
    expect((await failWith(uniqueEmail('spray'))).response.statusCode).toBe(401);

    expectRateLimited('login', (await failWith(uniqueEmail('spray'))).response, 15 * 60);
    const rightPassword = await loginThroughApi(
      app(),
      { email: account.email, password: TEST_PASSWORD },
      { remoteAddress: ip },
    );
    expectRateLimited('login', rightPassword.response, 15 * 60);
    const elsewhere = await loginThroughApi(
      app(),
      { email: account.email, password: TEST_PASSWORD },
      { remoteAddress: randomAddress() },
    );
    expect(elsewhere.response.statusCode).toBe(200);
  });

  it('sign-up: ten per IP an hour, whatever the outcome', async () => {
    const ip = randomAddress();
    for (let i = 0; i < 10; i += 1) {
      const { response } = await registerThroughApi(app(), 'freelancer', {}, { remoteAddress: ip });
      expect(response.statusCode).toBe(201);
    }
    const { response } = await registerThroughApi(app(), 'business', {}, { remoteAddress: ip });
    expectRateLimited('registerBusiness', response, 60 * 60);
    expect(
      (await registerThroughApi(app(), 'client', {}, { remoteAddress: randomAddress() })).response.statusCode,
    ).toBe(201);
  });

  it('forgot password: three per address an hour, known or not, and ten per IP', async () => {
    const forgot = async (email: string, ip: string) =>
      app().inject({
        method: 'POST',
        url: '/api/auth/forgot-password/sendlink/email/',
        headers: (await signedSession(app())).headers,
        payload: { email },
        remoteAddress: ip,
      });
    for (const email of [(await createAccount(app(), 'client')).email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(email, randomAddress())).statusCode).toBe(200);
      expectRateLimited('sendPasswordResetLink', await forgot(email.toUpperCase(), randomAddress()), 60 * 60);
    }
    const ip = randomAddress();
    for (let i = 0; i < 10; i += 1) expect((await forgot(uniqueEmail('ip'), ip)).statusCode).toBe(200);
    expectRateLimited('sendPasswordResetLink', await forgot(uniqueEmail('ip'), ip), 60 * 60);
    await app().email.settled();
  });

  it('reset-token checks: thirty per IP an hour', async () => {
    const ip = randomAddress();
    const check = () =>
      app().inject({
        url: '/api/auth/verify/reset-password/Zk3pQ9vR2mXw7LtY0bN4cJ8hF1sD6aEuZk3pQ9vR2mX/',
        remoteAddress: ip,
      });
    for (let i = 0; i < 30; i += 1) expect((await check()).statusCode).toBe(404);
    expectRateLimited('verifyPasswordResetToken', await check(), 60 * 60);
  });

  it('verification emails: one a minute and five an hour per account', async () => {
    const session = await signedInSession(app(), 'client');
    const resend = () =>
      app().inject({ method: 'POST', url: '/api/auth/verify/account/resend/email/', headers: session.headers });
    expect((await resend()).statusCode).toBe(200);
    expectRateLimited('resendVerificationEmail', await resend(), 60);
    for (let i = 0; i < 4; i += 1) {
      // Stands in for the minute passing: only the per-minute counter is forgotten.
      await app().db.delete(rateLimits).where(like(rateLimits.key, 'verificationEmailPerMinute:%'));
      expect((await resend()).statusCode).toBe(200);
    }
    await app().db.delete(rateLimits).where(like(rateLimits.key, 'verificationEmailPerMinute:%'));
    expectRateLimited('resendVerificationEmail', await resend(), 60 * 60);
  });

  it('change password: five wrong current passwords in 15 minutes, then 429', async () => {
    const session = await signedInSession(app(), 'business');
    const change = (currentPassword: string) =>
      app().inject({
        method: 'PATCH',
        url: '/api/auth/change-password/',
        headers: session.headers,
        payload: { currentPassword, newPassword: 'Copper-Meadow-Train-19' },
      });
    for (let i = 0; i < 5; i += 1) expect((await change('Wrong-Password-1')).statusCode).toBe(400);
    expectRateLimited('changePassword', await change(TEST_PASSWORD), 15 * 60);
  });

  it('keeps counters in the database under hashed keys, and prunes them once expired', async () => {
    const email = uniqueEmail('hashed');
    await loginThroughApi(app(), { email, password: 'Wrong-Password-1' }, { remoteAddress: '203.0.113.77' });
    const rows = await app().db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).toMatch(/^[A-Za-z]+:[0-9a-f]{64}$/);
      expect(row.key).not.toContain('@');
      expect(row.key).not.toContain('203.0.113.77');
    }
    await app()
      .db.update(rateLimits)
      .set({ expire: sql`now() - interval '1 minute'` })
      .where(like(rateLimits.key, 'signIn:%'));
    expect(await app().rateLimits.pruneExpired()).toBeGreaterThan(0);
    expect(await app().db.select().from(rateLimits).where(like(rateLimits.key, 'signIn:%'))).toEqual([]);
  });

  it('holds across an app rebuilt on the same database', async () => {
    const database = await openTestDatabase(kind);
    try {
      const first = await buildTestApp(kind, { sharedDatabase: database });
      const account = await createAccount(first.app, 'client');
      const ip = randomAddress();
      for (let i = 0; i < 5; i += 1)
        await loginThroughApi(first.app, { email: account.email, password: 'Wrong-Password-1' }, { remoteAddress: ip });
      await first.close();
      const second = await buildTestApp(kind, { sharedDatabase: database });
      try {
        const { response } = await loginThroughApi(
          second.app,
          { email: account.email, password: TEST_PASSWORD },
          { remoteAddress: ip },
        );
        expect(response.statusCode).toBe(429);
      } finally {
        await second.close();
      }
    } finally {
      await database.dispose();
    }
  });
});

describe('RATE_LIMIT_FACTOR', () => {
  it('multiplies every allowance', async () => {
    const testApp = await buildTestApp('pglite', { env: { RATE_LIMIT_FACTOR: '3' } });
    try {
      const account = await createAccount(testApp.app, 'client');
      const ip = randomAddress();
      const fail = () =>
        loginThroughApi(testApp.app, { email: account.email, password: 'Wrong-Password-1' }, { remoteAddress: ip });
      for (let i = 0; i < 15; i += 1) expect((await fail()).response.statusCode).toBe(401);
      expect((await fail()).response.statusCode).toBe(429);
    } finally {
      await testApp.close();
    }
  });
});
