import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, sessions, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/plugins/tokens';
import { TOO_COMMON } from '../../src/server/plugins/passwords';
import { AUTH_USER_KEYS, expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  cookieJar,
  createAccount,
  databaseKinds,
  emailTo,
  expectErrorEnvelope,
  getMe,
  loginThroughApi,
  openTestDatabase,
  randomAddress,
  registerThroughApi,
  registrationBody,
  sessionCookieOf,
  signedInSession,
  signedSession,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  tokenFrom,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';

const ACCOUNT_TYPES = ['client', 'freelancer', 'business'] as const;
const NEW_PASSWORD = 'Copper-Meadow-Train-19';

describe.each(databaseKinds)('accounts (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  const app = () => testApp.app;
  /** The verification page calls with its session's CSRF token (a GET that changes state). */
  const verify = async (token: string, session?: SignedSession) =>
    app().inject({
      url: `/api/auth/verify/account/${token}/`,
      headers: (session ?? (await signedSession(app()))).headers,
    });
  const resend = (session: SignedSession) =>
    app().inject({ method: 'POST', url: '/api/auth/verify/account/resend/email/', headers: session.headers });
  const forgot = async (email: string) => {
    const visitor = await signedSession(app());
    return app().inject({
      method: 'POST',
      url: '/api/auth/forgot-password/sendlink/email/',
      headers: visitor.headers,
      payload: { email },
      remoteAddress: randomAddress(),
    });
  };
  const resetPassword = async (token: string, password: string) => {
    const visitor = await signedSession(app());
    return app().inject({
      method: 'PATCH',
      url: '/api/auth/reset-password/',
      headers: visitor.headers,
      payload: { token, password },
    });
  };
  const changePassword = (session: SignedSession, currentPassword: string, newPassword: string) =>
    app().inject({
      method: 'PATCH',
      url: '/api/auth/change-password/',
      headers: session.headers,
      payload: { currentPassword, newPassword },
    });
  const userRows = async (email: string) =>
    app()
      .db.select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

  describe('sign-up and email verification', () => {
    it.each(ACCOUNT_TYPES)('a %s signs up, gets the email, opens the link and is verified', async (accountType) => {
      const { response, session, email } = await registerThroughApi(app(), accountType);
      const created = expectContractResponse(`register${capitalised(accountType)}`, response, 201);
      expect(Object.keys(created.data).sort()).toEqual(AUTH_USER_KEYS);
      expect(created.data).toMatchObject({ accountType, email, verified: false, hasPassword: true, rememberMe: false });
      expect(created.message).toBe(`Your account is created. We have sent a verification link to ${email}.`);
      expect(response.cookies.find((c) => c.name === 'sid')?.maxAge).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');

      const me = expectContractResponse('getMe', await getMe(app(), session), 200);
      expect(me.data).toEqual(created.data);

      const message = await emailTo(testApp, email);
      expect(message.subject).toBe('Verify your email for Versimarket');
      const link = message.links.find((l) => l.includes('/auth/verification/'))!;
      expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/auth/verification/[A-Za-z0-9_-]{43}/email/$`));
      expect(message.text).toContain(link);
      expect(message.html).toContain(`href="${link}"`);

      const verified = expectContractResponse(
        'verifyAccount',
        await verify(tokenFrom(link, 'verification'), session),
        200,
      );
      expect(verified.data).toMatchObject({ status: 'verified', email, user: { id: created.data.id, verified: true } });
      expect((await getMe(app(), session)).json().data.verified).toBe(true);

      // The link opened twice, and from another browser: already verified, nobody signed in.
      const again = expectContractResponse(
        'verifyAccount',
        await verify(tokenFrom(link, 'verification'), session),
        200,
      );
      expect(again.data.status).toBe('already-verified');
      expect(again.data.verifiedAt).toBe(verified.data.verifiedAt);
      const elsewhere = await signedSession(app());
      const fromElsewhere = expectContractResponse(
        'verifyAccount',
        await verify(tokenFrom(link, 'verification'), elsewhere),
        200,
      );
      expect(fromElsewhere.data).toMatchObject({ status: 'already-verified', user: null });
      expect((await getMe(app(), elsewhere)).statusCode).toBe(401);
    });

    it('answers each account type with its own fields', async () => {
      const client = (
        await registerThroughApi(app(), 'client', { firstname: ' Daniel ', lastname: 'Whitaker' })
      ).response.json().data;
      expect(client).toMatchObject({
        firstname: 'Daniel',
        lastname: 'Whitaker',
        companyname: null,
        displayName: 'Daniel Whitaker',
        business: null,
        versigems: null,
        primaryService: null,
        leadsLocation: null,
        otherServices: [],
        profile: { image: null },
        social: { image: null, provider: null },
      });
      const freelancer = (await registerThroughApi(app(), 'freelancer')).response.json().data;
      // Every new freelancer starts with the welcome versigems.
      expect(freelancer).toMatchObject({ versigems: 10, business: null });
      const business = (
        await registerThroughApi(app(), 'business', { companyname: 'Lumen & Ledger Co.' })
      ).response.json().data;
      const pending = { completed: false };
      expect(business).toMatchObject({
        firstname: null,
        lastname: null,
        companyname: 'Lumen & Ledger Co.',
        displayName: 'Lumen & Ledger Co.',
        versigems: null,
        business: {
          companyId: 'lumen-and-ledger-co',
          details: pending,
          personalContact: pending,
          about: pending,
          locations: [],
          socialProfiles: pending,
          competitors: pending,
          reviewAndReferences: pending,
        },
      });
    });

    it('derives companyId from the name and appends a number when it is taken, also under a race', async () => {
      const first = await registerThroughApi(app(), 'business', { companyname: 'Café Déjà Vu' });
      const second = await registerThroughApi(app(), 'business', { companyname: 'cafe deja vu' });
      expect(first.response.json().data.business.companyId).toBe('cafe-deja-vu');
      expect(second.response.json().data.business.companyId).toBe('cafe-deja-vu-2');
      const racing = await Promise.all(
        [1, 2, 3].map(() => registerThroughApi(app(), 'business', { companyname: 'Parallel Works' })),
      );
      expect(racing.map((r) => r.response.statusCode)).toEqual([201, 201, 201]);
      expect(racing.map((r) => r.response.json().data.business.companyId).sort()).toEqual([
        'parallel-works',
        'parallel-works-2',
        'parallel-works-3',
      ]);
      const nonLatin = await registerThroughApi(app(), 'business', { companyname: '東京 株式会社' });
      expect(nonLatin.response.json().data.business.companyId).toMatch(/^business(-\d+)?$/);
    });

    it('needs heardAboutUsOther when heardAboutUs is other, and ignores it otherwise', async () => {
      const missing = await registerThroughApi(app(), 'business', { heardAboutUs: 'other' });
      expect(missing.response.statusCode).toBe(400);
      expect(missing.response.json().errors).toEqual([{ field: 'heardAboutUsOther', message: 'is required' }]);
      const blank = await registerThroughApi(app(), 'business', { heardAboutUs: 'other', heardAboutUsOther: '   ' });
      expect(blank.response.json().errors).toEqual([{ field: 'heardAboutUsOther', message: 'must not be empty' }]);
      const other = await registerThroughApi(app(), 'business', {
        heardAboutUs: 'other',
        heardAboutUsOther: 'A partner at our accounting firm',
      });
      expect(other.response.statusCode).toBe(201);
      expect((await userRows(other.email))[0]!.heardAboutUsOther).toBe('A partner at our accounting firm');
      const ignored = await registerThroughApi(app(), 'business', {
        heardAboutUs: 'linkedin',
        heardAboutUsOther: 'ignored',
      });
      expect(ignored.response.statusCode).toBe(201);
      expect((await userRows(ignored.email))[0]!.heardAboutUsOther).toBeNull();
    });

    it('answers 409 for an email already registered, in any case and as any type', async () => {
      const { email } = await registerThroughApi(app(), 'client');
      for (const accountType of ACCOUNT_TYPES) {
        const duplicate = await registerThroughApi(app(), accountType, { email: email.toUpperCase() });
        const body = expectContractResponse(`register${capitalised(accountType)}`, duplicate.response, 409);
        expect(body).toEqual({
          status: 'error',
          code: 'conflict',
          message: 'An account with this email already exists.',
        });
      }
      expect(await userRows(email)).toHaveLength(1);
    });

    it('lets exactly one of two racing sign-ups with one email through', async () => {
      const email = uniqueEmail('race');
      const [a, b] = await Promise.all([
        registerThroughApi(app(), 'client', { email }),
        registerThroughApi(app(), 'freelancer', { email: email.toUpperCase() }),
      ]);
      expect([a.response.statusCode, b.response.statusCode].sort()).toEqual([201, 409]);
      expectErrorEnvelope([a, b].find((r) => r.response.statusCode === 409)!.response.json());
      expect(await userRows(email)).toHaveLength(1);
    });

    it('refuses oversized strings, wrong types, extra fields, blank names and weak passwords, naming the field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ firstname: 'x'.repeat(101) }, 'firstname', 'must be at most 100 characters'],
        [{ lastname: 42 }, 'lastname', 'must be a string'],
        [{ email: 'not-an-email' }, 'email', 'must be a valid email address'],
        [{ role: 'admin' }, 'role', 'is not allowed'],
        [{ firstname: '   ' }, 'firstname', 'must not be empty'],
        [{ lastname: 'Oka\u0007for' }, 'lastname', 'must not contain control characters'],
        [{ lastname: 'Oka\u0000for' }, 'lastname', 'must not contain control characters'],
        [{ password: 'short' }, 'password', 'must be at least 8 characters'],
        [{ password: 'x'.repeat(129) }, 'password', 'must be at most 128 characters'],
        [{ password: 'Password123' }, 'password', TOO_COMMON],
        [{ password: 'qwertyuiop' }, 'password', TOO_COMMON],
      ];
      for (const [change, field, message] of cases) {
        const visitor = await signedSession(app());
        const response = await app().inject({
          method: 'POST',
          url: '/api/auth/register/client/',
          headers: visitor.headers,
          payload: { ...registrationBody('client'), ...change },
          remoteAddress: randomAddress(),
        });
        const body = expectContractResponse('registerClient', response, 400);
        expect(body.errors, JSON.stringify(change)).toContainEqual({ field, message });
      }
      const email = uniqueEmail('same');
      const sameAsEmail = await registerThroughApi(app(), 'client', { email, password: email.toUpperCase() });
      expect(sameAsEmail.response.json().errors).toEqual([
        { field: 'password', message: 'must not be your email address' },
      ]);
      expect(await userRows(email)).toHaveLength(0);
    });

    it('counts password length after NFC normalisation', async () => {
      // Seven letters, each an "e" plus a combining accent: 14 code points, 7 characters after NFC.
      const decomposed = 'e\u0301'.repeat(7);
      const response = (await registerThroughApi(app(), 'client', { password: decomposed })).response;
      expect(response.json().errors).toEqual([{ field: 'password', message: 'must be at least 8 characters' }]);
    });

    it('answers 404 for an unknown link and 409 for an expired one', async () => {
      const unknown = await verify('Zk3pQ9vR2mXw7LtY0bN4cJ8hF1sD6aEuZk3pQ9vR2mX');
      expect(expectContractResponse('verifyAccount', unknown, 404).message).toBe(
        'This verification link is not valid. Request a new one.',
      );
      const { email, session } = await registerThroughApi(app(), 'freelancer');
      const token = tokenFrom((await emailTo(testApp, email)).links[0]!, 'verification');
      await app()
        .db.update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.tokenHash, hashToken(token)));
      const expired = expectContractResponse('verifyAccount', await verify(token, session), 409);
      expect(expired.message).toBe('This verification link has expired. Request a new one.');
      expect((await getMe(app(), session)).json().data.verified).toBe(false);
    });

    it('stores only the hash of a link token, expiring in 24 hours', async () => {
      const { email } = await registerThroughApi(app(), 'client');
      const token = tokenFrom((await emailTo(testApp, email)).links[0]!, 'verification');
      const [row] = await app()
        .db.select()
        .from(accountTokens)
        .where(eq(accountTokens.tokenHash, hashToken(token)));
      expect(row).toMatchObject({ purpose: 'verify-email', usedAt: null, revokedAt: null });
      const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
      expect(hours).toBe(24);
      const [stored] = await app()
        .db.select({ n: count() })
        .from(accountTokens)
        .where(eq(accountTokens.tokenHash, token));
      expect(stored!.n).toBe(0);
    });

    it('resend sends a new link and the older one stops working; then 429 within the minute; 409 once verified', async () => {
      const { email, session } = await registerThroughApi(app(), 'client');
      const first = tokenFrom((await emailTo(testApp, email)).links[0]!, 'verification');
      const response = await resend(session);
      const sent = expectContractResponse('resendVerificationEmail', response, 200);
      expect(sent.data.email).toBe(email);
      const sentAt = Date.parse(sent.data.sentAt);
      expect(Date.parse(sent.data.expiresAt) - sentAt).toBe(24 * 3_600_000);
      expect(Date.parse(sent.data.resendAvailableAt) - sentAt).toBe(60_000);
      const second = tokenFrom((await emailTo(testApp, email)).links[0]!, 'verification');
      expect(second).not.toBe(first);

      expect(expectContractResponse('verifyAccount', await verify(first, session), 409).code).toBe('conflict');
      const tooSoon = await resend(session);
      expectContractResponse('resendVerificationEmail', tooSoon, 429);
      expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);

      expect((await verify(second, session)).json().data.status).toBe('verified');
      // The superseded link of a verified account reads as already verified.
      expect((await verify(first, session)).json().data.status).toBe('already-verified');
      const verifiedResend = await resend(session);
      expect(expectContractResponse('resendVerificationEmail', verifiedResend, 409).message).toBe(
        'Your email is already verified.',
      );
    });
  });

  describe('signing in and out', () => {
    it('"remember me" gives a 30-day cookie; without it the cookie ends with the browser', async () => {
      const account = await createAccount(app(), 'freelancer', { verified: true });
      const remembered = await loginThroughApi(app(), {
        email: account.email,
        password: TEST_PASSWORD,
        rememberMe: true,
      });
      const body = expectContractResponse('login', remembered.response, 200);
      expect(body.message).toBe('Welcome back, Maya.');
      expect(body.data).toMatchObject({ id: account.user.id, rememberMe: true, verified: true });
      expect(remembered.response.cookies.find((c) => c.name === 'sid')).toMatchObject({
        maxAge: 30 * 24 * 60 * 60,
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect((await getMe(app(), remembered.session)).json().data.rememberMe).toBe(true);

      const browser = await loginThroughApi(app(), { email: account.email.toUpperCase(), password: TEST_PASSWORD });
      expect(browser.response.statusCode).toBe(200);
      expect(browser.response.cookies.find((c) => c.name === 'sid')?.maxAge).toBeUndefined();
      expect((await getMe(app(), browser.session)).json().data.rememberMe).toBe(false);
    });

    it('rotates the session id and the CSRF token at sign-in: a token planted before is refused after', async () => {
      const account = await createAccount(app(), 'client');
      const visitor = await signedSession(app());
      const { response, session } = await loginThroughApi(
        app(),
        { email: account.email, password: TEST_PASSWORD },
        { visitor },
      );
      expect(response.statusCode).toBe(200);
      expect(session.cookie).not.toBe(visitor.cookie);
      expect((await getMe(app(), visitor)).statusCode).toBe(401);
      expect(session.csrfToken).not.toBe(visitor.csrfToken);
      const csrf = await app().inject({ url: '/api/csrf/', headers: { cookie: session.cookie } });
      expect(csrf.json().data.csrfToken).toBe(session.csrfToken);

      // The visitor's token, in the header and planted in the cookie, no longer passes.
      const planted = session.cookie.replace(/csrf=[^;]*/, `csrf=${visitor.csrfToken}`);
      const logout = (cookie: string, token: string) =>
        app().inject({ url: '/api/auth/logout/', headers: { cookie, 'x-csrf-token': token } });
      const refused = await logout(planted, visitor.csrfToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('csrf_failed');
      expect((await logout(session.cookie, session.csrfToken)).statusCode).toBe(200);
    });

    it('rotates the CSRF token at sign-up', async () => {
      const visitor = await signedSession(app());
      const { response, session } = await registerThroughApi(app(), 'client', {}, { visitor });
      expect(response.statusCode).toBe(201);
      expect(session.csrfToken).not.toBe(visitor.csrfToken);
      const refused = await app().inject({
        url: '/api/auth/logout/',
        headers: {
          cookie: session.cookie.replace(/csrf=[^;]*/, `csrf=${visitor.csrfToken}`),
          'x-csrf-token': visitor.csrfToken,
        },
      });
      expect(refused.statusCode).toBe(403);
      expect((await app().inject({ url: '/api/auth/logout/', headers: session.headers })).statusCode).toBe(200);
    });

    it('answers an unknown email, a wrong password and a password-less account alike, in similar time', async () => {
      const account = await createAccount(app(), 'client');
      const googleOnly = await createAccount(app(), 'client', { password: null });
      const attempt = async (email: string, password: string) => {
        const started = performance.now();
        const { response } = await loginThroughApi(app(), { email, password }, { remoteAddress: randomAddress() });
        return { response, ms: performance.now() - started };
      };
      const unknown = await attempt(uniqueEmail('nobody'), TEST_PASSWORD);
      const wrong = await attempt(account.email, 'Not-The-Password-1');
      const passwordless = await attempt(googleOnly.email, TEST_PASSWORD);
      for (const { response } of [unknown, wrong, passwordless]) {
        expectContractResponse('login', response, 401);
        expect(response.json()).toEqual({
          status: 'error',
          code: 'unauthenticated',
          message: 'The email or password is incorrect.',
        });
      }
      // Each spends one argon2 verification; without the dummy hash an unknown email answers many times faster.
      const median = async (email: string, password: string) => {
        const times = [];
        for (let i = 0; i < 5; i += 1) times.push((await attempt(email, password)).ms);
        return times.sort((x, y) => x - y)[2]!;
      };
      const unknownMs = await median(uniqueEmail('nobody'), TEST_PASSWORD);
      const wrongMs = await median(account.email, 'Not-The-Password-1');
      expect(unknownMs / wrongMs).toBeGreaterThan(0.4);
      expect(unknownMs / wrongMs).toBeLessThan(2.5);
    });

    it('signs out: the session is gone and the cookie cleared', async () => {
      const { session } = await registerThroughApi(app(), 'client');
      const response = await app().inject({ url: '/api/auth/logout/', headers: session.headers });
      expect(expectContractResponse('logout', response, 200)).toEqual({
        status: 'success',
        message: 'You are signed out.',
        data: null,
      });
      expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
      expect((await getMe(app(), session)).statusCode).toBe(401);
    });

    it('answers 401 to getMe once the account is gone', async () => {
      const { session, email } = await registerThroughApi(app(), 'freelancer');
      await app()
        .db.delete(users)
        .where(sql`lower(${users.email}) = ${email}`);
      expectContractResponse('getMe', await getMe(app(), session), 401);
    });

    it('keeps a session across an app rebuilt on the same database', async () => {
      const database = await openTestDatabase(kind);
      try {
        const first = await buildTestApp(kind, { sharedDatabase: database });
        const { session, response } = await registerThroughApi(first.app, 'business');
        await first.close();
        const second = await buildTestApp(kind, { sharedDatabase: database });
        try {
          const me = await getMe(second.app, session);
          expect(me.statusCode).toBe(200);
          expect(me.json().data.id).toBe(response.json().data.id);
        } finally {
          await second.close();
        }
      } finally {
        await database.dispose();
      }
    });
  });

  describe('passwords', () => {
    it('forgot → link → reset: every session ends, the old password stops working, the new one works', async () => {
      const { email, session: signUpSession } = await registerThroughApi(app(), 'freelancer');
      const { session: laptop } = await loginThroughApi(app(), { email, password: TEST_PASSWORD });
      const accepted = expectContractResponse('sendPasswordResetLink', await forgot(email), 200);
      expect(accepted).toEqual({
        status: 'success',
        message: `If an account exists for ${email}, we have sent it a link to reset the password.`,
        data: { email, linkValidForMinutes: 60 },
      });
      const message = await emailTo(testApp, email);
      expect(message.subject).toBe('Reset your Versimarket password');
      const link = message.links.find((l) => l.includes('/auth/reset-password/'))!;
      expect(link.startsWith(`${TEST_PUBLIC_URL}/auth/reset-password/`)).toBe(true);
      const token = tokenFrom(link, 'reset');

      const check = await app().inject({ url: `/api/auth/verify/reset-password/${token}/` });
      const valid = expectContractResponse('verifyPasswordResetToken', check, 200);
      expect(valid.data.valid).toBe(true);
      expect(valid.data.email).toBe(`${email[0]}***@example.com`);
      const minutes = (Date.parse(valid.data.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(58);
      expect(minutes).toBeLessThanOrEqual(60);

      const weak = await resetPassword(token, 'password1');
      expect(expectContractResponse('resetPassword', weak, 400).errors).toEqual([
        { field: 'password', message: TOO_COMMON },
      ]);
      const reset = expectContractResponse('resetPassword', await resetPassword(token, NEW_PASSWORD), 200);
      expect(reset.data.otherSessionsSignedOut).toBe(2);
      expect((await getMe(app(), signUpSession)).statusCode).toBe(401);
      expect((await getMe(app(), laptop)).statusCode).toBe(401);

      expect((await loginThroughApi(app(), { email, password: TEST_PASSWORD })).response.statusCode).toBe(401);
      const signedIn = await loginThroughApi(app(), { email, password: NEW_PASSWORD });
      expect(signedIn.response.statusCode).toBe(200);
      // Following the link proved the address: the email is verified too.
      expect(signedIn.response.json().data.verified).toBe(true);

      const reused = await resetPassword(token, 'Another-Fresh-Password-7');
      expect(expectContractResponse('resetPassword', reused, 409).message).toBe(
        'This reset link has expired or was already used. Request a new one.',
      );
      const checkedAgain = await app().inject({ url: `/api/auth/verify/reset-password/${token}/` });
      expectContractResponse('verifyPasswordResetToken', checkedAgain, 409);
    });

    it('gives the same answer for an unknown email and sends nothing', async () => {
      const email = uniqueEmail('nobody');
      const accepted = expectContractResponse('sendPasswordResetLink', await forgot(email), 200);
      expect(accepted.message).toBe(`If an account exists for ${email}, we have sent it a link to reset the password.`);
      await app().email.settled();
      const { latestEmailTo } = await import('../support/outbox');
      expect(latestEmailTo(testApp.outboxDir, email)).toBeUndefined();
    });

    it('a newer reset link replaces the older one; an expired link answers 409 and an unknown one 404', async () => {
      const account = await createAccount(app(), 'business');
      await forgot(account.email);
      const older = tokenFrom((await emailTo(testApp, account.email)).links[0]!, 'reset');
      await forgot(account.email);
      const newer = tokenFrom((await emailTo(testApp, account.email)).links[0]!, 'reset');
      expect(newer).not.toBe(older);
      expectContractResponse(
        'verifyPasswordResetToken',
        await app().inject({ url: `/api/auth/verify/reset-password/${older}/` }),
        409,
      );
      await app()
        .db.update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.tokenHash, hashToken(newer)));
      expectContractResponse('resetPassword', await resetPassword(newer, NEW_PASSWORD), 409);
      const unknown = await resetPassword('Zk3pQ9vR2mXw7LtY0bN4cJ8hF1sD6aEuZk3pQ9vR2mX', NEW_PASSWORD);
      expect(expectContractResponse('resetPassword', unknown, 404).message).toBe(
        'This reset link is not valid. Request a new one.',
      );
    });

    it('lets one of two racing resets with one link through', async () => {
      const account = await createAccount(app(), 'client');
      await forgot(account.email);
      const token = tokenFrom((await emailTo(testApp, account.email)).links[0]!, 'reset');
      const results = await Promise.all([
        resetPassword(token, NEW_PASSWORD),
        resetPassword(token, 'Another-Fresh-Password-7'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('change password: wrong current, same password, weak password, then success ending every other session', async () => {
      const account = await createAccount(app(), 'freelancer', { verified: true });
      const { session: mine } = await loginThroughApi(app(), { email: account.email, password: TEST_PASSWORD });
      const { session: phone } = await loginThroughApi(app(), { email: account.email, password: TEST_PASSWORD });
      const { session: tablet } = await loginThroughApi(app(), { email: account.email, password: TEST_PASSWORD });

      const wrong = await changePassword(mine, 'Not-The-Password-1', NEW_PASSWORD);
      expect(expectContractResponse('changePassword', wrong, 400).errors).toEqual([
        { field: 'currentPassword', message: 'is not your current password' },
      ]);
      const same = await changePassword(mine, TEST_PASSWORD, TEST_PASSWORD);
      expect(expectContractResponse('changePassword', same, 400).errors).toEqual([
        { field: 'newPassword', message: 'must be different from your current password' },
      ]);
      const weak = await changePassword(mine, TEST_PASSWORD, 'iloveyou');
      expect(weak.json().errors).toEqual([{ field: 'newPassword', message: TOO_COMMON }]);

      const changed = await changePassword(mine, TEST_PASSWORD, NEW_PASSWORD);
      const body = expectContractResponse('changePassword', changed, 200);
      expect(body.data.otherSessionsSignedOut).toBe(2);
      const rotated = sessionCookieOf(changed);
      expect(rotated).not.toBe(mine.cookie);
      expect((await getMe(app(), { ...mine, cookie: rotated })).statusCode).toBe(200);
      // The CSRF token changes with the id: the one from before the change no longer passes.
      const after = cookieJar(mine.cookie, changed);
      const newToken = /csrf=([^;]*)/.exec(after)![1]!;
      expect(newToken).not.toBe(mine.csrfToken);
      expect(
        (
          await changePassword(
            { ...mine, headers: { cookie: after.replace(newToken, mine.csrfToken), 'x-csrf-token': mine.csrfToken } },
            NEW_PASSWORD,
            'x',
          )
        ).statusCode,
      ).toBe(403);
      expect((await getMe(app(), mine)).statusCode).toBe(401);
      expect((await getMe(app(), phone)).statusCode).toBe(401);
      expect((await getMe(app(), tablet)).statusCode).toBe(401);
      expect(
        (await loginThroughApi(app(), { email: account.email, password: TEST_PASSWORD })).response.statusCode,
      ).toBe(401);
      expect((await loginThroughApi(app(), { email: account.email, password: NEW_PASSWORD })).response.statusCode).toBe(
        200,
      );
    });

    it('change password answers 409 for an account without a password', async () => {
      const account = await createAccount(app(), 'client', { password: null });
      const session = await signedInSession(app(), 'client', { account });
      const response = await changePassword(session, 'anything-at-all', NEW_PASSWORD);
      expect(expectContractResponse('changePassword', response, 409).message).toBe(
        'Your account has no password yet. Use "Forgot password" to set one.',
      );
      expect((await getMe(app(), session)).json().data.hasPassword).toBe(false);
    });
  });

  it('keeps one row per account and no orphaned tokens or sessions after deletes', async () => {
    const { email } = await registerThroughApi(app(), 'client');
    const [user] = await userRows(email);
    await app().db.delete(users).where(eq(users.id, user!.id));
    const [tokens] = await app()
      .db.select({ n: count() })
      .from(accountTokens)
      .where(eq(accountTokens.userId, user!.id));
    const [left] = await app().db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user!.id));
    expect(tokens!.n).toBe(0);
    expect(left!.n).toBe(0);
  });
});

function capitalised(accountType: string): string {
  return accountType[0]!.toUpperCase() + accountType.slice(1);
}
