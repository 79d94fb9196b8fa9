import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionOf } from '../../src/shared/forms/submission';
import type { JsonSchema } from '../../src/shared/forms/bundle';
import type { components } from '../../src/server/generated/api';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import { serviceRequestService } from '../../src/server/modules/requests/service';
import { expectContractResponse } from './contract-responses';
import { buildTestApp, databaseKinds, getMe, signedInSession, type SignedSession, type TestApp } from './helpers';
import { listedBusiness } from './provider-fixtures';
import { image, multipart } from './upload-files';

type Schemas = components['schemas'];

const PERSONAL = {
  firstname: 'Priya',
  lastname: 'Raman',
  phone: '+13125550187',
  country: 'US',
  state: 'IL',
  city: 'Chicago',
  timezone: 'America/Chicago',
};
const CLIENT_DETAILS = {
  companyName: 'Brightline Logistics',
  jobTitle: 'VP Finance',
  industry: 'logistics-and-transportation',
  businessSize: '201-500',
  website: 'https://www.brightline-logistics.com',
  linkedin: 'https://www.linkedin.com/in/priya-raman-finance/',
};
/** The about section shares industry, size and website with the profile details. */
const CLIENT_ABOUT = {
  industry: CLIENT_DETAILS.industry,
  businessSize: CLIENT_DETAILS.businessSize,
  website: CLIENT_DETAILS.website,
};
/** How the settings name the client's industry and size: the catalogue's labels. */
const CLIENT_LABELS = {
  industry: { slug: CLIENT_DETAILS.industry, label: 'Logistics and transportation' },
  businessSize: { slug: CLIENT_DETAILS.businessSize, label: '201 to 500 employees' },
};
const FREELANCER_BUSINESS = {
  companyName: 'Okafor Finance Consulting LLC',
  registrationNumber: '202412345678',
  vatNumber: null,
  address: {
    country: 'US',
    state: 'CA',
    city: 'San Francisco',
    line1: '548 Market Street',
    line2: 'Suite 35410',
    postalCode: '94104',
  },
  invoiceEmail: 'billing@okaforfinance.com',
};

/** The mobile-app form's complete example as a create body. */
function requestBody(title: string): Schemas['ServiceRequestCreateInput'] {
  const form = requestForms().get('requests/mobile-app')!;
  const data = JSON.parse(
    readFileSync(join(FORMS_DIR, form.entry.path, 'examples', 'valid-complete.json'), 'utf8'),
  ) as JsonSchema;
  const submission = submissionOf(form.entry.envelopeFields, data) as { answers: JsonSchema; title: string };
  delete (submission as { attachments?: unknown }).attachments;
  return {
    family: form.entry.family,
    subFamily: form.entry.subFamily,
    formId: form.entry.id,
    ...submission,
    title,
  } as Schemas['ServiceRequestCreateInput'];
}

describe.each(databaseKinds)('settings and profiles read back what was saved (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  const call = (session: SignedSession, request: InjectOptions) =>
    app().inject({ ...request, headers: { ...session.headers, ...(request.headers ?? {}) } });
  const put = (session: SignedSession, url: string, payload: unknown) =>
    call(session, { method: 'PUT', url, payload: payload as Record<string, unknown> });

  it("answers a client's personal details, profile details and about section as saved, null before", async () => {
    const client = await signedInSession(app(), 'client');
    const before = await call(client, { url: '/api/account/client/settings/' });
    expect(expectContractResponse('getClientSettings', before, 200).data).toEqual({
      personalDetails: null,
      profileDetails: null,
      about: null,
    });

    expect((await put(client, '/api/account/client/settings/personal-details/', PERSONAL)).statusCode).toBe(200);
    expect((await put(client, '/api/account/client/settings/profile-details/', CLIENT_DETAILS)).statusCode).toBe(200);

    const after = await call(client, { url: '/api/account/client/settings/' });
    const { data } = expectContractResponse('getClientSettings', after, 200);
    expect(data.personalDetails).toMatchObject({
      ...PERSONAL,
      email: client.account.email,
      countryName: 'United States',
      stateName: 'Illinois',
    });
    expect(data.profileDetails).toMatchObject({ ...CLIENT_DETAILS, ...CLIENT_LABELS });
    expect(data.about).toBeNull();

    const about = 'Brightline Logistics runs regional freight for 400 retailers across the Midwest.';
    expect((await put(client, '/api/account/client/about/update/', { ...CLIENT_ABOUT, about })).statusCode).toBe(200);
    const withAbout = expectContractResponse(
      'getClientSettings',
      await call(client, { url: '/api/account/client/settings/' }),
      200,
    ).data;
    expect(withAbout.about).toMatchObject({ about, ...CLIENT_LABELS, website: CLIENT_ABOUT.website });
    // Both sections name the industry and size with the catalogue's labels.
    expect(withAbout.profileDetails).toMatchObject(CLIENT_LABELS);
  });

  it("shows the client's saved country on the public job page", async () => {
    const client = await signedInSession(app(), 'client');
    const { request } = await serviceRequestService(app()).create(
      client.account.user.id,
      requestBody('Field sales app for a regional distributor'),
    );
    const job = () => app().inject({ url: `/api/service/public/request/${request.refId}/${request.slug}` });
    expect(expectContractResponse('getPublicServiceRequest', await job(), 200).data.client.country).toBeNull();

    await put(client, '/api/account/client/settings/personal-details/', PERSONAL);
    expect(expectContractResponse('getPublicServiceRequest', await job(), 200).data.client.country).toBe('US');
  });

  it("answers a freelancer's private settings (phone, state, time zone, business details, tagline)", async () => {
    const freelancer = await signedInSession(app(), 'freelancer');
    const before = await call(freelancer, { url: '/api/account/freelancer/settings/' });
    expect(expectContractResponse('getFreelancerSettings', before, 200).data).toEqual({
      personalDetails: null,
      businessDetails: null,
      tagline: null,
      primaryService: null,
      services: [],
    });

    const personal = {
      ...PERSONAL,
      firstname: 'Maya',
      lastname: 'Okafor',
      state: 'CA',
      timezone: 'America/Los_Angeles',
    };
    await put(freelancer, '/api/account/freelancer/settings/personal-details/', personal);
    await put(freelancer, '/api/account/freelancer/settings/business-details/', FREELANCER_BUSINESS);
    await call(freelancer, {
      method: 'PATCH',
      url: '/api/account/freelancer/settings/tagline/',
      payload: { tagline: 'I turn month-end chaos into a four-day close.' },
    });

    const after = await call(freelancer, { url: '/api/account/freelancer/settings/' });
    const { data } = expectContractResponse('getFreelancerSettings', after, 200);
    expect(data.personalDetails).toMatchObject({ ...personal, stateName: 'California' });
    expect(data.businessDetails).toMatchObject({
      ...FREELANCER_BUSINESS,
      address: { ...FREELANCER_BUSINESS.address, countryName: 'United States', stateName: 'California' },
    });
    expect(data.tagline).toBe('I turn month-end chaos into a four-day close.');
  });

  it("answers every section of the business's own profile, private ones included", async () => {
    const account = await listedBusiness(app());
    const business = await signedInSession(app(), 'business', { account });
    const contact = {
      firstname: 'Lena',
      lastname: 'Ortiz',
      jobTitle: 'Managing Partner',
      phone: '+14155550132',
      email: 'lena.ortiz@example.com',
    };
    await put(business, '/api/account/business/personal-contact/update/', contact);
    const response = await call(business, { url: '/api/account/business/profile/' });
    const { data } = expectContractResponse('getBusinessProfile', response, 200);
    expect(data.companyId).toBe(account.user.companyId);
    expect(data.details).toMatchObject({ companyName: account.user.companyname, businessType: 'consulting-firm' });
    expect(data.details!.logoUrl).toEqual(expect.any(String));
    expect(data.personalContact).toMatchObject(contact);
    expect(data.about!.totalEmployees.slug).toBe('10-49');
    expect(data.about!.languages.map((language: { code: string }) => language.code)).toEqual(['en']);
    expect(data.locations).toEqual([expect.objectContaining({ city: 'San Francisco', isHeadquarters: true })]);
    expect(data.socialProfiles!.linkedin).toBe('https://www.linkedin.com/company/example');
    expect(data.competitors).toBeNull();
  });

  it('refuses the other account types each settings read', async () => {
    const freelancer = await signedInSession(app(), 'freelancer');
    const client = await signedInSession(app(), 'client');
    expect((await call(freelancer, { url: '/api/account/client/settings/' })).statusCode).toBe(403);
    expect((await call(client, { url: '/api/account/freelancer/settings/' })).statusCode).toBe(403);
    const business = await signedInSession(app(), 'business');
    expect((await call(business, { url: '/api/account/freelancer/settings/' })).statusCode).toBe(403);
    expect((await call(client, { url: '/api/account/business/profile/' })).statusCode).toBe(403);
  });

  it("shows a business's onboarding logo in its settings, and makes a logo changed there the public one", async () => {
    const account = await listedBusiness(app());
    const business = await signedInSession(app(), 'business', { account });
    const publicLogo = async () => {
      const response = await app().inject({ url: `/api/account/public/business/${account.user.companyId}/` });
      return expectContractResponse('getPublicBusinessProfile', response, 200).data.logoUrl;
    };
    const settingsImage = async () => (await getMe(app(), business)).json().data.profile.image as string | null;

    const onboardingLogo = await publicLogo();
    expect(onboardingLogo).toEqual(expect.any(String));
    expect(await settingsImage()).toBe(onboardingLogo);

    const body = multipart({}, [
      { field: 'image', name: 'logo.png', type: 'image/png', bytes: await image('png', 400, 400) },
    ]);
    const updated = await call(business, {
      method: 'POST',
      url: '/api/account/update/profile/',
      payload: body.payload,
      headers: body.headers,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const newLogo = await publicLogo();
    expect(newLogo).not.toBe(onboardingLogo);
    expect(await settingsImage()).toBe(newLogo);

    const removed = multipart({ removeImage: 'true' });
    await call(business, {
      method: 'POST',
      url: '/api/account/update/profile/',
      payload: removed.payload,
      headers: removed.headers,
    });
    expect(await publicLogo()).toBeNull();
    expect(await settingsImage()).toBeNull();
  });
});
