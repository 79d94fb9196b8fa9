import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, providerReferences } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { BUSINESS_BODIES, listedBusiness } from './access-rows/business.rows';
import { referenceBody, REVIEW_BODY } from './access-rows/references.rows';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  emailTo,
  expectErrorEnvelope,
  getMe,
  signedInSession,
  signedSession,
  TEST_PUBLIC_URL,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';
import { readOutbox } from '../support/outbox';

type Schemas = components['schemas'];

const URL = {
  referencesSet: '/api/account/business/review-and-references/set/',
  referenceAdd: '/api/account/business/review-and-references/add/',
  businessResend: (id: string) => `/api/account/business/review-and-references/${id}/verify-link/`,
  businessVisibility: (id: string) => `/api/account/business/review-and-references/${id}/visibility/`,
  freelancerList: '/api/account/freelancer/review-and-references/',
  freelancerResend: (id: string) => `/api/account/freelancer/review-and-references/${id}/verify-link/`,
  freelancerVisibility: (id: string) => `/api/account/freelancer/review-and-references/${id}/visibility/`,
  invitation: (token: string) => `/api/account/provider/review-and-references/${token}/`,
  ask: '/api/account/provider/review-and-references/ask/',
  submit: (token: string) => `/api/account/provider/review-and-references/${token}/submit/`,
  publicBusiness: (companyId: string) => `/api/account/public/business/${companyId}/`,
  businesses: '/api/account/public/business/all/',
};

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('reviews and references by token link (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;

  const inject = (session: SignedSession, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
    app().inject({ method, url, payload, headers: session.headers });
  const business = () => signedInSession(app(), 'business', { verified: true });
  const freelancer = () => signedInSession(app(), 'freelancer', { verified: true });

  const rowsOf = (providerId: string) =>
    app().db.select().from(providerReferences).where(eq(providerReferences.providerId, providerId));
  const rowById = async (id: string) =>
    (await app().db.select().from(providerReferences).where(eq(providerReferences.id, id)))[0]!;
  const setRow = (id: string, values: Partial<typeof providerReferences.$inferInsert>) =>
    app().db.update(providerReferences).set(values).where(eq(providerReferences.id, id));
  /** Moves the last send back, as if it happened `hours` ago. */
  const sentHoursAgo = (id: string, hours: number) => setRow(id, { sentAt: new Date(Date.now() - hours * 3600_000) });

  /** The token of the newest review link emailed to an address, after checking the link's page. */
  async function linkTokenTo(address: string, provider: 'business' | 'freelancer'): Promise<string> {
    const email = await emailTo(testApp, address);
    expect(email.subject).toContain('asked you for a review');
    const link = email.links.find((candidate) => candidate.includes('/review/'))!;
    const match = new RegExp(`^${TEST_PUBLIC_URL}/${provider}/review/([A-Za-z0-9_-]{32,128})/leave/$`).exec(link);
    expect(match, link).not.toBeNull();
    expect(email.text).toContain('30 days');
    return match![1]!;
  }
  const emailsTo = (address: string) =>
    readOutbox(testApp.outboxDir).filter((email) => email.to.toLowerCase().includes(address.toLowerCase()));

  const visitor = () => signedSession(app());
  const readInvitation = async (token: string) => app().inject({ url: URL.invitation(token) });
  const submit = async (token: string, body: object = REVIEW_BODY, session?: SignedSession) =>
    app().inject({
      method: 'PATCH',
      url: URL.submit(token),
      payload: body,
      headers: (session ?? (await visitor())).headers,
    });

  const publicProfile = async (companyId: string) =>
    expectContractResponse('getPublicBusinessProfile', await app().inject({ url: URL.publicBusiness(companyId) }), 200)
      .data as Schemas['BusinessPublicProfile'];
  const directoryCard = async (companyId: string) => {
    const body = expectContractResponse('listPublicBusinessProfiles', await app().inject({ url: URL.businesses }), 200);
    return (body.data.items as { companyId: string; rating: Schemas['ProviderRating'] }[]).find(
      (item) => item.companyId === companyId,
    )!;
  };

  it('B14 emails each reference a link, marks the step done once, and the reviews reach the public profile and directory', async () => {
    const session = await listedBusiness(app());
    const { user } = session.account;
    const competitors = await inject(
      session,
      'POST',
      '/api/account/business/competitors/set/',
      BUSINESS_BODIES.competitors,
    );
    expect(competitors.statusCode).toBe(200);
    const first = referenceBody('Priya Raman');
    const second = { ...referenceBody('Marcus Lindqvist'), relationship: 'former-client' };

    const response = await inject(session, 'POST', URL.referencesSet, { references: [first, second] });
    const { data } = expectContractResponse('setBusinessReferences', response, 200) as {
      data: { references: Schemas['BusinessReference'][]; nextStep: string | null };
    };
    expect(data.nextStep).toBeNull();
    expect(data.references.map((reference) => [reference.name, reference.status, reference.visible])).toEqual([
      ['Priya Raman', 'requested', true],
      ['Marcus Lindqvist', 'requested', true],
    ]);
    const [priya] = data.references;
    expect(priya).toMatchObject({ email: first.email, company: first.company, relationship: 'client', review: null });
    expect(Date.parse(priya!.linkExpiresAt) - Date.parse(priya!.linkSentAt)).toBe(30 * DAY_MS);
    expect(Date.parse(priya!.nextResendAt!) - Date.parse(priya!.linkSentAt)).toBe(DAY_MS);
    const me = (await getMe(app(), session)).json().data as Schemas['AuthUser'];
    expect(me.business?.reviewAndReferences.completed).toBe(true);

    // Only the hash of each token is stored.
    const token = await linkTokenTo(first.email, 'business');
    await linkTokenTo(second.email, 'business');
    const stored = await rowsOf(user.id);
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
    expect(stored.every((row) => row.kind === 'reference' && row.status === 'pending')).toBe(true);

    // Works once.
    const again = await inject(session, 'POST', URL.referencesSet, { references: [referenceBody()] });
    expect(again.statusCode).toBe(409);
    expect(await rowsOf(user.id)).toHaveLength(2);

    // The reviewer reads the invitation and submits, without an account.
    const invitation = expectContractResponse('getReviewInvitation', await readInvitation(token), 200)
      .data as Schemas['ProviderReviewInvitation'];
    expect(invitation).toMatchObject({
      reviewerName: 'Priya Raman',
      company: first.company,
      projectSummary: first.projectSummary,
      status: 'requested',
      provider: {
        kind: 'business',
        companyId: user.companyId,
        uid: null,
        profileUrl: `/business/${user.companyId}/`,
        displayName: BUSINESS_BODIES.details.companyName,
      },
    });
    const submitted = await submit(token, { ...REVIEW_BODY, rating: 4 });
    const review = expectContractResponse('submitReview', submitted, 200).data as Schemas['ProviderReview'];
    expect(review).toMatchObject({ id: priya!.id, rating: 4, company: first.company, visible: true });

    // The link is closed.
    expect(expectContractResponse('getReviewInvitation', await readInvitation(token), 409).code).toBe('conflict');
    expect((await submit(token)).statusCode).toBe(409);

    // Public at once: the profile lists the review and the reference; the directory card counts it.
    const profile = await publicProfile(user.companyId!);
    expect(profile.rating).toEqual({ average: 4, count: 1 });
    expect(profile.reviews).toEqual([
      expect.objectContaining({
        id: priya!.id,
        reviewerName: REVIEW_BODY.reviewerName,
        reviewerRole: REVIEW_BODY.reviewerRole,
        company: first.company,
        rating: 4,
        title: REVIEW_BODY.title,
        text: REVIEW_BODY.text,
        wouldRecommend: true,
      }),
    ]);
    expect(profile.references).toEqual([
      {
        id: priya!.id,
        name: 'Priya Raman',
        company: first.company,
        relationship: 'client',
        projectSummary: first.projectSummary,
        rating: 4,
      },
    ]);
    expect((await directoryCard(user.companyId!)).rating).toEqual({ average: 4, count: 1 });

    // Hiding it takes it off the profile and out of the rating; showing it brings it back.
    const hidden = await inject(session, 'PATCH', URL.businessVisibility(priya!.id), { visible: false });
    const hiddenView = expectContractResponse('setBusinessReferenceVisibility', hidden, 200)
      .data as Schemas['BusinessReference'];
    expect(hiddenView).toMatchObject({ status: 'submitted', visible: false, nextResendAt: null });
    expect(hiddenView.review).toMatchObject({ rating: 4, visible: false });
    const withoutIt = await publicProfile(user.companyId!);
    expect(withoutIt.reviews).toEqual([]);
    expect(withoutIt.references).toEqual([]);
    expect(withoutIt.rating).toEqual({ average: null, count: 0 });
    expect((await directoryCard(user.companyId!)).rating).toEqual({ average: null, count: 0 });

    const shown = await inject(session, 'PATCH', URL.businessVisibility(priya!.id), { visible: true });
    expect(expectContractResponse('setBusinessReferenceVisibility', shown, 200).data.visible).toBe(true);
    expect((await publicProfile(user.companyId!)).reviews).toHaveLength(1);
    expect((await directoryCard(user.companyId!)).rating).toEqual({ average: 4, count: 1 });

    // A submitted review's link cannot be resent; an unsubmitted reference cannot be shown or hidden.
    await sentHoursAgo(priya!.id, 25);
    expect((await inject(session, 'PATCH', URL.businessResend(priya!.id))).statusCode).toBe(409);
    const marcus = data.references[1]!;
    const early = await inject(session, 'PATCH', URL.businessVisibility(marcus.id), { visible: false });
    expect(early.statusCode).toBe(409);
    expect((await rowById(marcus.id)).visible).toBe(true);
  });

  it("B14 refuses the business's own email and repeated emails with a 400 naming them, writing and sending nothing", async () => {
    const session = await business();
    const { user } = session.account;
    const repeated = referenceBody();
    const response = await inject(session, 'POST', URL.referencesSet, {
      references: [
        { ...referenceBody(), email: user.email.toUpperCase() },
        repeated,
        { ...referenceBody(), email: repeated.email.toUpperCase() },
      ],
    });
    const body = response.json();
    expect(response.statusCode).toBe(400);
    expectErrorEnvelope(body);
    expect(body.errors!.map((error) => error.field)).toEqual(['references.0.email', 'references.2.email']);

    const blankName = await inject(session, 'POST', URL.referencesSet, {
      references: [{ ...referenceBody(), name: '   ' }],
    });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json().errors.map((error: { field: string }) => error.field)).toEqual(['references.0.name']);

    expect(await rowsOf(user.id)).toEqual([]);
    const [profile] = await app().db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile?.sections.referencesStep).toBeUndefined();
    expect(emailsTo(repeated.email)).toEqual([]);
  });

  it('B15 adds a reference, refuses a second ask of the same person (409), the own email (400) and a 51st reference (409)', async () => {
    const session = await business();
    const { user } = session.account;
    const reference = referenceBody('Sofia Esposito');
    const added = await inject(session, 'POST', URL.referenceAdd, reference);
    const view = expectContractResponse('addBusinessReference', added, 201).data as Schemas['BusinessReference'];
    expect(view).toMatchObject({ name: 'Sofia Esposito', status: 'requested', relationship: 'client', review: null });
    expect(added.json().message).toBe('We emailed Sofia Esposito a link to leave a review.');
    const token = await linkTokenTo(reference.email, 'business');
    expect(expectContractResponse('getReviewInvitation', await readInvitation(token), 200).data.reviewerName).toBe(
      'Sofia Esposito',
    );

    const twice = await inject(session, 'POST', URL.referenceAdd, {
      ...reference,
      email: reference.email.toUpperCase(),
    });
    expect(expectContractResponse('addBusinessReference', twice, 409).code).toBe('conflict');
    const own = await inject(session, 'POST', URL.referenceAdd, { ...referenceBody(), email: user.email });
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toEqual([{ field: 'email', message: expect.any(String) }]);
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(emailsTo(reference.email)).toHaveLength(1);

    // The same person may be asked again once 30 days have passed and the link is closed.
    await setRow(view.id, {
      createdAt: new Date(Date.now() - 31 * DAY_MS),
      expiresAt: new Date(Date.now() - DAY_MS),
    });
    const later = await inject(session, 'POST', URL.referenceAdd, reference);
    expect(later.statusCode).toBe(201);

    // Fill up to 50, then the next is refused.
    const filler = Array.from({ length: 48 }, (_, index) => ({
      providerId: user.id,
      kind: 'reference' as const,
      tokenHash: `filler-${user.id}-${index}`,
      name: `Reference ${index}`,
      email: uniqueEmail('filler'),
      expiresAt: new Date(Date.now() + DAY_MS),
    }));
    await app().db.insert(providerReferences).values(filler);
    const extra = referenceBody();
    const full = await inject(session, 'POST', URL.referenceAdd, extra);
    expect(expectContractResponse('addBusinessReference', full, 409).code).toBe('conflict');
    expect(await rowsOf(user.id)).toHaveLength(50);
    expect(emailsTo(extra.email)).toEqual([]);
  });

  it("B16 resends once a day with a fresh token (the old one dies); B16/B17 answer 404 for another business's reference", async () => {
    const session = await business();
    const reference = referenceBody('Marcus Lindqvist');
    const added = expectContractResponse(
      'addBusinessReference',
      await inject(session, 'POST', URL.referenceAdd, reference),
      201,
    ).data as Schemas['BusinessReference'];
    const oldToken = await linkTokenTo(reference.email, 'business');

    const tooSoon = await inject(session, 'PATCH', URL.businessResend(added.id));
    expect(expectContractResponse('resendBusinessReferenceLink', tooSoon, 429).code).toBe('rate_limited');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(emailsTo(reference.email)).toHaveLength(1);

    await setRow(added.id, { sentAt: new Date(Date.now() - 40 * DAY_MS), expiresAt: new Date(Date.now() - DAY_MS) });
    const resent = await inject(session, 'PATCH', URL.businessResend(added.id));
    const view = expectContractResponse('resendBusinessReferenceLink', resent, 200)
      .data as Schemas['BusinessReference'];
    expect(resent.json().message).toBe('We sent Marcus Lindqvist a new link.');
    expect(view.status).toBe('requested');
    expect(Date.parse(view.linkExpiresAt) - Date.parse(view.linkSentAt)).toBe(30 * DAY_MS);
    expect(Date.parse(view.linkSentAt)).toBeGreaterThan(Date.now() - 60_000);
    const newToken = await linkTokenTo(reference.email, 'business');
    expect(newToken).not.toBe(oldToken);
    expect(emailsTo(reference.email)).toHaveLength(2);
    expect((await readInvitation(oldToken)).statusCode).toBe(404);
    expect((await readInvitation(newToken)).statusCode).toBe(200);

    // Another business (and a freelancer) cannot touch it.
    const other = await business();
    const notTheirs = await inject(other, 'PATCH', URL.businessResend(added.id));
    expect(expectContractResponse('resendBusinessReferenceLink', notTheirs, 404).code).toBe('not_found');
    const hide = await inject(other, 'PATCH', URL.businessVisibility(added.id), { visible: false });
    expect(expectContractResponse('setBusinessReferenceVisibility', hide, 404).code).toBe('not_found');
    const before = await rowById(added.id);
    expect(before.visible).toBe(true);
    expect(emailsTo(reference.email)).toHaveLength(2);
  });

  it('G09 and F09-F11: a freelancer asks, the reviewer submits, the freelancer lists, hides and cannot resend a submitted one', async () => {
    const session = await freelancer();
    const { user } = session.account;
    const email = uniqueEmail('daniel');
    const ask = {
      name: 'Daniel Whitfield',
      email,
      company: 'Corelane',
      message: 'Thanks again for the rollout. A short review would mean a lot.',
    };
    const asked = await inject(session, 'POST', URL.ask, ask);
    const request = expectContractResponse('askForReview', asked, 201).data as Schemas['ProviderReviewRequest'];
    expect(request).toMatchObject({ name: 'Daniel Whitfield', email, company: 'Corelane', status: 'requested' });
    const token = await linkTokenTo(email, 'freelancer');
    expect((await emailTo(testApp, email)).text).toContain(ask.message);

    // One open invitation per person; never oneself.
    const again = await inject(session, 'POST', URL.ask, { ...ask, email: email.toUpperCase() });
    expect(expectContractResponse('askForReview', again, 409).code).toBe('conflict');
    const self = await inject(session, 'POST', URL.ask, { ...ask, email: user.email });
    expect(expectContractResponse('askForReview', self, 409).code).toBe('conflict');
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(emailsTo(user.email)).toEqual([]);

    const listed = expectContractResponse(
      'listFreelancerReviewsAndReferences',
      await inject(session, 'GET', URL.freelancerList),
      200,
    ).data as Schemas['FreelancerReferenceList']['data'];
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({
      id: request.id,
      reviewerEmail: email,
      status: 'requested',
      rating: null,
      review: null,
      submittedAt: null,
    });
    expect(listed.summary).toEqual({
      total: 1,
      requested: 1,
      expired: 0,
      submitted: 0,
      verified: 0,
      hidden: 0,
      rating: { average: null, count: 0 },
    });

    const invitation = expectContractResponse('getReviewInvitation', await readInvitation(token), 200)
      .data as Schemas['ProviderReviewInvitation'];
    expect(invitation.provider).toMatchObject({
      kind: 'freelancer',
      uid: user.id,
      companyId: null,
      profileUrl: `/freelancer/${user.id}/`,
    });
    expect(invitation.message).toBe(ask.message);

    // A signed-in reviewer may submit too.
    const reviewer = await signedInSession(app(), 'client');
    const submitted = await submit(token, { ...REVIEW_BODY, rating: 3, reviewerRole: null }, reviewer);
    expect(expectContractResponse('submitReview', submitted, 200).data).toMatchObject({
      rating: 3,
      reviewerRole: null,
      company: 'Corelane',
    });

    const after = expectContractResponse(
      'listFreelancerReviewsAndReferences',
      await inject(session, 'GET', `${URL.freelancerList}?status=submitted`),
      200,
    ).data as Schemas['FreelancerReferenceList']['data'];
    expect(after.items[0]).toMatchObject({
      status: 'submitted',
      rating: 3,
      reviewTitle: REVIEW_BODY.title,
      review: REVIEW_BODY.text,
      wouldRecommend: true,
      linkExpiresAt: null,
      nextResendAt: null,
      verifiedAt: null,
    });
    expect(after.summary.rating).toEqual({ average: 3, count: 1 });
    const none = expectContractResponse(
      'listFreelancerReviewsAndReferences',
      await inject(session, 'GET', `${URL.freelancerList}?status=requested`),
      200,
    ).data as Schemas['FreelancerReferenceList']['data'];
    expect(none.items).toEqual([]);
    expect(none.summary.total).toBe(1);

    const hidden = await inject(session, 'PATCH', URL.freelancerVisibility(request.id), { visible: false });
    expect(expectContractResponse('setFreelancerReferenceVisibility', hidden, 200).data.visible).toBe(false);
    const [profile] = await app().db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile?.reviewCount).toBe(0);
    const summary = (
      expectContractResponse(
        'listFreelancerReviewsAndReferences',
        await inject(session, 'GET', URL.freelancerList),
        200,
      ).data as Schemas['FreelancerReferenceList']['data']
    ).summary;
    expect(summary).toMatchObject({ submitted: 1, hidden: 1, rating: { average: null, count: 0 } });

    await sentHoursAgo(request.id, 48);
    const resend = await inject(session, 'PATCH', URL.freelancerResend(request.id));
    expect(expectContractResponse('resendFreelancerReferenceLink', resend, 409).code).toBe('conflict');

    // Another freelancer gets 404 on both.
    const other = await freelancer();
    expect((await inject(other, 'PATCH', URL.freelancerResend(request.id))).statusCode).toBe(404);
    const otherHide = await inject(other, 'PATCH', URL.freelancerVisibility(request.id), { visible: true });
    expect(expectContractResponse('setFreelancerReferenceVisibility', otherHide, 404).code).toBe('not_found');
    expect((await rowById(request.id)).visible).toBe(false);
  });

  it('an expired link answers 409 to reading and submitting; the freelancer sees it expired and resends it (five times at most)', async () => {
    const session = await freelancer();
    const email = uniqueEmail('late');
    const request = expectContractResponse(
      'askForReview',
      await inject(session, 'POST', URL.ask, { name: 'Lena Ortiz', email }),
      201,
    ).data as Schemas['ProviderReviewRequest'];
    const token = await linkTokenTo(email, 'freelancer');
    await setRow(request.id, { sentAt: new Date(Date.now() - 31 * DAY_MS), expiresAt: new Date(Date.now() - 1000) });

    expect(expectContractResponse('getReviewInvitation', await readInvitation(token), 409).code).toBe('conflict');
    expect(expectContractResponse('submitReview', await submit(token), 409).code).toBe('conflict');
    expect((await rowById(request.id)).status).toBe('pending');

    const list = expectContractResponse(
      'listFreelancerReviewsAndReferences',
      await inject(session, 'GET', `${URL.freelancerList}?status=expired`),
      200,
    ).data as Schemas['FreelancerReferenceList']['data'];
    expect(list.items.map((item) => item.id)).toEqual([request.id]);
    expect(list.summary).toMatchObject({ total: 1, expired: 1, requested: 0 });

    const resent = await inject(session, 'PATCH', URL.freelancerResend(request.id));
    const view = expectContractResponse('resendFreelancerReferenceLink', resent, 200)
      .data as Schemas['FreelancerReference'];
    expect(view.status).toBe('requested');
    expect(view.nextResendAt).not.toBeNull();
    const fresh = await linkTokenTo(email, 'freelancer');
    expect(fresh).not.toBe(token);
    expect((await readInvitation(token)).statusCode).toBe(404);
    expect(expectContractResponse('submitReview', await submit(fresh), 200).data.rating).toBe(5);

    // The sixth resend is refused.
    const other = expectContractResponse(
      'askForReview',
      await inject(session, 'POST', URL.ask, { name: 'Kenji Sato', email: uniqueEmail('kenji') }),
      201,
    ).data as Schemas['ProviderReviewRequest'];
    await setRow(other.id, { request: { resends: 5 }, sentAt: new Date(Date.now() - 2 * DAY_MS) });
    const sixth = await inject(session, 'PATCH', URL.freelancerResend(other.id));
    expect(expectContractResponse('resendFreelancerReferenceLink', sixth, 429).code).toBe('rate_limited');
  });

  it('two racing submits of one token: exactly one succeeds and one review is stored', async () => {
    const session = await listedBusiness(app());
    const email = uniqueEmail('racer');
    const request = expectContractResponse(
      'askForReview',
      await inject(session, 'POST', URL.ask, { name: 'Ola Nordmann', email, company: null }),
      201,
    ).data as Schemas['ProviderReviewRequest'];
    const token = await linkTokenTo(email, 'business');
    const [one, two] = await Promise.all([visitor(), visitor()]);
    const answers = await Promise.all([
      submit(token, { ...REVIEW_BODY, rating: 5 }, one),
      submit(token, { ...REVIEW_BODY, rating: 1 }, two),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!;
    const row = await rowById(request.id);
    expect(row.status).toBe('submitted');
    expect(row.rating).toBe(expectContractResponse('submitReview', winner, 200).data.rating);

    // A review asked through G09 shows among the business's reviews, not its references.
    const profile = await publicProfile(session.account.user.companyId!);
    expect(profile.reviews.map((review) => review.id)).toEqual([request.id]);
    expect(profile.references).toEqual([]);
    expect(profile.rating.count).toBe(1);
  });

  it('unknown tokens answer 404; a blank review answers 400 and leaves the link open', async () => {
    const unknown = 'x'.repeat(43);
    expect(expectContractResponse('getReviewInvitation', await readInvitation(unknown), 404).code).toBe('not_found');
    expect(expectContractResponse('submitReview', await submit(unknown), 404).code).toBe('not_found');

    const session = await freelancer();
    const email = uniqueEmail('blank');
    const request = expectContractResponse(
      'askForReview',
      await inject(session, 'POST', URL.ask, { name: 'Ana Lima', email }),
      201,
    ).data as Schemas['ProviderReviewRequest'];
    const token = await linkTokenTo(email, 'freelancer');
    const blank = await submit(token, { ...REVIEW_BODY, title: '    ', text: ' '.repeat(30) });
    const body = expectContractResponse('submitReview', blank, 400);
    expect(body.errors.map((error: { field: string }) => error.field)).toEqual(['title', 'text']);
    const badRating = await submit(token, { ...REVIEW_BODY, rating: 6 });
    expect(badRating.statusCode).toBe(400);
    const row = await rowById(request.id);
    expect(row).toMatchObject({ status: 'pending', rating: null, response: null, submittedAt: null });
    expect((await readInvitation(token)).statusCode).toBe(200);
  });

  it('asking is limited to 20 invitations a day per provider (429), and the refused one writes and sends nothing', async () => {
    const session = await freelancer();
    const { user } = session.account;
    for (let index = 0; index < 20; index += 1) {
      const response = await inject(session, 'POST', URL.ask, { name: `Person ${index}`, email: uniqueEmail('many') });
      expect(response.statusCode).toBe(201);
    }
    const email = uniqueEmail('one-too-many');
    const refused = await inject(session, 'POST', URL.ask, { name: 'One Too Many', email });
    expect(expectContractResponse('askForReview', refused, 429).code).toBe('rate_limited');
    await app().email.settled();
    expect(emailsTo(email)).toEqual([]);
    const stored = await app()
      .db.select({ total: sql<number>`count(*)::int` })
      .from(providerReferences)
      .where(and(eq(providerReferences.providerId, user.id)));
    expect(Number(stored[0]!.total)).toBe(20);

    // Another provider has an allowance of its own.
    const other = await freelancer();
    expect((await inject(other, 'POST', URL.ask, { name: 'Someone Else', email })).statusCode).toBe(201);
  });
});
