/// <reference types="vite/client" />
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/server/contract/document';
import { allOperationHandlers } from '../../src/server/modules';
import { serviceRequestService } from '../../src/server/modules/requests/service';
import { accessDecision } from '../../src/server/plugins/access';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  expectErrorEnvelope,
  randomAddress,
  registrationBody,
  signedInSession,
  signedSession,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';
import { clientOnly, everyone, signedInOnly, visitorOnly, type AccessRows, type Caller } from './access-rows/rows';
import { injectSettled } from './stream-inject';
import { multipart, pdf } from './upload-files';

const ACCOUNT_TYPES = ['client', 'freelancer', 'business'] as const;

/** The rows of later modules, one file each (`access-rows/<module>.rows.ts`). */
const moduleRows: AccessRows = Object.assign(
  {},
  ...Object.values(import.meta.glob<{ rows: AccessRows }>('./access-rows/*.rows.ts', { eager: true })).map(
    (module) => module.rows,
  ),
);
const CALLERS: Caller[] = ['visitor', ...ACCOUNT_TYPES];

const contract = loadContract();

/** The catalogue's public reads: one valid request each. */
const CATALOGUE_URLS: Record<string, string> = {
  searchTools: '/api/service/search/tools/react',
  searchServiceTools: '/api/service/search/service-tools/analytics',
  listBusinessTypes: '/api/service/business-type/all/',
  listIndustryTypes: '/api/service/industry-type/all/',
  listProjectDurations: '/api/service/project-duration/all/',
  listPaymentTypes: '/api/service/payment-type/all/',
  listCurrencies: '/api/service/currency/all/',
  listEstimatedBudgets: '/api/service/estimated-budget/all/',
  listHiringDecisions: '/api/service/hiring-decision/all/',
  listBusinessSizes: '/api/service/business-size/all/',
  listTools: '/api/service/tool/all/',
  listToolsByServiceCategory: '/api/service/tools/sortby/service-category/',
  listWebDesignAndDevelopmentOptions: '/api/service/web-design-and-development/website-type/all/',
  listMobileAppOptions: '/api/service/mobile-app/platform/all/',
  listDataAndAnalyticsOptions: '/api/service/data-and-analytics/analysis-type/all/',
  listSoftwareDevelopmentOptions: '/api/service/software-development/project-stage/all/',
  listFinanceTransformationOptions: '/api/service/finance-transformation/erp-system/all/',
  listMachineLearningExperts: '/api/service/machine-learning-and-ai/expert/all/',
  listCountries: '/api/account/country/all/',
  listCountryStates: '/api/account/country/US/states/all/',
  listLanguages: '/api/account/language/all/',
};
const CATALOGUE_REQUESTS: Record<string, () => Promise<InjectOptions>> = Object.fromEntries(
  Object.entries(CATALOGUE_URLS).map(([operationId, url]) => [operationId, async () => ({ url })]),
);
const implemented = new Set(Object.keys(allOperationHandlers()));

/** A data-and-analytics business request whose option answers are the catalogue's first ones. */
async function requestBody(app: FastifyInstance) {
  const first = async (list: string) =>
    ((await app.inject({ url: `/api/service/${list}/all/` })).json() as { data: { slug: string }[] }).data[0]!.slug;
  return {
    family: 'data-and-analytics' as const,
    subFamily: 'business',
    formId: 'requests/data-and-analytics-business',
    title: 'Sales dashboards for a wholesale distributor',
    answers: {
      businessSize: await first('business-size'),
      dataSources: [await first('data-and-analytics/data-source')],
      analysisType: [await first('data-and-analytics/analysis-type')],
      deliverables: [await first('data-and-analytics/deliverable')],
      description: 'Weekly sales and stock reports are built by hand in spreadsheets; we want live dashboards.',
      budget: { type: 'fixed', min: 1000, max: 2000, currency: 'USD' },
      projectDuration: await first('project-duration'),
      hiringDecision: await first('hiring-decision'),
    },
  };
}

/** An open request of a client who is none of the callers. */
async function someoneElsesRequest(app: FastifyInstance): Promise<string> {
  return (await postedRequest(app)).id;
}

async function postedRequest(app: FastifyInstance) {
  const owner = await createAccount(app, 'client');
  const { request } = await serviceRequestService(app).create(owner.user.id, await requestBody(app));
  return request;
}

/** A fresh session for the caller: implemented operations change sessions (sign-in, sign-out, password change). */
const sessionFor = (app: FastifyInstance, caller: Caller) =>
  caller === 'visitor' ? signedSession(app) : signedInSession(app, caller);

describe.each(databaseKinds)('who may call what, from x-access (%s)', (kind) => {
  let testApp: TestApp;
  const callers: Partial<Record<Caller, SignedSession>> = {};
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    for (const caller of CALLERS) callers[caller] = await sessionFor(testApp.app, caller);
  });
  afterAll(() => testApp.close());

  it('answers every operation as a visitor and as each account type: 401, 403 or through', async () => {
    const mismatches: string[] = [];
    for (const operation of contract.operations) {
      for (const caller of CALLERS) {
        const session = implemented.has(operation.operationId)
          ? await sessionFor(testApp.app, caller)
          : callers[caller]!;
        const viewer = caller === 'visitor' ? null : { userId: 'u', accountType: caller };
        const expected = accessDecision(operation.access, viewer);
        // An event stream kept open is read for its status and headers only.
        const response = await injectSettled(testApp.app, {
          method: operation.method.toUpperCase() as 'GET',
          url: operation.url.replace(/:(\w+)/g, 'x'),
          headers: session.headers,
        });
        const body = operation.stream && response.statusCode === 200 ? {} : response.json();
        if (response.statusCode >= 400) expectErrorEnvelope(body);
        const got = response.statusCode === 401 || response.statusCode === 403 ? response.statusCode : 'allow';
        const codeOk = got === 'allow' || body.code === (got === 401 ? 'unauthenticated' : 'forbidden');
        if (got !== expected || !codeOk) {
          mismatches.push(
            `${operation.operationId} as ${caller}: expected ${expected}, got ${response.statusCode} ${body.code}`,
          );
        }
      }
    }
    await testApp.app.email.settled();
    expect(mismatches).toEqual([]);
  });

  /**
   * Each implemented operation with a valid request, as each caller: the exact status, and an
   * answer the contract accepts. A request is built per call, since most of them can be used once.
   */
  const NEW_PASSWORD = 'Copper-Meadow-Train-19';
  const requests: Record<string, (app: FastifyInstance) => Promise<InjectOptions>> = {
    getCsrfToken: async () => ({ url: '/api/csrf/' }),
    registerClient: async () => ({
      method: 'POST',
      url: '/api/auth/register/client/',
      payload: registrationBody('client'),
    }),
    registerFreelancer: async () => ({
      method: 'POST',
      url: '/api/auth/register/freelancer/',
      payload: registrationBody('freelancer'),
    }),
    registerBusiness: async () => ({
      method: 'POST',
      url: '/api/auth/register/business/',
      payload: registrationBody('business'),
    }),
    login: async (app) => {
      const account = await createAccount(app, 'client');
      return { method: 'POST', url: '/api/auth/login/', payload: { email: account.email, password: TEST_PASSWORD } };
    },
    getMe: async () => ({ url: '/api/auth/me/' }),
    logout: async () => ({ url: '/api/auth/logout/' }),
    verifyAccount: async (app) => {
      const account = await createAccount(app, 'freelancer');
      const { secret } = await app.tokens.issue(account.user.id, 'verify-email');
      return { url: `/api/auth/verify/account/${secret}/` };
    },
    resendVerificationEmail: async () => ({ method: 'POST', url: '/api/auth/verify/account/resend/email/' }),
    sendPasswordResetLink: async () => ({
      method: 'POST',
      url: '/api/auth/forgot-password/sendlink/email/',
      payload: { email: uniqueEmail('forgot') },
    }),
    verifyPasswordResetToken: async (app) => {
      const account = await createAccount(app, 'business');
      const { secret } = await app.tokens.issue(account.user.id, 'reset-password');
      return { url: `/api/auth/verify/reset-password/${secret}/` };
    },
    resetPassword: async (app) => {
      const account = await createAccount(app, 'client');
      const { secret } = await app.tokens.issue(account.user.id, 'reset-password');
      return { method: 'PATCH', url: '/api/auth/reset-password/', payload: { token: secret, password: NEW_PASSWORD } };
    },
    changePassword: async () => ({
      method: 'PATCH',
      url: '/api/auth/change-password/',
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    }),
    // Uploads and the website's project request (W01): multipart bodies with a small PDF.
    uploadAttachment: async () => {
      const body = multipart({}, [{ field: 'file', name: 'brief.pdf', type: 'application/pdf', bytes: pdf() }]);
      return { method: 'POST', url: '/api/uploads/attachments/', payload: body.payload, headers: body.headers };
    },
    getUpload: async (app) => {
      const uploader = await signedInSession(app, 'client');
      const body = multipart({}, [{ field: 'file', name: 'theirs.pdf', type: 'application/pdf', bytes: pdf() }]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/uploads/attachments/',
        payload: body.payload,
        headers: { ...body.headers, ...uploader.headers },
      });
      return { url: (response.json() as { data: { url: string } }).data.url };
    },
    submitWebsiteRequest: async () => {
      const body = multipart({
        name: 'Elena Marquez',
        email: uniqueEmail('website'),
        serviceSlug: 'data-and-analytics/business',
        message: 'We want weekly sales and margin dashboards in Power BI for our online store.',
      });
      return { method: 'POST', url: '/api/website/request/submit/', payload: body.payload, headers: body.headers };
    },
    searchWebsite: async () => ({ method: 'POST', url: '/api/website/search/', payload: { q: 'dashboards' } }),
    ...CATALOGUE_REQUESTS,
    createServiceRequest: async (app) => ({
      method: 'POST',
      url: '/api/service/request/new/',
      payload: await requestBody(app),
    }),
    getServiceRequest: async (app) => ({ url: `/api/service/request/${await someoneElsesRequest(app)}/` }),
    getServiceRequestTitle: async (app) => ({ url: `/api/service/request/${await someoneElsesRequest(app)}/title/` }),
    listClientServiceRequests: async () => ({ url: '/api/service/client/request/all/?page=1&pageSize=5' }),
    listLatestClientServiceRequests: async () => ({ url: '/api/service/client/request/latest/' }),
    // Product requests (P01, P02): a form's valid example, with an address of its own (5 an hour per email).
    createNetsuiteProductRequest: async () => {
      const example = (await import('../../forms/requests/netsuite/examples/valid-complete.json')).default;
      const contact = { ...example.contact, email: uniqueEmail('netsuite') };
      return { method: 'POST', url: '/api/products/request/new/', payload: { ...example, contact } };
    },
    createReactHireRequest: async () => {
      const example = (await import('../../forms/requests/react-developers/examples/valid-complete.json')).default;
      const contact = { ...example.contact, email: uniqueEmail('react') };
      const startDate = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      return { method: 'POST', url: '/api/products/react/hire/', payload: { ...example, contact, startDate } };
    },
    listProviderServiceRequests: async () => ({ url: '/api/service/non-client/request/all/?q=sales' }),
    searchPublicServiceRequests: async () => ({ url: '/api/service/public/requests/sales%20dashboards?sort=newest' }),
    getPublicServiceRequest: async (app) => {
      const posted = await postedRequest(app);
      return { url: `/api/service/public/request/${posted.refId}/${posted.slug}` };
    },
  };
  const expectedStatus: Record<string, Record<Caller, number>> = {
    getCsrfToken: everyone(200),
    registerClient: visitorOnly(201),
    registerFreelancer: visitorOnly(201),
    registerBusiness: visitorOnly(201),
    login: visitorOnly(200),
    getMe: signedInOnly(200),
    logout: signedInOnly(200),
    verifyAccount: everyone(200),
    resendVerificationEmail: signedInOnly(200),
    // Signed in too: a Google account sets its first password through the link (Settings).
    sendPasswordResetLink: everyone(200),
    verifyPasswordResetToken: everyone(200),
    resetPassword: everyone(200),
    changePassword: signedInOnly(200),
    uploadAttachment: signedInOnly(201),
    // Someone else's unattached file: the same 404 as no file at all.
    getUpload: { visitor: 404, client: 404, freelancer: 404, business: 404 },
    submitWebsiteRequest: everyone(201),
    // Clients too: the contract gives everyone the jobs group.
    searchWebsite: everyone(200),
    ...Object.fromEntries(Object.keys(CATALOGUE_REQUESTS).map((operationId) => [operationId, everyone(200)])),
    createServiceRequest: clientOnly(201),
    // Another client's request: the client gets the same 404 as for no request at all.
    getServiceRequest: clientOnly(404),
    // Providers may read a public request's title; another client may not.
    getServiceRequestTitle: { visitor: 401, client: 404, freelancer: 200, business: 200 },
    listClientServiceRequests: clientOnly(200),
    listLatestClientServiceRequests: clientOnly(200),
    // Visitors and every account type; a signed-in caller's request is linked to the account.
    createNetsuiteProductRequest: everyone(201),
    createReactHireRequest: everyone(201),
    listProviderServiceRequests: { visitor: 401, client: 403, freelancer: 200, business: 200 },
    // The job board is public but for clients, who have no use for it.
    searchPublicServiceRequests: { visitor: 200, client: 403, freelancer: 200, business: 200 },
    // Another client's job (a client may open their own: job-board.test.ts).
    getPublicServiceRequest: { visitor: 200, client: 403, freelancer: 200, business: 200 },
  };
  for (const [operationId, row] of Object.entries(moduleRows)) {
    requests[operationId] = row.request;
    expectedStatus[operationId] = row.expected;
  }

  it('has a row for every implemented operation, and none for the rest', () => {
    expect(Object.keys(expectedStatus).sort()).toEqual([...implemented].sort());
    expect(Object.keys(requests).sort()).toEqual([...implemented].sort());
  });

  it.each(Object.keys(expectedStatus))('%s answers each caller as expected', async (operationId) => {
    const got: Record<string, number> = {};
    for (const caller of CALLERS) {
      const session = await sessionFor(testApp.app, caller);
      const request = await requests[operationId]!(testApp.app);
      const response = await injectSettled(testApp.app, {
        ...request,
        headers: { ...session.headers, ...(request.headers as Record<string, string> | undefined) },
        remoteAddress: randomAddress(),
      });
      got[caller] = response.statusCode;
      expectContractResponse(operationId, response);
    }
    await testApp.app.email.settled();
    expect(got).toEqual(expectedStatus[operationId]);
  });

  it('decides by the rules: anonymous lets visitors in; signed-in or the type lets accounts in', () => {
    const client = { userId: 'u', accountType: 'client' as const };
    expect(accessDecision(['anonymous'], null)).toBe('allow');
    expect(accessDecision(['signed-in'], null)).toBe(401);
    expect(accessDecision(['freelancer', 'business'], null)).toBe(401);
    expect(accessDecision(['signed-in'], client)).toBe('allow');
    expect(accessDecision(['client', 'owner'], client)).toBe('allow');
    expect(accessDecision(['freelancer', 'business'], client)).toBe(403);
    expect(accessDecision(['anonymous', 'freelancer', 'business'], client)).toBe(403);
  });
});
