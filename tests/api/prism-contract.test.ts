import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationHandlers } from '../../src/server/plugins/contract';
import { buildTestApp, emailTo, signedInSession, tokenFrom, uniqueEmail, type TestApp } from './helpers';
import { freePort, PROJECT_ROOT } from './server-process';

const PRISM = resolve(PROJECT_ROOT, 'node_modules/.bin/prism');
const CONTRACT = 'openapi/generated/openapi.yaml';

interface Prism {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/** `prism proxy` in front of a listening app: it checks every request and response against the contract. */
async function startPrism(upstreamPort: number, extraArgs: string[] = []): Promise<Prism> {
  const port = await freePort();
  const child = spawn(
    PRISM,
    ['proxy', CONTRACT, `http://127.0.0.1:${upstreamPort}/api`, '--errors', '--port', String(port), ...extraArgs],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!/Prism is listening/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`prism did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 200));
  }
  return { child, origin: `http://127.0.0.1:${port}`, output: () => output };
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

interface Exchange {
  status: number;
  violations: string | null;
  body: Record<string, unknown>;
  cookie: string | null;
}

async function call(prism: Prism, path: string, init: RequestInit = {}): Promise<Exchange> {
  const response = await fetch(`${prism.origin}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    violations: response.headers.get('sl-violations'),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    cookie: cookiePairs(response),
  };
}

/** Every cookie the response set (not the cleared ones) as a Cookie header, or null. */
function cookiePairs(response: Response): string | null {
  // Prism's proxy may fold several Set-Cookie headers into one, comma-separated.
  const pairs = response.headers
    .getSetCookie()
    .flatMap((header) => header.split(/,(?=\s*[A-Za-z0-9_-]+=)/))
    .map((cookie) => cookie.trim().split(';')[0]!)
    .filter((pair) => !pair.endsWith('='));
  return pairs.length > 0 ? pairs.join('; ') : null;
}

/** The session a sign-in or sign-up started: its cookies and the new CSRF token among them. */
const sessionOf = (exchange: Exchange) => ({
  cookie: exchange.cookie!,
  csrfToken: /csrf=([^;]*)/.exec(exchange.cookie!)![1]!,
});

/** A response the server made (not Prism) that the contract accepts. */
function expectConforming(exchange: Exchange, status: number, code?: string) {
  expect(exchange.violations, JSON.stringify(exchange)).toBeNull();
  expect(exchange.status, JSON.stringify(exchange.body)).toBe(status);
  expect(exchange.body.status).toBe(code ? 'error' : 'success');
  if (code) expect(exchange.body.code).toBe(code);
}

const json = (body: unknown, headers: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const login = { email: 'maya.chen@example.com', password: 'violet-Harbour-2026!' };

describe('real traffic through prism proxy matches the contract', () => {
  let testApp: TestApp;
  let brokenApp: TestApp;
  let strict: Prism;
  let lenient: Prism;
  let canary: Prism;

  beforeAll(async () => {
    testApp = await buildTestApp('pglite');
    // Proves the check can fail: a getCsrfToken whose answer breaks the contract (a token under
    // its 32 characters: the server serialises answers by their schema, which keeps out missing
    // and unknown fields, but leaves lengths and patterns to the contract checks).
    const broken: OperationHandlers = { getCsrfToken: async () => ({ csrfToken: 'short' }) };
    brokenApp = await buildTestApp('pglite', { handlers: broken });
    const [port, brokenPort] = await Promise.all([listen(testApp.app), listen(brokenApp.app)]);
    // `strict` is the proxy as the web app would meet it; `lenient` forwards invalid requests too,
    // so the server's own 400 answers are checked against the contract.
    [strict, lenient, canary] = await Promise.all([
      startPrism(port),
      startPrism(port, ['--validate-request=false']),
      startPrism(brokenPort),
    ]);
  });

  afterAll(async () => {
    for (const prism of [strict, lenient, canary]) prism?.child.kill('SIGTERM');
    await testApp?.close();
    await brokenApp?.close();
  });

  it('getCsrfToken: a new token in its cookie, then the same token', async () => {
    const first = await call(strict, '/csrf/');
    expectConforming(first, 200);
    expect(first.cookie).toMatch(/^csrf=/);
    const again = await call(strict, '/csrf/', { headers: { cookie: first.cookie! } });
    expectConforming(again, 200);
    expect(again.body).toEqual(first.body);
  });

  it('403 csrf_failed for a wrong token on a POST and on an x-csrf GET', async () => {
    const { cookie } = await call(strict, '/csrf/');
    const headers = { cookie: cookie!, 'x-csrf-token': 'not-the-token-of-this-session-000000' };
    expectConforming(await call(strict, '/auth/login/', json(login, headers)), 403, 'csrf_failed');
    const signedIn = await signedInSession(testApp.app, 'client');
    const wrongForSession = { cookie: signedIn.cookie, 'x-csrf-token': 'not-the-token-of-this-session-000000' };
    expectConforming(await call(strict, '/auth/logout/', { headers: wrongForSession }), 403, 'csrf_failed');
  });

  it('401 and 403 from access checks', async () => {
    // A session cookie the server does not know (signed out elsewhere, expired).
    const unknownSession = `sid=${'x'.repeat(43)}`;
    expectConforming(await call(strict, '/auth/me/', { headers: { cookie: unknownSession } }), 401, 'unauthenticated');
    const freelancer = await signedInSession(testApp.app, 'freelancer');
    const clientOnly = await call(strict, '/service/client/request/latest/', { headers: freelancer.headers });
    expectConforming(clientOnly, 403, 'forbidden');
  });

  it('400 validation_failed answers, naming fields, as the contract describes them', async () => {
    const { cookie } = await call(strict, '/csrf/');
    const token = ((await call(strict, '/csrf/', { headers: { cookie: cookie! } })).body.data as { csrfToken: string })
      .csrfToken;
    const headers = { cookie: cookie!, 'x-csrf-token': token };
    const missing = await call(lenient, '/auth/login/', json({}, headers));
    expectConforming(missing, 400, 'validation_failed');
    expect(missing.body.errors).toEqual([
      { field: 'email', message: 'is required' },
      { field: 'password', message: 'is required' },
    ]);
    expectConforming(
      await call(lenient, '/auth/login/', json({ ...login, admin: true }, headers)),
      400,
      'validation_failed',
    );
    expectConforming(
      await call(lenient, '/auth/login/', json({ ...login, email: 7 }, headers)),
      400,
      'validation_failed',
    );
    expectConforming(
      await call(lenient, '/service/search/tools/react?limit=many', { headers }),
      400,
      'validation_failed',
    );
    expectConforming(await call(lenient, '/auth/verify/reset-password/short/', { headers }), 400, 'validation_failed');
  });

  it('real auth traffic: sign-up, me, verify, sign-out, sign-in, forgot and reset, change password', async () => {
    const session = async () => {
      const first = await call(strict, '/csrf/');
      expectConforming(first, 200);
      return { cookie: first.cookie!, csrfToken: (first.body.data as { csrfToken: string }).csrfToken };
    };
    const headersOf = (s: { cookie: string; csrfToken: string }) => ({ cookie: s.cookie, 'x-csrf-token': s.csrfToken });
    const email = uniqueEmail('prism');
    const password = 'Ledger-Lantern-88';

    const visitor = await session();
    const signUp = await call(
      strict,
      '/auth/register/business/',
      json(
        { companyname: 'Prism Proxy Partners', email, password, heardAboutUs: 'other', heardAboutUsOther: 'A test' },
        headersOf(visitor),
      ),
    );
    expectConforming(signUp, 201);
    const signedIn = sessionOf(signUp);
    expectConforming(await call(strict, '/auth/me/', { headers: { cookie: signedIn.cookie } }), 200);
    expectConforming(
      await call(
        strict,
        '/auth/register/client/',
        json({ firstname: 'A', lastname: 'B', email, password }, headersOf(await session())),
      ),
      409,
      'conflict',
    );

    const verificationToken = tokenFrom((await emailTo(testApp, email)).links[0]!, 'verification');
    const verified = await call(strict, `/auth/verify/account/${verificationToken}/`, { headers: headersOf(signedIn) });
    expectConforming(verified, 200);
    expect((verified.body.data as { status: string }).status).toBe('verified');
    expectConforming(
      await call(strict, `/auth/verify/account/${verificationToken}/`, { headers: headersOf(signedIn) }),
      200,
    );
    expectConforming(
      await call(strict, `/auth/verify/account/${'x'.repeat(43)}/`, { headers: headersOf(signedIn) }),
      404,
      'not_found',
    );
    expectConforming(
      await call(strict, '/auth/verify/account/resend/email/', { method: 'POST', headers: headersOf(signedIn) }),
      409,
      'conflict',
    );
    expectConforming(await call(strict, '/auth/logout/', { headers: headersOf(signedIn) }), 200);
    expectConforming(await call(strict, '/auth/me/', { headers: { cookie: signedIn.cookie } }), 401, 'unauthenticated');

    const again = await session();
    expectConforming(
      await call(strict, '/auth/login/', json({ email, password: 'Wrong-Password-1' }, headersOf(again))),
      401,
      'unauthenticated',
    );
    const login = await call(strict, '/auth/login/', json({ email, password, rememberMe: true }, headersOf(again)));
    expectConforming(login, 200);
    const loggedIn = sessionOf(login);
    const changed = await call(strict, '/auth/change-password/', {
      method: 'PATCH',
      headers: { ...headersOf(loggedIn), 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: password, newPassword: 'Copper-Meadow-Train-19' }),
    });
    expectConforming(changed, 200);

    const stranger = await session();
    expectConforming(
      await call(strict, '/auth/forgot-password/sendlink/email/', json({ email }, headersOf(stranger))),
      200,
    );
    const resetToken = tokenFrom((await emailTo(testApp, email)).links[0]!, 'reset');
    expectConforming(await call(strict, `/auth/verify/reset-password/${resetToken}/`), 200);
    const reset = () =>
      call(strict, '/auth/reset-password/', {
        method: 'PATCH',
        headers: { ...headersOf(stranger), 'content-type': 'application/json' },
        body: JSON.stringify({ token: resetToken, password: 'Another-Fresh-Password-7' }),
      });
    expectConforming(await reset(), 200);
    expectConforming(await reset(), 409, 'conflict');

    const unverified = await session();
    const freelancer = await call(
      strict,
      '/auth/register/freelancer/',
      json({ firstname: 'Maya', lastname: 'Okafor', email: uniqueEmail('prism'), password }, headersOf(unverified)),
    );
    expectConforming(freelancer, 201);
    const freelancerHeaders = { cookie: freelancer.cookie!, 'x-csrf-token': sessionOf(freelancer).csrfToken };
    expectConforming(
      await call(strict, '/auth/verify/account/resend/email/', { method: 'POST', headers: freelancerHeaders }),
      200,
    );
    const tooSoon = await call(strict, '/auth/verify/account/resend/email/', {
      method: 'POST',
      headers: freelancerHeaders,
    });
    expectConforming(tooSoon, 429, 'rate_limited');
    const weak = await call(
      lenient,
      '/auth/register/client/',
      json(
        { firstname: 'A', lastname: 'B', email: uniqueEmail('weak'), password: 'password123' },
        headersOf(await session()),
      ),
    );
    expectConforming(weak, 400, 'validation_failed');
    expect(strict.output()).not.toMatch(/violation/i);
  });

  it('real catalogue traffic: every list, both searches, states, and their 400 and 404 answers', async () => {
    const lists = [
      '/service/business-type/all/',
      '/service/industry-type/all/',
      '/service/project-duration/all/',
      '/service/payment-type/all/',
      '/service/currency/all/',
      '/service/estimated-budget/all/',
      '/service/hiring-decision/all/',
      '/service/business-size/all/',
      '/service/tool/all/',
      '/service/tools/sortby/service-category/',
      ...['website-type', 'page-count', 'features', 'cms-platform', 'design-stage'].map(
        (list) => `/service/web-design-and-development/${list}/all/`,
      ),
      ...['platform', 'app-type', 'features', 'design-stage'].map((list) => `/service/mobile-app/${list}/all/`),
      ...['analysis-type', 'data-source', 'data-volume', 'deliverable'].map(
        (list) => `/service/data-and-analytics/${list}/all/`,
      ),
      ...['software-type', 'project-stage', 'integration', 'deployment'].map(
        (list) => `/service/software-development/${list}/all/`,
      ),
      ...['service-area', 'erp-system', 'company-revenue', 'reporting-standard'].map(
        (list) => `/service/finance-transformation/${list}/all/`,
      ),
      '/service/machine-learning-and-ai/expert/all/',
      '/account/country/all/',
      '/account/language/all/',
      // The longest state list, the United Kingdom's nations, and a country without any.
      '/account/country/SI/states/all/',
      '/account/country/GB/states/all/',
      '/account/country/AQ/states/all/',
      '/service/search/tools/postgress',
      '/service/search/tools/power%20b?limit=50',
      '/service/search/service-tools/analytics?limit=50',
      '/service/search/service-tools/a?limit=50',
    ];
    for (const path of lists) expectConforming(await call(strict, path), 200);
    expectConforming(await call(strict, '/account/country/ZZ/states/all/'), 404, 'not_found');
    expectConforming(await call(lenient, '/service/search/tools/%20%20'), 400, 'validation_failed');
    expectConforming(await call(lenient, `/service/search/tools/${'q'.repeat(101)}`), 400, 'validation_failed');
    expectConforming(await call(lenient, '/service/mobile-app/colours/all/'), 400, 'validation_failed');
    expectConforming(await call(lenient, '/account/country/usa/states/all/'), 400, 'validation_failed');
    expect(strict.output()).not.toMatch(/violation/i);
  });

  it('real request traffic: post, replay, read, title, lists, and their 400, 403, 404 and 409 answers', async () => {
    const first = async (list: string) =>
      ((await call(strict, `/service/${list}/all/`)).body.data as { slug: string }[])[0]!.slug;
    const body = {
      family: 'data-and-analytics',
      subFamily: 'business',
      formId: 'requests/data-and-analytics-business',
      title: 'Sales dashboards for a wholesale distributor',
      answers: {
        businessSize: await first('business-size'),
        dataSources: [await first('data-and-analytics/data-source')],
        analysisType: [await first('data-and-analytics/analysis-type')],
        deliverables: [await first('data-and-analytics/deliverable')],
        tools: [((await call(strict, '/service/tool/all/')).body.data as { id: number }[])[0]!.id],
        description: 'Weekly sales and stock reports are built by hand in spreadsheets; we want live dashboards.',
        budget: { type: 'not-sure', min: null, max: null, currency: 'USD' },
        projectDuration: await first('project-duration'),
        paymentType: await first('payment-type'),
        hiringDecision: await first('hiring-decision'),
      },
    };
    const client = await signedInSession(testApp.app, 'client');
    const keyed = { ...client.headers, 'idempotency-key': 'prism-submit-0001' };
    const created = await call(strict, '/service/request/new/', json(body, keyed));
    expectConforming(created, 201);
    expectConforming(await call(strict, '/service/request/new/', json(body, keyed)), 201);
    expectConforming(
      await call(strict, '/service/request/new/', json({ ...body, title: 'Another title entirely' }, keyed)),
      409,
      'conflict',
    );
    const { id } = created.body.data as { id: string };
    expectConforming(await call(strict, `/service/request/${id}/`, { headers: client.headers }), 200);
    expectConforming(await call(strict, `/service/request/${id}/title/`, { headers: client.headers }), 200);
    expectConforming(await call(strict, '/service/client/request/all/?pageSize=10', { headers: client.headers }), 200);
    expectConforming(await call(strict, '/service/client/request/all/?status=open', { headers: client.headers }), 200);
    expectConforming(await call(strict, '/service/client/request/latest/', { headers: client.headers }), 200);

    const other = await signedInSession(testApp.app, 'client');
    expectConforming(await call(strict, `/service/request/${id}/`, { headers: other.headers }), 404, 'not_found');
    expectConforming(await call(strict, `/service/request/${id}/title/`, { headers: other.headers }), 404, 'not_found');
    const freelancer = await signedInSession(testApp.app, 'freelancer');
    expectConforming(await call(strict, `/service/request/${id}/title/`, { headers: freelancer.headers }), 200);
    expectConforming(await call(strict, `/service/request/${id}/`, { headers: freelancer.headers }), 403, 'forbidden');
    expectConforming(await call(strict, '/service/request/new/', json(body, freelancer.headers)), 403, 'forbidden');
    const unknownOption = await call(
      strict,
      '/service/request/new/',
      json({ ...body, answers: { ...body.answers, businessSize: 'galactic' } }, client.headers),
    );
    expectConforming(unknownOption, 400, 'validation_failed');
    expect(unknownOption.body.errors).toEqual([{ field: 'answers.businessSize', message: expect.any(String) }]);
    expectConforming(
      await call(strict, '/service/request/new/', json({ ...body, formId: 'requests/no-such-form' }, client.headers)),
      400,
      'validation_failed',
    );
    expectConforming(
      await call(lenient, '/service/request/new/', json({ ...body, family: 'astrology' }, client.headers)),
      400,
      'validation_failed',
    );
    expect(strict.output()).not.toMatch(/violation/i);
  });

  it('catches a response that breaks the contract (the canary)', async () => {
    const exchange = await call(canary, '/csrf/');
    expect(exchange.status).toBe(500);
    expect(exchange.violations).toContain('csrfToken');
  });
});
