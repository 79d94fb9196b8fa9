import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/server/generated/api';
import { emailListService } from '../../src/server/modules/messages/email-lists';
import { REMINDER_DELAY_MS, sendMessageReminders } from '../../src/server/modules/messages/reminders';
import { readOutbox } from '../support/outbox';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  randomAddress,
  signedInSession,
  signedSession,
  TEST_PUBLIC_URL,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';
import { dataOf, messagesApi, type Conversation } from './messages-fixtures';

type Schemas = components['schemas'];
type Session = SignedSession & { account: { user: { id: string }; email: string } };
type Unsubscribed = Schemas['WebsiteUnsubscribeResponse']['data'];

const MINUTE = 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

describe.each(databaseKinds)('message emails, guest contact and unsubscribe (%s)', (kind) => {
  let testApp: TestApp;
  let api: ReturnType<typeof messagesApi>;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { UNSUBSCRIBE_EMAIL: 'unsubscribe@market.test' } });
    api = messagesApi(testApp.app);
  });
  afterAll(() => testApp.close());

  const id = (session: Session) => session.account.user.id;
  const pair = async () => ({
    client: (await signedInSession(testApp.app, 'client')) as Session,
    business: (await signedInSession(testApp.app, 'business')) as Session,
  });
  const start = async (from: Session, to: Session, body: string) =>
    dataOf<Conversation>('createConversation', await api.create(from, { recipientId: id(to), body }), 201);
  const emailsTo = (address: string, purpose?: string) =>
    readOutbox(testApp.outboxDir).filter(
      (email) => email.to.toLowerCase().includes(address.toLowerCase()) && (!purpose || email.file.includes(purpose)),
    );
  /** The raw headers of an outbox email, folded lines joined. */
  const headersOf = (file: string) =>
    readFileSync(join(testApp.outboxDir, file), 'utf8')
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ');
  const remind = (at: Date) => sendMessageReminders(testApp.app, at);

  it('emails a recipient once about a message unread after 15 minutes, with the conversation and unsubscribe links', async () => {
    const { client, business } = await pair();
    const conversation = await start(client, business, 'Hello <b>team</b>, can you quote our dashboards?');
    expect(await remind(later(REMINDER_DELAY_MS - MINUTE))).toBe(0);
    expect(emailsTo(business.account.email)).toHaveLength(0);

    expect(await remind(later(REMINDER_DELAY_MS + MINUTE))).toBeGreaterThanOrEqual(1);
    const [email, ...more] = emailsTo(business.account.email, 'message-reminder');
    expect(more).toHaveLength(0);
    expect(email!.subject).toBe('Maya O. sent you a message');
    expect(email!.text).toContain('Hello <b>team</b>, can you quote our dashboards?');
    expect(email!.html).toContain('Hello &lt;b&gt;team&lt;/b&gt;');
    expect(email!.html).not.toContain('<b>team</b>');
    expect(email!.links).toContain(`${TEST_PUBLIC_URL}/dashboard/messages/conversation/${conversation.id}/details/`);
    const unsubscribe = email!.links.find((link) => link.startsWith(`${TEST_PUBLIC_URL}/unsubscribe?token=`))!;
    expect(unsubscribe).toBeDefined();
    // The header names the one-click URL (RFC 8058) with the same token; the body the page.
    const token = new URL(unsubscribe).searchParams.get('token')!;
    const headers = headersOf(email!.file);
    expect(headers).toContain(
      `List-Unsubscribe: <${TEST_PUBLIC_URL}/api/website/unsubscribe/one-click/?token=${token}>, <mailto:unsubscribe@market.test?subject=unsubscribe>`,
    );
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Never twice for the same message.
    await remind(later(REMINDER_DELAY_MS + 2 * MINUTE));
    expect(emailsTo(business.account.email, 'message-reminder')).toHaveLength(1);
  });

  it('sends nothing about messages read within 15 minutes', async () => {
    const { client, business } = await pair();
    const conversation = await start(client, business, 'A quick question about your rates.');
    expect((await api.messages(business, conversation.id)).statusCode).toBe(200);
    await remind(later(REMINDER_DELAY_MS + MINUTE));
    expect(emailsTo(business.account.email)).toHaveLength(0);
  });

  it('covers two unread messages with one email, and sends at most one an hour per conversation', async () => {
    const { client, business } = await pair();
    const conversation = await start(client, business, 'First message.');
    expect((await api.send(client, conversation.id, { body: 'Second message.' })).statusCode).toBe(201);
    await remind(later(REMINDER_DELAY_MS + MINUTE));
    const emails = emailsTo(business.account.email, 'message-reminder');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Maya O. sent you 2 messages');
    expect(emails[0]!.text).toContain('Second message.');

    expect((await api.send(client, conversation.id, { body: 'Third message.' })).statusCode).toBe(201);
    await remind(later(REMINDER_DELAY_MS + 5 * MINUTE));
    expect(emailsTo(business.account.email, 'message-reminder')).toHaveLength(1);
    // Once the hour is over, the message still unread gets its reminder.
    await remind(later(80 * MINUTE));
    const after = emailsTo(business.account.email, 'message-reminder');
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain('Third message.');
  });

  it('sends no reminder to someone who left message-reminders, but still a password reset', async () => {
    const { client, business } = await pair();
    const token = emailListService(testApp.app).tokens.issue(id(business));
    const left = await api.unsubscribe(await signedSession(testApp.app), { token, lists: ['message-reminders'] });
    expect(dataOf<Unsubscribed>('unsubscribe', left, 200).unsubscribed).toEqual(['message-reminders']);

    await start(client, business, 'Are you available next month?');
    await remind(later(REMINDER_DELAY_MS + MINUTE));
    expect(emailsTo(business.account.email)).toHaveLength(0);

    const visitor = await signedSession(testApp.app);
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/sendlink/email/',
      headers: visitor.headers,
      payload: { email: business.account.email },
      remoteAddress: randomAddress(),
    });
    expect(reset.statusCode).toBe(200);
    await testApp.app.email.settled();
    expect(emailsTo(business.account.email).length).toBe(1);
  });

  it('unsubscribes by token (W04): the lists asked, idempotent, every list without any; unknown tokens 404', async () => {
    const { business } = await pair();
    const token = emailListService(testApp.app).tokens.issue(id(business));
    const visitor = await signedSession(testApp.app);
    const first = await api.unsubscribe(visitor, { token, lists: ['job-alerts', 'tips-and-offers'] });
    const data = dataOf<Unsubscribed>('unsubscribe', first, 200);
    expect(first.json().message).toBe('You will no longer receive job alerts and tips and offers.');
    expect(data.unsubscribed).toEqual(['job-alerts', 'tips-and-offers']);
    expect(data.alreadyUnsubscribed).toEqual([]);
    expect(data.remaining).toEqual(['newsletter', 'product-updates', 'proposal-digest', 'message-reminders']);
    expect(data.email).toMatch(/^b\*\*\*@example\.com$/);

    const again = dataOf<Unsubscribed>(
      'unsubscribe',
      await api.unsubscribe(visitor, { token, lists: ['job-alerts'] }),
      200,
    );
    expect(again).toMatchObject({ unsubscribed: [], alreadyUnsubscribed: ['job-alerts'] });

    const all = dataOf<Unsubscribed>('unsubscribe', await api.unsubscribe(visitor, { token }), 200);
    expect(all.unsubscribed).toEqual(['newsletter', 'product-updates', 'proposal-digest', 'message-reminders']);
    expect(all.remaining).toEqual([]);

    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const bad of [
      forged,
      'uN5bK8wQ2xR7tZ1mV4cY9pL3sH6dF0gA',
      emailListService(testApp.app).tokens.issue('00000000-0000-4000-8000-000000000000'),
    ]) {
      const refused = await api.unsubscribe(visitor, { token: bad });
      expect(refused.statusCode, bad).toBe(404);
      expectErrorEnvelope(refused.json());
    }
  });

  it('emails a guest’s message to the provider, replying to the guest, and a copy to the guest (M08)', async () => {
    const { client, business } = await pair();
    const guestEmail = uniqueEmail('guest');
    const visitor = await signedSession(testApp.app);
    const message = 'Hello, we are a logistics company and need a NetSuite reporting setup. <script>x</script>';
    const response = await api.guest(visitor, {
      name: '  Hannah Schmidt ',
      email: guestEmail,
      phone: '+4930901820',
      recipientId: id(business),
      message,
    });
    const data = dataOf<Schemas['MessageGuestContact']>('sendGuestDirectContact', response, 201);
    expect(data.recipient.id).toBe(id(business));
    expect(response.json().message).toBe(`Your message is sent. ${data.recipient.displayName} will reply by email.`);
    await testApp.app.email.settled();
    const [toProvider] = emailsTo(business.account.email, 'guest-contact');
    expect(toProvider!.text).toContain(message);
    expect(toProvider!.text).toContain('+4930901820');
    expect(toProvider!.html).toContain('&lt;script&gt;');
    expect(headersOf(toProvider!.file)).toContain(`Reply-To: ${guestEmail}`);
    const [copy] = emailsTo(guestEmail, 'guest-contact-copy');
    expect(copy!.text).toContain(message);
    expect(copy!.text).not.toContain(business.account.email);
    // No conversation is made.
    expect(dataOf<{ items: Conversation[] }>('listConversations', await api.list(business), 200).items).toEqual([]);

    // A signed-in client may use it too; a client is not a recipient.
    expect(
      (await api.guest(client, { name: 'Maya', email: uniqueEmail(), recipientId: id(business), message })).statusCode,
    ).toBe(201);
    const toClient = await api.guest(visitor, {
      name: 'Hannah',
      email: uniqueEmail(),
      recipientId: id(client),
      message,
    });
    expect(toClient.statusCode).toBe(400);
    expect(toClient.json().errors).toEqual([expect.objectContaining({ field: 'recipientId' })]);
    const short = await api.guest(visitor, {
      name: 'Hannah',
      email: uniqueEmail(),
      recipientId: id(business),
      message: `   Too short.${' '.repeat(20)}`,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([expect.objectContaining({ field: 'message' })]);
  });

  it('limits guest messages to 5 an hour per email address and per IP address', async () => {
    const { business } = await pair();
    const visitor = await signedSession(testApp.app);
    const message = 'We would like to talk about a reporting project next week, if you have time.';
    const sameEmail = uniqueEmail('guest');
    const byEmail = [];
    for (let n = 0; n < 6; n++) {
      byEmail.push(
        (
          await api.guest(
            visitor,
            { name: 'Hannah', email: sameEmail, recipientId: id(business), message },
            randomAddress(),
          )
        ).statusCode,
      );
    }
    expect(byEmail).toEqual([201, 201, 201, 201, 201, 429]);

    const ip = randomAddress();
    const byIp = [];
    for (let n = 0; n < 6; n++) {
      byIp.push(
        (await api.guest(visitor, { name: 'Hannah', email: uniqueEmail(), recipientId: id(business), message }, ip))
          .statusCode,
      );
    }
    expect(byIp).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
