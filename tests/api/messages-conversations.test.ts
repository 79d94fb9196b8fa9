import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import {
  conversationsOf,
  dataOf,
  insertProposal,
  insertRequest,
  invitesOf,
  messagesApi,
  messagesIn,
  type Conversation,
} from './messages-fixtures';

const BODY = 'Hi, your churn work caught my eye. Would you send a proposal for our studios?';

describe.each(databaseKinds)('conversations: who may write to whom (%s)', (kind) => {
  let testApp: TestApp;
  let api: ReturnType<typeof messagesApi>;
  let client: SignedSession & { account: { user: { id: string } } };
  let otherClient: SignedSession & { account: { user: { id: string } } };
  let freelancer: SignedSession & { account: { user: { id: string } } };
  let business: SignedSession & { account: { user: { id: string } } };

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    api = messagesApi(testApp.app);
    client = await signedInSession(testApp.app, 'client');
    otherClient = await signedInSession(testApp.app, 'client');
    freelancer = await signedInSession(testApp.app, 'freelancer');
    business = await signedInSession(testApp.app, 'business');
  });
  afterAll(() => testApp.close());

  const id = (session: { account: { user: { id: string } } }) => session.account.user.id;

  it('turns visitors away', async () => {
    expect((await api.list(null)).statusCode).toBe(401);
    // A visitor has no CSRF token either: refused before anything else.
    expect([401, 403]).toContain((await api.create(null, { recipientId: id(freelancer), body: BODY })).statusCode);
  });

  it('writing to a provider who already proposed is about the proposal: linked, and no invite', async () => {
    const request = await insertRequest(testApp.app, id(client));
    const proposal = await insertProposal(testApp.app, request.id, id(freelancer));
    const response = await api.create(client, { recipientId: id(freelancer), requestId: request.id, body: BODY });
    const created = dataOf<Conversation>('createConversation', response, 201);
    expect(created.proposal).toEqual({ id: proposal.id });
    expect(await invitesOf(testApp.app, request.id)).toEqual([]);
    // They proposed, so they read it without unlocking.
    const theirs = dataOf<{ items: Conversation[] }>('listConversations', await api.list(freelancer));
    expect(theirs.items.find((item) => item.id === created.id)?.locked).toBe(false);
  });

  it('lets a client write to a freelancer about an open request, inviting them, and a second message joins it', async () => {
    const request = await insertRequest(testApp.app, id(client));
    const first = await api.create(client, { recipientId: id(freelancer), requestId: request.id, body: `  ${BODY}  ` });
    const created = dataOf<Conversation>('createConversation', first, 201);
    expect(created.subject).toBe(request.title);
    expect(created.request).toEqual({ id: request.id, refId: request.refId, title: request.title });
    expect(created.participants.map((p) => p.id)).toEqual([id(client), id(freelancer)]);
    expect(created.lastMessage?.bodyPreview).toBe(BODY);
    expect(created.locked).toBe(false);
    expect(created.unreadCount).toBe(0);
    const invites = await invitesOf(testApp.app, request.id);
    expect(invites).toEqual([
      expect.objectContaining({ providerId: id(freelancer), status: 'invited', conversationId: created.id }),
    ]);

    const again = await api.create(client, {
      recipientId: id(freelancer),
      requestId: request.id,
      body: 'One more thing.',
    });
    const joined = dataOf<Conversation>('createConversation', again, 200);
    expect(joined.id).toBe(created.id);
    expect(joined.lastMessage?.bodyPreview).toBe('One more thing.');
    expect(await messagesIn(testApp.app, created.id)).toHaveLength(2);
    expect(await invitesOf(testApp.app, request.id)).toHaveLength(1);

    // The freelancer sees it locked (not unlocked, no proposal) with one unread conversation.
    const list = dataOf<{ items: Conversation[]; unreadConversations: number }>(
      'listConversations',
      await api.list(freelancer),
      200,
    );
    const seen = list.items.find((item) => item.id === created.id)!;
    expect(seen.locked).toBe(true);
    expect(seen.unreadCount).toBe(2);
    expect(list.unreadConversations).toBeGreaterThanOrEqual(1);
  });

  it('never locks a business, and a conversation without a request defaults its subject to the body', async () => {
    const request = await insertRequest(testApp.app, id(client));
    const about = dataOf<Conversation>(
      'createConversation',
      await api.create(client, { recipientId: id(business), requestId: request.id, body: BODY }),
      201,
    );
    const asBusiness = dataOf<{ items: Conversation[] }>('listConversations', await api.list(business), 200);
    expect(asBusiness.items.find((item) => item.id === about.id)?.locked).toBe(false);

    const plain = dataOf<Conversation>(
      'createConversation',
      await api.create(client, { recipientId: id(business), body: `${'A long first line '.repeat(6)}end` }),
      201,
    );
    expect(plain.request).toBeNull();
    expect(plain.subject.length).toBeLessThanOrEqual(60);
    expect(plain.subject.startsWith('A long first line')).toBe(true);
    expect(await invitesOf(testApp.app, request.id)).toHaveLength(1);
  });

  it('refuses a client writing to a client (403) and a provider writing to a client without a request (400)', async () => {
    const toClient = await api.create(client, { recipientId: id(otherClient), body: BODY });
    expect(toClient.statusCode).toBe(403);
    expectErrorEnvelope(toClient.json());

    const noRequest = await api.create(business, { recipientId: id(client), body: BODY });
    expect(noRequest.statusCode).toBe(400);
    expect(noRequest.json().errors).toEqual([expect.objectContaining({ field: 'requestId' })]);
    expect(await conversationsOf(testApp.app, id(otherClient))).toHaveLength(0);
  });

  it('names the field of bad input and stores nothing', async () => {
    const request = await insertRequest(testApp.app, id(otherClient));
    const before = (await conversationsOf(testApp.app, id(client))).length;
    const cases: [SignedSession, object, string][] = [
      [client, { recipientId: id(client), body: BODY }, 'recipientId'],
      [client, { recipientId: '00000000-0000-4000-8000-000000000000', body: BODY }, 'recipientId'],
      [client, { recipientId: id(freelancer), body: '   ' }, 'body'],
      [client, { recipientId: id(freelancer), body: BODY, subject: '  ' }, 'subject'],
      // Another client's request.
      [client, { recipientId: id(freelancer), requestId: request.id, body: BODY }, 'requestId'],
      // A provider naming someone other than the request's client.
      [business, { recipientId: id(client), requestId: request.id, body: BODY }, 'recipientId'],
      // Providers write to each other without a request.
      [business, { recipientId: id(freelancer), requestId: request.id, body: BODY }, 'requestId'],
    ];
    for (const [session, payload, field] of cases) {
      const response = await api.create(session, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const envelope = response.json();
      expectErrorEnvelope(envelope);
      expect(envelope.errors?.map((error) => error.field)).toContain(field);
    }
    expect(await conversationsOf(testApp.app, id(client))).toHaveLength(before);
    expect(await invitesOf(testApp.app, request.id)).toHaveLength(0);
  });

  it('stops a freelancer who has not unlocked the request (409) and lets one with a proposal write', async () => {
    const request = await insertRequest(testApp.app, id(otherClient));
    const locked = await api.create(freelancer, { recipientId: id(otherClient), requestId: request.id, body: BODY });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/Unlock this request with 5 versigems/);
    expect(await conversationsOf(testApp.app, id(otherClient))).toHaveLength(0);

    await insertProposal(testApp.app, request.id, id(freelancer));
    const allowed = await api.create(freelancer, { recipientId: id(otherClient), requestId: request.id, body: BODY });
    expect(dataOf<Conversation>('createConversation', allowed, 201).locked).toBe(false);
    // A business needs no unlock.
    const fromBusiness = await api.create(business, {
      recipientId: id(otherClient),
      requestId: request.id,
      body: BODY,
    });
    expect(fromBusiness.statusCode).toBe(201);
  });

  it('lets providers write to each other without a request', async () => {
    const response = await api.create(freelancer, {
      recipientId: id(business),
      body: 'Shall we team up on the ERP bid?',
    });
    const conversation = dataOf<Conversation>('createConversation', response, 201);
    expect(conversation.locked).toBe(false);
    expect(conversation.request).toBeNull();
  });

  it('makes one conversation of two racing first messages', async () => {
    const pairClient = await signedInSession(testApp.app, 'client');
    const [one, two] = await Promise.all([
      api.create(pairClient, { recipientId: id(business), body: 'First of two at once.' }),
      api.create(pairClient, { recipientId: id(business), body: 'Second of two at once.' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    expect(one.json().data.id).toBe(two.json().data.id);
    expect(await messagesIn(testApp.app, one.json().data.id)).toHaveLength(2);
  });

  it('filters the list by request and by unread, with the badge whatever the filters', async () => {
    const reader = await signedInSession(testApp.app, 'business');
    const request = await insertRequest(testApp.app, id(client));
    const aboutRequest = dataOf<Conversation>(
      'createConversation',
      await api.create(client, { recipientId: id(reader), requestId: request.id, body: BODY }),
      201,
    );
    const plain = dataOf<Conversation>(
      'createConversation',
      await api.create(otherClient, { recipientId: id(reader), body: BODY }),
      201,
    );
    const all = dataOf<{ items: Conversation[]; unreadConversations: number; pagination: { total: number } }>(
      'listConversations',
      await api.list(reader),
      200,
    );
    expect(all.items.map((item) => item.id)).toEqual([plain.id, aboutRequest.id]);
    expect(all.unreadConversations).toBe(2);
    const byRequest = dataOf<{ items: Conversation[] }>(
      'listConversations',
      await api.list(reader, `?requestId=${request.id}`),
      200,
    );
    expect(byRequest.items.map((item) => item.id)).toEqual([aboutRequest.id]);

    expect((await api.messages(reader, plain.id)).statusCode).toBe(200);
    const unread = dataOf<{ items: Conversation[]; unreadConversations: number }>(
      'listConversations',
      await api.list(reader, '?unread=true'),
      200,
    );
    expect(unread.items.map((item) => item.id)).toEqual([aboutRequest.id]);
    expect(unread.unreadConversations).toBe(1);
    const paged = dataOf<{ items: Conversation[]; pagination: { total: number; totalPages: number } }>(
      'listConversations',
      await api.list(reader, '?pageSize=1&page=2'),
      200,
    );
    expect(paged.items.map((item) => item.id)).toEqual([aboutRequest.id]);
    expect(paged.pagination).toMatchObject({ total: 2, totalPages: 2 });
  });

  it('lets the client message a proposal’s provider (M03), setting the proposal on an existing conversation', async () => {
    const provider = await signedInSession(testApp.app, 'freelancer');
    const request = await insertRequest(testApp.app, id(client));
    const proposal = await insertProposal(testApp.app, request.id, id(provider));

    const fresh = dataOf<Conversation>(
      'createProposalConversation',
      await api.createForProposal(client, { proposalId: proposal.id, body: 'Could you walk me through the plan?' }),
      201,
    );
    expect(fresh.proposal).toEqual({ id: proposal.id });
    expect(fresh.request?.id).toBe(request.id);
    const asProvider = dataOf<{ items: Conversation[] }>('listConversations', await api.list(provider), 200);
    expect(asProvider.items.find((item) => item.id === fresh.id)?.locked).toBe(false);

    // A conversation about the request that existed first gets the proposal.
    const second = await signedInSession(testApp.app, 'business');
    const existing = dataOf<Conversation>(
      'createConversation',
      await api.create(client, { recipientId: id(second), requestId: request.id, body: BODY }),
      201,
    );
    expect(existing.proposal).toBeNull();
    const secondProposal = await insertProposal(testApp.app, request.id, id(second), { providerType: 'business' });
    const joined = dataOf<Conversation>(
      'createProposalConversation',
      await api.createForProposal(client, { proposalId: secondProposal.id, body: 'Thanks for the proposal.' }),
      200,
    );
    expect(joined.id).toBe(existing.id);
    expect(joined.proposal).toEqual({ id: secondProposal.id });
  });

  it('refuses M03 for another client’s proposal (400), an unknown one (400) and a withdrawn one (409)', async () => {
    const provider = await signedInSession(testApp.app, 'freelancer');
    const foreignRequest = await insertRequest(testApp.app, id(otherClient));
    const foreign = await insertProposal(testApp.app, foreignRequest.id, id(provider));
    const refused = await api.createForProposal(client, { proposalId: foreign.id, body: BODY });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'proposalId' })]);
    const unknown = await api.createForProposal(client, {
      proposalId: '00000000-0000-4000-8000-000000000000',
      body: BODY,
    });
    expect(unknown.statusCode).toBe(400);

    const ownRequest = await insertRequest(testApp.app, id(client));
    const withdrawn = await insertProposal(testApp.app, ownRequest.id, id(provider), { status: 'withdrawn' });
    const closed = await api.createForProposal(client, { proposalId: withdrawn.id, body: BODY });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('The provider has withdrawn this proposal.');
    expect(await conversationsOf(testApp.app, id(provider))).toHaveLength(0);

    // Providers may not call it at all.
    expect((await api.createForProposal(freelancer, { proposalId: withdrawn.id, body: BODY })).statusCode).toBe(403);
  });
});
