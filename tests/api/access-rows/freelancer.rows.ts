import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { providerProjects, providerServices, uploads } from '../../../src/server/db/schema';
import { refreshListing } from '../../../src/server/modules/providers/listing';
import { saveSection, SECTION, updateProfileColumns } from '../../../src/server/modules/providers/profile-store';
import { createAccount } from '../helpers';
import { multipart, png } from '../upload-files';
import { everyone, freelancerOnly, type AccessRows } from './rows';

const ABOUT = {
  headline: 'NetSuite and FP&A consultant for SaaS finance teams',
  about: 'I help finance teams at growing SaaS companies close faster and plan with confidence, nine years in.',
  hourlyRate: { amount: 95, currency: 'USD' },
  yearsOfExperience: 9,
  availability: 'part-time',
};

const PROJECT_FIELDS = {
  serviceSlug: 'finance-transformation',
  title: 'Board pack automation for a Series C SaaS company',
  description: 'Replaced a 60-tab Excel board pack with a Power BI report fed from NetSuite and Salesforce.',
  projectSize: 'medium',
  startedOn: '2025-09-01',
};
const IMAGE = { field: 'images', name: 'board-pack.png', type: 'image/png', bytes: png() };

const multipartRequest = (method: 'POST', url: string, fields: Record<string, string>) => {
  const body = multipart(fields, [IMAGE]);
  return { method, url, payload: body.payload, headers: body.headers };
};

/**
 * A freelancer whose profile is listed, written straight into the store: verified, with a
 * profile image, primary service (with details), leads location, the other-services step and
 * one project. The public pages (F14-F17) answer everyone 200 for it.
 */
async function listedFreelancer(app: FastifyInstance): Promise<{ uid: string; pid: string }> {
  const { user } = await createAccount(app, 'freelancer', { verified: true });
  const [avatar, cover] = await app.db
    .insert(uploads)
    .values([
      {
        ownerId: user.id,
        purpose: 'avatar',
        name: 'me.webp',
        contentType: 'image/webp',
        size: 10,
        storageKey: `avatar/${randomUUID()}`,
      },
      {
        ownerId: user.id,
        purpose: 'project-image',
        name: 'cover.webp',
        contentType: 'image/webp',
        size: 10,
        storageKey: `project-image/${randomUUID()}`,
      },
    ])
    .returning();
  await app.db.insert(providerServices).values({
    userId: user.id,
    family: 'finance-transformation',
    isPrimary: true,
    details: {
      description: 'I implement and optimise NetSuite for SaaS and services companies.',
      hourlyRate: { amount: 95, currency: 'USD' },
      yearsOfExperience: 9,
      tools: [],
      savedAt: new Date().toISOString(),
    },
  });
  await updateProfileColumns(app.db, user, { leadsType: 'worldwide', imageId: avatar!.id });
  await saveSection(app.db, user, SECTION.otherServices, { serviceSlugs: [] });
  await saveSection(app.db, user, SECTION.freelancerAbout, ABOUT);
  const [project] = await app.db
    .insert(providerProjects)
    .values({
      userId: user.id,
      family: 'finance-transformation',
      title: PROJECT_FIELDS.title,
      projectSize: 'medium',
      data: {
        description: PROJECT_FIELDS.description,
        role: null,
        url: null,
        tools: [],
        startedOn: '2025-09-01',
        completedOn: null,
        images: [{ id: cover!.id, name: 'cover.png', width: 480, height: 270 }],
      },
      imageIds: [cover!.id],
    })
    .returning();
  await refreshListing(app.db, user.id);
  return { uid: user.id, pid: project!.id };
}

/** The freelancer calls (F01-F08, F12-F20); each caller is a fresh account. */
export const rows: AccessRows = {
  updateFreelancerAbout: {
    request: async () => ({ method: 'PUT', url: '/api/account/freelancer/about/update/', payload: ABOUT }),
    expected: freelancerOnly(200),
  },
  listProjectSizes: {
    request: async () => ({ url: '/api/account/freelancer/project-size/all/' }),
    expected: everyone(200),
  },
  // A fresh freelancer offers no service to file the project under: 400 on `serviceSlug`
  // (freelancer.test.ts covers the 201).
  addFreelancerProject: {
    request: async () => multipartRequest('POST', '/api/account/freelancer/projects/add/', PROJECT_FIELDS),
    expected: freelancerOnly(400),
  },
  // No project of the caller has this id: 404 (freelancer.test.ts covers the 200).
  updateFreelancerProject: {
    request: async () =>
      multipartRequest('POST', `/api/account/freelancer/projects/${randomUUID()}/update/`, { title: 'A new title' }),
    expected: freelancerOnly(404),
  },
  // Before the primary service and leads location are set: 409 (freelancer.test.ts covers the 200).
  setFreelancerServiceDetails: {
    request: async () =>
      multipartRequest('POST', '/api/account/freelancer/service-details/set/', {
        serviceSlug: 'finance-transformation',
        description: 'I implement and optimise NetSuite for SaaS and services companies, from close to reporting.',
        hourlyRate: '95',
        currency: 'USD',
        yearsOfExperience: '9',
        tools: '1',
        projectTitle: 'Month-end close redesign',
        projectDescription: 'Redesigned the month-end close of a SaaS company in NetSuite, from nine days to four.',
        projectStartedOn: '2025-09-01',
      }),
    expected: freelancerOnly(409),
  },
  setFreelancerEducation: {
    request: async () => ({
      method: 'POST',
      url: '/api/account/freelancer/education/set/',
      payload: {
        entries: [{ school: 'University of Michigan', degree: 'MAcc', field: null, startYear: 2013, endYear: 2015 }],
      },
    }),
    expected: freelancerOnly(200),
  },
  setFreelancerExperience: {
    request: async () => ({
      method: 'POST',
      url: '/api/account/freelancer/experience/set/',
      payload: {
        entries: [
          {
            company: 'Independent',
            title: 'Consultant',
            location: null,
            startDate: '2020-07-01',
            endDate: null,
            current: true,
          },
        ],
      },
    }),
    expected: freelancerOnly(200),
  },
  setFreelancerLanguages: {
    request: async () => ({
      method: 'POST',
      url: '/api/account/freelancer/languages/set/',
      payload: { entries: [{ code: 'en', proficiency: 'native' }] },
    }),
    expected: freelancerOnly(200),
  },
  // A fresh freelancer does not offer the service yet: 404 (freelancer.test.ts covers the 200).
  listFreelancerServiceProjects: {
    request: async () => ({ url: '/api/account/freelancer/service/finance-transformation/projects/all/' }),
    expected: freelancerOnly(404),
  },
  // No project of the caller has this id: 404 (freelancer.test.ts covers the 200).
  getFreelancerProject: {
    request: async () => ({ url: `/api/account/freelancer/projects/${randomUUID()}/details/` }),
    expected: freelancerOnly(404),
  },
  getPublicFreelancerProfile: {
    request: async (app) => ({ url: `/api/account/public/freelancer/${(await listedFreelancer(app)).uid}/` }),
    expected: everyone(200),
  },
  listPublicFreelancerServices: {
    request: async (app) => ({ url: `/api/account/public/freelancer/${(await listedFreelancer(app)).uid}/services/` }),
    expected: everyone(200),
  },
  listPublicFreelancerProjects: {
    request: async (app) => ({
      url: `/api/account/public/freelancer/${(await listedFreelancer(app)).uid}/services/finance-transformation/projects/`,
    }),
    expected: everyone(200),
  },
  getPublicFreelancerProject: {
    request: async (app) => {
      const { uid, pid } = await listedFreelancer(app);
      return { url: `/api/account/public/freelancer/${uid}/projects/${pid}/details/` };
    },
    expected: everyone(200),
  },
  getFreelancerSettings: {
    request: async () => ({ url: '/api/account/freelancer/settings/' }),
    expected: freelancerOnly(200),
  },
  updateFreelancerTagline: {
    request: async () => ({
      method: 'PATCH',
      url: '/api/account/freelancer/settings/tagline/',
      payload: { tagline: 'I turn month-end chaos into a four-day close.' },
    }),
    expected: freelancerOnly(200),
  },
  updateFreelancerPersonalDetails: {
    request: async () => ({
      method: 'PUT',
      url: '/api/account/freelancer/settings/personal-details/',
      payload: {
        firstname: 'Maya',
        lastname: 'Okafor',
        phone: null,
        country: 'US',
        state: 'CA',
        city: 'San Francisco',
        timezone: 'America/Los_Angeles',
      },
    }),
    expected: freelancerOnly(200),
  },
  updateFreelancerBusinessDetails: {
    request: async () => ({
      method: 'PUT',
      url: '/api/account/freelancer/settings/business-details/',
      payload: {
        companyName: 'Okafor Finance Consulting LLC',
        registrationNumber: null,
        vatNumber: null,
        address: {
          country: 'US',
          state: 'CA',
          city: 'San Francisco',
          line1: '548 Market Street',
          line2: null,
          postalCode: '94104',
        },
        invoiceEmail: null,
      },
    }),
    expected: freelancerOnly(200),
  },
};
