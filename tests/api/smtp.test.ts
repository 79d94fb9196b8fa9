import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEmail } from '../support/outbox';
import { buildTestApp, getMe, registerThroughApi, TEST_PUBLIC_URL, type TestApp } from './helpers';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const REFUSED = /^refused\./;

/** A real SMTP server on a random port that keeps what it receives and refuses `refused.*` recipients. */
async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(REFUSED.test(address.address) ? new Error('550 mailbox unavailable') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

describe('email over SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await buildTestApp('pglite', { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => {
    await testApp?.close();
    await new Promise<void>((done) => smtp.server.close(() => done()));
  });

  it('delivers the verification email with a text part, an HTML part and the link; no outbox file, no link in the log', async () => {
    const info = vi.spyOn(testApp.app.log, 'info');
    const { response, email } = await registerThroughApi(testApp.app, 'client', { firstname: 'Zoë' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(`Your account is created. We have sent a verification link to ${email}.`);

    const message = smtp.received.find((m) => m.to.includes(email))!;
    expect(message.from).toBe('no-reply@versimarket.com');
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/i);
    const parsed = parseEmail('smtp', message.raw);
    expect(parsed.to).toBe(email);
    expect(parsed.subject).toBe('Verify your email for Versimarket');
    expect(parsed.text).toContain('Hi Zoë,');
    expect(parsed.html).toContain('Hi Zoë,');
    expect(parsed.html).toContain('#1F71BE');
    const link = parsed.links[0]!;
    expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/auth/verification/[A-Za-z0-9_-]{43}/email/$`));
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(`href="${link}"`);

    expect(existsSync(testApp.outboxDir)).toBe(false);
    const logged = info.mock.calls.map((call) => inspect(call, { depth: 4 })).join('\n');
    expect(logged).toContain('email sent');
    expect(logged).not.toContain(link);
    expect(logged).not.toContain(new URL(link).pathname.split('/')[3]);
    info.mockRestore();
  });

  it('keeps the account when the email cannot be sent, and says so', async () => {
    const { response, session, email } = await registerThroughApi(testApp.app, 'freelancer', {
      email: `refused.${Date.now()}@example.com`,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(
      'Your account is created, but we could not send the verification email. Please use "Resend" to get a new link.',
    );
    const me = await getMe(testApp.app, session);
    expect(me.json().data).toMatchObject({ email, verified: false });
  });
});
