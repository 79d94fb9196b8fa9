import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { accountTokens, profiles, uploads, users } from '../../src/server/db/schema';
import { saveSection, SECTION, updateProfileColumns } from '../../src/server/modules/providers/profile-store';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  emailTo,
  expectErrorEnvelope,
  loginThroughApi,
  signedInSession,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';
import { cut, image, multipart, pdf, plainImage, storedFiles, type FilePart } from './upload-files';
import { readOutbox } from '../support/outbox';

const SCORE = {
  client: '/api/account/client/profile-completion/score/',
  freelancer: '/api/account/freelancer/profile-completion/score/',
  business: '/api/account/business/profile-completion/score/',
} as const;
const SCORE_OPERATION = {
  client: 'getClientProfileCompletion',
  freelancer: 'getFreelancerProfileCompletion',
  business: 'getBusinessProfileCompletion',
} as const;
const PROFILE = '/api/account/update/profile/';
const SEND_CODE = '/api/account/email/verification-code/send/';
const VERIFY_CODE = '/api/account/email/verification-code/verify/';
const CLIENT_ABOUT = '/api/account/client/about/update/';
const CLIENT_PERSONAL = '/api/account/client/settings/personal-details/';
const CLIENT_DETAILS = '/api/account/client/settings/profile-details/';

const ABOUT = {
  about: 'Brightline Logistics runs regional freight for 400 retailers across the Midwest.',
  industry: 'logistics-and-transportation',
  businessSize: '201-500',
  website: 'https://www.brightline-logistics.com',
};
const PERSONAL = {
  firstname: 'Priya',
  lastname: 'Raman',
  phone: '+13125550187',
  country: 'US',
  state: 'IL',
  city: 'Chicago',
  timezone: 'America/Chicago',
};
const DETAILS = {
  companyName: 'Brightline Logistics',
  jobTitle: 'VP Finance',
  industry: 'logistics-and-transportation',
  businessSize: '201-500',
  website: 'https://www.brightline-logistics.com',
  linkedin: 'https://www.linkedin.com/in/priya-raman-finance/',
};

interface Completion {
  accountType: string;
  score: number;
  completed: { key: string }[];
  missing: { key: string; link: string }[];
}

describe.each(databaseKinds)('account profile, completion and email change (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  const db = () => app().db as Database;

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  const call = (session: SignedSession, request: InjectOptions) =>
    app().inject({ ...request, headers: { ...session.headers, ...(request.headers ?? {}) } });
  const put = (session: SignedSession, url: string, payload: unknown) =>
    call(session, { method: 'PUT', url, payload: payload as Record<string, unknown> });
  const post = (session: SignedSession, url: string, payload: unknown) =>
    call(session, { method: 'POST', url, payload: payload as Record<string, unknown> });
  const updateProfile = (session: SignedSession, fields: Record<string, string>, files: FilePart[] = []) => {
    const body = multipart(fields, files);
    return call(session, { method: 'POST', url: PROFILE, payload: body.payload, headers: body.headers });
  };
  const imagePart = (bytes: Buffer, name = 'me.png', type = 'image/png'): FilePart => ({
    field: 'image',
    name,
    type,
    bytes,
  });

  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const profileRow = async (id: string) =>
    (await db().select().from(profiles).where(eq(profiles.userId, id)))[0] ?? null;
  const uploadsOf = (id: string) => db().select().from(uploads).where(eq(uploads.ownerId, id));

  const completion = async (session: SignedSession, type: keyof typeof SCORE): Promise<Completion> => {
    const response = await call(session, { url: SCORE[type] });
    return expectContractResponse(SCORE_OPERATION[type], response, 200).data as Completion;
  };
  const keys = (items: { key: string }[]) => items.map((item) => item.key);

  const expectRefused = (response: { statusCode: number; json(): unknown }, status: number, field?: string) => {
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expectErrorEnvelope(body);
    if (field) expect(body.errors?.map((error) => error.field)).toContain(field);
  };

  describe('profile completion (C04-C06)', () => {
    it("raises a client's score as each section is filled, up to 100", async () => {
      const client = await signedInSession(app(), 'client');
      const scores = [(await completion(client, 'client')).score];
      expect(scores[0]).toBe(0);

      await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, client.account.user.id));
      scores.push((await completion(client, 'client')).score);
      expect((await put(client, CLIENT_PERSONAL, PERSONAL)).statusCode).toBe(200);
      scores.push((await completion(client, 'client')).score);
      expect((await put(client, CLIENT_ABOUT, ABOUT)).statusCode).toBe(200);
      scores.push((await completion(client, 'client')).score);
      const photo = await updateProfile(client, {}, [imagePart(await plainImage('png', 300, 300))]);
      expect(photo.statusCode, photo.body).toBe(200);
      const before = await completion(client, 'client');
      scores.push(before.score);
      expect(keys(before.missing)).toEqual(['company-details']);
      expect((await put(client, CLIENT_DETAILS, DETAILS)).statusCode).toBe(200);
      const done = await completion(client, 'client');
      scores.push(done.score);

      expect(scores).toEqual([0, 10, 30, 55, 70, 100]);
      expect(done).toMatchObject({ accountType: 'client', missing: [] });
    });

    it("raises a freelancer's score through onboarding calls and saved sections, onboarding steps first", async () => {
      const freelancer = await signedInSession(app(), 'freelancer', { verified: true });
      const fresh = await completion(freelancer, 'freelancer');
      expect(fresh.score).toBe(5);
      expect(keys(fresh.missing).slice(0, 3)).toEqual(['primary-service', 'leads-location', 'service-details']);

      const primary = await post(freelancer, '/api/account/provider/primary-service/set/', {
        serviceSlug: 'finance-transformation',
      });
      expect(primary.statusCode).toBe(200);
      expect((await completion(freelancer, 'freelancer')).score).toBe(15);
      const leads = await post(freelancer, '/api/account/provider/leads-location/set/', { type: 'worldwide' });
      expect(leads.statusCode).toBe(200);
      const afterLeads = await completion(freelancer, 'freelancer');
      expect(afterLeads.score).toBe(20);
      expect(afterLeads.missing[0]).toMatchObject({ key: 'service-details' });

      const user = freelancer.account.user;
      await saveSection(db(), user, SECTION.freelancerAbout, { headline: 'NetSuite and FP&A consultant' });
      await saveSection(db(), user, SECTION.education, { entries: [] });
      expect((await completion(freelancer, 'freelancer')).score).toBe(35);
      await saveSection(db(), user, SECTION.education, { entries: [{ school: 'University of Michigan' }] });
      await updateProfileColumns(db(), user, { tagline: 'I turn month-end chaos into a four-day close.' });
      const later = await completion(freelancer, 'freelancer');
      expect(later.score).toBe(50);
      expect(keys(later.completed)).toEqual([
        'email-verified',
        'primary-service',
        'leads-location',
        'about',
        'education',
        'tagline',
      ]);
      expect(later.missing.find((item) => item.key === 'education')).toBeUndefined();
    });

    it("raises a business's score from its sections, onboarding steps first in onboarding order", async () => {
      const business = await signedInSession(app(), 'business');
      const fresh = await completion(business, 'business');
      expect(fresh.score).toBe(0);
      expect(keys(fresh.missing)).toEqual([
        'business-details',
        'personal-contact',
        'about',
        'locations',
        'social-profiles',
        'references',
        'profile-image',
        'email-verified',
        'competitors',
      ]);

      const user = business.account.user;
      await saveSection(db(), user, SECTION.businessDetails, { tagline: 'Analytics for retailers' });
      expect((await completion(business, 'business')).score).toBe(15);
      await saveSection(db(), user, SECTION.personalContact, { firstname: 'Ines' });
      await saveSection(db(), user, SECTION.competitors, { competitors: [] });
      const later = await completion(business, 'business');
      expect(later.score).toBe(30);
      expect(later.missing[0]).toMatchObject({ key: 'about', link: '/auth/su/business/about/' });
    });

    it('gives each account type its own score only', async () => {
      const client = await signedInSession(app(), 'client');
      const freelancer = await signedInSession(app(), 'freelancer');
      expectRefused(await call(client, { url: SCORE.freelancer }), 403);
      expectRefused(await call(freelancer, { url: SCORE.business }), 403);
      expectRefused(await app().inject({ url: SCORE.client }), 401);
    });
  });

  describe('names and image (C07)', () => {
    it('changes the names of a freelancer and answers the profile as saved', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const response = await updateProfile(freelancer, { firstname: '  Maya ', lastname: 'Okonkwo' });
      const body = expectContractResponse('updateProfile', response, 200);
      expect(body.data).toMatchObject({
        id: freelancer.account.user.id,
        accountType: 'freelancer',
        firstname: 'Maya',
        lastname: 'Okonkwo',
        companyname: null,
        displayName: 'Maya Okonkwo',
        profile: { image: null },
      });
      expect(await userRow(freelancer.account.user.id)).toMatchObject({ firstname: 'Maya', lastname: 'Okonkwo' });
      const profile = await profileRow(freelancer.account.user.id);
      expect(profile?.sections[SECTION.profileSetup]?.data).toMatchObject({ firstname: 'Maya', lastname: 'Okonkwo' });
    });

    it("changes a business's company name, never its company id", async () => {
      const business = await signedInSession(app(), 'business');
      const response = await updateProfile(business, { companyname: 'Northwind Analytics' });
      const body = expectContractResponse('updateProfile', response, 200);
      expect(body.data).toMatchObject({ firstname: null, lastname: null, displayName: 'Northwind Analytics' });
      expect(await userRow(business.account.user.id)).toMatchObject({
        companyname: 'Northwind Analytics',
        companyId: business.account.user.companyId,
      });
    });

    it('stores an image as a WebP within 512 pixels, replaces it (deleting the old one), then removes it', async () => {
      const client = await signedInSession(app(), 'client');
      const id = client.account.user.id;
      const first = await updateProfile(client, {}, [imagePart(await image('jpeg', 900, 600), 'me.jpg', 'image/jpeg')]);
      const firstBody = expectContractResponse('updateProfile', first, 200);
      const [stored] = await uploadsOf(id);
      expect(stored).toMatchObject({ purpose: 'avatar', contentType: 'image/webp' });
      expect((await profileRow(id))?.imageId).toBe(stored!.id);
      expect(firstBody.data.profile.image).toBe(`/api/uploads/${stored!.id}/${encodeURIComponent(stored!.name)}`);
      const download = await call(client, { url: firstBody.data.profile.image });
      expect(download.statusCode).toBe(200);
      expect(await sharp(download.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 341 });

      const second = await updateProfile(client, {}, [
        imagePart(await plainImage('webp', 256, 256), 'me.webp', 'image/webp'),
      ]);
      expectContractResponse('updateProfile', second, 200);
      const after = await uploadsOf(id);
      expect(after).toHaveLength(1);
      expect(after[0]!.id).not.toBe(stored!.id);
      expect((await profileRow(id))?.imageId).toBe(after[0]!.id);
      const files = storedFiles(testApp);
      expect(files.some((file) => file.includes(after[0]!.storageKey))).toBe(true);
      expect(files.filter((file) => file.includes(stored!.storageKey))).toEqual([]);

      const removed = await updateProfile(client, { removeImage: 'true' });
      expect(expectContractResponse('updateProfile', removed, 200).data.profile.image).toBeNull();
      expect((await profileRow(id))?.imageId).toBeNull();
      expect(await uploadsOf(id)).toHaveLength(0);
    });

    it('stores a business logo under its own purpose', async () => {
      const business = await signedInSession(app(), 'business');
      const response = await updateProfile(business, {}, [imagePart(await plainImage('png', 400, 400))]);
      expectContractResponse('updateProfile', response, 200);
      expect(await uploadsOf(business.account.user.id)).toMatchObject([{ purpose: 'logo' }]);
    });

    it.each([
      ['a PDF', async () => imagePart(pdf(), 'me.png', 'image/png')],
      ['a damaged PNG', async () => imagePart(cut(await image('png', 300, 300)))],
      ['an image under 200 x 200', async () => imagePart(await plainImage('png', 300, 120))],
    ])('refuses %s on `image`, writing nothing and keeping the old image', async (_, part) => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const id = freelancer.account.user.id;
      const old = await updateProfile(freelancer, {}, [imagePart(await plainImage('png', 300, 300))]);
      expect(old.statusCode).toBe(200);
      const before = { profile: await profileRow(id), uploads: await uploadsOf(id), user: await userRow(id) };

      const response = await updateProfile(freelancer, { firstname: 'Changed' }, [await part()]);
      expectRefused(response, 400, 'image');
      expect(await profileRow(id)).toEqual(before.profile);
      expect(await uploadsOf(id)).toEqual(before.uploads);
      expect(await userRow(id)).toEqual(before.user);
    });

    it('answers 413 for an image over 5 MB, writing nothing', async () => {
      const client = await signedInSession(app(), 'client');
      const large = Buffer.concat([await plainImage('png', 300, 300), Buffer.alloc(5 * 1024 * 1024)]);
      const response = await updateProfile(client, { firstname: 'Changed' }, [imagePart(large)]);
      expectRefused(response, 413);
      expect(await uploadsOf(client.account.user.id)).toHaveLength(0);
      expect((await userRow(client.account.user.id)).firstname).toBe('Maya');
    });

    it.each([
      ['nothing to change', 'client', {}, 'body'],
      ['a company name for a person', 'freelancer', { companyname: 'Okafor Consulting' }, 'companyname'],
      ['a first name for a business', 'business', { firstname: 'Ines' }, 'firstname'],
      ['a blank last name', 'client', { lastname: '   ' }, 'lastname'],
    ] as const)('refuses %s with a 400 on the field', async (_, type, fields, field) => {
      const session = await signedInSession(app(), type);
      const before = await userRow(session.account.user.id);
      expectRefused(await updateProfile(session, fields), 400, field);
      expect(await userRow(session.account.user.id)).toEqual(before);
      expect(await profileRow(session.account.user.id)).toBeNull();
    });

    it('refuses a new image together with removeImage', async () => {
      const client = await signedInSession(app(), 'client');
      const response = await updateProfile(client, { removeImage: 'true' }, [
        imagePart(await plainImage('png', 300, 300)),
      ]);
      expectRefused(response, 400, 'removeImage');
      expect(await uploadsOf(client.account.user.id)).toHaveLength(0);
    });
  });

  describe('email change by code (C08, C09)', () => {
    const codeIn = async (address: string) => {
      const email = await emailTo(testApp, address);
      const match = /\b(\d{6})\b/.exec(email.subject);
      if (!match) throw new Error(`no code in "${email.subject}"`);
      return match[1]!;
    };
    const sendCode = (session: SignedSession, newEmail: string) => post(session, SEND_CODE, { newEmail });
    const verify = (session: SignedSession, newEmail: string, code: string) =>
      post(session, VERIFY_CODE, { newEmail, code });
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('sends a code to the new address and changes the email with it, telling the old address', async () => {
      const session = await signedInSession(app(), 'freelancer');
      const previous = session.account.email;
      const newEmail = uniqueEmail('maya.okafor');
      const sent = await sendCode(session, newEmail);
      const sentBody = expectContractResponse('sendEmailChangeCode', sent, 200);
      expect(sentBody.data.sentTo).not.toBe(newEmail);
      expect(sentBody.data.sentTo).toMatch(/^m\*\*\*.@e\*\*\*\*\*e\.com$/);
      const sentAt = Date.now();
      expect(Date.parse(sentBody.data.expiresAt) - sentAt).toBeGreaterThan(14 * 60 * 1000);
      expect(Date.parse(sentBody.data.expiresAt) - sentAt).toBeLessThanOrEqual(15 * 60 * 1000);
      expect(Date.parse(sentBody.data.resendAvailableAt) - sentAt).toBeLessThanOrEqual(60 * 1000);

      const code = await codeIn(newEmail);
      const [token] = await db()
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, session.account.user.id), eq(accountTokens.purpose, 'change-email')));
      expect(token!.tokenHash).not.toContain(code);
      expect(token!.tokenHash.toLowerCase()).not.toContain(newEmail.toLowerCase());

      expectRefused(await verify(session, newEmail, wrong(code)), 400, 'code');
      const changed = await verify(session, newEmail.toUpperCase(), code);
      const body = expectContractResponse('verifyEmailChangeCode', changed, 200);
      expect(body.data).toMatchObject({ email: newEmail.toUpperCase(), verified: true });
      const user = await userRow(session.account.user.id);
      expect(user.email).toBe(newEmail.toUpperCase());
      expect(user.emailVerifiedAt).not.toBeNull();

      const notice = await emailTo(testApp, previous);
      expect(notice.subject).toMatch(/email was changed/);
      expect(notice.text).toContain(newEmail.toUpperCase());
      // The session stays signed in, and the new address signs in.
      expect((await call(session, { url: '/api/auth/me/' })).json().data.email).toBe(newEmail.toUpperCase());
      const login = await loginThroughApi(app(), { email: newEmail, password: TEST_PASSWORD });
      expect(login.response.statusCode).toBe(200);
      // The code is spent.
      expectRefused(await verify(session, newEmail, code), 409);
    });

    it('refuses the current address (400) and one another account uses (409), sending nothing', async () => {
      const session = await signedInSession(app(), 'client');
      const other = await createAccount(app(), 'business');
      const outbox = readOutbox(testApp.outboxDir).length;
      expectRefused(await sendCode(session, session.account.email.toUpperCase()), 400, 'newEmail');
      expectRefused(await sendCode(session, other.email), 409);
      await app().email.settled();
      expect(readOutbox(testApp.outboxDir)).toHaveLength(outbox);
    });

    it('sends at most one code a minute (429 with Retry-After), and a new code voids the previous one', async () => {
      const session = await signedInSession(app(), 'client');
      const first = uniqueEmail('first');
      expect((await sendCode(session, first)).statusCode).toBe(200);
      const firstCode = await codeIn(first);
      const again = await sendCode(session, uniqueEmail('second'));
      expectRefused(again, 429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);

      // A minute later (the counter cleared), a new code replaces the first.
      await app().rateLimits.reset('verificationEmailPerMinute', 'email-change', session.account.user.id);
      const second = uniqueEmail('second');
      expect((await sendCode(session, second)).statusCode).toBe(200);
      expectRefused(await verify(session, first, firstCode), 409);
      expect((await verify(session, second, await codeIn(second))).statusCode).toBe(200);
    });

    it('voids the code on the fifth wrong try', async () => {
      const session = await signedInSession(app(), 'client');
      const newEmail = uniqueEmail('tries');
      expect((await sendCode(session, newEmail)).statusCode).toBe(200);
      const code = await codeIn(newEmail);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expectRefused(await verify(session, newEmail, wrong(code)), 400, 'code');
      }
      expectRefused(await verify(session, newEmail, code), 409);
      expect((await userRow(session.account.user.id)).email).toBe(session.account.email);
    });

    it('answers 409 for an expired code, an address no code was sent to, and an address taken meanwhile', async () => {
      const session = await signedInSession(app(), 'client');
      const id = session.account.user.id;
      expectRefused(await verify(session, uniqueEmail('never'), '123456'), 409);

      const newEmail = uniqueEmail('later');
      expect((await sendCode(session, newEmail)).statusCode).toBe(200);
      const code = await codeIn(newEmail);
      expectRefused(await verify(session, uniqueEmail('other'), code), 409);

      await createAccount(app(), 'freelancer', { email: newEmail.toUpperCase() });
      expectRefused(await verify(session, newEmail, code), 409);
      expect((await userRow(id)).email).toBe(session.account.email);

      await app().rateLimits.reset('verificationEmailPerMinute', 'email-change', id);
      const fresh = uniqueEmail('fresh');
      expect((await sendCode(session, fresh)).statusCode).toBe(200);
      await db()
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(accountTokens.userId, id), eq(accountTokens.purpose, 'change-email')));
      expectRefused(await verify(session, fresh, await codeIn(fresh)), 409);
      expect((await userRow(id)).email).toBe(session.account.email);
    });

    it('lets exactly one of two racing verifications of one code change the email', async () => {
      const session = await signedInSession(app(), 'business');
      const newEmail = uniqueEmail('race');
      expect((await sendCode(session, newEmail)).statusCode).toBe(200);
      const code = await codeIn(newEmail);
      const answers = await Promise.all([verify(session, newEmail, code), verify(session, newEmail, code)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect((await userRow(session.account.user.id)).email).toBe(newEmail);
    });
  });

  describe('client sections (CL1-CL3)', () => {
    it('saves the about section with labels, and shares industry, size and website with the profile details', async () => {
      const client = await signedInSession(app(), 'client');
      const about = await put(client, CLIENT_ABOUT, ABOUT);
      const body = expectContractResponse('updateClientAbout', about, 200);
      expect(body.data).toMatchObject({
        about: ABOUT.about,
        industry: { slug: 'logistics-and-transportation', label: expect.any(String) },
        businessSize: { slug: '201-500', label: expect.any(String) },
        website: ABOUT.website,
      });

      const details = await put(client, CLIENT_DETAILS, {
        ...DETAILS,
        website: null,
        industry: 'retail-and-e-commerce',
      });
      expect(expectContractResponse('updateClientProfileDetails', details, 200).data).toMatchObject({
        companyName: 'Brightline Logistics',
        industry: { slug: 'retail-and-e-commerce' },
        website: null,
      });
      const sections = (await profileRow(client.account.user.id))!.sections;
      expect(sections[SECTION.clientAbout]!.data).toMatchObject({
        about: ABOUT.about,
        industry: 'retail-and-e-commerce',
        website: null,
      });

      const again = await put(client, CLIENT_ABOUT, { ...ABOUT, businessSize: '11-50' });
      expect(again.statusCode).toBe(200);
      const after = (await profileRow(client.account.user.id))!.sections;
      expect(after[SECTION.clientProfileDetails]!.data).toMatchObject({
        jobTitle: 'VP Finance',
        businessSize: '11-50',
        website: ABOUT.website,
      });
    });

    it('saves profile details with nulls for an individual', async () => {
      const client = await signedInSession(app(), 'client');
      const response = await put(client, CLIENT_DETAILS, {
        ...DETAILS,
        companyName: null,
        jobTitle: null,
        linkedin: null,
      });
      expect(expectContractResponse('updateClientProfileDetails', response, 200).data).toMatchObject({
        companyName: null,
        jobTitle: null,
        linkedin: null,
      });
    });

    it('saves personal details, the names on the account too', async () => {
      const client = await signedInSession(app(), 'client');
      const response = await put(client, CLIENT_PERSONAL, PERSONAL);
      const body = expectContractResponse('updateClientPersonalDetails', response, 200);
      expect(body.data).toMatchObject({
        ...PERSONAL,
        displayName: 'Priya Raman',
        email: client.account.email,
        countryName: 'United States',
        stateName: 'Illinois',
      });
      expect(await userRow(client.account.user.id)).toMatchObject({ firstname: 'Priya', lastname: 'Raman' });

      const noStates = await put(client, CLIENT_PERSONAL, {
        ...PERSONAL,
        phone: null,
        country: 'AW',
        state: null,
        city: 'Oranjestad',
        timezone: 'America/Aruba',
      });
      expect(expectContractResponse('updateClientPersonalDetails', noStates, 200).data).toMatchObject({
        phone: null,
        state: null,
        stateName: null,
      });
    });

    it.each([
      [CLIENT_ABOUT, { ...ABOUT, industry: 'space-mining' }, 'industry'],
      [CLIENT_ABOUT, { ...ABOUT, businessSize: 'huge' }, 'businessSize'],
      [CLIENT_ABOUT, { ...ABOUT, about: `   ${'x'.repeat(5)}${' '.repeat(30)}` }, 'about'],
      [CLIENT_DETAILS, { ...DETAILS, industry: 'space-mining' }, 'industry'],
      [CLIENT_DETAILS, { ...DETAILS, jobTitle: '   ' }, 'jobTitle'],
      [CLIENT_PERSONAL, { ...PERSONAL, country: 'ZZ' }, 'country'],
      [CLIENT_PERSONAL, { ...PERSONAL, state: 'ZZ' }, 'state'],
      [CLIENT_PERSONAL, { ...PERSONAL, state: null }, 'state'],
      [CLIENT_PERSONAL, { ...PERSONAL, timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [CLIENT_PERSONAL, { ...PERSONAL, firstname: '  ' }, 'firstname'],
    ])(
      'refuses a bad value on %s (case %#) with a 400 naming the field, writing nothing',
      async (url, payload, field) => {
        const client = await signedInSession(app(), 'client');
        const before = await userRow(client.account.user.id);
        expectRefused(await put(client, url, payload), 400, field as string);
        expect(await profileRow(client.account.user.id)).toBeNull();
        expect(await userRow(client.account.user.id)).toEqual(before);
      },
    );
  });
});
