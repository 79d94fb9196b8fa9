import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/db/schema';
import { readOutbox } from '../support/outbox';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  randomAddress,
  signedInSession,
  signedSession,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';

const SUBMIT = '/api/website/contact-us/';
const SUPPORT = 'help-desk@market.test';

interface Receipt {
  id: string;
  reference: string;
  topic: string;
  createdAt: string;
  expectedReplyBy: string;
}

describe.each(databaseKinds)('contact us, W02 (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { CONTACT_EMAIL: SUPPORT } });
  });
  afterAll(() => testApp.close());

  const input = (overrides: Record<string, unknown> = {}) => ({
    name: 'Tomasz Nowak',
    email: uniqueEmail('tomasz'),
    topic: 'billing-and-payments',
    subject: 'Invoice for the Growth plan',
    message: 'Could you send the March invoice again with our VAT number on it? Thank you.',
    ...overrides,
  });
  const submit = async (payload: object, options: { session?: SignedSession; ip?: string } = {}) => {
    const session = options.session ?? (await signedSession(app()));
    return app().inject({
      method: 'POST',
      url: SUBMIT,
      payload,
      headers: session.headers,
      remoteAddress: options.ip ?? randomAddress(),
    });
  };
  const rowsFrom = (email: string) => app().db.select().from(contactMessages).where(eq(contactMessages.email, email));
  const emailsTo = async (address: string) => {
    await app().email.settled();
    return readOutbox(testApp.outboxDir).filter((email) => email.to.toLowerCase().includes(address.toLowerCase()));
  };
  const headersOf = (file: string) =>
    readFileSync(join(testApp.outboxDir, file), 'utf8')
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ');

  it('stores the message, emails support with a reply-to of the sender and the sender a confirmation', async () => {
    const form = input();
    const response = await submit(form);
    const body = expectContractResponse('submitContactUs', response, 201) as { message: string; data: Receipt };
    expect(body.message).toBe('Thank you for your message. We will reply within two business days.');
    const receipt = body.data;
    expect(receipt.reference).toMatch(/^CS-[0-9A-Z]{8}$/);
    expect(receipt.topic).toBe('billing-and-payments');
    expect(new Date(receipt.expectedReplyBy).getTime()).toBeGreaterThan(
      new Date(receipt.createdAt).getTime() + 47 * 3600 * 1000,
    );

    const [row, ...more] = await rowsFrom(form.email);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      id: receipt.id,
      reference: receipt.reference,
      userId: null,
      name: 'Tomasz Nowak',
      topic: 'billing-and-payments',
      subject: 'Invoice for the Growth plan',
    });

    const toSupport = (await emailsTo(SUPPORT)).filter((email) => email.subject.includes(receipt.reference));
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]!.subject).toBe(`[${receipt.reference}] Billing and payments: Invoice for the Growth plan`);
    expect(toSupport[0]!.text).toContain(form.message);
    expect(toSupport[0]!.text).toContain(form.email);
    expect(headersOf(toSupport[0]!.file)).toContain(`Reply-To: ${form.email}`);

    const [confirmation, ...others] = await emailsTo(form.email);
    expect(others).toHaveLength(0);
    expect(confirmation!.subject).toBe(`We received your message (${receipt.reference})`);
    expect(confirmation!.text).toContain(receipt.reference);
    // The sender's copy quotes the subject, never the message.
    expect(confirmation!.text).not.toContain('VAT number');
  });

  it("links a signed-in sender's ticket to the account", async () => {
    const client = await signedInSession(app(), 'client');
    const form = input();
    const receipt = (
      expectContractResponse('submitContactUs', await submit(form, { session: client }), 201) as {
        data: Receipt;
      }
    ).data;
    const [row] = await rowsFrom(form.email);
    expect(row!.userId).toBe(client.account.user.id);
    expect(row!.reference).toBe(receipt.reference);
  });

  it('answers a filled bot trap like any message, and stores and sends nothing', async () => {
    const form = input({ website: 'https://cheap-pills.example' });
    const response = await submit(form);
    const receipt = (expectContractResponse('submitContactUs', response, 201) as { data: Receipt }).data;
    expect(receipt.reference).toMatch(/^CS-[0-9A-Z]{8}$/);
    expect(await rowsFrom(form.email)).toHaveLength(0);
    expect(await emailsTo(form.email)).toHaveLength(0);
    expect((await emailsTo(SUPPORT)).filter((email) => email.subject.includes(receipt.reference))).toHaveLength(0);

    // An empty trap is a person's form.
    const person = input({ website: '' });
    expect((await submit(person)).statusCode).toBe(201);
    expect(await rowsFrom(person.email)).toHaveLength(1);
  });

  it('refuses bad fields with a 400 naming them, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ topic: 'refunds' }, 'topic'],
      [{ email: 'not-an-email' }, 'email'],
      [{ name: '  ' }, 'name'],
      [{ subject: '   x   ' }, 'subject'],
      [{ message: '          .          ' }, 'message'],
      [{ message: 'x'.repeat(5001) }, 'message'],
      [{ unknown: 'field' }, 'unknown'],
      [{ website: 'x'.repeat(501) }, 'website'],
    ];
    for (const [overrides, field] of cases) {
      const form = input(overrides);
      const response = await submit(form);
      const body = expectContractResponse('submitContactUs', response, 400) as { errors?: { field: string }[] };
      expect(body.errors?.map((error) => error.field).join(',')).toContain(field);
      if (typeof form.email === 'string') expect(await rowsFrom(form.email)).toHaveLength(0);
    }
  });

  it('allows 10 messages an hour per IP and 3 per email, then 429', async () => {
    const ip = '203.0.113.91';
    for (let i = 0; i < 10; i++) expect((await submit(input(), { ip })).statusCode).toBe(201);
    const perIp = await submit(input(), { ip });
    expectContractResponse('submitContactUs', perIp, 429);
    expect(Number(perIp.headers['retry-after'])).toBeGreaterThan(0);

    const email = uniqueEmail('busy');
    for (let i = 0; i < 3; i++) expect((await submit(input({ email }))).statusCode).toBe(201);
    const perEmail = await submit(input({ email: email.toUpperCase() }));
    expectContractResponse('submitContactUs', perEmail, 429);
    expect(await rowsFrom(email)).toHaveLength(3);
  });

  it('needs the CSRF token', async () => {
    const visitor = await signedSession(app());
    const form = input();
    const response = await app().inject({
      method: 'POST',
      url: SUBMIT,
      payload: form,
      headers: { cookie: visitor.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(await rowsFrom(form.email)).toHaveLength(0);
  });

  it('leaves no row when the insert fails', async () => {
    await app().db.execute(
      sql`ALTER TABLE contact_messages ADD CONSTRAINT contact_messages_test_refuse CHECK (subject <> 'refuse me')`,
    );
    try {
      const form = input({ subject: 'refuse me' });
      expect((await submit(form)).statusCode).toBe(500);
      expect(await rowsFrom(form.email)).toHaveLength(0);
      expect(await emailsTo(form.email)).toHaveLength(0);
    } finally {
      await app().db.execute(sql`ALTER TABLE contact_messages DROP CONSTRAINT contact_messages_test_refuse`);
    }
  });
});
