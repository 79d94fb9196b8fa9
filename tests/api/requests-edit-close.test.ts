import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { proposals, serviceRequests, uploads, versigemsLedger } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { onRequestEnded, type EndedRequest, type RequestOutcome } from '../../src/server/modules/requests';
import { expireLapsed } from '../../src/server/modules/requests/expiry';
import { serviceRequestService } from '../../src/server/modules/requests/service';
import { applyLedgerEntry } from '../../src/server/modules/versigems';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import { mobileRequestBody } from '../support/request-bodies';
import { multipart, pdf } from './upload-files';

// Many writes each, on a shared machine: more time than the project's defaults.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

type Schemas = components['schemas'];
type ServiceRequest = Schemas['ServiceRequest'];

describe.each(databaseKinds)('changing and closing a request (%s)', (kind) => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof signedInSession>>;
  let otherClient: SignedSession;
  let freelancer: SignedSession;
  let business: SignedSession;
  let visitor: SignedSession;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    owner = await signedInSession(app(), 'client');
    otherClient = await signedInSession(app(), 'client');
    freelancer = await signedInSession(app(), 'freelancer');
    business = await signedInSession(app(), 'business');
    visitor = await signedSession(app());
  });
  afterAll(() => testApp.close());

  /** A new open request of the owner (or of `clientId`), through the service as posting makes it. */
  async function posted(title = 'Class booking app for three fitness studios', attachments: string[] = []) {
    const { request } = await serviceRequestService(app()).create(
      owner.account.user.id,
      mobileRequestBody({ title, attachments }),
    );
    return request;
  }
  const row = async (id: string) =>
    (await app().db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!;
  const update = (session: SignedSession, id: string, payload: object) =>
    app().inject({ method: 'POST', url: `/api/service/request/${id}/update/`, headers: session.headers, payload });
  const close = (session: SignedSession, id: string, payload: object) =>
    app().inject({ method: 'POST', url: `/api/service/request/${id}/close/`, headers: session.headers, payload });
  const changes = (title: string, answers: Record<string, unknown>, attachments?: string[]) => ({
    title,
    answers,
    ...(attachments ? { attachments } : {}),
  });

  async function upload(session: SignedSession, name = 'brief.pdf'): Promise<string> {
    const form = multipart({}, [{ field: 'file', name, type: 'application/pdf', bytes: pdf() }]);
    const response = await app().inject({
      method: 'POST',
      url: '/api/uploads/attachments/',
      payload: form.payload,
      headers: { ...form.headers, ...session.headers },
    });
    return (expectContractResponse('uploadAttachment', response, 201) as { data: { id: string } }).data.id;
  }

  function expectFieldErrors(operationId: string, response: LightMyRequestResponse, fields: string[]) {
    const body = expectContractResponse(operationId, response, 400);
    expectErrorEnvelope(body);
    expect(body.code).toBe('validation_failed');
    expect(body.errors?.map((error) => error.field)).toEqual(fields);
  }

  describe('who may call', () => {
    it('answers a visitor 401, a freelancer and a business 403, another client 404, the owner 200', async () => {
      const request = await posted();
      const body = { update: changes('Booking app for our studios', mobileRequestBody().answers) };
      const calls = {
        updateServiceRequest: (session: SignedSession) => update(session, request.id, body.update),
        closeServiceRequest: (session: SignedSession) => close(session, request.id, { reason: 'other' }),
      };
      for (const [operationId, call] of Object.entries(calls)) {
        const got: Record<string, number> = {};
        for (const [who, session] of Object.entries({ visitor, freelancer, business, otherClient })) {
          const response = await call(session);
          expectContractResponse(operationId, response);
          got[who] = response.statusCode;
        }
        expect(got, operationId).toEqual({ visitor: 401, freelancer: 403, business: 403, otherClient: 404 });
        // Nobody else changed it.
        expect(await row(request.id)).toMatchObject({ status: 'open', title: request.title });
      }
      // An unknown id is the same 404 as another client's request.
      const unknown = await update(owner, '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', body.update);
      expect(expectContractResponse('updateServiceRequest', unknown, 404).code).toBe('not_found');
      expectContractResponse('updateServiceRequest', await update(owner, request.id, body.update), 200);
      expectContractResponse('closeServiceRequest', await close(owner, request.id, { reason: 'other' }), 200);
    });
  });

  describe('updateServiceRequest', () => {
    it('replaces the title and answers, and derives the budget, tools, summary and board columns again', async () => {
      const request = await posted('Class booking app for three fitness studios');
      expect(request.editable).toBe(true);
      const before = await row(request.id);
      const tools = ((await app().inject({ url: '/api/service/tool/all/' })).json() as { data: { id: number }[] }).data;
      const otherTool = tools.find((tool) => tool.id !== 31)!.id;
      const durations = (
        (await app().inject({ url: '/api/service/project-duration/all/' })).json() as { data: { slug: string }[] }
      ).data;
      const otherDuration = durations.find((duration) => duration.slug !== 'one-to-three-months')!.slug;
      const answers = {
        ...mobileRequestBody().answers,
        budget: { type: 'hourly', min: 40, max: 80, currency: 'USD' },
        projectDuration: otherDuration,
        tools: [otherTool],
      };
      const response = await update(owner, request.id, changes('  Loyalty card app for a bakery chain  ', answers));
      const changed = (expectContractResponse('updateServiceRequest', response, 200) as { data: ServiceRequest }).data;
      expect(response.json().message).toBe('Your request is updated.');
      expect(changed).toMatchObject({
        id: request.id,
        refId: request.refId,
        title: 'Loyalty card app for a bakery chain',
        slug: 'loyalty-card-app-for-a-bakery-chain',
        status: 'open',
        editable: true,
        budget: { type: 'hourly', min: 40, max: 80, currency: 'USD' },
        projectDuration: { slug: otherDuration },
        tools: [expect.objectContaining({ id: otherTool })],
      });
      expect(changed.answers).toEqual(answers);
      expect(changed.summary).not.toBe(request.summary);
      expect(changed.summary).toContain('Hourly budget of $40 to $80');
      const after = await row(request.id);
      expect(after).toMatchObject({
        budgetType: 'hourly',
        budgetUsdLow: 40,
        budgetUsdHigh: 80,
        projectDuration: otherDuration,
        toolIds: [otherTool],
        createdAt: before.createdAt,
        closesAt: before.closesAt,
      });
      expect(after.searchText).not.toBe(before.searchText);
      expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
      // The client reads the request as changed.
      const read = await app().inject({ url: `/api/service/request/${request.id}/`, headers: owner.headers });
      expect((expectContractResponse('getServiceRequest', read, 200) as { data: ServiceRequest }).data).toEqual(
        changed,
      );
    });

    it('refuses answers the form does not accept, naming the field, and changes nothing', async () => {
      const request = await posted();
      const before = await row(request.id);
      const { platforms: _platforms, ...withoutPlatforms } = mobileRequestBody().answers;
      expectFieldErrors(
        'updateServiceRequest',
        await update(owner, request.id, changes('Booking app', withoutPlatforms)),
        ['answers.platforms'],
      );
      const unknownOption = { ...mobileRequestBody().answers, projectDuration: 'next-decade' };
      expectFieldErrors(
        'updateServiceRequest',
        await update(owner, request.id, changes('Booking app', unknownOption)),
        ['answers.projectDuration'],
      );
      const upsideDown = {
        ...mobileRequestBody().answers,
        budget: { type: 'fixed', min: 9000, max: 100, currency: 'USD' },
      };
      expectFieldErrors('updateServiceRequest', await update(owner, request.id, changes('Booking app', upsideDown)), [
        'answers.budget.min',
      ]);
      // The contract's own checks: an unknown field beside the title.
      const extra = await update(owner, request.id, {
        ...changes('Booking app', mobileRequestBody().answers),
        family: 'x',
      });
      expect(extra.statusCode).toBe(400);
      expectErrorEnvelope(extra.json());
      expect(await row(request.id)).toEqual(before);
    });

    it('keeps, adds and drops files; refuses another client’s file and leaves everything as it was', async () => {
      const kept = await upload(owner, 'wireframes.pdf');
      const dropped = await upload(owner, 'old-brief.pdf');
      const request = await posted('Booking app with wireframes', [kept, dropped]);
      const added = await upload(owner, 'new-brief.pdf');
      const foreign = await upload(otherClient, 'theirs.pdf');
      const answers = mobileRequestBody().answers;

      const before = await row(request.id);
      expectFieldErrors(
        'updateServiceRequest',
        await update(owner, request.id, changes('Booking app with wireframes', answers, [kept, foreign])),
        ['attachments.1'],
      );
      expect(await row(request.id)).toEqual(before);
      const attachedTo = async (ids: string[]) =>
        Object.fromEntries(
          (
            await app()
              .db.select({ id: uploads.id, to: uploads.attachedToId })
              .from(uploads)
              .where(inArray(uploads.id, ids))
          ).map((upload) => [upload.id, upload.to]),
        );
      expect(await attachedTo([kept, dropped, added, foreign])).toEqual({
        [kept]: request.id,
        [dropped]: request.id,
        [added]: null,
        [foreign]: null,
      });

      const response = await update(owner, request.id, changes('Booking app with wireframes', answers, [kept, added]));
      const changed = (expectContractResponse('updateServiceRequest', response, 200) as { data: ServiceRequest }).data;
      expect(changed.attachments.map((file) => file.id).sort()).toEqual([kept, added].sort());
      expect(await attachedTo([kept, dropped, added, foreign])).toEqual({
        [kept]: request.id,
        [dropped]: null,
        [added]: request.id,
        [foreign]: null,
      });
      // A file on another request of the same client is taken too.
      const second = await posted('Second booking app', [await upload(owner, 'second.pdf')]);
      const elsewhere = second.attachments[0]!.id;
      expectFieldErrors(
        'updateServiceRequest',
        await update(owner, request.id, changes('Booking app with wireframes', answers, [elsewhere])),
        ['attachments.0'],
      );
      // Without `attachments` the request keeps none.
      const none = await update(owner, request.id, changes('Booking app without files', answers));
      expect(
        (expectContractResponse('updateServiceRequest', none, 200) as { data: ServiceRequest }).data.attachments,
      ).toEqual([]);
    });

    it('answers 409 once any proposal row exists, withdrawn included, and once the request is not open', async () => {
      const request = await posted();
      const provider = await createAccount(app(), 'freelancer');
      await app().db.insert(proposals).values({
        requestId: request.id,
        providerId: provider.user.id,
        providerType: 'freelancer',
        coverLetter: 'I built booking apps for two gyms.',
        priceType: 'fixed',
        amount: 4000,
        currency: 'USD',
        estimatedDuration: 'one-to-three-months',
        status: 'withdrawn',
      });
      const before = await row(request.id);
      const refused = await update(owner, request.id, changes('Changed after a proposal', mobileRequestBody().answers));
      const body = expectContractResponse('updateServiceRequest', refused, 409);
      expect(body.code).toBe('conflict');
      expect(body.message).toBe('This request has received a proposal, so it can no longer be changed.');
      expect(await row(request.id)).toEqual(before);
      const read = await app().inject({ url: `/api/service/request/${request.id}/`, headers: owner.headers });
      expect((read.json() as { data: ServiceRequest }).data.editable).toBe(false);

      const inReview = await posted('In review already');
      await app().db.update(serviceRequests).set({ status: 'in-review' }).where(eq(serviceRequests.id, inReview.id));
      const notOpen = await update(owner, inReview.id, changes('Changed in review', mobileRequestBody().answers));
      expect(expectContractResponse('updateServiceRequest', notOpen, 409).message).toBe(
        'This request is in review, so it can no longer be changed.',
      );
    });
  });

  describe('closeServiceRequest', () => {
    it('closes an open request with its reason and note, takes it off the board, and refuses a second close', async () => {
      const request = await posted('Booking app we no longer need');
      const response = await close(owner, request.id, {
        reason: 'budget-changed',
        note: '  Our board cut the budget.  ',
      });
      const closed = (expectContractResponse('closeServiceRequest', response, 200) as { data: ServiceRequest }).data;
      expect(response.json().message).toBe('Your request is closed.');
      expect(closed).toMatchObject({
        status: 'closed',
        closeReason: 'budget-changed',
        closesAt: null,
        editable: false,
      });
      expect(closed).not.toHaveProperty('closeNote');
      expect(await row(request.id)).toMatchObject({
        status: 'closed',
        closeReason: 'budget-changed',
        closeNote: 'Our board cut the budget.',
        closesAt: null,
      });
      const job = await app().inject({ url: `/api/service/public/request/${request.refId}/${request.slug}` });
      expect(job.statusCode).toBe(404);

      const before = await row(request.id);
      const again = await close(owner, request.id, { reason: 'other' });
      const body = expectContractResponse('closeServiceRequest', again, 409);
      expect(body.message).toBe('This request is already closed, so it cannot be closed.');
      expect(await row(request.id)).toEqual(before);
      const edit = await update(owner, request.id, changes('Closed but changed', mobileRequestBody().answers));
      expect(expectContractResponse('updateServiceRequest', edit, 409).message).toBe(
        'This request is closed, so it can no longer be changed.',
      );
    });

    it('closes an in-review request; a blank note is no note; an expired one is a 409', async () => {
      const inReview = await posted('Booking app in review');
      await app().db.update(serviceRequests).set({ status: 'in-review' }).where(eq(serviceRequests.id, inReview.id));
      const response = await close(owner, inReview.id, { reason: 'hired-elsewhere', note: '   ' });
      expectContractResponse('closeServiceRequest', response, 200);
      expect(await row(inReview.id)).toMatchObject({
        status: 'closed',
        closeReason: 'hired-elsewhere',
        closeNote: null,
      });

      const expired = await posted('Booking app that expired');
      await app()
        .db.update(serviceRequests)
        .set({ status: 'expired', closesAt: null })
        .where(eq(serviceRequests.id, expired.id));
      const refused = await close(owner, expired.id, { reason: 'other' });
      expect(expectContractResponse('closeServiceRequest', refused, 409).message).toBe(
        'This request is already expired, so it cannot be closed.',
      );
    });

    it('refuses an unknown reason and a note over 500 characters, naming the field, and changes nothing', async () => {
      const request = await posted('Booking app kept open');
      const before = await row(request.id);
      for (const [payload, field] of [
        [{ reason: 'bored' }, 'reason'],
        [{ reason: 'other', note: 'x'.repeat(501) }, 'note'],
        [{}, 'reason'],
      ] as const) {
        const response = await close(owner, request.id, payload);
        const body = expectContractResponse('closeServiceRequest', response, 400);
        expectErrorEnvelope(body);
        expect(body.errors?.map((error) => error.field)).toContain(field);
      }
      expect(await row(request.id)).toEqual(before);
    });
  });

  describe('the request-end hooks', () => {
    const calls: { request: EndedRequest; outcome: RequestOutcome; phase: 'run' | 'after' }[] = [];
    const removers: (() => void)[] = [];
    afterEach(() => {
      removers.splice(0).forEach((remove) => remove());
      calls.splice(0);
    });

    /** A hook that records its calls; `run` reads through the transaction it is given. */
    function recordingHook() {
      removers.push(
        onRequestEnded({
          name: 'recorder',
          run: async (tx, request, outcome) => {
            const [seen] = await tx
              .select({ status: serviceRequests.status })
              .from(serviceRequests)
              .where(eq(serviceRequests.id, request.id));
            calls.push({ request, outcome, phase: 'run' });
            return seen!.status;
          },
          after: async (_deps, request, statusSeen, outcome) => {
            calls.push({ request: { ...request, title: `${request.title} (${statusSeen})` }, outcome, phase: 'after' });
          },
        }),
      );
    }

    it('runs the hook inside the close (the new status visible to it), then its follow-up once committed', async () => {
      recordingHook();
      const request = await posted('Booking app closed with a hook');
      expectContractResponse('closeServiceRequest', await close(owner, request.id, { reason: 'other' }), 200);
      const ended = { id: request.id, refId: request.refId, title: request.title };
      expect(calls).toEqual([
        { request: ended, outcome: 'closed', phase: 'run' },
        { request: { ...ended, title: `${request.title} (closed)` }, outcome: 'closed', phase: 'after' },
      ]);
      // A refused second close runs nothing.
      await close(owner, request.id, { reason: 'other' });
      expect(calls).toHaveLength(2);
    });

    it('undoes the whole close, the hook’s own writes included, when a hook throws', async () => {
      const gems = await createAccount(app(), 'freelancer');
      removers.push(
        onRequestEnded({
          name: 'failing',
          run: async (tx, request) => {
            await applyLedgerEntry(tx, {
              userId: gems.user.id,
              delta: 2,
              reason: 'proposal-return',
              reference: { kind: 'service-request', id: request.id, label: request.title },
            });
            throw new Error('the proposals could not be declined');
          },
          after: async (_deps, request, _result, outcome) => {
            calls.push({ request, outcome, phase: 'after' });
          },
        }),
      );
      const request = await posted('Booking app whose close fails');
      const before = await row(request.id);
      const response = await close(owner, request.id, { reason: 'no-longer-needed', note: 'Cancelled.' });
      expect(response.statusCode).toBe(500);
      expectErrorEnvelope(response.json());
      expect(await row(request.id)).toEqual(before);
      expect(await app().db.select().from(versigemsLedger).where(eq(versigemsLedger.userId, gems.user.id))).toEqual([]);
      expect(calls).toEqual([]);
    });

    it('expires a lapsed request once, with its hook, even when two runs race; a failing hook keeps its request open', async () => {
      recordingHook();
      const lapsed = await posted('Booking app that lapsed');
      const alsoLapsed = await posted('Loyalty app that lapsed');
      const stillOpen = await posted('Booking app still open');
      await app()
        .db.update(serviceRequests)
        .set({ closesAt: sql`now() - interval '1 minute'` })
        .where(inArray(serviceRequests.id, [lapsed.id, alsoLapsed.id]));

      const [first, second] = await Promise.all([
        expireLapsed(app(), new Date(), { batch: 1 }),
        expireLapsed(app(), new Date(), { batch: 1 }),
      ]);
      expect(first!.failed + second!.failed).toBe(0);
      const mine = (phase: 'run' | 'after') =>
        calls
          .filter((call) => call.phase === phase && [lapsed.id, alsoLapsed.id, stillOpen.id].includes(call.request.id))
          .map((call) => `${call.request.id} ${call.outcome}`)
          .sort();
      expect(mine('run')).toEqual([`${lapsed.id} expired`, `${alsoLapsed.id} expired`].sort());
      expect(mine('after')).toEqual(mine('run'));
      expect(await row(lapsed.id)).toMatchObject({ status: 'expired', closesAt: null });
      expect(await row(stillOpen.id)).toMatchObject({ status: 'open' });
      // A later run finds nothing left: the hooks ran once.
      expect(await expireLapsed(app(), new Date())).toEqual({ expired: 0, failed: 0 });
      expect(mine('run')).toHaveLength(2);

      removers.push(
        onRequestEnded({
          name: 'refusing',
          run: async (_tx, request) => {
            if (request.id === stuck.id) throw new Error('cannot end this one');
          },
        }),
      );
      const stuck = await posted('Booking app whose expiry fails');
      const fine = await posted('Booking app that expires fine');
      await app()
        .db.update(serviceRequests)
        .set({ closesAt: sql`now() - interval '1 minute'` })
        .where(inArray(serviceRequests.id, [stuck.id, fine.id]));
      expect(await expireLapsed(app(), new Date(), { batch: 1 })).toEqual({ expired: 1, failed: 1 });
      expect(await row(stuck.id)).toMatchObject({ status: 'open' });
      expect(await row(fine.id)).toMatchObject({ status: 'expired' });
    });
  });
});

describe('the allowance of changes', () => {
  it('lets a client change or close requests 30 times an hour and answers the 31st with 429', async () => {
    const testApp = await buildTestApp('pglite');
    try {
      const app = testApp.app;
      const client = await signedInSession(app, 'client');
      const { request } = await serviceRequestService(app).create(client.account.user.id, mobileRequestBody());
      const body = { title: 'Booking app, changed again', answers: mobileRequestBody().answers };
      for (let i = 0; i < 30; i += 1) {
        const response = await app.inject({
          method: 'POST',
          url: `/api/service/request/${request.id}/update/`,
          headers: client.headers,
          payload: body,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      const blocked = await app.inject({
        method: 'POST',
        url: `/api/service/request/${request.id}/close/`,
        headers: client.headers,
        payload: { reason: 'other' },
      });
      expect(expectContractResponse('closeServiceRequest', blocked, 429).code).toBe('rate_limited');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Refused input is not counted: a bad body still gets its 400, not a 429.
      const bad = await app.inject({
        method: 'POST',
        url: `/api/service/request/${request.id}/update/`,
        headers: client.headers,
        payload: { title: 'x', answers: {} },
      });
      expect(bad.statusCode).toBe(400);
    } finally {
      await testApp.close();
    }
  });
});
