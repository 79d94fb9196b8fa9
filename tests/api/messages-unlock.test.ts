import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests, versigemsLedger } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
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
  dataOf,
  giveVersigems,
  insertProposal,
  insertRequest,
  messagesApi,
  unlocksOf,
  unlockSpends,
  type Conversation,
} from './messages-fixtures';

type Schemas = components['schemas'];
type Session = SignedSession & { account: { user: { id: string } } };
type Unlocked = Schemas['MessageRequestUnlockResponse']['data'];
type InvitePage = Schemas['MessageRequestInvitePage']['data'];

describe.each(databaseKinds)('request unlocks and invites (%s)', (kind) => {
  let testApp: TestApp;
  let api: ReturnType<typeof messagesApi>;
  let client: Session;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    api = messagesApi(testApp.app);
    client = await signedInSession(testApp.app, 'client');
  });
  afterAll(() => testApp.close());

  const id = (session: Session) => session.account.user.id;
  const freelancerWith = async (gems: number) => {
    const session = await signedInSession(testApp.app, 'freelancer');
    if (gems > 0) await giveVersigems(testApp.app, id(session), gems);
    return session;
  };

  it('spends the unlock price once, writing the ledger entry with the unlock; a second call is a 409', async () => {
    const freelancer = await freelancerWith(12);
    const request = await insertRequest(testApp.app, id(client));
    const first = await api.unlock(freelancer, request.id);
    const unlocked = dataOf<Unlocked>('unlockRequestInvite', first, 200);
    expect(unlocked).toMatchObject({ unlock: { requestId: request.id, gemsSpent: 5 }, balance: 7 });
    expect(first.json().message).toBe('Unlocked. You can now message the client.');
    const [entry] = await testApp.app.db.select().from(versigemsLedger).where(eq(versigemsLedger.reason, 'unlock'));
    expect(entry).toMatchObject({ delta: -5, referenceKind: 'service-request', referenceId: request.id });

    const second = await api.unlock(freelancer, request.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already unlocked/);
    expect(await unlockSpends(testApp.app, id(freelancer))).toBe(1);
    expect(await balanceOf(testApp.app, id(freelancer))).toBe(7);

    // Unlocked: the freelancer may now start a conversation about it.
    const started = await api.create(freelancer, {
      recipientId: id(client),
      requestId: request.id,
      body: 'I have built member analytics for two gym chains.',
    });
    expect(dataOf<Conversation>('createConversation', started, 201).locked).toBe(false);
  });

  it('gives one of two unlocks racing on a balance of 5 to one request, and spends once', async () => {
    const freelancer = await freelancerWith(5);
    const request = await insertRequest(testApp.app, id(client));
    const answers = await Promise.all([api.unlock(freelancer, request.id), api.unlock(freelancer, request.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await unlockSpends(testApp.app, id(freelancer))).toBe(1);
    expect(await balanceOf(testApp.app, id(freelancer))).toBe(0);
  });

  it('gives one of two unlocks of different requests racing for the last 5 versigems', async () => {
    const freelancer = await freelancerWith(5);
    const one = await insertRequest(testApp.app, id(client));
    const two = await insertRequest(testApp.app, id(client));
    const answers = await Promise.all([api.unlock(freelancer, one.id), api.unlock(freelancer, two.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toBe(
      'You need 5 versigems to unlock this request and you have 0. Buy versigems to continue.',
    );
    expect(await unlocksOf(testApp.app, id(freelancer))).toHaveLength(1);
    expect(await balanceOf(testApp.app, id(freelancer))).toBe(0);
  });

  it('refuses with a 409 and spends nothing: a low balance, a proposal already sent, a request no longer open', async () => {
    const poor = await freelancerWith(2);
    const request = await insertRequest(testApp.app, id(client));
    const low = await api.unlock(poor, request.id);
    expect(low.statusCode).toBe(409);
    expect(low.json().message).toBe(
      'You need 5 versigems to unlock this request and you have 2. Buy versigems to continue.',
    );
    expect(await unlocksOf(testApp.app, id(poor))).toHaveLength(0);
    expect(await balanceOf(testApp.app, id(poor))).toBe(2);

    const proposer = await freelancerWith(10);
    await insertProposal(testApp.app, request.id, id(proposer));
    const proposed = await api.unlock(proposer, request.id);
    expect(proposed.statusCode).toBe(409);
    expectErrorEnvelope(proposed.json());

    // Invited, then the request was awarded: known to the freelancer, but closed to contact.
    const invited = await freelancerWith(10);
    const awarded = await insertRequest(testApp.app, id(client));
    expect(
      (await api.create(client, { recipientId: id(invited), requestId: awarded.id, body: 'Would you propose?' }))
        .statusCode,
    ).toBe(201);
    await testApp.app.db.update(serviceRequests).set({ status: 'awarded' }).where(eq(serviceRequests.id, awarded.id));
    const closed = await api.unlock(invited, awarded.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/no longer takes new contacts/);
    for (const session of [proposer, invited]) {
      expect(await unlockSpends(testApp.app, id(session))).toBe(0);
      expect(await balanceOf(testApp.app, id(session))).toBe(10);
    }
  });

  it('answers 404 for an unknown request and one neither public nor invited; 403 for clients and businesses', async () => {
    const freelancer = await freelancerWith(10);
    expect((await api.unlock(freelancer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const closed = await insertRequest(testApp.app, id(client), { status: 'closed' });
    expect((await api.unlock(freelancer, closed.id)).statusCode).toBe(404);
    const open = await insertRequest(testApp.app, id(client));
    expect((await api.unlock(client, open.id)).statusCode).toBe(403);
    expect((await api.unlock(await signedInSession(testApp.app, 'business'), open.id)).statusCode).toBe(403);
    expect((await api.unlock(await signedSession(testApp.app), open.id)).statusCode).toBe(401);
    expect(await balanceOf(testApp.app, id(freelancer))).toBe(10);
  });

  it('needs the CSRF header although it is a GET', async () => {
    const freelancer = await freelancerWith(10);
    const request = await insertRequest(testApp.app, id(client));
    const response = await testApp.app.inject({
      url: `/api/message/freelancer/request-invite/restriction/${request.id}/unlock/`,
      headers: { cookie: freelancer.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(await balanceOf(testApp.app, id(freelancer))).toBe(10);
  });

  it('lists the providers a client invited, newest first, with status, proposal and conversation (M06)', async () => {
    const request = await insertRequest(testApp.app, id(client));
    const first = await freelancerWith(0);
    const second = await signedInSession(testApp.app, 'business');
    const one = dataOf<Conversation>(
      'createConversation',
      await api.create(client, { recipientId: id(first), requestId: request.id, body: 'Would you propose?' }),
      201,
    );
    const two = dataOf<Conversation>(
      'createConversation',
      await api.create(client, { recipientId: id(second), requestId: request.id, body: 'Would you propose too?' }),
      201,
    );
    const proposal = await insertProposal(testApp.app, request.id, id(second), { providerType: 'business' });
    await api.messages(first, one.id);

    const page = dataOf<InvitePage>('listRequestInvites', await api.invites(client, request.id), 200);
    expect(page.request).toEqual({ id: request.id, refId: request.refId, title: request.title });
    expect(page.items.map((item) => [item.provider.id, item.status, item.conversation?.id, item.proposal?.id])).toEqual(
      [
        [id(second), 'invited', two.id, proposal.id],
        [id(first), 'viewed', one.id, undefined],
      ],
    );
    const viewed = dataOf<InvitePage>(
      'listRequestInvites',
      await api.invites(client, request.id, '?status=viewed'),
      200,
    );
    expect(viewed.items.map((item) => item.provider.id)).toEqual([id(first)]);
    expect(viewed.pagination.total).toBe(1);

    // A request about which the client wrote while it was not open invites nobody.
    const closed = await insertRequest(testApp.app, id(client), { status: 'closed' });
    await api.create(client, { recipientId: id(first), requestId: closed.id, body: 'About the old one.' });
    expect(dataOf<InvitePage>('listRequestInvites', await api.invites(client, closed.id), 200).items).toEqual([]);
  });

  it('hides another client’s request (404) and turns providers away (403)', async () => {
    const request = await insertRequest(testApp.app, id(client));
    const other = await signedInSession(testApp.app, 'client');
    expect((await api.invites(other, request.id)).statusCode).toBe(404);
    expect((await api.invites(client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api.invites(await freelancerWith(0), request.id)).statusCode).toBe(403);
    expect((await api.invites(null, request.id)).statusCode).toBe(401);
  });
});
