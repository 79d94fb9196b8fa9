import { randomBytes } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findUserById } from '../../src/server/modules/auth';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  cookieJar,
  createAccount,
  databaseKinds,
  getMe,
  randomAddress,
  signedInSession,
  signedSession,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';

const CLIENT_ID = 'marketplace-test-client';

/** What the provider says about the person in the next ID token. */
interface Claims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

const picture = (label: string) => `https://lh3.googleusercontent.com/a/${label}=s96-c`;
const person = (overrides: Partial<Claims> = {}): Claims => ({
  sub: `google-${randomBytes(6).toString('hex')}`,
  email: uniqueEmail('google'),
  email_verified: true,
  name: 'Priya Raman',
  given_name: 'Priya',
  family_name: 'Raman',
  picture: picture(randomBytes(4).toString('hex')),
  ...overrides,
});

describe.each(databaseKinds)('Google sign-in through an OpenID provider (%s)', (kind) => {
  let provider: OAuth2Server;
  let testApp: TestApp;
  let claims: Claims = person();
  /** The token endpoint answers the next exchange with `invalid_grant`, as Google does for a stale code. */
  let refuseNextCode = false;
  const app = () => testApp.app;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, claims);
    });
    provider.service.on('beforeResponse', (answer: { body: unknown; statusCode: number }) => {
      if (!refuseNextCode) return;
      refuseNextCode = false;
      answer.statusCode = 400;
      answer.body = { error: 'invalid_grant', error_description: 'Bad Request' };
    });
    testApp = await buildTestApp(kind, {
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
        GOOGLE_ISSUER_URL: provider.issuer.url!,
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await provider?.stop();
  });
  beforeEach(() => {
    claims = person();
  });

  /** A browser: its cookies and CSRF token, updated by every answer like a browser's jar. */
  type Browser = SignedSession & { ip: string };
  const withCookies = (browser: Browser, cookie: string): Browser => ({
    ...browser,
    cookie,
    headers: { ...browser.headers, cookie },
  });

  const visitor = async (): Promise<Browser> => ({ ...(await signedSession(app())), ip: randomAddress() });

  /** `browser` carrying the `gflow` cookie of `from` (the same browser under another session). */
  const withFlowCookie = (browser: Browser, from: Browser): Browser =>
    withCookies(browser, `${browser.cookie}; ${from.cookie.split('; ').find((part) => part.startsWith('gflow='))}`);

  async function start(browser: Browser, intent: 'sign-in' | 'change') {
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/social-accounts/google/start/',
      headers: browser.headers,
      payload: { intent },
      remoteAddress: browser.ip,
    });
    return { response, browser: withCookies(browser, cookieJar(browser.cookie, response)) };
  }

  /** The provider's consent page redirects at once with `code` and `state`. */
  async function consent(authorizationUrl: string) {
    const answer = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    return { back, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  async function callback(
    browser: Browser,
    intent: 'sign-in' | 'change',
    code: string,
    state: string,
    query: Record<string, string> = {},
  ) {
    const path =
      intent === 'sign-in'
        ? '/api/auth/social-accounts/google/callback/'
        : '/api/auth/social-accounts/google/account-change/callback/';
    const search = new URLSearchParams({ state, ...query });
    const response = await app().inject({
      method: 'GET',
      url: `${path}${encodeURIComponent(code)}?${search}`,
      headers: browser.headers,
      remoteAddress: browser.ip,
    });
    return { response, browser: withCookies(browser, cookieJar(browser.cookie, response)) };
  }

  /** Start, consent and come back: what the browser does after "Continue with Google". */
  async function flow(browser: Browser, intent: 'sign-in' | 'change', query: Record<string, string> = {}) {
    const started = await start(browser, intent);
    const data = expectContractResponse('startGoogleSignIn', started.response, 200).data;
    const { back, code, state } = await consent(data.authorizationUrl);
    const operation = intent === 'sign-in' ? 'googleSignInCallback' : 'googleAccountChangeCallback';
    const done = await callback(started.browser, intent, code, state, query);
    return { ...done, operation, code, state, back, before: started.browser };
  }

  it('says Google sign-in is on, and builds a consent URL with PKCE, state, nonce and the return page', async () => {
    const options = await app().inject({ url: '/api/auth/sign-in-options/' });
    expect(expectContractResponse('getSignInOptions', options, 200).data).toEqual({ password: true, google: true });

    const { response } = await start(await visitor(), 'sign-in');
    const url = new URL(expectContractResponse('startGoogleSignIn', response, 200).data.authorizationUrl);
    expect(url.origin).toBe(new URL(provider.issuer.url!).origin);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe('http://market.test/auth/social-accounts/verify/google-oauth2/');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/.{32,}/);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/gflow=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/auth\/social-accounts\/google\//);
  });

  it.each(['client', 'freelancer'] as const)('signs up a new %s, verified, without a password', async (type) => {
    const { response, browser } = await flow(await visitor(), 'sign-in', { accountType: type, rememberMe: 'true' });
    const user = expectContractResponse('googleSignInCallback', response, 201).data;
    expect(user).toMatchObject({
      accountType: type,
      email: claims.email,
      verified: true,
      hasPassword: false,
      firstname: 'Priya',
      lastname: 'Raman',
      social: { image: claims.picture, provider: 'google', email: claims.email },
      rememberMe: true,
    });
    if (type === 'freelancer') expect(user.versigems).toBeGreaterThan(0);
    // Signed in: the session cookie works for the next call.
    expect(expectContractResponse('getMe', await getMe(app(), browser), 200).data.id).toBe(user.id);
  });

  it('signs up a new business named after the Google profile', async () => {
    claims = person({ name: 'Harbor Freight Analytics' });
    const { response } = await flow(await visitor(), 'sign-in', { accountType: 'business' });
    const user = expectContractResponse('googleSignInCallback', response, 201).data;
    expect(user).toMatchObject({ accountType: 'business', companyname: 'Harbor Freight Analytics', verified: true });
    expect(user.business?.companyId).toBe('harbor-freight-analytics');
  });

  it('links an existing account with the verified Google email, keeping its password; then signs in by the link', async () => {
    const account = await createAccount(app(), 'freelancer', { verified: true });
    claims = person({ email: account.email.toUpperCase() });
    const first = await flow(await visitor(), 'sign-in');
    const user = expectContractResponse('googleSignInCallback', first.response, 200).data;
    expect(user).toMatchObject({ id: account.user.id, verified: true, hasPassword: true });
    expect(user.social).toEqual({ image: claims.picture, provider: 'google', email: claims.email });
    expect(first.response.json().message).toBe('Welcome back, Maya.');

    // The linked Google account signs in by its subject, even after its email changed at Google.
    claims = { ...claims, email: uniqueEmail('renamed'), picture: picture('new') };
    const again = await flow(await visitor(), 'sign-in');
    const back = expectContractResponse('googleSignInCallback', again.response, 200).data;
    expect(back.id).toBe(account.user.id);
    expect(back.social.image).toBe(picture('new'));
  });

  it('takes over an unverified account with the Google email: its password and sessions end', async () => {
    const account = await createAccount(app(), 'client', { verified: false });
    const squatter = await signedInSession(app(), 'client', { account });
    claims = person({ email: account.email });
    const { response } = await flow(await visitor(), 'sign-in');
    const user = expectContractResponse('googleSignInCallback', response, 200).data;
    expect(user).toMatchObject({ id: account.user.id, verified: true, hasPassword: false });
    expect((await getMe(app(), squatter)).statusCode).toBe(401);
    const login = await app().inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: (await visitor()).headers,
      payload: { email: account.email, password: account.password },
      remoteAddress: randomAddress(),
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses an unverified Google email with a clear message, and creates or links nothing', async () => {
    const account = await createAccount(app(), 'client');
    claims = person({ email: account.email, email_verified: false });
    const { response } = await flow(await visitor(), 'sign-in', { accountType: 'client' });
    const body = expectContractResponse('googleSignInCallback', response, 403);
    expect(body.message).toMatch(/Google has not verified the email address/);
    expect((await findUserById(app().db, account.user.id))!.googleSubject).toBeNull();

    claims = person({ email_verified: false });
    const fresh = await flow(await visitor(), 'sign-in', { accountType: 'client' });
    expectContractResponse('googleSignInCallback', fresh.response, 403);
  });

  it('refuses a forged state, a state from another browser and a replayed code', async () => {
    const browser = await visitor();
    const started = await start(browser, 'sign-in');
    const { code, state } = await consent(
      expectContractResponse('startGoogleSignIn', started.response, 200).data.authorizationUrl,
    );
    const forged = await callback(started.browser, 'sign-in', code, `${state.slice(0, -4)}AAAA`, {
      accountType: 'client',
    });
    expect(expectContractResponse('googleSignInCallback', forged.response, 403).message).toMatch(/not started/);

    // The same state from a browser that did not start the flow (no `gflow` cookie of its own).
    const other = await visitor();
    const stolen = await callback(other, 'sign-in', code, state, { accountType: 'client' });
    expectContractResponse('googleSignInCallback', stolen.response, 403);

    const done = await callback(started.browser, 'sign-in', code, state, { accountType: 'client' });
    expectContractResponse('googleSignInCallback', done.response, 201);
    // The same browser, signed out again (a visitor's CSRF token), sends the same code and state.
    const replay = await callback(withFlowCookie(await visitor(), started.browser), 'sign-in', code, state, {
      accountType: 'client',
    });
    const body = expectContractResponse('googleSignInCallback', replay.response, 400);
    expect(body.errors).toEqual([{ field: 'path.code', message: expect.stringMatching(/already used/) }]);
  });

  it('answers 400 on path.code when the provider refuses the code (expired at Google)', async () => {
    refuseNextCode = true;
    const { response } = await flow(await visitor(), 'sign-in', { accountType: 'client' });
    const body = expectContractResponse('googleSignInCallback', response, 400);
    expect(body.errors).toEqual([{ field: 'path.code', message: expect.stringMatching(/did not accept/) }]);
  });

  it('asks for an account type when the Google account is new (400 on query.accountType), creating nothing', async () => {
    const { response } = await flow(await visitor(), 'sign-in');
    const body = expectContractResponse('googleSignInCallback', response, 400);
    expect(body.errors).toEqual([{ field: 'query.accountType', message: expect.any(String) }]);
    expect(body.message).toMatch(/Choose an account type/);
  });

  it('refuses a Google email whose account is linked to another Google account (409)', async () => {
    const account = await createAccount(app(), 'client', { verified: true });
    claims = person({ email: account.email });
    expectContractResponse('googleSignInCallback', (await flow(await visitor(), 'sign-in')).response, 200);
    claims = person({ email: account.email });
    const other = await flow(await visitor(), 'sign-in');
    expect(expectContractResponse('googleSignInCallback', other.response, 409).message).toMatch(
      /already linked to another Google account/,
    );
  });

  it('links, reports the same account, and refuses a Google account linked elsewhere on a change', async () => {
    const session = await signedInSession(app(), 'freelancer', { verified: true });
    const browser: Browser = { ...session, ip: randomAddress() };
    claims = person({ email: 'maya.consulting@gmail.com', email_verified: false });
    const linked = await flow(browser, 'change');
    const data = expectContractResponse('googleAccountChangeCallback', linked.response, 200).data;
    expect(data).toMatchObject({ result: 'linked', googleEmail: 'maya.consulting@gmail.com' });
    expect(data.user.email).toBe(session.account.email);
    expect(data.user.social).toEqual({ image: claims.picture, provider: 'google', email: claims.email });

    const same = await flow(linked.browser, 'change');
    expect(expectContractResponse('googleAccountChangeCallback', same.response, 200).data.result).toBe('same-account');

    // Another account's Google account.
    claims = person();
    const owner = await flow(await visitor(), 'sign-in', { accountType: 'client' });
    expectContractResponse('googleSignInCallback', owner.response, 201);
    const refused = await flow(linked.browser, 'change');
    expect(expectContractResponse('googleAccountChangeCallback', refused.response, 409).message).toBe(
      'This Google account is already linked to another account.',
    );
  });

  it('answers each caller as x-access and the flow decide', async () => {
    const CALLERS = ['visitor', 'client', 'freelancer', 'business'] as const;
    const browserOf = async (caller: (typeof CALLERS)[number]): Promise<Browser> =>
      caller === 'visitor' ? visitor() : { ...(await signedInSession(app(), caller)), ip: randomAddress() };
    const got: Record<string, number[]> = {};
    for (const caller of CALLERS) {
      const statuses: number[] = [];
      for (const intent of ['sign-in', 'change'] as const) {
        const { response } = await start(await browserOf(caller), intent);
        expectContractResponse('startGoogleSignIn', response);
        statuses.push(response.statusCode);
      }
      for (const intent of ['sign-in', 'change'] as const) {
        const operation = intent === 'sign-in' ? 'googleSignInCallback' : 'googleAccountChangeCallback';
        const { response } = await callback(await browserOf(caller), intent, 'code-nobody-issued', 'Z'.repeat(43));
        expectContractResponse(operation, response);
        statuses.push(response.statusCode);
      }
      got[caller] = statuses;
    }
    // start sign-in, start change, sign-in callback, change callback (an unknown state: 403).
    expect(got).toEqual({
      visitor: [200, 401, 403, 401],
      client: [403, 200, 403, 403],
      freelancer: [403, 200, 403, 403],
      business: [403, 200, 403, 403],
    });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const browser = await visitor();
    const post = (payload: unknown) =>
      app().inject({
        method: 'POST',
        url: '/api/auth/social-accounts/google/start/',
        headers: browser.headers,
        payload: payload as Record<string, unknown>,
        remoteAddress: browser.ip,
      });
    const fields = async (response: Awaited<ReturnType<typeof post>>, operation: string) =>
      ((response.json() as { errors?: { field: string }[] }).errors ?? []).map((error) => {
        expectContractResponse(operation, response, 400);
        return error.field;
      });
    expect(await fields(await post({ intent: 'sign-up' }), 'startGoogleSignIn')).toEqual(['intent']);
    expect(await fields(await post({}), 'startGoogleSignIn')).toEqual(['intent']);
    expect(await fields(await post({ intent: 'sign-in', extra: 1 }), 'startGoogleSignIn')).toEqual(['extra']);
    const get = (url: string) => app().inject({ url, headers: browser.headers, remoteAddress: browser.ip });
    const base = '/api/auth/social-accounts/google/callback/';
    expect(await fields(await get(`${base}short?state=${'Z'.repeat(43)}`), 'googleSignInCallback')).toEqual([
      'path.code',
    ]);
    expect(await fields(await get(`${base}${'c'.repeat(20)}?state=short`), 'googleSignInCallback')).toEqual([
      'query.state',
    ]);
    expect(await fields(await get(`${base}${'c'.repeat(20)}`), 'googleSignInCallback')).toEqual(['query.state']);
    expect(
      await fields(
        await get(`${base}${'c'.repeat(20)}?state=${'Z'.repeat(43)}&accountType=admin`),
        'googleSignInCallback',
      ),
    ).toEqual(['query.accountType']);
  });

  it('keeps a change flow to the account that started it, and a sign-in flow to visitors', async () => {
    const first = await signedInSession(app(), 'client');
    const started = await start({ ...first, ip: randomAddress() }, 'change');
    const { code, state } = await consent(
      expectContractResponse('startGoogleSignIn', started.response, 200).data.authorizationUrl,
    );
    // Same browser cookie, another account's session.
    const second = await signedInSession(app(), 'client');
    const wrong = await callback(
      withFlowCookie({ ...second, ip: randomAddress() }, started.browser),
      'change',
      code,
      state,
    );
    expectContractResponse('googleAccountChangeCallback', wrong.response, 403);

    const signedIn = await start({ ...first, ip: randomAddress() }, 'sign-in');
    expectContractResponse('startGoogleSignIn', signedIn.response, 403);
    const anonymousChange = await start(await visitor(), 'change');
    expectContractResponse('startGoogleSignIn', anonymousChange.response, 401);
  });
});

describe.each(databaseKinds)('Google sign-in not configured (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  it('says so, and every Google operation answers 404 with a clear message', async () => {
    const app = testApp.app;
    const options = await app.inject({ url: '/api/auth/sign-in-options/' });
    expect(expectContractResponse('getSignInOptions', options, 200).data.google).toBe(false);
    const visitor = await signedSession(app);
    const start = await app.inject({
      method: 'POST',
      url: '/api/auth/social-accounts/google/start/',
      headers: visitor.headers,
      payload: { intent: 'sign-in' },
    });
    expect(expectContractResponse('startGoogleSignIn', start, 404).message).toBe(
      'Google sign-in is not enabled on this site.',
    );
    const state = 'Yp3kR8sV2tQ9wX1zL5mN7bC4dF6gH0jK';
    const signIn = await app.inject({
      url: `/api/auth/social-accounts/google/callback/4%2F0AeanS0b8XkQ2mTz7rW1vYc9pLd3HsFg?state=${state}`,
      headers: visitor.headers,
    });
    expectContractResponse('googleSignInCallback', signIn, 404);
    const member = await signedInSession(app, 'client');
    const change = await app.inject({
      url: `/api/auth/social-accounts/google/account-change/callback/4%2F0AeanS0b8XkQ2mTz7rW1vYc9pLd3HsFg?state=${state}`,
      headers: member.headers,
    });
    expectContractResponse('googleAccountChangeCallback', change, 404);
  });
});
