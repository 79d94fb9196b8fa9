import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals, uploads, versigemsLedger } from '../../src/server/db/schema';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  emailTo,
  expectErrorEnvelope,
  signedInSession,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import {
  balanceOf,
  COVER_LETTER,
  giveVersigems,
  pdfPart,
  postRequest,
  requestRow,
  rowCounts,
  sentProposal,
  submitProposal,
} from './proposal-fixtures';
import { png, storedFiles, zipOf } from './upload-files';

type Session = SignedSession & { account: { user: { id: string }; email: string } };

describe.each(databaseKinds)('submitting a proposal (%s)', (kind) => {
  let testApp: TestApp;
  let client: Session;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    client = await signedInSession(testApp.app, 'client');
  }, 180_000);
  afterAll(() => testApp.close());

  const app = () => testApp.app;

  async function freelancerWith(gems: number): Promise<Session> {
    const session = await signedInSession(app(), 'freelancer');
    if (gems > 0) await giveVersigems(app(), session.account.user.id, gems);
    return session;
  }

  /** The call refused with `status`, the envelope naming `field` (when given), and nothing written. */
  async function expectRefusedWithNothingWritten(
    session: Session,
    call: () => ReturnType<typeof submitProposal>,
    status: number,
    field?: string,
  ) {
    const before = await rowCounts(app());
    const balance = await balanceOf(app(), session.account.user.id);
    const files = storedFiles(testApp);
    const response = await call();
    expect(response.statusCode, response.body).toBe(status);
    const envelope = response.json();
    expectErrorEnvelope(envelope);
    expectContractResponse('submitProposal', response);
    if (field) expect(envelope.errors?.map((error) => error.field)).toContain(field);
    expect(await rowCounts(app())).toEqual(before);
    expect(await balanceOf(app(), session.account.user.id)).toBe(balance);
    expect(storedFiles(testApp)).toEqual(files);
    return envelope;
  }

  it('sends a freelancer’s proposal: 201, 2 versigems spent, the count up, files kept, the client emailed', async () => {
    const freelancer = await freelancerWith(10);
    const request = await postRequest(app(), client.account.user.id);
    const response = await submitProposal(app(), freelancer, request.id, { coverLetter: `  ${COVER_LETTER}\n ` }, [
      pdfPart('plan.pdf'),
      { field: 'attachments', name: 'shot.png', type: 'image/png', bytes: png() },
    ]);
    const body = expectContractResponse('submitProposal', response, 201) as {
      data: { id: string; status: string; coverLetter: string; attachments: { name: string }[]; milestones: unknown[] };
      message: string;
    };
    expect(body.message).toBe('Your proposal is sent.');
    expect(body.data.status).toBe('submitted');
    expect(body.data.coverLetter).toBe(COVER_LETTER);
    expect(body.data.attachments.map((file) => file.name)).toEqual(['plan.pdf', 'shot.png']);
    expect(body.data.milestones).toHaveLength(3);
    expect(await balanceOf(app(), freelancer.account.user.id)).toBe(8);
    expect((await requestRow(app(), request.id)).proposalCount).toBe(1);
    const [row] = await app().db.select().from(proposals).where(eq(proposals.id, body.data.id));
    expect(row).toMatchObject({ gemsSpent: 2, providerType: 'freelancer' });
    const [entry] = await app()
      .db.select()
      .from(versigemsLedger)
      .where(and(eq(versigemsLedger.userId, freelancer.account.user.id), eq(versigemsLedger.reason, 'proposal')));
    expect(entry).toMatchObject({
      delta: -2,
      referenceId: request.id,
      referenceLabel: `${request.refId} · ${request.title}`,
    });
    const files = await app().db.select().from(uploads).where(eq(uploads.attachedToId, body.data.id));
    expect(files.map((file) => file.attachedToType)).toEqual(['proposal', 'proposal']);
    const email = await emailTo(testApp, client.account.email);
    expect(email.subject).toBe(`New proposal on ${request.refId}`);
    expect(email.text).toContain(request.title);
  });

  it('sends a business’s proposal without versigems, up to 5 a month, then 409 with nothing written', async () => {
    const business = (await signedInSession(app(), 'business')) as Session;
    for (let index = 0; index < 5; index++) {
      const request = await postRequest(app(), client.account.user.id);
      await sentProposal(app(), business, request.id);
    }
    const sixth = await postRequest(app(), client.account.user.id);
    const envelope = await expectRefusedWithNothingWritten(
      business,
      () => submitProposal(app(), business, sixth.id),
      409,
    );
    expect(envelope.message).toBe(
      'Your plan includes 5 proposals a month and you have sent them all. See the plans on the pricing page.',
    );
    const quote = await app().inject({
      url: `/api/service/request/${sixth.id}/proposal/quote/`,
      headers: { cookie: business.cookie },
    });
    const data = (expectContractResponse('getProposalQuote', quote, 200) as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ cost: 0, balance: null, blocker: 'allowance-used', allowance: { used: 5, limit: 5 } });
  });

  it('refuses a freelancer short of versigems with 409 naming the numbers, writing nothing', async () => {
    const freelancer = await freelancerWith(1);
    const request = await postRequest(app(), client.account.user.id);
    const envelope = await expectRefusedWithNothingWritten(
      freelancer,
      () => submitProposal(app(), freelancer, request.id, {}, [pdfPart()]),
      409,
    );
    expect(envelope.message).toBe(
      'Sending a proposal costs 2 versigems and you have 1. Buy more versigems to send it.',
    );
    expect((await requestRow(app(), request.id)).proposalCount).toBe(0);
  });

  it('refuses a second proposal on one request (409), withdrawn ones included', async () => {
    const freelancer = await freelancerWith(10);
    const request = await postRequest(app(), client.account.user.id);
    const first = await sentProposal(app(), freelancer, request.id);
    await expectRefusedWithNothingWritten(freelancer, () => submitProposal(app(), freelancer, request.id), 409);
    const withdrawn = await app().inject({
      method: 'POST',
      url: `/api/service/request/proposal/${first.id}/withdraw/`,
      headers: freelancer.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    await expectRefusedWithNothingWritten(freelancer, () => submitProposal(app(), freelancer, request.id), 409);
  });

  it('refuses a request that no longer accepts proposals (409) and an unknown one (400 on requestId)', async () => {
    const freelancer = await freelancerWith(10);
    for (const status of ['awarded', 'closed', 'expired', 'completed'] as const) {
      const request = await postRequest(app(), client.account.user.id, { status });
      const envelope = await expectRefusedWithNothingWritten(
        freelancer,
        () => submitProposal(app(), freelancer, request.id),
        409,
      );
      expect(envelope.message).toBe('This request no longer accepts proposals.');
    }
    await expectRefusedWithNothingWritten(
      freelancer,
      () => submitProposal(app(), freelancer, '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44'),
      400,
      'requestId',
    );
  });

  it.each([
    ['coverLetter', { coverLetter: '   too short, even padded with blanks                         ' }],
    ['amount', { amount: '0', milestones: undefined }],
    ['amount', { amount: '-5', milestones: undefined }],
    ['priceType', { priceType: 'daily' }],
    ['currency', { currency: 'usd' }],
    ['currency', { currency: 'XYZ' }],
    ['currency', { currency: 'EUR' }],
    ['estimatedDuration', { estimatedDuration: 'one-fortnight' }],
    ['milestones', { milestones: '[{"title":"Discovery",' }],
    ['milestones', { milestones: '{"title":"Discovery"}' }],
    ['milestones', { amount: '18000' }],
    ['milestones', { priceType: 'hourly', amount: '95' }],
    [
      'milestones.1.amount',
      { milestones: '[{"title":"First","amount":4500,"dueInDays":14},{"title":"Second","amount":-1,"dueInDays":20}]' },
    ],
    [
      'milestones.1.dueInDays',
      {
        amount: '9000',
        milestones: '[{"title":"First","amount":4500,"dueInDays":14},{"title":"Second","amount":4500,"dueInDays":14}]',
      },
    ],
    ['milestones.0.title', { amount: '4500', milestones: '[{"title":"\\ud800 lone","amount":4500,"dueInDays":14}]' }],
    ['milestones', { milestones: `${'['.repeat(100)}${']'.repeat(100)}` }],
  ])('refuses a bad %s with a 400 naming it, writing nothing', async (field, overrides) => {
    const freelancer = await freelancerWith(10);
    const request = await postRequest(app(), client.account.user.id);
    await expectRefusedWithNothingWritten(
      freelancer,
      () => submitProposal(app(), freelancer, request.id, overrides),
      400,
      field,
    );
  });

  it('says which currency the request’s budget asks for', async () => {
    const freelancer = await freelancerWith(10);
    const request = await postRequest(app(), client.account.user.id, { currency: 'GBP' });
    const envelope = await expectRefusedWithNothingWritten(
      freelancer,
      () => submitProposal(app(), freelancer, request.id),
      400,
      'currency',
    );
    expect(envelope.errors?.find((error) => error.field === 'currency')?.message).toContain('GBP');
    const anyCurrency = await postRequest(app(), client.account.user.id, { currency: null });
    await sentProposal(app(), freelancer, anyCurrency.id, { currency: 'EUR' });
  });

  it('refuses a file of another type (400 on attachments.N) and a sixth file, storing nothing', async () => {
    const freelancer = await freelancerWith(10);
    const request = await postRequest(app(), client.account.user.id);
    const text = { field: 'attachments', name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('plain notes') };
    await expectRefusedWithNothingWritten(
      freelancer,
      () => submitProposal(app(), freelancer, request.id, {}, [pdfPart(), text]),
      400,
      'attachments.1',
    );
    const six = Array.from({ length: 6 }, (_, index) => pdfPart(`file-${index}.pdf`));
    const before = await rowCounts(app());
    const response = await submitProposal(app(), freelancer, request.id, {}, six);
    expect([400, 413]).toContain(response.statusCode);
    expectErrorEnvelope(response.json());
    expect(await rowCounts(app())).toEqual(before);
    const zip = { field: 'attachments', name: 'samples.zip', type: 'application/zip', bytes: zipOf([['a.txt', 'a']]) };
    await sentProposal(app(), freelancer, request.id, {}, [zip]);
  });

  it('answers 401 to a visitor and 403 to a client', async () => {
    const request = await postRequest(app(), client.account.user.id);
    const visitor = await submitProposal(app(), await signedSession(app()), request.id);
    expect(visitor.statusCode).toBe(401);
    const asClient = await submitProposal(app(), client, request.id);
    expect(asClient.statusCode).toBe(403);
    expectContractResponse('submitProposal', asClient);
  });

  it('gives the last versigems to one of two racing proposals: one 201, one 409, balance 0', async () => {
    const freelancer = await freelancerWith(2);
    const first = await postRequest(app(), client.account.user.id);
    const second = await postRequest(app(), client.account.user.id);
    const answers = await Promise.all([
      submitProposal(app(), freelancer, first.id),
      submitProposal(app(), freelancer, second.id),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await balanceOf(app(), freelancer.account.user.id)).toBe(0);
    const rows = await app().db.select().from(proposals).where(eq(proposals.providerId, freelancer.account.user.id));
    expect(rows).toHaveLength(1);
  });

  it('lets two racing proposals of one provider on one request give one 201 and one 409', async () => {
    const freelancer = await freelancerWith(10);
    const request = await postRequest(app(), client.account.user.id);
    const answers = await Promise.all([
      submitProposal(app(), freelancer, request.id),
      submitProposal(app(), freelancer, request.id),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await balanceOf(app(), freelancer.account.user.id)).toBe(8);
    expect((await requestRow(app(), request.id)).proposalCount).toBe(1);
  });

  it('quotes the cost, the balance and what blocks a freelancer', async () => {
    const freelancer = await freelancerWith(3);
    const request = await postRequest(app(), client.account.user.id, { currency: 'EUR' });
    const quote = async (session: SignedSession | null, id = request.id) =>
      app().inject({
        url: `/api/service/request/${id}/proposal/quote/`,
        headers: session ? { cookie: session.cookie } : {},
      });
    const first = expectContractResponse('getProposalQuote', await quote(freelancer), 200) as {
      data: Record<string, unknown>;
    };
    expect(first.data).toMatchObject({
      request: { id: request.id, refId: request.refId, title: request.title },
      proposalCount: 0,
      currency: 'EUR',
      cost: 2,
      balance: 3,
      allowance: null,
      blocker: null,
      myProposalId: null,
    });
    const sent = await sentProposal(app(), freelancer, request.id, { currency: 'EUR' });
    const second = expectContractResponse('getProposalQuote', await quote(freelancer), 200) as {
      data: Record<string, unknown>;
    };
    expect(second.data).toMatchObject({
      proposalCount: 1,
      balance: 1,
      blocker: 'already-proposed',
      myProposalId: sent.id,
    });
    const other = await postRequest(app(), client.account.user.id);
    const poor = expectContractResponse('getProposalQuote', await quote(freelancer, other.id), 200) as {
      data: Record<string, unknown>;
    };
    expect(poor.data.blocker).toBe('insufficient-versigems');

    const closed = await postRequest(app(), client.account.user.id, { status: 'closed' });
    expect((await quote(freelancer, closed.id)).statusCode).toBe(404);
    expect((await quote(freelancer, '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44')).statusCode).toBe(404);
    expect((await quote(null)).statusCode).toBe(401);
    expect((await quote(client)).statusCode).toBe(403);
  });
});
