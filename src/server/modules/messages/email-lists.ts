import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database';
import { notFound } from '../../errors';
import type { components } from '../../generated/api';
import { perApp, type AppDeps } from '../../lib/per-app';
import * as queries from './queries';

type Schemas = components['schemas'];
export type EmailList = Schemas['WebsiteMailingList'];

/** Every list a person can leave, in the order the contract names them. */
export const EMAIL_LISTS: readonly EmailList[] = [
  'newsletter',
  'product-updates',
  'job-alerts',
  'proposal-digest',
  'message-reminders',
  'tips-and-offers',
];

const LIST_NAMES: Record<EmailList, string> = {
  newsletter: 'the newsletter',
  'product-updates': 'product updates',
  'job-alerts': 'job alerts',
  'proposal-digest': 'emails about new proposals',
  'message-reminders': 'message reminders',
  'tips-and-offers': 'tips and offers',
};

const PURPOSE = 'unsubscribe';
const UUID_BYTES = 16;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * Unsubscribe links (`/unsubscribe?token=`): the user's id and an HMAC of it and the purpose, so
 * no table holds them, they never expire and nobody can make one for another account. Signed
 * with the app's CSRF key (`CSRF_SECRET`); without one, a key of this process, like the CSRF
 * tokens, so links then last as long as the process.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string | undefined) {
    // A key of its own, derived from the shared secret, so a token is never valid as anything else.
    this.key = createHmac('sha256', secret ?? randomBytes(32))
      .update('email-unsubscribe-key')
      .digest();
  }

  private mac(user: Buffer): Buffer {
    return createHmac('sha256', this.key).update(PURPOSE).update(user).digest();
  }

  /** 64 url-safe characters. */
  issue(userId: string): string {
    const user = uuidBytes(userId);
    return Buffer.concat([user, this.mac(user)]).toString('base64url');
  }

  /** The user id a token names, or null for a token we did not issue. */
  verify(token: string): string | null {
    if (!/^[A-Za-z0-9_-]{32,128}$/.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== UUID_BYTES + 32) return null;
    const user = bytes.subarray(0, UUID_BYTES);
    return timingSafeEqual(bytes.subarray(UUID_BYTES), this.mac(user)) ? uuidOf(user) : null;
  }
}

/** `m***@brightlane.io`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

export type EmailListDeps = Pick<AppDeps, 'db' | 'config'>;

export const emailListService = perApp((deps: EmailListDeps) => {
  const tokens = new UnsubscribeTokens(deps.config.csrfSecret);
  const db: Database = deps.db;
  const unsubscribeUrl = (userId: string) => `${deps.config.publicUrl}/unsubscribe?token=${tokens.issue(userId)}`;
  const oneClickUrl = (userId: string) =>
    `${deps.config.publicUrl}/api/website/unsubscribe/one-click/?token=${tokens.issue(userId)}`;
  const preferences = async (userId: string): Promise<Schemas['AccountEmailPreferences']> => {
    const left = new Set(await queries.optedOutLists(db, userId));
    return { lists: EMAIL_LISTS.map((list) => ({ list, subscribed: !left.has(list) })) };
  };
  return {
    tokens,

    /** The unsubscribe page's link of a user's emails (in the email's body). */
    unsubscribeUrl,

    /** RFC 8058's one-click URL of a user's emails (the `List-Unsubscribe` header): a POST leaves every list. */
    oneClickUrl,

    /**
     * The body link and the headers (RFC 2369 and 8058) of an email of a list a person can leave,
     * with the mailbox that takes unsubscribe requests when one is set.
     */
    listHeaders(userId: string): { unsubscribeUrl: string; headers: Record<string, string> } {
      const mailto = deps.config.unsubscribeEmail
        ? `, <mailto:${deps.config.unsubscribeEmail}?subject=unsubscribe>`
        : '';
      return {
        unsubscribeUrl: unsubscribeUrl(userId),
        headers: {
          'List-Unsubscribe': `<${oneClickUrl(userId)}>${mailto}`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    },

    /** Whether the user left the list (non-transactional emails ask before sending). */
    async hasLeft(userId: string, list: EmailList): Promise<boolean> {
      return (await queries.optedOutLists(db, userId)).includes(list);
    },

    /** Every list a person can leave and whether the account still receives it, in the contract's order. */
    preferences,

    /** Joins (`true`) and leaves (`false`) the lists named, in one transaction; the others stay as they were. */
    async updatePreferences(
      userId: string,
      changes: Partial<Record<EmailList, boolean>>,
    ): Promise<Schemas['AccountEmailPreferences']> {
      const named = EMAIL_LISTS.filter((list) => changes[list] !== undefined);
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        await queries.insertOptOuts(
          tx,
          userId,
          named.filter((list) => changes[list] === false),
        );
        await queries.deleteOptOuts(
          tx,
          userId,
          named.filter((list) => changes[list] === true),
        );
      });
      return preferences(userId);
    },

    /** W04: leaves the lists (all when none are given) for the account the token names. Idempotent. */
    async unsubscribe(
      token: string,
      lists: readonly EmailList[] | undefined,
    ): Promise<{ data: Schemas['WebsiteUnsubscribeResponse']['data']; message: string }> {
      const userId = tokens.verify(token);
      const [person] = userId ? await queries.people(db, [userId]) : [];
      if (!person) throw notFound('This unsubscribe link is not valid. Sign in to manage your emails in Settings.');
      const asked = lists ?? EMAIL_LISTS;
      const left = new Set(await queries.insertOptOuts(db, person.id, asked));
      const now = new Set(await queries.optedOutLists(db, person.id));
      const unsubscribed = asked.filter((list) => left.has(list));
      const alreadyUnsubscribed = asked.filter((list) => !left.has(list));
      const message =
        lists === undefined
          ? 'You will no longer receive any of our emails, except those about your account.'
          : `You will no longer receive ${joinNames(asked.map((list) => LIST_NAMES[list]))}.`;
      return {
        data: {
          email: maskEmail(person.email),
          unsubscribed,
          alreadyUnsubscribed,
          remaining: EMAIL_LISTS.filter((list) => !now.has(list)),
        },
        message,
      };
    },
  };
});
