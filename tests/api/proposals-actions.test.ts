import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema';
import { VERSIGEMS_PRICES } from '../../src/server/modules/versigems';
import { readOutbox } from '../support/outbox';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import {
  balanceOf,
  giveVersigems,
  pdfPart,
  postRequest,
  proposalFields,
  proposalRow,
  requestRow,
  sentProposal,
} from './proposal-fixtures';
import { multipart, storedFiles, type FilePart } from './upload-files';

type Session = SignedSession & { account: { user: { id: string }; email: string } };

describe.each(databaseKinds)('acting on proposals (%s)', (kind) => {
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

  async function freelancer(): Promise<Session> {
    const session = await signedInSession(app(), 'freelancer');
    await giveVersigems(app(), session.account.user.id, 20);
    return session;
  }

  const post = (session: SignedSession, url: string, payload?: object) =>
    app().inject({ method: 'POST', url, headers: session.headers, ...(payload ? { payload } : {}) });

  function update(
    session: SignedSession,
    id: string,
    fields: Record<string, string | undefined>,
    files: FilePart[] = [],
  ) {
    const form = multipart(proposalFields(fields), files);
    return app().inject({
      method: 'POST',
      url: `/api/service/request/proposal/${id}/update/`,
      payload: form.payload,
      headers: { ...form.headers, ...session.headers },
    });
  }

  const emailsTo = async (address: string) => {
    await app().email.settled();
    return readOutbox(testApp.outboxDir).filter((email) => email.to.includes(address));
  };

  it('edits a submitted proposal: new terms, kept and new files, the removed one gone; 409 once acted on', async () => {
    const maya = await freelancer();
    const request = await postRequest(app(), client.account.user.id);
    const sent = (await sentProposal(app(), maya, request.id, {}, [
      pdfPart('keep.pdf'),
      pdfPart('drop.pdf'),
    ])) as unknown as {
      id: string;
      attachments: { id: string; name: string }[];
    };
    const [keep, drop] = sent.attachments;
    const dropKey = (await app().db.select().from(uploads).where(eq(uploads.id, drop!.id)))[0]!.storageKey;
    const balance = await balanceOf(app(), maya.account.user.id);

    const response = await update(
      maya,
      sent.id,
      {
        amount: '17500',
        milestones: JSON.stringify([
          { title: 'Discovery and data model', amount: 4500, dueInDays: 14 },
          { title: 'Dashboards and forecast', amount: 13000, dueInDays: 60 },
        ]),
        keepAttachments: JSON.stringify([keep!.id]),
      },
      [pdfPart('new.pdf')],
    );
    const body = expectContractResponse('updateProposal', response, 200) as {
      data: { price: { amount: number }; milestones: unknown[]; attachments: { name: string }[] };
    };
    expect(body.data.price.amount).toBe(17500);
    expect(body.data.milestones).toHaveLength(2);
    expect(body.data.attachments.map((file) => file.name)).toEqual(['keep.pdf', 'new.pdf']);
    expect(await app().db.select().from(uploads).where(eq(uploads.id, drop!.id))).toEqual([]);
    expect(storedFiles(testApp)).not.toContain(dropKey);
    expect(await balanceOf(app(), maya.account.user.id)).toBe(balance);

    // Faults by field, nothing changed.
    const foreign = await update(maya, sent.id, { keepAttachments: JSON.stringify([drop!.id]) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([expect.objectContaining({ field: 'keepAttachments' })]);
    const badJson = await update(maya, sent.id, { keepAttachments: '["oops"' });
    expect(badJson.json().errors).toEqual([expect.objectContaining({ field: 'keepAttachments' })]);
    const current = (await proposalRow(app(), sent.id)).amount;
    const tooMany = await update(maya, sent.id, { keepAttachments: JSON.stringify([keep!.id]) }, [
      pdfPart('a.pdf'),
      pdfPart('b.pdf'),
      pdfPart('c.pdf'),
      pdfPart('d.pdf'),
      pdfPart('e.pdf'),
    ]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([expect.objectContaining({ field: 'attachments' })]);
    const badSum = await update(maya, sent.id, { amount: '100' });
    expect(badSum.json().errors).toEqual([expect.objectContaining({ field: 'milestones' })]);
    expect((await proposalRow(app(), sent.id)).amount).toBe(current);

    expect((await update(await freelancer(), sent.id, {})).statusCode).toBe(404);
    expect((await update(client, sent.id, {})).statusCode).toBe(403);
    await post(client, `/api/service/client/request/proposal/${sent.id}/shortlist/`, { shortlisted: true });
    const late = await update(maya, sent.id, {});
    expect(late.statusCode).toBe(409);
    expectContractResponse('updateProposal', late);
  });

  it('withdraws a proposal: the count goes down, no refund, 409 the second time, 404 to others', async () => {
    const maya = await freelancer();
    const request = await postRequest(app(), client.account.user.id);
    const sent = await sentProposal(app(), maya, request.id);
    const balance = await balanceOf(app(), maya.account.user.id);
    const url = `/api/service/request/proposal/${sent.id}/withdraw/`;
    expect((await post(await freelancer(), url)).statusCode).toBe(404);
    expect((await post(client, url)).statusCode).toBe(403);
    const response = await post(maya, url);
    const body = expectContractResponse('withdrawProposal', response, 200) as { data: { status: string } };
    expect(body.data.status).toBe('withdrawn');
    expect((await requestRow(app(), request.id)).proposalCount).toBe(0);
    expect(await balanceOf(app(), maya.account.user.id)).toBe(balance);
    const again = await post(maya, url);
    expect(again.statusCode).toBe(409);
    expectErrorEnvelope(again.json());
  });

  it('shortlists and unshortlists, idempotently; 409 once declined; 404 to another client, 403 to a provider', async () => {
    const maya = await freelancer();
    const request = await postRequest(app(), client.account.user.id);
    const sent = await sentProposal(app(), maya, request.id);
    const url = `/api/service/client/request/proposal/${sent.id}/shortlist/`;
    for (const [shortlisted, status] of [
      [true, 'shortlisted'],
      [true, 'shortlisted'],
      [false, 'submitted'],
      [false, 'submitted'],
    ] as const) {
      const response = await post(client, url, { shortlisted });
      const body = expectContractResponse('shortlistProposal', response, 200) as { data: { status: string } };
      expect(body.data.status).toBe(status);
    }
    expect((await post(otherClient, url, { shortlisted: true })).statusCode).toBe(404);
    expect((await post(maya, url, { shortlisted: true })).statusCode).toBe(403);
    expect((await post(client, url, { shortlisted: 'yes' })).statusCode).toBe(400);
    await post(client, `/api/service/client/request/proposal/${sent.id}/decline/`, {});
    const late = await post(client, url, { shortlisted: true });
    expect(late.statusCode).toBe(409);
    expectContractResponse('shortlistProposal', late);
  });

  it('declines with the client’s reason, emails the provider, keeps the versigems spent; 409 the second time', async () => {
    const maya = await freelancer();
    const request = await postRequest(app(), client.account.user.id);
    const sent = await sentProposal(app(), maya, request.id);
    const balance = await balanceOf(app(), maya.account.user.id);
    const url = `/api/service/client/request/proposal/${sent.id}/decline/`;
    expect((await post(otherClient, url, {})).statusCode).toBe(404);
    const reason = 'We went with a team that has NetSuite experience in-house.';
    const response = await post(client, url, { reason: `  ${reason} ` });
    const body = expectContractResponse('declineProposal', response, 200) as {
      data: { status: string; declineReason: string };
    };
    expect(body.data).toMatchObject({ status: 'declined', declineReason: reason });
    const [email] = await emailsTo(maya.account.email);
    expect(email!.subject).toBe(`Proposal declined: ${request.refId}`);
    expect(email!.text).toContain(reason);
    expect(await balanceOf(app(), maya.account.user.id)).toBe(balance);
    const own = (
      await app().inject({ url: `/api/service/request/proposal/${sent.id}/`, headers: { cookie: maya.cookie } })
    ).json() as {
      data: { declineReason: string };
    };
    expect(own.data.declineReason).toBe(reason);
    expect((await post(client, url, {})).statusCode).toBe(409);
  });

  it('hires: the proposal accepted, the request awarded, the others declined with their versigems back, everyone emailed', async () => {
    const request = await postRequest(app(), client.account.user.id);
    const [hired, other, gone] = await Promise.all([freelancer(), freelancer(), freelancer()]);
    const business = (await signedInSession(app(), 'business')) as Session;
    const chosen = await sentProposal(app(), hired, request.id);
    const passed = await sentProposal(app(), other, request.id);
    const fromBusiness = await sentProposal(app(), business, request.id);
    const withdrawn = await sentProposal(app(), gone, request.id);
    await post(gone, `/api/service/request/proposal/${withdrawn.id}/withdraw/`);
    await post(client, `/api/service/client/request/proposal/${fromBusiness.id}/shortlist/`, { shortlisted: true });
    const before = {
      hired: await balanceOf(app(), hired.account.user.id),
      other: await balanceOf(app(), other.account.user.id),
      gone: await balanceOf(app(), gone.account.user.id),
    };

    const url = `/api/service/client/request/proposal/${chosen.id}/hire/`;
    expect((await post(otherClient, url)).statusCode).toBe(404);
    expect((await post(hired, url)).statusCode).toBe(403);
    const response = await post(client, url);
    const body = expectContractResponse('hireProposal', response, 200) as { data: { status: string } };
    expect(body.data.status).toBe('accepted');
    const row = await requestRow(app(), request.id);
    expect(row).toMatchObject({ status: 'awarded', closesAt: null });
    expect((await proposalRow(app(), passed.id)).status).toBe('declined');
    expect((await proposalRow(app(), fromBusiness.id)).status).toBe('declined');
    expect((await proposalRow(app(), withdrawn.id)).status).toBe('withdrawn');
    // Not hired: the versigems come back; hired or withdrawn: they stay spent.
    expect(await balanceOf(app(), other.account.user.id)).toBe(before.other + VERSIGEMS_PRICES.proposal);
    expect(await balanceOf(app(), hired.account.user.id)).toBe(before.hired);
    expect(await balanceOf(app(), gone.account.user.id)).toBe(before.gone);

    expect((await emailsTo(hired.account.email)).map((email) => email.subject)).toEqual([
      `You are hired: ${request.refId}`,
    ]);
    const declinedEmails = await emailsTo(other.account.email);
    expect(declinedEmails.map((email) => email.subject)).toEqual([`Proposal declined: ${request.refId}`]);
    expect(declinedEmails[0]!.text).toContain(
      `The ${VERSIGEMS_PRICES.proposal} versigems you spent on it are back in your balance.`,
    );
    expect(await emailsTo(business.account.email)).toHaveLength(1);
    expect(await emailsTo(gone.account.email)).toHaveLength(0);

    const again = await post(client, `/api/service/client/request/proposal/${passed.id}/hire/`);
    expect(again.statusCode).toBe(409);
    expectContractResponse('hireProposal', again);
  });

  it('lets one of two racing hires on one request win: one 200, one 409', async () => {
    const request = await postRequest(app(), client.account.user.id);
    const first = await sentProposal(app(), await freelancer(), request.id);
    const second = await sentProposal(app(), await freelancer(), request.id);
    const answers = await Promise.all([
      post(client, `/api/service/client/request/proposal/${first.id}/hire/`),
      post(client, `/api/service/client/request/proposal/${second.id}/hire/`),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const statuses = [(await proposalRow(app(), first.id)).status, (await proposalRow(app(), second.id)).status];
    expect(statuses.sort()).toEqual(['accepted', 'declined']);
  });

  it('answers 401 to visitors on every action', async () => {
    const visitor = await signedSession(app());
    const id = '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44';
    for (const url of [
      `/api/service/request/proposal/${id}/withdraw/`,
      `/api/service/client/request/proposal/${id}/hire/`,
      `/api/service/client/request/proposal/${id}/decline/`,
    ]) {
      expect((await post(visitor, url, url.endsWith('decline/') ? {} : undefined)).statusCode).toBe(401);
    }
  });
});
