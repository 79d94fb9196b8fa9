import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/server/generated/api';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import {
  dataOf,
  giveVersigems,
  insertRequest,
  invitesOf,
  messagesApi,
  messagesIn,
  recordEvents,
  type Conversation,
  type Message,
} from './messages-fixtures';
import { multipart, pdf } from './upload-files';

type Session = SignedSession & { account: { user: { id: string } } };
type MessagePage = { conversation: Conversation; items: Message[]; pagination: components['schemas']['Pagination'] };

describe.each(databaseKinds)('messages in a conversation (%s)', (kind) => {
  let testApp: TestApp;
  let api: ReturnType<typeof messagesApi>;
  let client: Session;
  let freelancer: Session;
  let business: Session;
  let stranger: Session;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    api = messagesApi(testApp.app);
    client = await signedInSession(testApp.app, 'client');
    freelancer = await signedInSession(testApp.app, 'freelancer');
    business = await signedInSession(testApp.app, 'business');
    stranger = await signedInSession(testApp.app, 'client');
  });
  afterAll(() => testApp.close());

  const id = (session: Session) => session.account.user.id;

  async function start(from: Session, to: Session, options: { requestId?: string; body?: string } = {}) {
    const response = await api.create(from, {
      recipientId: id(to),
      body: options.body ?? 'Hello, we need help with our sales dashboards.',
      ...(options.requestId ? { requestId: options.requestId } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Conversation;
  }

  async function upload(session: SignedSession) {
    const form = multipart({}, [{ field: 'file', name: 'data-dictionary.pdf', type: 'application/pdf', bytes: pdf() }]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/attachments/',
      payload: form.payload,
      headers: { ...form.headers, ...session.headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; url: string };
  }

  it('hides a conversation from everyone but its two participants (404), and from visitors (401)', async () => {
    const conversation = await start(client, business);
    for (const outsider of [stranger, freelancer]) {
      const read = await api.messages(outsider, conversation.id);
      expect(read.statusCode).toBe(404);
      expectErrorEnvelope(read.json());
      expect((await api.send(outsider, conversation.id, { body: 'Let me in.' })).statusCode).toBe(404);
    }
    expect((await api.messages(client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api.messages(null, conversation.id)).statusCode).toBe(401);
    expect(await messagesIn(testApp.app, conversation.id)).toHaveLength(1);
  });

  it('pages the newest first, oldest first within a page, and marks read what the reader opens', async () => {
    const business = await signedInSession(testApp.app, 'business');
    const conversation = await start(client, business, { body: 'Message 1' });
    for (let n = 2; n <= 5; n++) {
      const sent = await api.send(client, conversation.id, { body: `Message ${n}` });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    // The sender reading marks nothing.
    const own = dataOf<MessagePage>('listConversationMessages', await api.messages(client, conversation.id), 200);
    expect(own.items.every((message) => message.readAt === null)).toBe(true);

    const page1 = dataOf<MessagePage>(
      'listConversationMessages',
      await api.messages(business, conversation.id, '?pageSize=2'),
      200,
    );
    expect(page1.items.map((message) => message.body)).toEqual(['Message 4', 'Message 5']);
    expect(page1.items.every((message) => message.readAt !== null)).toBe(true);
    expect(page1.pagination).toMatchObject({ total: 5, totalPages: 3 });
    expect(page1.conversation.unreadCount).toBe(3);

    const page3 = dataOf<MessagePage>(
      'listConversationMessages',
      await api.messages(business, conversation.id, '?pageSize=2&page=3'),
      200,
    );
    expect(page3.items.map((message) => message.body)).toEqual(['Message 1']);
    expect(page3.conversation.unreadCount).toBe(2);

    // Read receipts: the sender sees when each was read.
    const receipts = dataOf<MessagePage>('listConversationMessages', await api.messages(client, conversation.id), 200);
    expect(receipts.items.map((message) => message.readAt !== null)).toEqual([true, false, false, true, true]);
  });

  it('trims the body, refuses an empty one and a foreign file naming the field, storing nothing', async () => {
    const business = await signedInSession(testApp.app, 'business');
    const conversation = await start(client, business);
    const sent = dataOf<Message>('sendMessage', await api.send(client, conversation.id, { body: '  Padded.  ' }), 201);
    expect(sent.body).toBe('Padded.');

    const empty = await api.send(client, conversation.id, { body: ' \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([expect.objectContaining({ field: 'body' })]);

    const foreign = await upload(stranger);
    const refused = await api.send(client, conversation.id, { body: 'With a file.', attachmentIds: [foreign.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'attachmentIds.0' })]);
    expect(await messagesIn(testApp.app, conversation.id)).toHaveLength(2);
  });

  it('attaches the sender’s files, readable by both participants only, and once', async () => {
    const business = await signedInSession(testApp.app, 'business');
    const conversation = await start(client, business);
    const file = await upload(client);
    const sent = dataOf<Message>(
      'sendMessage',
      await api.send(client, conversation.id, { body: 'The data dictionary.', attachmentIds: [file.id] }),
      201,
    );
    expect(sent.attachments).toEqual([expect.objectContaining({ id: file.id, name: 'data-dictionary.pdf' })]);
    const page = dataOf<MessagePage>('listConversationMessages', await api.messages(business, conversation.id), 200);
    expect(page.items.at(-1)?.attachments.map((attachment) => attachment.id)).toEqual([file.id]);
    const download = (session: SignedSession) =>
      testApp.app.inject({ url: sent.attachments[0]!.url, headers: { cookie: session.cookie } });
    expect((await download(business)).statusCode).toBe(200);
    expect((await download(stranger)).statusCode).toBe(404);

    const again = await api.send(client, conversation.id, { body: 'Same file again.', attachmentIds: [file.id] });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([expect.objectContaining({ field: 'attachmentIds.0' })]);
  });

  it('keeps a freelancer locked (409) until they unlock the request, then lets them reply', async () => {
    const request = await insertRequest(testApp.app, id(client));
    const conversation = await start(client, freelancer, { requestId: request.id });
    const locked = await api.send(freelancer, conversation.id, { body: 'I would love to help.' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('Unlock this request with 5 versigems to reply to the client.');
    expect(await messagesIn(testApp.app, conversation.id)).toHaveLength(1);

    await giveVersigems(testApp.app, id(freelancer), 5);
    expect((await api.unlock(freelancer, request.id)).statusCode).toBe(200);
    const page = dataOf<MessagePage>('listConversationMessages', await api.messages(freelancer, conversation.id), 200);
    expect(page.conversation.locked).toBe(false);
    expect((await api.send(freelancer, conversation.id, { body: 'I would love to help.' })).statusCode).toBe(201);
  });

  it('moves an invite from invited to viewed on reading and to responded on the provider’s reply', async () => {
    const request = await insertRequest(testApp.app, id(client));
    const conversation = await start(client, business, { requestId: request.id });
    expect((await invitesOf(testApp.app, request.id))[0]).toMatchObject({ status: 'invited', viewedAt: null });
    // The client reading changes nothing.
    await api.messages(client, conversation.id);
    expect((await invitesOf(testApp.app, request.id))[0]?.status).toBe('invited');

    await api.messages(business, conversation.id);
    const viewed = (await invitesOf(testApp.app, request.id))[0]!;
    expect(viewed.status).toBe('viewed');
    expect(viewed.viewedAt).not.toBeNull();

    expect((await api.send(business, conversation.id, { body: 'Happy to propose.' })).statusCode).toBe(201);
    const responded = (await invitesOf(testApp.app, request.id))[0]!;
    expect(responded.status).toBe('responded');
    expect(responded.respondedAt).not.toBeNull();
    // Final: reading again leaves it.
    await api.messages(business, conversation.id);
    expect((await invitesOf(testApp.app, request.id))[0]?.status).toBe('responded');
  });

  it('publishes each new message to both participants with their own counts, and read receipts to both', async () => {
    const reader = await signedInSession(testApp.app, 'business');
    const writer = await signedInSession(testApp.app, 'client');
    const conversation = await start(writer, reader);
    const recorder = recordEvents(testApp.app, [id(writer), id(reader)]);
    try {
      const sent = dataOf<Message>(
        'sendMessage',
        await api.send(writer, conversation.id, { body: 'Are you there?' }),
        201,
      );
      const toReader = recorder.events.get(id(reader))!;
      const toClient = recorder.events.get(id(writer))!;
      expect(toReader).toEqual([
        expect.objectContaining({
          type: 'message',
          conversationId: conversation.id,
          unreadCount: 2,
          unreadConversations: 1,
          message: expect.objectContaining({ id: sent.id }),
        }),
      ]);
      expect(toClient).toEqual([expect.objectContaining({ type: 'message', unreadCount: 0, unreadConversations: 0 })]);

      await api.messages(reader, conversation.id);
      expect(toReader.at(-1)).toMatchObject({ type: 'read', readerId: id(reader), unreadConversations: 0 });
      expect(toClient.at(-1)).toMatchObject({ type: 'read', readerId: id(reader), conversationId: conversation.id });
      // Nothing left to mark: no second receipt.
      const count = toClient.length;
      await api.messages(reader, conversation.id);
      expect(toClient).toHaveLength(count);
    } finally {
      recorder.stop();
    }
  });

  it('answers the sender with the message as the contract has it', async () => {
    const conversation = await start(freelancer, business);
    const response = await api.send(business, conversation.id, { body: 'Yes, let us talk.' });
    const body = expectContractResponse('sendMessage', response, 201) as { message: string; data: Message };
    expect(body.message).toBe('Your message is sent.');
    expect(body.data.sender.id).toBe(id(business));
    expect(body.data.readAt).toBeNull();
  });
});
