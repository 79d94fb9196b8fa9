import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountType } from '../../src/server/db/schema';
import { BUSINESS_BODIES } from './access-rows/business.rows';
import { REVIEW_BODY } from './access-rows/references.rows';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  emailTo,
  signedInSession,
  tokenFrom,
  TEST_PUBLIC_URL,
  uniqueEmail,
  type SignedSession,
  type TestAccount,
  type TestApp,
} from './helpers';
import { jpeg, multipart, plainImage, png, type FilePart } from './upload-files';

/**
 * The profile-completion score follows what is stored: each item is missing before it is done
 * through the calls the web app makes, and counted after, the score moving by the item's weight.
 */

const SCORE = {
  client: ['/api/account/client/profile-completion/score/', 'getClientProfileCompletion'],
  freelancer: ['/api/account/freelancer/profile-completion/score/', 'getFreelancerProfileCompletion'],
  business: ['/api/account/business/profile-completion/score/', 'getBusinessProfileCompletion'],
} as const;

/** The items and weights the contract lists (`AccountCompletionKey`). */
const WEIGHTS = {
  client: { 'email-verified': 10, 'profile-image': 15, 'personal-details': 20, about: 25, 'company-details': 30 },
  freelancer: {
    'email-verified': 5,
    'profile-image': 10,
    'primary-service': 10,
    'leads-location': 5,
    'service-details': 10,
    about: 15,
    tagline: 5,
    education: 10,
    experience: 10,
    languages: 5,
    projects: 5,
    references: 5,
    'personal-details': 5,
  },
  business: {
    'email-verified': 5,
    'profile-image': 10,
    'business-details': 15,
    'personal-contact': 10,
    about: 15,
    locations: 10,
    'social-profiles': 10,
    competitors: 5,
    references: 20,
  },
} as const;

type ItemOf<T extends AccountType> = keyof (typeof WEIGHTS)[T];

interface Completion {
  accountType: AccountType;
  score: number;
  completed: { key: string; weight: number }[];
  missing: { key: string; weight: number; link: string }[];
}

interface Account extends SignedSession {
  account: TestAccount;
}

const PERSONAL = {
  firstname: 'Priya',
  lastname: 'Raman',
  phone: '+13125550187',
  country: 'US',
  state: 'IL',
  city: 'Chicago',
  timezone: 'America/Chicago',
};
const CLIENT_ABOUT = {
  about: 'Brightline Logistics runs regional freight for 400 retailers across the Midwest.',
  industry: 'logistics-and-transportation',
  businessSize: '201-500',
  website: 'https://www.brightline-logistics.com',
};
const CLIENT_DETAILS = {
  companyName: 'Brightline Logistics',
  jobTitle: 'VP Finance',
  industry: 'logistics-and-transportation',
  businessSize: '201-500',
  website: 'https://www.brightline-logistics.com',
  linkedin: 'https://www.linkedin.com/in/priya-raman-finance/',
};
const FREELANCER_ABOUT = {
  headline: 'NetSuite and FP&A consultant for SaaS finance teams',
  about: 'I help finance teams at growing SaaS companies close faster and plan with confidence, nine years in.',
  hourlyRate: { amount: 95, currency: 'USD' },
  yearsOfExperience: 9,
  availability: 'part-time',
};

describe.each(databaseKinds)('profile completion follows what is stored (%s)', (kind) => {
  let testApp: TestApp;
  let avatar: Buffer;
  let toolId: number;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    avatar = await plainImage('png', 300, 300);
    const tools = (await app().inject({ url: '/api/service/tool/all/' })).json() as { data: { id: number }[] };
    toolId = tools.data[0]!.id;
  });
  afterAll(() => testApp.close());

  const call = (session: SignedSession, request: InjectOptions) =>
    app().inject({ ...request, headers: { ...session.headers, ...(request.headers ?? {}) } });
  /** A JSON call that must succeed (the answer's status is checked, not its shape: other tests do that). */
  async function ok(session: SignedSession, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) {
    const response = await call(session, { method, url, payload: payload as Record<string, unknown> });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json() as { data: Record<string, unknown> };
  }
  async function okForm(session: SignedSession, url: string, fields: Record<string, string>, files: FilePart[]) {
    const body = multipart(fields, files);
    const response = await call(session, { method: 'POST', url, payload: body.payload, headers: body.headers });
    expect(response.statusCode, `POST ${url}: ${response.body}`).toBeLessThan(300);
    return response.json() as { data: Record<string, unknown> };
  }

  async function completion(session: SignedSession, type: AccountType): Promise<Completion> {
    const [url, operation] = SCORE[type];
    return expectContractResponse(operation, await call(session, { url }), 200).data as Completion;
  }
  const keys = (items: { key: string }[]) => items.map((item) => item.key);

  /** Runs `action` and checks the item went from missing to counted, the score moving by its weight. */
  async function expectCounted<T extends AccountType>(
    session: SignedSession,
    type: T,
    key: ItemOf<T> & string,
    action: () => Promise<unknown>,
  ): Promise<Completion> {
    const before = await completion(session, type);
    expect(keys(before.missing), `${key} before`).toContain(key);
    expect(keys(before.completed)).not.toContain(key);
    await action();
    const after = await completion(session, type);
    expect(keys(after.completed), `${key} after`).toContain(key);
    expect(keys(after.missing)).not.toContain(key);
    const weight = (WEIGHTS[type] as Record<string, number>)[key]!;
    expect(after.score - before.score, `${key} moves the score by its weight`).toBe(weight);
    expect(after.completed.find((item) => item.key === key)?.weight).toBe(weight);
    return after;
  }

  // ------------------------------------------------------------ the calls behind each item

  /** Asks for a new verification link, as the banner does, and opens the emailed link. */
  async function verifyEmail(session: Account) {
    await ok(session, 'POST', '/api/auth/verify/account/resend/email/', {});
    const link = (await emailTo(testApp, session.account.email)).links.find((l) => l.includes('/auth/verification/'))!;
    const response = await call(session, { url: `/api/auth/verify/account/${tokenFrom(link, 'verification')}/` });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Settings › Profile photo (a business's logo), C07. */
  const uploadProfileImage = (session: SignedSession) =>
    okForm(session, '/api/account/update/profile/', {}, [
      { field: 'image', name: 'me.png', type: 'image/png', bytes: avatar },
    ]);

  /** A file uploaded for a form (the business details' logo picker). */
  async function uploadAttachment(session: SignedSession): Promise<string> {
    const body = await okForm(session, '/api/uploads/attachments/', {}, [
      { field: 'file', name: 'logo.jpg', type: 'image/jpeg', bytes: jpeg() },
    ]);
    return body.data.id as string;
  }

  /** The token of the newest review link emailed to `address`. */
  async function reviewToken(address: string, provider: 'business' | 'freelancer'): Promise<string> {
    const email = await emailTo(testApp, address);
    const link = email.links.find((candidate) => candidate.includes('/review/'))!;
    const match = new RegExp(`^${TEST_PUBLIC_URL}/${provider}/review/([A-Za-z0-9_-]+)/leave/$`).exec(link);
    expect(match, link).not.toBeNull();
    return match![1]!;
  }
  /** The reviewer opens the link and submits the review, as a visitor. */
  async function leaveReview(token: string) {
    const visitor = await signedInSession(app(), 'client');
    expect((await call(visitor, { url: `/api/account/provider/review-and-references/${token}/` })).statusCode).toBe(
      200,
    );
    await ok(visitor, 'PATCH', `/api/account/provider/review-and-references/${token}/submit/`, REVIEW_BODY);
  }
  /** G09 then G10: a review asked for from the settings page and submitted through its link. */
  async function reviewByAsking(session: SignedSession, provider: 'business' | 'freelancer') {
    const email = uniqueEmail('reviewer');
    await ok(session, 'POST', '/api/account/provider/review-and-references/ask/', {
      name: 'Priya Raman',
      email,
      company: 'Brightline Logistics',
      message: 'Would you write a few lines about the forecast we built together?',
    });
    await leaveReview(await reviewToken(email, provider));
  }

  const CLIENT: Record<ItemOf<'client'>, (session: Account) => Promise<unknown>> = {
    'email-verified': verifyEmail,
    'profile-image': uploadProfileImage,
    'personal-details': (s) => ok(s, 'PUT', '/api/account/client/settings/personal-details/', PERSONAL),
    about: (s) => ok(s, 'PUT', '/api/account/client/about/update/', CLIENT_ABOUT),
    'company-details': (s) => ok(s, 'PUT', '/api/account/client/settings/profile-details/', CLIENT_DETAILS),
  };

  const primaryService = (s: SignedSession) =>
    ok(s, 'POST', '/api/account/provider/primary-service/set/', { serviceSlug: 'finance-transformation' });
  const leadsLocation = (s: SignedSession) =>
    ok(s, 'POST', '/api/account/provider/leads-location/set/', { type: 'worldwide' });
  const otherService = (s: SignedSession) =>
    ok(s, 'PATCH', '/api/account/provider/other-service/update/', { serviceSlugs: ['data-and-analytics'] });
  const serviceDetails = (s: SignedSession) =>
    okForm(
      s,
      '/api/account/freelancer/service-details/set/',
      {
        serviceSlug: 'finance-transformation',
        description:
          'I implement and optimise NetSuite for SaaS and services companies, from close to board reporting.',
        hourlyRate: '95',
        currency: 'USD',
        yearsOfExperience: '9',
        projectTitle: 'Month-end close redesign',
        projectDescription: 'Redesigned the month-end close for a SaaS company, from eleven days to four.',
        projectStartedOn: '2025-09-01',
        tools: String(toolId),
      },
      [{ field: 'images', name: 'close.png', type: 'image/png', bytes: png() }],
    );
  /** A portfolio project under the other service, so it is not the primary service's first project. */
  const addProject = (s: SignedSession) =>
    okForm(
      s,
      '/api/account/freelancer/projects/add/',
      {
        serviceSlug: 'data-and-analytics',
        title: 'Board pack automation for a Series C SaaS company',
        description: 'Replaced a 60-tab Excel board pack with a Power BI report fed from NetSuite and Salesforce.',
        projectSize: 'medium',
        startedOn: '2025-09-01',
      },
      [{ field: 'images', name: 'board-pack.png', type: 'image/png', bytes: png() }],
    );

  const FREELANCER: Record<ItemOf<'freelancer'>, (session: Account) => Promise<unknown>> = {
    'email-verified': verifyEmail,
    'profile-image': uploadProfileImage,
    'primary-service': primaryService,
    'leads-location': leadsLocation,
    'service-details': serviceDetails,
    about: (s) => ok(s, 'PUT', '/api/account/freelancer/about/update/', FREELANCER_ABOUT),
    tagline: (s) =>
      ok(s, 'PATCH', '/api/account/freelancer/settings/tagline/', {
        tagline: 'I turn month-end chaos into a four-day close.',
      }),
    education: (s) =>
      ok(s, 'POST', '/api/account/freelancer/education/set/', {
        entries: [{ school: 'University of Michigan', degree: 'MAcc', field: null, startYear: 2013, endYear: 2015 }],
      }),
    experience: (s) =>
      ok(s, 'POST', '/api/account/freelancer/experience/set/', {
        entries: [
          {
            company: 'Deloitte',
            title: 'Senior Consultant',
            location: 'Chicago, IL',
            description: null,
            startDate: '2015-09-01',
            endDate: '2020-06-01',
            current: false,
          },
        ],
      }),
    languages: (s) =>
      ok(s, 'POST', '/api/account/freelancer/languages/set/', { entries: [{ code: 'en', proficiency: 'native' }] }),
    projects: addProject,
    references: (s) => reviewByAsking(s, 'freelancer'),
    'personal-details': (s) => ok(s, 'PUT', '/api/account/freelancer/settings/personal-details/', PERSONAL),
  };

  /** B14 then G10: the onboarding step's references, one of whom leaves a review through the link. */
  async function reviewFromReference(session: SignedSession) {
    const email = uniqueEmail('reference');
    await ok(session, 'POST', '/api/account/business/review-and-references/set/', {
      references: [
        {
          name: 'Priya Raman',
          email,
          company: 'Brightline Logistics',
          projectSummary: 'Rolling 18-month forecast and board pack automation in Adaptive Planning.',
          relationship: 'client',
        },
      ],
    });
    await leaveReview(await reviewToken(email, 'business'));
  }

  const BUSINESS: Record<ItemOf<'business'>, (session: Account) => Promise<unknown>> = {
    'email-verified': verifyEmail,
    'profile-image': uploadProfileImage,
    'business-details': (s) => ok(s, 'POST', '/api/account/business/details/set/', BUSINESS_BODIES.details),
    'personal-contact': (s) =>
      ok(s, 'POST', '/api/account/business/personal-contact/set/', BUSINESS_BODIES.personalContact),
    about: (s) => ok(s, 'POST', '/api/account/business/about/set/', BUSINESS_BODIES.about),
    locations: (s) => ok(s, 'POST', '/api/account/business/locations/set/', BUSINESS_BODIES.locations),
    'social-profiles': (s) =>
      ok(s, 'POST', '/api/account/business/social-profiles/set/', BUSINESS_BODIES.socialProfiles),
    competitors: (s) => ok(s, 'POST', '/api/account/business/competitors/set/', BUSINESS_BODIES.competitors),
    references: reviewFromReference,
  };

  const account = (type: AccountType) => signedInSession(app(), type);

  // ------------------------------------------------------------ client

  describe('client', () => {
    it.each(Object.keys(CLIENT) as ItemOf<'client'>[])('counts %s once it is saved', async (key) => {
      const session = await account('client');
      await expectCounted(session, 'client', key, () => CLIENT[key](session));
    });

    it('reaches 100 with nothing left to do once everything is filled', async () => {
      const session = await account('client');
      for (const key of Object.keys(CLIENT) as ItemOf<'client'>[]) {
        await expectCounted(session, 'client', key, () => CLIENT[key](session));
      }
      const done = await completion(session, 'client');
      expect(done).toMatchObject({ accountType: 'client', score: 100, missing: [] });
      expect(keys(done.completed).sort()).toEqual(Object.keys(WEIGHTS.client).sort());
    });
  });

  // ------------------------------------------------------------ freelancer

  describe('freelancer', () => {
    /** What an item needs done first: the onboarding steps before it, a second service to file projects under. */
    const NEEDS: Partial<Record<ItemOf<'freelancer'>, ((session: Account) => Promise<unknown>)[]>> = {
      'service-details': [primaryService, leadsLocation],
      projects: [primaryService, leadsLocation, otherService, serviceDetails],
    };

    it.each(Object.keys(FREELANCER) as ItemOf<'freelancer'>[])('counts %s once it is saved', async (key) => {
      const session = await account('freelancer');
      for (const need of NEEDS[key] ?? []) await need(session);
      await expectCounted(session, 'freelancer', key, () => FREELANCER[key](session));
    });

    it('counts projects from the second one only', async () => {
      const session = await account('freelancer');
      await primaryService(session);
      await otherService(session);
      await addProject(session);
      expect(keys((await completion(session, 'freelancer')).missing)).toContain('projects');
      await expectCounted(session, 'freelancer', 'projects', () => addProject(session));
    });

    it('reaches 100 with nothing left to do once everything is filled', async () => {
      const session = await account('freelancer');
      const order: ItemOf<'freelancer'>[] = [
        'email-verified',
        'profile-image',
        'primary-service',
        'leads-location',
        'service-details',
        'about',
        'tagline',
        'education',
        'experience',
        'languages',
        'references',
        'personal-details',
      ];
      for (const key of order) await expectCounted(session, 'freelancer', key, () => FREELANCER[key](session));
      // The first project came with the service details; a second one under another service.
      await otherService(session);
      await expectCounted(session, 'freelancer', 'projects', () => addProject(session));
      const done = await completion(session, 'freelancer');
      expect(done).toMatchObject({ accountType: 'freelancer', score: 100, missing: [] });
      expect(keys(done.completed).sort()).toEqual(Object.keys(WEIGHTS.freelancer).sort());
    });
  });

  // ------------------------------------------------------------ business

  describe('business', () => {
    const REQUIRED: ItemOf<'business'>[] = [
      'business-details',
      'personal-contact',
      'about',
      'locations',
      'social-profiles',
    ];

    it.each(Object.keys(BUSINESS) as ItemOf<'business'>[])('counts %s once it is saved', async (key) => {
      const session = await account('business');
      // References are asked for once onboarding's required steps are done, as the web app does.
      if (key === 'references') for (const step of REQUIRED) await BUSINESS[step](session);
      await expectCounted(session, 'business', key, () => BUSINESS[key](session));
    });

    it('counts the logo saved with the business details, the one its public page shows', async () => {
      const session = await account('business');
      await BUSINESS['business-details'](session);
      const after = await expectCounted(session, 'business', 'profile-image', async () => {
        const logo = await uploadAttachment(session);
        await ok(session, 'PUT', '/api/account/business/details/update/', { ...BUSINESS_BODIES.details, logo });
      });
      expect(after.score).toBe(WEIGHTS.business['business-details'] + WEIGHTS.business['profile-image']);
    });

    it('counts the logo set in the settings, which the public page shows when the details have none', async () => {
      const session = await account('business');
      await verifyEmail(session);
      for (const step of REQUIRED) await BUSINESS[step](session);
      const publicLogo = async () =>
        (
          expectContractResponse(
            'getPublicBusinessProfile',
            await app().inject({ url: `/api/account/public/business/${session.account.user.companyId}/` }),
            200,
          ).data as { logoUrl: string | null }
        ).logoUrl;
      expect(await publicLogo()).toBeNull();
      await expectCounted(session, 'business', 'profile-image', () => uploadProfileImage(session));
      expect(await publicLogo()).toMatch(/^\/api\/uploads\/[0-9a-f-]+\/me\.png$/);
    });

    it('counts a review asked for from the settings page as the first review', async () => {
      const session = await account('business');
      for (const step of REQUIRED) await BUSINESS[step](session);
      await expectCounted(session, 'business', 'references', () => reviewByAsking(session, 'business'));
    });

    it('does not count a reference until its review is submitted', async () => {
      const session = await account('business');
      for (const step of REQUIRED) await BUSINESS[step](session);
      await ok(session, 'POST', '/api/account/business/review-and-references/set/', {
        references: [
          {
            name: 'Priya Raman',
            email: uniqueEmail('reference'),
            company: 'Brightline Logistics',
            projectSummary: 'Rolling 18-month forecast and board pack automation in Adaptive Planning.',
            relationship: 'client',
          },
        ],
      });
      const asked = await completion(session, 'business');
      expect(keys(asked.missing)).toContain('references');
      expect(asked.missing.find((item) => item.key === 'references')?.link).toBe(
        '/dashboard/settings/#review-and-references',
      );
    });

    it('reaches 100 with nothing left to do once everything is filled, the public page showing logo and review', async () => {
      const session = await account('business');
      await expectCounted(session, 'business', 'email-verified', () => verifyEmail(session));
      await expectCounted(session, 'business', 'business-details', () => BUSINESS['business-details'](session));
      await expectCounted(session, 'business', 'profile-image', async () => {
        const logo = await uploadAttachment(session);
        await ok(session, 'PUT', '/api/account/business/details/update/', { ...BUSINESS_BODIES.details, logo });
      });
      for (const key of [
        'personal-contact',
        'about',
        'locations',
        'social-profiles',
        'competitors',
        'references',
      ] as const) {
        await expectCounted(session, 'business', key, () => BUSINESS[key](session));
      }
      const done = await completion(session, 'business');
      expect(done).toMatchObject({ accountType: 'business', score: 100, missing: [] });
      expect(keys(done.completed).sort()).toEqual(Object.keys(WEIGHTS.business).sort());

      const page = expectContractResponse(
        'getPublicBusinessProfile',
        await app().inject({ url: `/api/account/public/business/${session.account.user.companyId}/` }),
        200,
      ).data as { logoUrl: string | null; reviews: unknown[] };
      expect(page.logoUrl).not.toBeNull();
      expect(page.reviews).toHaveLength(1);
    });
  });
});
