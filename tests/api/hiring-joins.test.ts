import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals } from '../../src/server/db/schema';
import { requestCatalogue } from '../../src/server/modules/catalogue';
import { proposalViews } from '../../src/server/modules/proposals/views';
import type { components } from '../../src/server/generated/api';
import { buildTestApp, databaseKinds, signedInSession, type SignedSession, type TestApp } from './helpers';
import { dataOf, insertRequest, invitesOf, messagesApi, type Conversation } from './messages-fixtures';
import { giveVersigems, sentProposal, submitProposal } from './proposal-fixtures';

type Schemas = components['schemas'];
type Session = SignedSession & { account: { user: { id: string } } };
type Job = Schemas['PublicServiceRequestDetail'];

/**
 * Where the hiring loop's modules meet: the job page tells a provider about their invitation
 * and proposal, and opening it or proposing moves the invitation on.
 */
describe.each(databaseKinds)('the hiring loop across modules (%s)', (kind) => {
  let testApp: TestApp;
  let api: ReturnType<typeof messagesApi>;
  let client: Session;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    api = messagesApi(testApp.app);
    client = await signedInSession(testApp.app, 'client');
  });
  afterAll(() => testApp.close());

  const app = () => testApp.app;
  const id = (session: Session) => session.account.user.id;
  const provider = async (type: 'freelancer' | 'business', gems = 0): Promise<Session> => {
    const session = await signedInSession(app(), type);
    if (gems > 0) await giveVersigems(app(), id(session), gems);
    return session;
  };
  const jobPage = async (session: Session | null, request: { refId: string }) =>
    dataOf<Job>(
      'getPublicServiceRequest',
      await app().inject({
        url: `/api/service/public/request/${request.refId}/x`,
        headers: session ? { cookie: session.cookie } : {},
      }),
      200,
    );
  const invite = async (request: { id: string }, to: Session) =>
    dataOf<Conversation>(
      'createConversation',
      await api.create(client, { recipientId: id(to), requestId: request.id, body: 'Would you send a proposal?' }),
      201,
    );
  const inviteOf = async (request: { id: string }, to: Session) =>
    (await invitesOf(app(), request.id)).find((row) => row.providerId === id(to));

  it('tells an invited provider so on the job page, and marks the invitation viewed when they open it', async () => {
    const request = await insertRequest(app(), id(client));
    const invited = await provider('freelancer');
    const business = await provider('business');
    const other = await provider('freelancer');
    await invite(request, invited);
    await invite(request, business);
    expect((await inviteOf(request, invited))?.status).toBe('invited');

    // A visitor or a provider who was not invited learns nothing, and the invitations stay unseen.
    expect((await jobPage(null, request)).viewer).toBeNull();
    expect((await jobPage(other, request)).viewer).toEqual({ myProposalId: null, invited: false });
    expect((await inviteOf(request, invited))?.status).toBe('invited');

    expect((await jobPage(invited, request)).viewer).toEqual({ myProposalId: null, invited: true });
    const viewed = await inviteOf(request, invited);
    expect(viewed).toMatchObject({ status: 'viewed', viewedAt: expect.any(Date) });
    // Only the provider who opened it; a second visit keeps the first time.
    expect((await inviteOf(request, business))?.status).toBe('invited');
    expect((await jobPage(invited, request)).viewer?.invited).toBe(true);
    expect((await inviteOf(request, invited))?.viewedAt).toEqual(viewed!.viewedAt);

    expect((await jobPage(business, request)).viewer).toEqual({ myProposalId: null, invited: true });
    expect((await inviteOf(request, business))?.status).toBe('viewed');

    // The owner sees the page as providers do, without a provider's view, and changes nothing.
    expect((await jobPage(client, request)).viewer).toBeNull();
  });

  it('marks the invitation responded when the invited provider proposes, and not when the proposal is refused', async () => {
    const request = await insertRequest(app(), id(client));
    const invited = await provider('freelancer');
    const business = await provider('business');
    await invite(request, invited);
    await invite(request, business);
    await jobPage(business, request);
    expect((await inviteOf(request, business))?.status).toBe('viewed');

    // No versigems: the proposal is refused and the invitation stays as it was.
    const refused = await submitProposal(app(), invited, request.id);
    expect(refused.statusCode).toBe(409);
    expect(await inviteOf(request, invited)).toMatchObject({ status: 'invited', respondedAt: null });

    await giveVersigems(app(), id(invited), 10);
    const fromInvited = await sentProposal(app(), invited, request.id);
    const responded = await inviteOf(request, invited);
    expect(responded).toMatchObject({ status: 'responded', respondedAt: expect.any(Date) });
    // From viewed too (a business proposes on its monthly allowance).
    const fromBusiness = await sentProposal(app(), business, request.id);
    expect((await inviteOf(request, business))?.status).toBe('responded');

    // The client's list of invitations shows both answered, with their proposals.
    const page = dataOf<Schemas['MessageRequestInvitePage']['data']>(
      'listRequestInvites',
      // The query the request details page sends (RequestInvites).
      await api.invites(client, request.id, '?page=1&pageSize=20'),
      200,
    );
    expect(Object.fromEntries(page.items.map((item) => [item.provider.id, [item.status, item.proposal?.id]]))).toEqual({
      [id(invited)]: ['responded', fromInvited.id],
      [id(business)]: ['responded', fromBusiness.id],
    });
  });

  it('leaves the invitations of other providers and requests alone when a provider proposes', async () => {
    const request = await insertRequest(app(), id(client));
    const elsewhere = await insertRequest(app(), id(client));
    const invited = await provider('freelancer');
    const proposer = await provider('freelancer', 10);
    await invite(request, invited);
    await invite(elsewhere, proposer);
    await sentProposal(app(), proposer, request.id);
    expect((await inviteOf(request, invited))?.status).toBe('invited');
    expect((await inviteOf(elsewhere, proposer))?.status).toBe('invited');
  });

  it('gives a provider who proposed the id of their proposal on the job page', async () => {
    const request = await insertRequest(app(), id(client));
    const freelancer = await provider('freelancer', 10);
    const proposal = await sentProposal(app(), freelancer, request.id);
    expect((await jobPage(freelancer, request)).viewer).toEqual({ myProposalId: proposal.id, invited: false });
    expect((await jobPage(await provider('freelancer'), request)).viewer?.myProposalId).toBeNull();
  });

  it('links a proposal to the conversation of its client and provider about the request', async () => {
    const request = await insertRequest(app(), id(client));
    const invited = await provider('freelancer', 10);
    const uninvited = await provider('business');
    const conversation = await invite(request, invited);
    const fromInvited = await sentProposal(app(), invited, request.id);
    const fromUninvited = await sentProposal(app(), uninvited, request.id);
    const proposal = async (session: Session, proposalId: string) =>
      dataOf<Schemas['Proposal']>(
        'getProposal',
        await app().inject({
          url: `/api/service/request/proposal/${proposalId}/`,
          headers: { cookie: session.cookie },
        }),
        200,
      );
    // Both sides see the conversation that was open before the proposal.
    expect((await proposal(invited, fromInvited.id)).conversation).toEqual({ id: conversation.id });
    expect((await proposal(client, fromInvited.id)).conversation).toEqual({ id: conversation.id });
    // None yet for the other; the client's first message about the proposal opens one.
    expect((await proposal(uninvited, fromUninvited.id)).conversation).toBeNull();
    // A conversation of the same pair about another request is not this proposal's.
    const elsewhere = await insertRequest(app(), id(client));
    await invite(elsewhere, uninvited);
    expect((await proposal(client, fromUninvited.id)).conversation).toBeNull();
    const opened = dataOf<Conversation>(
      'createProposalConversation',
      await api.createForProposal(client, { proposalId: fromUninvited.id, body: 'Could you start next month?' }),
      201,
    );
    expect((await proposal(uninvited, fromUninvited.id)).conversation).toEqual({ id: opened.id });

    // A page of proposals finds each one's conversation at once.
    const rows = await app().db.select().from(proposals).where(eq(proposals.requestId, request.id));
    const views = await proposalViews(app().db, requestCatalogue(app().db), rows);
    expect(Object.fromEntries(views.map((view) => [view.id, view.conversation]))).toEqual({
      [fromInvited.id]: { id: conversation.id },
      [fromUninvited.id]: { id: opened.id },
    });
  });

  it('counts on each of the client’s requests the messages they have not read about it', async () => {
    const owner = await signedInSession(app(), 'client');
    const first = await insertRequest(app(), id(owner));
    const second = await insertRequest(app(), id(owner));
    const quiet = await insertRequest(app(), id(owner));
    const freelancer = await provider('freelancer', 10);
    const business = await provider('business');
    // A freelancer replies to a client once the request is unlocked.
    for (const request of [first, second]) {
      expect((await api.unlock(freelancer, request.id)).statusCode).toBe(200);
    }
    const write = async (to: Session, request: { id: string }) =>
      dataOf<Conversation>(
        'createConversation',
        await api.create(owner, { recipientId: id(to), requestId: request.id, body: 'Would you propose?' }),
        201,
      );
    const reply = async (from: Session, conversation: Conversation, body: string) =>
      dataOf<unknown>('sendMessage', await api.send(from, conversation.id, { body }), 201);
    const withFreelancer = await write(freelancer, first);
    const withBusiness = await write(business, first);
    const aboutSecond = await write(freelancer, second);
    await reply(freelancer, withFreelancer, 'Yes, this week.');
    await reply(freelancer, withFreelancer, 'Here is a question first.');
    await reply(business, withBusiness, 'We would like to.');
    await reply(freelancer, aboutSecond, 'Happy to help.');
    // The messages the client sent are the providers' to read; they do not count for the client.

    const unread = async () => {
      const page = dataOf<{ items: Schemas['ServiceRequestSummary'][] }>(
        'listClientServiceRequests',
        await app().inject({ url: '/api/service/client/request/all/', headers: { cookie: owner.cookie } }),
        200,
      );
      const latest = dataOf<{ items: Schemas['ServiceRequestSummary'][] }>(
        'listLatestClientServiceRequests',
        await app().inject({ url: '/api/service/client/request/latest/', headers: { cookie: owner.cookie } }),
        200,
      );
      const counts = Object.fromEntries(page.items.map((item) => [item.id, item.unreadMessageCount]));
      expect(Object.fromEntries(latest.items.map((item) => [item.id, item.unreadMessageCount]))).toEqual(counts);
      return counts;
    };
    expect(await unread()).toEqual({ [first.id]: 3, [second.id]: 1, [quiet.id]: 0 });
    const one = dataOf<Schemas['ServiceRequest']>(
      'getServiceRequest',
      await app().inject({ url: `/api/service/request/${first.id}/`, headers: { cookie: owner.cookie } }),
      200,
    );
    expect(one.unreadMessageCount).toBe(3);

    // Reading a conversation takes its messages off the count.
    dataOf<unknown>('listConversationMessages', await api.messages(owner, withFreelancer.id), 200);
    expect(await unread()).toEqual({ [first.id]: 1, [second.id]: 1, [quiet.id]: 0 });
  });
});
