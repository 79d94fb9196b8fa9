import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessLocations, profiles, providerReferences, uploads } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { BUSINESS_BODIES, listedBusiness, REQUIRED_STEPS } from './access-rows/business.rows';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  getMe,
  signedInSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import { jpeg, multipart, pdf } from './upload-files';

type Schemas = components['schemas'];

const URL = {
  detailsSet: '/api/account/business/details/set/',
  detailsUpdate: '/api/account/business/details/update/',
  contactSet: '/api/account/business/personal-contact/set/',
  contactUpdate: '/api/account/business/personal-contact/update/',
  aboutSet: '/api/account/business/about/set/',
  aboutUpdate: '/api/account/business/about/update/',
  locationsSet: '/api/account/business/locations/set/',
  locationAdd: '/api/account/business/locations/add/',
  location: (id: string) => `/api/account/business/locations/${id}/update/`,
  socialSet: '/api/account/business/social-profiles/set/',
  socialUpdate: '/api/account/business/social-profiles/update/',
  competitorsSet: '/api/account/business/competitors/set/',
  competitorsUpdate: '/api/account/business/competitors/update/',
  publicProfile: (companyId: string) => `/api/account/public/business/${companyId}/`,
};

const { details, personalContact, about, locations, location, socialProfiles, competitors } = BUSINESS_BODIES;

describe.each(databaseKinds)('business onboarding and public profile (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
  });
  afterAll(() => testApp.close());

  const send = (session: SignedSession, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    testApp.app.inject({ method, url, payload: payload as object, headers: session.headers });
  const post = (session: SignedSession, url: string, payload: unknown) => send(session, 'POST', url, payload);
  const put = (session: SignedSession, url: string, payload: unknown) => send(session, 'PUT', url, payload);
  const publicProfile = (companyId: string, session?: SignedSession) =>
    testApp.app.inject({ url: URL.publicProfile(companyId), headers: session ? { cookie: session.cookie } : {} });

  const profileOf = async (userId: string) =>
    (await testApp.app.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
  const locationsOf = (userId: string) =>
    testApp.app.db.select().from(businessLocations).where(eq(businessLocations.userId, userId));
  const uploadRow = async (id: string) => (await testApp.app.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;

  async function upload(session: SignedSession, file: { name: string; type: string; bytes: Buffer }) {
    const form = multipart({}, [{ field: 'file', ...file }]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/attachments/',
      payload: form.payload,
      headers: { ...form.headers, ...session.headers },
    });
    return (expectContractResponse('uploadAttachment', response, 201) as { data: Schemas['Attachment'] }).data;
  }
  const uploadLogo = (session: SignedSession) =>
    upload(session, { name: 'logo.jpg', type: 'image/jpeg', bytes: jpeg() });

  const business = (options: { verified?: boolean } = {}) =>
    signedInSession(testApp.app, 'business', { verified: options.verified ?? true });

  it('walks a business through onboarding, each answer naming the next step and /auth/me/ following', async () => {
    const session = await business();
    const companyId = session.account.user.companyId!;
    const logo = await uploadLogo(session);

    const me0 = (await getMe(testApp.app, session)).json().data;
    expect(me0.business).toMatchObject({ companyId, details: { completed: false }, locations: [] });

    const setDetails = await post(session, URL.detailsSet, { ...details, logo: logo.id });
    const detailsAnswer = expectContractResponse('setBusinessDetails', setDetails, 200).data;
    expect(detailsAnswer).toEqual({
      details: {
        ...details,
        companyId,
        logo: logo.id,
        logoUrl: logo.url,
        updatedAt: expect.any(String),
      },
      nextStep: '/auth/su/business/personal-contact/',
    });
    expect(setDetails.headers['cache-control']).toBe('no-store');
    expect(await uploadRow(logo.id)).toMatchObject({
      attachedToType: 'business-logo',
      attachedToId: session.account.user.id,
    });

    const setContact = await post(session, URL.contactSet, personalContact);
    expect(expectContractResponse('setBusinessPersonalContact', setContact, 200).data).toEqual({
      personalContact: { ...personalContact, updatedAt: expect.any(String) },
      nextStep: '/auth/su/business/about/',
    });

    const setAbout = await post(session, URL.aboutSet, about);
    expect(expectContractResponse('setBusinessAbout', setAbout, 200).data).toEqual({
      about: {
        services: [
          { slug: 'finance-transformation/fp-and-a-revolution', label: 'FP&A Revolution' },
          { slug: 'data-and-analytics/business', label: expect.any(String) },
          { slug: 'machine-learning-and-ai', label: expect.any(String) },
        ],
        totalEmployees: { slug: '10-49', label: '10 - 49 employees' },
        minimumProjectSize: { slug: '25000-plus', label: '$25,000+' },
        averageHourlyRate: { slug: '100-149', label: '$100 - $149 / hr' },
        languages: [
          { code: 'en', name: 'English' },
          { code: 'es', name: 'Spanish' },
        ],
        updatedAt: expect.any(String),
      },
      nextStep: '/auth/su/business/locations/',
    });

    // Half-made: nobody sees it, not even its owner.
    expect((await publicProfile(companyId)).statusCode).toBe(404);
    expect((await publicProfile(companyId, session)).statusCode).toBe(404);

    const setLocations = await post(session, URL.locationsSet, locations);
    const locationsAnswer = expectContractResponse('setBusinessLocations', setLocations, 200).data;
    expect(locationsAnswer.nextStep).toBe('/auth/su/business/social-profiles/');
    expect(locationsAnswer.locations).toEqual(
      locations.locations.map((office) => ({ ...office, id: expect.any(String) })),
    );
    const me4 = (await getMe(testApp.app, session)).json().data;
    expect(me4.business).toMatchObject({
      details: { completed: true },
      personalContact: { completed: true },
      about: { completed: true },
      socialProfiles: { completed: false },
      locations: locationsAnswer.locations.map((office: Schemas['BusinessLocation']) => ({
        id: office.id,
        city: office.city,
        state: office.state,
        country: office.country,
        isHeadquarters: office.isHeadquarters,
      })),
    });
    expect((await publicProfile(companyId)).statusCode).toBe(404);

    const setSocial = await post(session, URL.socialSet, socialProfiles);
    expect(expectContractResponse('setBusinessSocialProfiles', setSocial, 200).data).toEqual({
      socialProfiles: {
        linkedin: socialProfiles.linkedin,
        x: null,
        facebook: null,
        instagram: null,
        youtube: null,
        github: socialProfiles.github,
        clutch: null,
        website: socialProfiles.website,
      },
      nextStep: '/auth/su/business/competitors/',
    });
    expect((await profileOf(session.account.user.id))!.listedAt).not.toBeNull();

    const shown = await publicProfile(companyId);
    const page = expectContractResponse('getPublicBusinessProfile', shown, 200)
      .data as Schemas['BusinessPublicProfile'];
    expect(shown.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(page).toMatchObject({
      companyId,
      // The owner's account: who the page's Contact button writes to.
      accountId: session.account.user.id,
      name: details.companyName,
      logoUrl: logo.url,
      tagline: details.tagline,
      description: details.description,
      website: details.website,
      foundedYear: details.foundedYear,
      businessType: { slug: 'agency', label: 'Agency or consultancy' },
      industry: { slug: 'financial-services', label: 'Financial services' },
      services: setAbout.json().data.about.services,
      totalEmployees: { slug: '10-49', label: '10 - 49 employees' },
      languages: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Spanish' },
      ],
      locations: locationsAnswer.locations,
      socialProfiles: setSocial.json().data.socialProfiles,
      rating: { average: null, count: 0 },
      reviews: [],
      references: [],
      badge: null,
    });
    expect(JSON.stringify(page)).not.toContain(personalContact.email);

    const setCompetitors = await post(session, URL.competitorsSet, competitors);
    expect(expectContractResponse('setBusinessCompetitors', setCompetitors, 200).data).toEqual({
      competitors: { competitors: competitors.competitors, updatedAt: expect.any(String) },
      nextStep: '/auth/su/business/review-and-references/',
    });
    const afterCompetitors = await publicProfile(companyId);
    expect(afterCompetitors.body).not.toContain('summitledger');

    const me6 = (await getMe(testApp.app, session)).json().data;
    expect(me6.business).toMatchObject({
      socialProfiles: { completed: true },
      competitors: { completed: true },
      reviewAndReferences: { completed: false },
    });
    expect(me6.companyname).toBe(details.companyName);
  });

  it('answers 409 to a second set and to an update before the set, and updates after it', async () => {
    const session = await business();
    const sections: [set: string, update: string, body: object, setOp: string, updateOp: string][] = [
      [URL.detailsSet, URL.detailsUpdate, details, 'setBusinessDetails', 'updateBusinessDetails'],
      [
        URL.contactSet,
        URL.contactUpdate,
        personalContact,
        'setBusinessPersonalContact',
        'updateBusinessPersonalContact',
      ],
      [URL.aboutSet, URL.aboutUpdate, about, 'setBusinessAbout', 'updateBusinessAbout'],
      [URL.socialSet, URL.socialUpdate, socialProfiles, 'setBusinessSocialProfiles', 'updateBusinessSocialProfiles'],
      [URL.competitorsSet, URL.competitorsUpdate, competitors, 'setBusinessCompetitors', 'updateBusinessCompetitors'],
    ];
    for (const [setUrl, updateUrl, body, setOp, updateOp] of sections) {
      const early = await put(session, updateUrl, body);
      expect(early.statusCode, updateUrl).toBe(409);
      expectErrorEnvelope(early.json());
      expectContractResponse(updateOp, early);
      expectContractResponse(setOp, await post(session, setUrl, body), 200);
      const again = await post(session, setUrl, body);
      expect(again.statusCode, setUrl).toBe(409);
      expect(again.json().code).toBe('conflict');
      expectContractResponse(setOp, again);
    }
    const firstLocations = await post(session, URL.locationsSet, locations);
    expectContractResponse('setBusinessLocations', firstLocations, 200);
    expectContractResponse('setBusinessLocations', await post(session, URL.locationsSet, locations), 409);

    const renamed = await put(session, URL.detailsUpdate, { ...details, companyName: 'Northwind Partners' });
    const renamedDetails = expectContractResponse('updateBusinessDetails', renamed, 200).data;
    expect(renamedDetails).toEqual({
      details: expect.objectContaining({
        companyName: 'Northwind Partners',
        companyId: session.account.user.companyId,
      }),
    });
    const contact = await put(session, URL.contactUpdate, { ...personalContact, jobTitle: 'Head of Partnerships' });
    expect(expectContractResponse('updateBusinessPersonalContact', contact, 200).data.personalContact.jobTitle).toBe(
      'Head of Partnerships',
    );
    const newAbout = await put(session, URL.aboutUpdate, { ...about, languages: ['pt'], totalEmployees: '1' });
    expect(expectContractResponse('updateBusinessAbout', newAbout, 200).data.about).toMatchObject({
      totalEmployees: { slug: '1', label: 'Freelancer (1)' },
      languages: [{ code: 'pt', name: 'Portuguese' }],
    });
    const social = await put(session, URL.socialUpdate, { youtube: 'https://www.youtube.com/@northwindanalytics' });
    expect(expectContractResponse('updateBusinessSocialProfiles', social, 200).data.socialProfiles).toMatchObject({
      linkedin: null,
      youtube: 'https://www.youtube.com/@northwindanalytics',
    });
    const rivals = await put(session, URL.competitorsUpdate, {
      competitors: [{ name: 'Harbor & Vale Consulting', website: 'https://harborvale.co' }],
    });
    expect(expectContractResponse('updateBusinessCompetitors', rivals, 200).data.competitors.competitors).toHaveLength(
      1,
    );

    const page = expectContractResponse(
      'getPublicBusinessProfile',
      await publicProfile(session.account.user.companyId!),
      200,
    ).data;
    expect(page).toMatchObject({ name: 'Northwind Partners', totalEmployees: { slug: '1' } });
  });

  it('keeps the logo to one use: replacing or removing it frees the old upload', async () => {
    const session = await business();
    const [first, second] = [await uploadLogo(session), await uploadLogo(session)];
    expectContractResponse(
      'setBusinessDetails',
      await post(session, URL.detailsSet, { ...details, logo: first.id }),
      200,
    );
    const swapped = await put(session, URL.detailsUpdate, { ...details, logo: second.id });
    expect(expectContractResponse('updateBusinessDetails', swapped, 200).data.details.logo).toBe(second.id);
    expect(await uploadRow(first.id)).toMatchObject({ attachedToType: null, attachedToId: null });
    expect(await uploadRow(second.id)).toMatchObject({ attachedToType: 'business-logo' });
    // The same logo again is fine; no logo frees it.
    expectContractResponse(
      'updateBusinessDetails',
      await put(session, URL.detailsUpdate, { ...details, logo: second.id }),
      200,
    );
    const removed = await put(session, URL.detailsUpdate, { ...details, logo: null });
    expect(expectContractResponse('updateBusinessDetails', removed, 200).data.details).toMatchObject({
      logo: null,
      logoUrl: null,
    });
    expect(await uploadRow(second.id)).toMatchObject({ attachedToType: null, attachedToId: null });

    // Used as a logo again, it is attached, so nothing else (a request's attachments) can claim it.
    const back = await put(session, URL.detailsUpdate, { ...details, logo: first.id });
    expectContractResponse('updateBusinessDetails', back, 200);
    expect(await uploadRow(first.id)).toMatchObject({ attachedToType: 'business-logo' });
    // One logo: the details' logo is the profile image the header and settings show, stored once.
    const me = (await getMe(testApp.app, session)).json().data;
    expect(me.profile.image).toBe(expectContractResponse('updateBusinessDetails', back, 200).data.details.logoUrl);
    const [stored] = await testApp.app.db.select().from(profiles).where(eq(profiles.userId, me.id));
    expect(stored!.imageId).toBe(first.id);
    expect(stored!.sections.businessDetails!.data).not.toHaveProperty('logo');
    // Another business cannot take it as its own logo.
    const other = await business();
    expect((await post(other, URL.detailsSet, { ...details, logo: first.id })).statusCode).toBe(400);
  });

  describe('refuses what the catalogue does not have, naming the field, with nothing written', () => {
    const cases: { label: string; url: string; body: (ids: Record<string, string>) => object; field: string }[] = [
      {
        label: 'an unknown business type',
        url: URL.detailsSet,
        body: () => ({ ...details, businessType: 'pirate-ship' }),
        field: 'businessType',
      },
      {
        label: 'an unknown industry',
        url: URL.detailsSet,
        body: () => ({ ...details, industry: 'alchemy' }),
        field: 'industry',
      },
      {
        label: 'another business’s logo upload',
        url: URL.detailsSet,
        body: (ids) => ({ ...details, logo: ids.otherBusiness }),
        field: 'logo',
      },
      {
        label: 'a client’s upload',
        url: URL.detailsSet,
        body: (ids) => ({ ...details, logo: ids.client }),
        field: 'logo',
      },
      {
        label: 'a freelancer’s upload',
        url: URL.detailsSet,
        body: (ids) => ({ ...details, logo: ids.freelancer }),
        field: 'logo',
      },
      {
        label: 'an upload id that does not exist',
        url: URL.detailsSet,
        body: () => ({ ...details, logo: randomUUID() }),
        field: 'logo',
      },
      {
        label: 'its own PDF as a logo',
        url: URL.detailsSet,
        body: (ids) => ({ ...details, logo: ids.ownPdf }),
        field: 'logo',
      },
      {
        label: 'an unknown language',
        url: URL.aboutSet,
        body: () => ({ ...about, languages: ['en', 'qq'] }),
        field: 'languages.1',
      },
      {
        label: 'an unknown service',
        url: URL.aboutSet,
        body: () => ({ ...about, services: ['mobile-app', 'time-travel'] }),
        field: 'services.1',
      },
      {
        label: 'a sub-family of nothing',
        url: URL.aboutSet,
        body: () => ({ ...about, services: ['time-travel/paradoxes'] }),
        field: 'services.0',
      },
      {
        label: 'an unknown sub-family',
        url: URL.aboutSet,
        body: () => ({ ...about, services: ['mobile-app', 'data-and-analytics/astrology'] }),
        field: 'services.1',
      },
      {
        label: 'a state not of its country',
        url: URL.locationsSet,
        body: () => ({ locations: [locations.locations[0], { ...location, country: 'GB', state: 'CA' }] }),
        field: 'locations.1.state',
      },
      {
        label: 'an unknown country',
        url: URL.locationsSet,
        body: () => ({ locations: [{ ...locations.locations[0], country: 'QQ', state: null }] }),
        field: 'locations.0.country',
      },
      {
        label: 'two headquarters',
        url: URL.locationsSet,
        body: () => ({ locations: locations.locations.map((office) => ({ ...office, isHeadquarters: true })) }),
        field: 'locations',
      },
      {
        label: 'no headquarters',
        url: URL.locationsSet,
        body: () => ({ locations: locations.locations.map((office) => ({ ...office, isHeadquarters: false })) }),
        field: 'locations',
      },
      {
        label: 'an office in a state not of its country',
        url: URL.locationAdd,
        body: () => ({ ...location, state: 'TX' }),
        field: 'state',
      },
      {
        label: 'the same competitor twice',
        url: URL.competitorsSet,
        body: () => ({
          competitors: [...competitors.competitors, { name: 'Again', website: 'https://summitledger.com/' }],
        }),
        field: 'competitors.2.website',
      },
    ];

    it.each(cases)('$label: 400 on $field', async ({ url, body, field }) => {
      const session = await business();
      const others = {
        otherBusiness: (await uploadLogo(await business())).id,
        client: (await uploadLogo(await signedInSession(testApp.app, 'client'))).id,
        freelancer: (await uploadLogo(await signedInSession(testApp.app, 'freelancer'))).id,
        ownPdf: (await upload(session, { name: 'deck.pdf', type: 'application/pdf', bytes: pdf() })).id,
      };
      const response = await post(session, url, body(others));
      expect(response.statusCode, response.body).toBe(400);
      const envelope = response.json();
      expectErrorEnvelope(envelope);
      expect(envelope.errors!.map((error) => error.field)).toEqual([field]);

      const profile = await profileOf(session.account.user.id);
      expect(profile?.sections ?? {}).toEqual({});
      expect(await locationsOf(session.account.user.id)).toEqual([]);
      for (const id of Object.values(others)) {
        expect(await uploadRow(id)).toMatchObject({ attachedToType: null, attachedToId: null });
      }
    });
  });

  describe('refuses a website that is not an http or https address, with nothing written', () => {
    const links = [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,x',
    ];
    const fields = [
      { url: URL.detailsSet, body: (link: string) => ({ ...details, website: link }), field: 'website' },
      {
        url: URL.competitorsSet,
        body: (link: string) => ({ competitors: [{ name: 'Summit Ledger', website: link }] }),
        field: 'competitors.0.website',
      },
      { url: URL.socialSet, body: (link: string) => ({ website: link }), field: 'website' },
    ];
    const cases = fields.flatMap((target) => links.map((link) => ({ ...target, link })));

    it.each(cases)('$link on $url: 400 on $field', async ({ url, body, field, link }) => {
      const session = await business();
      const response = await post(session, url, body(link));
      expect(response.statusCode, response.body).toBe(400);
      const envelope = response.json();
      expectErrorEnvelope(envelope);
      expect(envelope.errors!.map((error) => error.field)).toEqual([field]);
      expect((await profileOf(session.account.user.id))?.sections ?? {}).toEqual({});
    });
  });

  it('adds offices, moves the headquarters flag, keeps one headquarters and stops at 20', async () => {
    const session = await business();
    const first = await post(session, URL.locationAdd, { ...location, isHeadquarters: false });
    const firstOffice = expectContractResponse('addBusinessLocation', first, 201).data;
    expect(firstOffice).toMatchObject({ ...location, isHeadquarters: true });
    const me = (await getMe(testApp.app, session)).json().data;
    expect(me.business.locations).toEqual([expect.objectContaining({ id: firstOffice.id, isHeadquarters: true })]);
    // The first office counted as the locations step.
    expect((await post(session, URL.locationsSet, locations)).statusCode).toBe(409);

    const hq = await post(session, URL.locationAdd, { ...locations.locations[0], isHeadquarters: true });
    const hqOffice = expectContractResponse('addBusinessLocation', hq, 201).data;
    let rows = await locationsOf(session.account.user.id);
    expect(rows.filter((row) => row.isHeadquarters).map((row) => row.id)).toEqual([hqOffice.id]);

    // Unmarking the only headquarters is refused; marking another moves the flag.
    const unmark = await put(session, URL.location(hqOffice.id), { ...locations.locations[0], isHeadquarters: false });
    expectContractResponse('updateBusinessLocation', unmark, 409);
    const moved = await put(session, URL.location(firstOffice.id), {
      ...location,
      city: 'Manchester',
      isHeadquarters: true,
    });
    expect(expectContractResponse('updateBusinessLocation', moved, 200).data).toMatchObject({
      id: firstOffice.id,
      city: 'Manchester',
      isHeadquarters: true,
    });
    rows = await locationsOf(session.account.user.id);
    expect(rows.filter((row) => row.isHeadquarters).map((row) => row.id)).toEqual([firstOffice.id]);

    const badState = await put(session, URL.location(firstOffice.id), { ...location, state: 'CA' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().errors).toEqual([expect.objectContaining({ field: 'state' })]);

    for (let count = rows.length; count < 20; count++) {
      expect((await post(session, URL.locationAdd, location)).statusCode).toBe(201);
    }
    const tooMany = await post(session, URL.locationAdd, location);
    expectContractResponse('addBusinessLocation', tooMany, 409);
    expect(await locationsOf(session.account.user.id)).toHaveLength(20);
  });

  it('answers 404 for another business’s office, and changes nothing', async () => {
    const owner = await business();
    const office = expectContractResponse(
      'addBusinessLocation',
      await post(owner, URL.locationAdd, location),
      201,
    ).data;
    const intruder = await business();
    const response = await put(intruder, URL.location(office.id), { ...location, city: 'Leeds' });
    expect(response.statusCode).toBe(404);
    expectContractResponse('updateBusinessLocation', response);
    expect((await locationsOf(owner.account.user.id))[0]!.city).toBe(location.city);
    expect(await locationsOf(intruder.account.user.id)).toEqual([]);
    expect((await put(intruder, URL.location(randomUUID()), location)).statusCode).toBe(404);
  });

  it('gives two racing sets one success and one 409', async () => {
    const session = await business();
    const calls: [url: string, body: object][] = [
      [URL.detailsSet, details],
      [URL.contactSet, personalContact],
      [URL.aboutSet, about],
      [URL.locationsSet, locations],
      [URL.socialSet, socialProfiles],
      [URL.competitorsSet, competitors],
    ];
    for (const [url, body] of calls) {
      const answers = await Promise.all([post(session, url, body), post(session, url, body)]);
      expect(answers.map((answer) => answer.statusCode).sort(), url).toEqual([200, 409]);
    }
    expect(await locationsOf(session.account.user.id)).toHaveLength(locations.locations.length);
  });

  it('shows a complete profile only once the email is verified', async () => {
    const session = await business({ verified: false });
    for (const [url, payload] of REQUIRED_STEPS) expect((await post(session, url, payload)).statusCode).toBe(200);
    const companyId = session.account.user.companyId!;
    expect((await publicProfile(companyId)).statusCode).toBe(404);
    expect((await publicProfile(companyId, session)).statusCode).toBe(404);

    const { secret } = await testApp.app.tokens.issue(session.account.user.id, 'verify-email');
    const verified = await testApp.app.inject({ url: `/api/auth/verify/account/${secret}/`, headers: session.headers });
    expect(verified.statusCode, verified.body).toBe(200);
    expectContractResponse('getPublicBusinessProfile', await publicProfile(companyId), 200);
    expect((await publicProfile(`unknown-${randomBytes(4).toString('hex')}`)).statusCode).toBe(404);
  });

  it('shows only submitted, visible reviews and references, newest first, with their rating', async () => {
    const session = await listedBusiness(testApp.app);
    const providerId = session.account.user.id;
    const base = {
      providerId,
      email: 'reviewer@example.com',
      expiresAt: new Date(Date.now() + 86_400_000),
      request: { company: 'Fjord Capital', relationship: 'former-client', projectSummary: 'Consolidated reporting.' },
    };
    const review = {
      title: 'Four entities, one close',
      text: 'They consolidated reporting for our four Nordic entities.',
      reviewerRole: 'CFO',
      wouldRecommend: true,
    };
    await testApp.app.db.insert(providerReferences).values([
      {
        ...base,
        kind: 'reference',
        tokenHash: randomUUID(),
        name: 'Marcus Lindqvist',
        status: 'submitted',
        visible: true,
        rating: 5,
        response: review,
        submittedAt: new Date('2026-03-19T12:04:51Z'),
      },
      {
        ...base,
        kind: 'review',
        tokenHash: randomUUID(),
        name: 'Sofia Esposito',
        status: 'submitted',
        visible: true,
        rating: 4,
        response: { ...review, title: 'Solid rollout' },
        submittedAt: new Date('2026-05-28T09:31:14Z'),
      },
      {
        ...base,
        kind: 'reference',
        tokenHash: randomUUID(),
        name: 'Hidden Reviewer',
        status: 'submitted',
        visible: false,
        rating: 1,
        response: review,
        submittedAt: new Date(),
      },
      { ...base, kind: 'reference', tokenHash: randomUUID(), name: 'Pending Person', status: 'pending', visible: true },
    ]);
    const page = expectContractResponse(
      'getPublicBusinessProfile',
      await publicProfile(session.account.user.companyId!),
      200,
    ).data as Schemas['BusinessPublicProfile'];
    expect(page.rating).toEqual({ average: 4.5, count: 2 });
    expect(page.reviews.map((entry) => entry.reviewerName)).toEqual(['Sofia Esposito', 'Marcus Lindqvist']);
    expect(page.reviews[1]).toMatchObject({
      title: 'Four entities, one close',
      reviewerRole: 'CFO',
      company: 'Fjord Capital',
      rating: 5,
    });
    expect(page.references).toEqual([
      {
        id: expect.any(String),
        name: 'Marcus Lindqvist',
        company: 'Fjord Capital',
        relationship: 'former-client',
        projectSummary: 'Consolidated reporting.',
        rating: 5,
      },
    ]);
    expect(JSON.stringify(page)).not.toContain('reviewer@example.com');
  });

  it('lists the services and the three business bands', async () => {
    const services = await testApp.app.inject({ url: '/api/account/business/services/all/' });
    const options = expectContractResponse('listBusinessServices', services, 200)
      .data as Schemas['ProviderServiceOption'][];
    expect(options.filter((option) => option.parentSlug === null)).toHaveLength(6);
    expect(options.map((option) => option.slug)).toContain('finance-transformation/fp-and-a-revolution');

    const lists: [operationId: string, url: string, slugs: string[]][] = [
      [
        'listTotalEmployeeRanges',
        '/api/account/business/total-employees/all/',
        ['1', '2-9', '10-49', '50-249', '250-999', '1000-plus'],
      ],
      [
        'listMinimumProjectSizes',
        '/api/account/business/minimum-project-size/all/',
        ['1000-plus', '5000-plus', '10000-plus', '25000-plus', '50000-plus', '100000-plus', '250000-plus'],
      ],
      [
        'listAverageHourlyRates',
        '/api/account/business/average-hourly-rate/all/',
        ['under-25', '25-49', '50-99', '100-149', '150-199', '200-300', '300-plus'],
      ],
    ];
    for (const [operationId, url, slugs] of lists) {
      const response = await testApp.app.inject({ url });
      const data = expectContractResponse(operationId, response, 200).data as Schemas['Option'][];
      expect(data.map((option) => option.slug)).toEqual(slugs);
      expect(data.map((option) => option.id)).toEqual(slugs.map((_, index) => index + 1));
      expect(response.headers['cache-control']).toMatch(/^public/);
    }
  });

  it('keeps clients and freelancers out of business onboarding', async () => {
    for (const type of ['client', 'freelancer'] as const) {
      const session = await signedInSession(testApp.app, type);
      expect((await post(session, URL.detailsSet, details)).statusCode).toBe(403);
    }
  });
});
