import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals, providerReferences } from '../../src/server/db/schema';
import { expectContractResponse } from './contract-responses';
import { buildTestApp, databaseKinds, signedInSession, type SignedSession, type TestApp } from './helpers';
import { giveVersigems, pdfPart, postRequest, requestRow, sentProposal } from './proposal-fixtures';

type Session = SignedSession & { account: { user: { id: string }; email: string } };

interface Summary {
  id: string;
  status: string;
  price: { amount: number };
  coverLetterPreview: string;
  milestoneCount: number;
  attachmentCount: number;
  providerStats: { rating: number | null; reviewCount: number; profileCompletion: number; hires: number };
  provider: { id: string; accountType: string; displayName: string };
}

describe.each(databaseKinds)('reading proposals (%s)', (kind) => {
  let testApp: TestApp;
  let client: Session;
  let otherClient: Session;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    client = await signedInSession(testApp.app, 'client');
    otherClient = await signedInSession(testApp.app, 'client');
  }, 180_000);
  afterAll(() => testApp.close());

  const app = () => testApp.app;
  const get = (session: SignedSession | null, url: string) =>
    app().inject({ url, headers: session ? { cookie: session.cookie } : {} });

  async function freelancer(): Promise<Session> {
    const session = await signedInSession(app(), 'freelancer');
    await giveVersigems(app(), session.account.user.id, 20);
    return session;
  }

  const setStatus = (id: string, status: 'declined' | 'shortlisted' | 'withdrawn' | 'accepted') =>
    app().db.update(proposals).set({ status }).where(eq(proposals.id, id));

  it('lists the provider’s own proposals newest first, every status, filtered by one', async () => {
    const maya = await freelancer();
    const first = await sentProposal(app(), maya, (await postRequest(app(), client.account.user.id)).id);
    const second = await sentProposal(
      app(),
      maya,
      (await postRequest(app(), client.account.user.id)).id,
      { priceType: 'hourly', amount: '95', milestones: undefined },
      [pdfPart()],
    );
    const third = await sentProposal(app(), maya, (await postRequest(app(), otherClient.account.user.id)).id);
    await setStatus(third.id, 'withdrawn');

    const all = expectContractResponse(
      'listMyProposals',
      await get(maya, '/api/service/request/proposal/all/'),
      200,
    ) as {
      data: { items: Summary[]; pagination: { total: number } };
    };
    expect(all.data.items.map((item) => item.id)).toEqual([third.id, second.id, first.id]);
    expect(all.data.pagination.total).toBe(3);
    const hourly = all.data.items[1]!;
    expect(hourly).toMatchObject({ milestoneCount: 0, attachmentCount: 1, price: { amount: 95 } });
    expect(all.data.items[2]!.milestoneCount).toBe(3);

    const withdrawn = expectContractResponse(
      'listMyProposals',
      await get(maya, '/api/service/request/proposal/all/?status=withdrawn'),
      200,
    ) as { data: { items: Summary[] } };
    expect(withdrawn.data.items.map((item) => item.id)).toEqual([third.id]);

    const paged = (await get(maya, '/api/service/request/proposal/all/?page=2&pageSize=2')).json() as {
      data: { items: Summary[]; pagination: { totalPages: number } };
    };
    expect(paged.data.items.map((item) => item.id)).toEqual([first.id]);
    expect(paged.data.pagination.totalPages).toBe(2);

    const someoneElse = (await get(await freelancer(), '/api/service/request/proposal/all/')).json() as {
      data: { items: Summary[] };
    };
    expect(someoneElse.data.items).toEqual([]);
    expect((await get(null, '/api/service/request/proposal/all/')).statusCode).toBe(401);
    expect((await get(client, '/api/service/request/proposal/all/')).statusCode).toBe(403);
  });

  it('shows the request’s proposals to its client with counts, status filter and price sorts, never withdrawn ones', async () => {
    const request = await postRequest(app(), client.account.user.id);
    const providers = await Promise.all([freelancer(), freelancer(), freelancer(), freelancer()]);
    const business = (await signedInSession(app(), 'business')) as Session;
    const amounts = ['14000', '21000', '9000', '30000'];
    const sent = [];
    for (const [index, provider] of providers.entries()) {
      sent.push(
        await sentProposal(app(), provider, request.id, {
          amount: amounts[index],
          milestones: undefined,
          coverLetter: `${'I would start with a short discovery of your data and then build the dashboards. '.repeat(5)}`,
        }),
      );
    }
    const fromBusiness = await sentProposal(app(), business, request.id, { amount: '5000', milestones: undefined });
    await setStatus(sent[0]!.id, 'declined');
    await setStatus(sent[1]!.id, 'shortlisted');
    await setStatus(sent[3]!.id, 'withdrawn');

    const url = `/api/service/client/request/${request.id}/proposals/`;
    const page = expectContractResponse('listServiceRequestProposals', await get(client, url), 200) as {
      data: {
        request: { id: string };
        statusCounts: Record<string, number>;
        items: Summary[];
        pagination: { total: number };
      };
    };
    expect(page.data.request.id).toBe(request.id);
    expect(page.data.statusCounts).toEqual({ submitted: 2, shortlisted: 1, accepted: 0, declined: 1 });
    expect(page.data.items.map((item) => item.id)).toEqual([fromBusiness.id, sent[2]!.id, sent[1]!.id, sent[0]!.id]);
    expect(page.data.pagination.total).toBe(4);
    const preview = page.data.items[1]!.coverLetterPreview;
    expect(preview.length).toBeLessThanOrEqual(281);
    expect(preview.endsWith('…')).toBe(true);
    expect(page.data.items[0]!.provider).toMatchObject({ accountType: 'business', id: business.account.user.id });

    const low = (await get(client, `${url}?sort=price-low`)).json() as { data: { items: Summary[] } };
    expect(low.data.items.map((item) => item.price.amount)).toEqual([5000, 9000, 14000, 21000]);
    const high = (await get(client, `${url}?sort=price-high`)).json() as { data: { items: Summary[] } };
    expect(high.data.items.map((item) => item.price.amount)).toEqual([21000, 14000, 9000, 5000]);
    const shortlisted = (await get(client, `${url}?status=shortlisted`)).json() as {
      data: { items: Summary[]; statusCounts: Record<string, number> };
    };
    expect(shortlisted.data.items.map((item) => item.id)).toEqual([sent[1]!.id]);
    expect(shortlisted.data.statusCounts.submitted).toBe(2);
    expect((await get(client, `${url}?status=withdrawn`)).statusCode).toBe(400);

    expect((await get(otherClient, url)).statusCode).toBe(404);
    expect(
      (await get(client, '/api/service/client/request/3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44/proposals/')).statusCode,
    ).toBe(404);
    expect((await get(providers[0]!, url)).statusCode).toBe(403);
    expect((await get(null, url)).statusCode).toBe(401);
  });

  it('shows a proposal to its provider and the request’s client only; the client’s first look puts the request in review', async () => {
    const request = await postRequest(app(), client.account.user.id);
    const maya = await freelancer();
    const sent = await sentProposal(app(), maya, request.id, {}, [pdfPart('plan.pdf')]);
    const url = `/api/service/request/proposal/${sent.id}/`;

    const own = expectContractResponse('getProposal', await get(maya, url), 200) as {
      data: { id: string; conversation: unknown; declineReason: unknown; attachments: { url: string }[] };
    };
    expect(own.data).toMatchObject({ id: sent.id, conversation: null, declineReason: null });
    expect((await requestRow(app(), request.id)).status).toBe('open');

    expectContractResponse('getProposal', await get(client, url), 200);
    expect((await requestRow(app(), request.id)).status).toBe('in-review');
    // The client may download the proposal's files; another client may not.
    const fileUrl = own.data.attachments[0]!.url;
    expect((await get(client, fileUrl)).statusCode).toBe(200);
    expect((await get(otherClient, fileUrl)).statusCode).toBe(404);

    expect((await get(otherClient, url)).statusCode).toBe(404);
    expect((await get(await freelancer(), url)).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(client, '/api/service/request/proposal/3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44/')).statusCode).toBe(
      404,
    );

    await setStatus(sent.id, 'withdrawn');
    expect((await get(client, url)).statusCode).toBe(404);
    expect((await get(maya, url)).statusCode).toBe(200);
  });

  it('gives each proposal its provider’s rating, reviews, completion and hires', async () => {
    const maya = await freelancer();
    const request = await postRequest(app(), client.account.user.id);
    const earlier = await sentProposal(app(), maya, (await postRequest(app(), client.account.user.id)).id);
    await setStatus(earlier.id, 'accepted');
    const reviews = [5, 4, 4];
    for (const rating of reviews) {
      await app()
        .db.insert(providerReferences)
        .values({
          providerId: maya.account.user.id,
          kind: 'review',
          tokenHash: `hash-${Math.random()}`,
          name: 'Dana',
          email: 'dana@example.com',
          status: 'submitted',
          visible: true,
          rating,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
    }
    const sent = await sentProposal(app(), maya, request.id);
    const view = (await get(client, `/api/service/request/proposal/${sent.id}/`)).json() as {
      data: { providerStats: Summary['providerStats'] };
    };
    expect(view.data.providerStats).toMatchObject({ rating: 4.3, reviewCount: 3, hires: 1 });
    expect(view.data.providerStats.profileCompletion).toBeGreaterThanOrEqual(0);
    expect(view.data.providerStats.profileCompletion).toBeLessThanOrEqual(100);
    const newcomer = await freelancer();
    const fresh = await sentProposal(app(), newcomer, request.id);
    const list = (await get(client, `/api/service/client/request/${request.id}/proposals/`)).json() as {
      data: { items: Summary[] };
    };
    expect(list.data.items.find((item) => item.id === fresh.id)!.providerStats).toMatchObject({
      rating: null,
      reviewCount: 0,
      hires: 0,
    });
  });
});
