import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { createTransport } from 'nodemailer';
import { BRAND } from '../../shared/brand';
import type { Config } from '../config';
import type { EmailContent } from '../email/layout';

export interface EmailMessage extends EmailContent {
  to: string;
  /** Where replies go instead of the sender (a guest's address on a contact message). */
  replyTo?: string;
}

export interface Email {
  /** Sends and waits: throws when the message could not be handed over. */
  send(message: EmailMessage): Promise<void>;
  /**
   * Runs `compose` and sends what it returns (nothing for null) after the caller has moved on;
   * a failure is logged. For answers whose timing must not tell whether an email went out
   * (forgot password looks the account up inside `compose`).
   */
  sendInBackground(compose: () => Promise<EmailMessage | null>): void;
  /** Resolves once every email handed to `sendInBackground` is sent or has failed. */
  settled(): Promise<void>;
  /** Where `.eml` files are written when there is no SMTP server; null when sending over SMTP. */
  outboxDir: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    email: Email;
  }
}

/** `20261125T101500123Z`: sorts as it reads, and never repeats within a process. */
function outboxStamp(previous: number): { stamp: string; at: number } {
  const at = Math.max(Date.now(), previous + 1);
  return { stamp: new Date(at).toISOString().replace(/[-:.]/g, ''), at };
}

type Deliver = (message: EmailMessage) => Promise<void>;

/** Without SMTP: each message as an `.eml` file, and the link in the log for whoever runs the server. */
function outboxDelivery(outboxDir: string, log: FastifyBaseLogger): { deliver: Deliver; close(): void } {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let previous = 0;
  return {
    deliver: async (message) => {
      const info = await transport.sendMail({ from: BRAND.mailFrom, ...envelopeOf(message) });
      const { stamp, at } = outboxStamp(previous);
      previous = at;
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${stamp}-${message.purpose}-${randomBytes(4).toString('hex')}.eml`);
      // Written under another name first, so a reader never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      log.info(`Email to ${message.to}: ${message.subject}${message.link ? ` — ${message.link}` : ''}`);
    },
    close: () => transport.close(),
  };
}

/**
 * With SMTP_URL: the server named there. Links are never logged: they are secrets in transit.
 * Short timeouts, because a sign-up waits for its email: an SMTP server that hangs must not hold
 * the request for nodemailer's default minutes.
 */
function smtpDelivery(smtpUrl: string, log: FastifyBaseLogger): { deliver: Deliver; close(): void } {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    deliver: async (message) => {
      await transport.sendMail({ from: BRAND.mailFrom, ...envelopeOf(message) });
      log.info({ purpose: message.purpose }, 'email sent');
    },
    close: () => transport.close(),
  };
}

const envelopeOf = (message: EmailMessage) => ({
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  ...(message.headers ? { headers: message.headers } : {}),
});

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const outboxDir = config.smtpUrl ? null : join(config.dataDir, 'outbox');
    const delivery = config.smtpUrl ? smtpDelivery(config.smtpUrl, app.log) : outboxDelivery(outboxDir!, app.log);
    const pending = new Set<Promise<void>>();

    const email: Email = {
      send: delivery.deliver,
      sendInBackground(compose) {
        const sending = Promise.resolve()
          .then(compose)
          .then((message) => (message ? delivery.deliver(message) : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'sending an email failed'))
          .finally(() => pending.delete(sending));
        pending.add(sending);
      },
      async settled() {
        while (pending.size > 0) await Promise.all([...pending]);
      },
      outboxDir,
    };
    app.decorate('email', email);
    app.addHook('onClose', async () => {
      await email.settled();
      delivery.close();
    });
  },
  { name: 'email' },
);
