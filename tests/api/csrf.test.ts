import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { sessions } from '../../src/server/db/schema';
import { loadContract } from '../../src/server/contract/document';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  expectErrorEnvelope,
  randomAddress,
  registrationBody,
  signedSession,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { multipart } from './upload-files';

const CSRF_MESSAGE = 'Your session has expired or the security token is missing. Please reload the page and try again.';

describe.each(databaseKinds)('CSRF protection (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  const sessionCount = async () => (await testApp.app.db.select({ n: count() }).from(sessions))[0]!.n;
  const login = { email: 'maya.chen@example.com', password: 'violet-Harbour-2026!' };

  const expectCsrfFailure = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(403);
    const body = response.json();
    expectErrorEnvelope(body);
    expect(body).toEqual({ status: 'error', code: 'csrf_failed', message: CSRF_MESSAGE });
  };

  it('refuses a POST without the header, with a wrong one, and with another session’s, writing nothing', async () => {
    const mine = await signedSession(testApp.app);
    const theirs = await signedSession(testApp.app);
    const before = await sessionCount();
    const attempts: Record<string, string>[] = [
      { cookie: mine.cookie },
      { cookie: mine.cookie, 'x-csrf-token': 'wrong-token-wrong-token-wrong-token-00' },
      { cookie: mine.cookie, 'x-csrf-token': theirs.csrfToken },
      { cookie: mine.cookie, 'x-csrf-token': '' },
      { 'x-csrf-token': mine.csrfToken },
    ];
    for (const headers of attempts) {
      expectCsrfFailure(await testApp.app.inject({ method: 'POST', url: '/api/auth/login/', headers, payload: login }));
    }
    expect(await sessionCount()).toBe(before);
  });

  it('checks the token before reading the body: a malformed body still gets csrf_failed', async () => {
    const mine = await signedSession(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { cookie: mine.cookie, 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expectCsrfFailure(response);
  });

  it('guards a GET marked x-csrf (logout) the same way', async () => {
    const mine = await signedSession(testApp.app);
    expectCsrfFailure(await testApp.app.inject({ url: '/api/auth/logout/', headers: { cookie: mine.cookie } }));
    const theirs = await signedSession(testApp.app);
    expectCsrfFailure(
      await testApp.app.inject({
        url: '/api/auth/logout/',
        headers: { cookie: mine.cookie, 'x-csrf-token': theirs.csrfToken },
      }),
    );
  });

  it('lets the right token through to access checks and validation', async () => {
    const mine = await signedSession(testApp.app);
    const loginResponse = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: mine.headers,
      payload: login,
    });
    // Through CSRF, access and validation to the handler: no account has this email.
    expect(loginResponse.statusCode).toBe(401);
    expect(loginResponse.json()).toMatchObject({
      code: 'unauthenticated',
      message: 'The email or password is incorrect.',
    });
    const logoutResponse = await testApp.app.inject({ url: '/api/auth/logout/', headers: mine.headers });
    expect(logoutResponse.statusCode).toBe(401);
  });

  it('refuses forged, unsigned and mismatched tokens, even when the cookie repeats them', async () => {
    const mine = await signedSession(testApp.app);
    const unsigned = `${'A'.repeat(22)}.${'B'.repeat(43)}`;
    const otherSecret = `${mine.csrfToken.split('.')[0]}.${'C'.repeat(43)}`;
    const signedForASession = testApp.app.csrfTokens.issue('a'.repeat(64));
    for (const token of [unsigned, otherSecret, signedForASession, 'not-a-token']) {
      const headers = { cookie: `csrf=${token}`, 'x-csrf-token': token };
      expectCsrfFailure(await testApp.app.inject({ method: 'POST', url: '/api/auth/login/', headers, payload: login }));
    }
    // A real token in the header with another in the cookie is no double submit.
    const theirs = await signedSession(testApp.app);
    expectCsrfFailure(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        headers: { cookie: theirs.cookie, 'x-csrf-token': mine.csrfToken },
        payload: login,
      }),
    );
  });

  it('lets a visitor with only the token make every anonymous write, with no session row until sign-in', async () => {
    const before = await sessionCount();
    const visitor = await signedSession(testApp.app);
    const post = (url: string, payload: object) =>
      testApp.app.inject({ method: 'POST', url, headers: visitor.headers, payload, remoteAddress: randomAddress() });

    const reset = await post('/api/auth/forgot-password/sendlink/email/', { email: uniqueEmail('reset') });
    expect(reset.statusCode, reset.body).toBe(200);
    const budgets = (await testApp.app.inject({ url: '/api/service/estimated-budget/all/' })).json() as {
      data: { slug: string }[];
    };
    const form = multipart({
      name: 'Elena Marquez',
      email: uniqueEmail('elena'),
      company: 'Solstice Outdoor Co.',
      phone: '+13035550187',
      serviceSlug: 'data-and-analytics/business',
      budget: budgets.data[1]!.slug,
      message: 'We sell outdoor gear on Shopify and want weekly sales and margin dashboards in Power BI.',
    });
    const website = await testApp.app.inject({
      method: 'POST',
      url: '/api/website/request/submit/',
      payload: form.payload,
      headers: { ...form.headers, ...visitor.headers },
      remoteAddress: randomAddress(),
    });
    expect(website.statusCode, website.body).toBe(201);
    expect(await sessionCount()).toBe(before);

    const account = await createAccount(testApp.app, 'client');
    const signIn = await post('/api/auth/login/', { email: account.email, password: TEST_PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const signUp = await post('/api/auth/register/freelancer/', registrationBody('freelancer'));
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect(await sessionCount()).toBe(before + 2);
  });

  it('does not need a token on plain reads', async () => {
    expect((await testApp.app.inject({ url: '/api/csrf/' })).statusCode).toBe(200);
  });

  it('asks every state-changing operation for the token, except those the contract signs otherwise (security: [])', async () => {
    const contract = loadContract();
    const paths = contract.document.paths as Record<
      string,
      Record<string, { security?: unknown[]; 'x-csrf'?: boolean }>
    >;
    const mine = await signedSession(testApp.app);
    let exempt = 0;
    for (const operation of contract.operations) {
      const raw = paths[operation.path]![operation.method]!;
      const stateChanging = ['post', 'put', 'patch', 'delete'].includes(operation.method) || raw['x-csrf'] === true;
      if (!stateChanging) continue;
      const signedOtherwise = Array.isArray(raw.security) && raw.security.length === 0 && raw['x-csrf'] !== true;
      const url = operation.url.replace(/:(\w+)/g, 'x');
      const response = await testApp.app.inject({
        method: operation.method.toUpperCase() as 'POST',
        url,
        headers: { cookie: mine.cookie },
      });
      const code = (response.json() as { code?: string }).code;
      if (signedOtherwise) exempt += 1;
      expect(code === 'csrf_failed', `${operation.operationId} answered ${response.statusCode} ${code}`).toBe(
        !signedOtherwise,
      );
    }
    const webhook = contract.operations.find((op) => op.operationId === 'handlePaymentWebhook');
    if (webhook) expect(exempt).toBeGreaterThan(0);
  });
});
