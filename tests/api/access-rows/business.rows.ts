import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createAccount, signedInSession, type SignedSession, type TestAccount } from '../helpers';
import { businessOnly, everyone, type AccessRows } from './rows';

/** Valid bodies of the business onboarding steps, in order. */
export const BUSINESS_BODIES = {
  details: {
    companyName: 'Northwind Analytics',
    tagline: 'Finance and data teams on demand for mid-market companies.',
    description:
      'Northwind Analytics helps mid-market finance teams plan, report and decide faster. Our consultants implement FP&A platforms, build data warehouses and dashboards, and stay on to run them with you.',
    website: 'https://www.northwind-analytics.com',
    foundedYear: 2014,
    businessType: 'agency',
    industry: 'financial-services',
  },
  personalContact: {
    firstname: 'Daniel',
    lastname: 'Okafor',
    jobTitle: 'Managing Partner',
    phone: '+14155550132',
    email: 'daniel.okafor@northwind-analytics.com',
  },
  about: {
    services: ['finance-transformation/fp-and-a-revolution', 'data-and-analytics/business', 'machine-learning-and-ai'],
    totalEmployees: '10-49',
    minimumProjectSize: '25000-plus',
    averageHourlyRate: '100-149',
    languages: ['en', 'es'],
  },
  locations: {
    locations: [
      {
        label: 'Headquarters',
        line1: '548 Market Street',
        line2: 'Suite 4100',
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94104',
        country: 'US',
        phone: '+14155550132',
        isHeadquarters: true,
      },
      {
        label: 'Austin office',
        line1: '701 Brazos Street',
        line2: null,
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
        phone: null,
        isHeadquarters: false,
      },
    ],
  },
  location: {
    label: 'London office',
    line1: '30 Finsbury Square',
    line2: null,
    city: 'London',
    state: 'ENG',
    postalCode: 'EC2A 1AG',
    country: 'GB',
    phone: '+442079460958',
    isHeadquarters: false,
  },
  socialProfiles: {
    linkedin: 'https://www.linkedin.com/company/northwind-analytics',
    github: 'https://github.com/northwind-analytics',
    website: 'https://www.northwind-analytics.com',
  },
  competitors: {
    competitors: [
      { name: 'Summit Ledger Partners', website: 'https://www.summitledger.com' },
      { name: 'Clearpath FP&A', website: 'https://clearpathfpa.io' },
    ],
  },
};

/** The "set" call of each required onboarding step, in order. */
export const REQUIRED_STEPS: [url: string, body: object][] = [
  ['/api/account/business/details/set/', BUSINESS_BODIES.details],
  ['/api/account/business/personal-contact/set/', BUSINESS_BODIES.personalContact],
  ['/api/account/business/about/set/', BUSINESS_BODIES.about],
  ['/api/account/business/locations/set/', BUSINESS_BODIES.locations],
  ['/api/account/business/social-profiles/set/', BUSINESS_BODIES.socialProfiles],
];

/** A verified business that went through every required onboarding step: its profile is public. */
export async function listedBusiness(app: FastifyInstance): Promise<SignedSession & { account: TestAccount }> {
  const account = await createAccount(app, 'business', { verified: true });
  const session = await signedInSession(app, 'business', { account });
  for (const [url, payload] of REQUIRED_STEPS) {
    const response = await app.inject({ method: 'POST', url, payload, headers: session.headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  }
  return session;
}

const send = (method: 'POST' | 'PUT', url: string, payload: object) => async () => ({ method, url, payload });

/** Business onboarding, offices, lookup lists and the public profile (B01-B13, B18-B22). */
export const rows: AccessRows = {
  getBusinessProfile: {
    request: async () => ({ url: '/api/account/business/profile/' }),
    expected: businessOnly(200),
  },
  setBusinessDetails: {
    request: send('POST', '/api/account/business/details/set/', BUSINESS_BODIES.details),
    expected: businessOnly(200),
  },
  // A fresh account has nothing to update yet: 409 (business.test.ts covers the 200s).
  updateBusinessDetails: {
    request: send('PUT', '/api/account/business/details/update/', BUSINESS_BODIES.details),
    expected: businessOnly(409),
  },
  setBusinessPersonalContact: {
    request: send('POST', '/api/account/business/personal-contact/set/', BUSINESS_BODIES.personalContact),
    expected: businessOnly(200),
  },
  updateBusinessPersonalContact: {
    request: send('PUT', '/api/account/business/personal-contact/update/', BUSINESS_BODIES.personalContact),
    expected: businessOnly(409),
  },
  setBusinessAbout: {
    request: send('POST', '/api/account/business/about/set/', BUSINESS_BODIES.about),
    expected: businessOnly(200),
  },
  updateBusinessAbout: {
    request: send('PUT', '/api/account/business/about/update/', BUSINESS_BODIES.about),
    expected: businessOnly(409),
  },
  setBusinessLocations: {
    request: send('POST', '/api/account/business/locations/set/', BUSINESS_BODIES.locations),
    expected: businessOnly(200),
  },
  addBusinessLocation: {
    request: send('POST', '/api/account/business/locations/add/', BUSINESS_BODIES.location),
    expected: businessOnly(201),
  },
  // No office of the caller has this id: 404, as for another business's office.
  updateBusinessLocation: {
    request: async () => ({
      method: 'PUT',
      url: `/api/account/business/locations/${randomUUID()}/update/`,
      payload: BUSINESS_BODIES.location,
    }),
    expected: businessOnly(404),
  },
  setBusinessSocialProfiles: {
    request: send('POST', '/api/account/business/social-profiles/set/', BUSINESS_BODIES.socialProfiles),
    expected: businessOnly(200),
  },
  updateBusinessSocialProfiles: {
    request: send('PUT', '/api/account/business/social-profiles/update/', BUSINESS_BODIES.socialProfiles),
    expected: businessOnly(409),
  },
  setBusinessCompetitors: {
    request: send('POST', '/api/account/business/competitors/set/', BUSINESS_BODIES.competitors),
    expected: businessOnly(200),
  },
  updateBusinessCompetitors: {
    request: send('PUT', '/api/account/business/competitors/update/', BUSINESS_BODIES.competitors),
    expected: businessOnly(409),
  },
  listBusinessServices: {
    request: async () => ({ url: '/api/account/business/services/all/' }),
    expected: everyone(200),
  },
  listTotalEmployeeRanges: {
    request: async () => ({ url: '/api/account/business/total-employees/all/' }),
    expected: everyone(200),
  },
  listMinimumProjectSizes: {
    request: async () => ({ url: '/api/account/business/minimum-project-size/all/' }),
    expected: everyone(200),
  },
  listAverageHourlyRates: {
    request: async () => ({ url: '/api/account/business/average-hourly-rate/all/' }),
    expected: everyone(200),
  },
  getPublicBusinessProfile: {
    request: async (app) => {
      const { account } = await listedBusiness(app);
      return { url: `/api/account/public/business/${account.user.companyId}/` };
    },
    expected: everyone(200),
  },
};
