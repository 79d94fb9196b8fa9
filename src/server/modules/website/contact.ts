import { randomUUID } from 'node:crypto';
import { uniqueViolation } from '../../db/errors';
import { validationFailed, type FieldError } from '../../errors';
import type { components } from '../../generated/api';
import { perApp, type AppDeps } from '../../lib/per-app';
import type { Viewer } from '../../plugins/session';
import { newRefId } from '../../ref-ids';
import { oneBusinessDayAfter } from '../../reply-time';
import { contactMessageReceived, contactMessageToSupport, type ContactTicket } from './email';
import * as queries from './queries';

type Schemas = components['schemas'];
type Input = Schemas['WebsiteContactInput'];
type Receipt = Schemas['WebsiteContactReceipt'];

const REF_PREFIX = 'CS';
const REF_ATTEMPTS = 5;
const REF_INDEX = 'contact_messages_reference_unique';

/** Two business days after `from`: the support team's promise. */
export const twoBusinessDaysAfter = (from: Date) => oneBusinessDayAfter(oneBusinessDayAfter(from));

/** The messages' rows, the per-IP and per-email limits, and the emails to support and the sender. */
export type ContactDeps = Pick<AppDeps, 'db' | 'rateLimits' | 'email' | 'config' | 'log'>;

export class ContactService {
  constructor(private readonly deps: ContactDeps) {}

  /** What the contract cannot judge: names, subject and message without their blanks. */
  private checkFields(input: Input) {
    const errors: FieldError[] = [];
    const name = input.name.trim();
    if (name.length < 2) errors.push({ field: 'name', message: 'must be at least 2 characters' });
    const subject = input.subject.trim();
    if (subject.length < 3) errors.push({ field: 'subject', message: 'must be at least 3 characters' });
    const message = input.message.trim();
    if (message.length < 10) errors.push({ field: 'message', message: 'must be at least 10 characters' });
    if (errors.length > 0) throw validationFailed(errors);
    return { name, subject, message, email: input.email.trim() };
  }

  /**
   * W02: checks the fields, counts the attempt against the sender's IP and email, stores the
   * ticket, then emails support (replies go to the sender) and the sender's confirmation once the
   * row is committed. A filled `website` field (the bots' trap) gets the same answer with a
   * reference nobody stored, and nothing is written or sent; it still counts against the limits,
   * so a bot is slowed the same way.
   */
  async submit(viewer: Viewer | null, ip: string, input: Input): Promise<Receipt> {
    const fields = this.checkFields(input);
    await this.deps.rateLimits.consume('contactPerIp', ip);
    await this.deps.rateLimits.consume('contactPerEmail', fields.email.toLowerCase());

    if (input.website !== undefined && input.website.trim() !== '') {
      const createdAt = new Date();
      this.deps.log.info({ topic: input.topic }, 'a contact message filled the bot trap and was dropped');
      return this.receipt(randomUUID(), newRefId(REF_PREFIX), input.topic, createdAt);
    }

    const row = await this.insert({
      userId: viewer?.userId ?? null,
      name: fields.name,
      email: fields.email,
      topic: input.topic,
      subject: fields.subject,
      message: fields.message,
    });
    const ticket: ContactTicket = {
      reference: row.reference,
      name: row.name,
      email: row.email,
      topic: row.topic,
      subject: row.subject,
      message: row.message,
      accountId: row.userId,
      expectedReplyBy: twoBusinessDaysAfter(row.createdAt),
    };
    const { publicUrl, contactEmail } = this.deps.config;
    this.deps.email.sendInBackground(async () => ({
      to: contactEmail,
      replyTo: ticket.email,
      ...contactMessageToSupport({ ticket, publicUrl }),
    }));
    this.deps.email.sendInBackground(async () => ({
      to: ticket.email,
      ...contactMessageReceived({ ticket, publicUrl }),
    }));
    return this.receipt(row.id, row.reference, input.topic, row.createdAt);
  }

  private receipt(id: string, reference: string, topic: Input['topic'], createdAt: Date): Receipt {
    return {
      id,
      reference,
      topic,
      createdAt: createdAt.toISOString(),
      expectedReplyBy: twoBusinessDaysAfter(createdAt).toISOString(),
    };
  }

  /** The row, with a new reference when one is taken. */
  private async insert(values: Omit<Parameters<typeof queries.insertContactMessage>[1], 'reference'>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await queries.insertContactMessage(this.deps.db, { ...values, reference: newRefId(REF_PREFIX) });
      } catch (error) {
        if (uniqueViolation(error) !== REF_INDEX || attempt >= REF_ATTEMPTS) throw error;
      }
    }
  }
}

export const contactService = perApp((deps: ContactDeps) => new ContactService(deps));
