import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { rateLimits as rateLimitTable } from '../db/schema';
import { rateLimited } from '../errors';

/** Every limit, as the contract's descriptions state them: so many attempts per window. */
export const RATE_LIMITS = {
  /** Failed sign-ins per email and IP; a successful sign-in clears the count. */
  signIn: { points: 5, seconds: 15 * 60 },
  /**
   * Failed sign-ins per IP whatever the email, against one address trying many accounts (password
   * spraying). Counted with `penalise` on each failure and never cleared by a success, so signing
   * in to one's own account does not reset it; generous enough for an office behind one address.
   */
  signInFailuresPerIp: { points: 30, seconds: 15 * 60 },
  /** Sign-ups per IP. */
  signUp: { points: 10, seconds: 60 * 60 },
  /** Verification emails per account: one a minute, five an hour. */
  verificationEmailPerMinute: { points: 1, seconds: 60 },
  verificationEmailPerHour: { points: 5, seconds: 60 * 60 },
  /** Reset-link emails per email address (known or not) and per IP. */
  resetEmailPerAddress: { points: 3, seconds: 60 * 60 },
  resetEmailPerIp: { points: 10, seconds: 60 * 60 },
  /** Reset-token checks and uses per IP, against guessing. */
  resetTokenPerIp: { points: 30, seconds: 60 * 60 },
  /** Wrong current passwords per account on a password change; a right one clears the count. */
  wrongCurrentPassword: { points: 5, seconds: 15 * 60 },
  /** Service requests posted per client (the contract's "10 requests per client per hour"). */
  serviceRequestCreate: { points: 10, seconds: 60 * 60 },
  /** Changes and closes of their requests per client (the contract's "30 an hour"). */
  serviceRequestChange: { points: 30, seconds: 60 * 60 },
  /** Job-board searches and job pages per IP: generous for people, a brake on scraping. */
  jobSearch: { points: 300, seconds: 60, perProcess: true },
  /** Directory searches (businesses, professionals) per IP, as generous as the job board's. */
  directorySearch: { points: 300, seconds: 60, perProcess: true },
  /** Catalogue searches per IP: an autocomplete sends one a keystroke, scripted scraping far more. */
  search: { points: 120, seconds: 60, perProcess: true },
  /** Site-wide searches (W03) per IP: the header's box asks once per pause in typing. */
  websiteSearch: { points: 120, seconds: 60, perProcess: true },
  /** NetSuite and React-hire requests (each sends a receipt) per IP and per contact email. */
  productRequestPerIp: { points: 5, seconds: 60 * 60 },
  productRequestPerEmail: { points: 5, seconds: 60 * 60 },
  /** Calls that may carry files (every multipart operation, with or without one) per account. */
  upload: { points: 60, seconds: 60 * 60 },
  /** Website project requests (W01, each sends a receipt) per IP and per sender's email. */
  websiteRequestPerIp: { points: 5, seconds: 60 * 60 },
  websiteRequestPerEmail: { points: 5, seconds: 60 * 60 },
  /** Contact-form messages (W02, each emails support and the sender) per IP and per sender's email. */
  contactPerIp: { points: 10, seconds: 60 * 60 },
  contactPerEmail: { points: 3, seconds: 60 * 60 },
  /** One-click unsubscribes (RFC 8058) per link: a mail provider posts once, a retry or two at most. */
  unsubscribeOneClick: { points: 20, seconds: 60 * 60 },
  /** Review and reference invitations emailed per provider (the contract's "20 invitations a day"). */
  reviewInvitation: { points: 20, seconds: 24 * 60 * 60 },
  /** New conversations per user (createConversation, createProposalConversation). */
  conversationCreate: { points: 20, seconds: 60 * 60 },
  /** Messages per user in existing conversations. */
  messageSend: { points: 60, seconds: 10 * 60 },
  /** Guest contact messages (M08, each emails a provider and the guest) per IP and per guest's email. */
  guestContactPerIp: { points: 5, seconds: 60 * 60 },
  guestContactPerEmail: { points: 5, seconds: 60 * 60 },
  /** Proposals sent or edited per provider (the contract's "30 proposals per provider per hour"). */
  proposal: { points: 30, seconds: 60 * 60 },
  /** Google sign-in flows started, and callbacks answered, per IP (the contract's "30 in 15 minutes"). */
  googleStart: { points: 30, seconds: 15 * 60 },
  googleCallback: { points: 30, seconds: 15 * 60 },
  /** Checkout sessions started per business or freelancer (the contract's "10 sessions per hour"). */
  checkoutSession: { points: 10, seconds: 60 * 60 },
  /** Billing portal sessions opened per business. */
  billingPortal: { points: 20, seconds: 60 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * `perProcess` limits count in memory: they brake scraping of public reads, where a database
 * write per read would cost more than the read itself (each server process allows the full
 * amount). Every other limit guards something worth a write: accounts, emails, posts.
 */
interface RateLimit {
  points: number;
  seconds: number;
  perProcess?: boolean;
}

export interface RateLimits {
  /** Counts one attempt; throws 429 with the seconds to wait once the allowance is used up. */
  consume(name: RateLimitName, ...keyParts: string[]): Promise<void>;
  /** Throws 429 when the allowance is used up, without counting this attempt. */
  ensureAllowed(name: RateLimitName, ...keyParts: string[]): Promise<void>;
  /** Counts one attempt after the fact (a failure), never throwing: the next `ensureAllowed` decides. */
  penalise(name: RateLimitName, ...keyParts: string[]): Promise<void>;
  /** Forgets the attempts counted so far. */
  reset(name: RateLimitName, ...keyParts: string[]): Promise<void>;
  /** Deletes the counters whose window has ended; returns how many. */
  pruneExpired(): Promise<number>;
}

/** Keys are hashes: an email or an address never sits in the table in clear. */
export const rateLimitKey = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

type Limiter = RateLimiterMemory | RateLimiterDrizzle | RateLimiterRedis;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/**
 * Counters in PostgreSQL (the `rate_limits` table through rate-limiter-flexible's Drizzle store),
 * or in Redis when it is configured, so limits hold across restarts and across several server
 * processes. Expired rows are deleted on a timer here rather than by the library's own, which
 * would outlive the app; Redis expires its keys itself.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const limiters = Object.fromEntries(
      Object.entries(RATE_LIMITS as Record<RateLimitName, RateLimit>).map(([name, limit]) => {
        const options = { keyPrefix: name, points: limit.points * config.rateLimitFactor, duration: limit.seconds };
        const limiter: Limiter = limit.perProcess
          ? new RateLimiterMemory(options)
          : app.redis
            ? new RateLimiterRedis({
                ...options,
                keyPrefix: `${config.redis!.prefix}rate:${name}`,
                storeClient: app.redis,
              })
            : new RateLimiterDrizzle({
                ...options,
                storeClient: app.db,
                schema: rateLimitTable,
                clearExpiredByTimeout: false,
              });
        return [name, limiter];
      }),
    ) as Record<RateLimitName, Limiter>;

    const rateLimits: RateLimits = {
      async consume(name, ...keyParts) {
        try {
          await limiters[name].consume(rateLimitKey(...keyParts));
        } catch (error) {
          if (error instanceof RateLimiterRes) throw rateLimited(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
          throw error;
        }
      },
      async ensureAllowed(name, ...keyParts) {
        const used = await limiters[name].get(rateLimitKey(...keyParts));
        if (used && used.remainingPoints <= 0) throw rateLimited(Math.max(1, Math.ceil(used.msBeforeNext / 1000)));
      },
      async penalise(name, ...keyParts) {
        await limiters[name].penalty(rateLimitKey(...keyParts), 1);
      },
      async reset(name, ...keyParts) {
        await limiters[name].delete(rateLimitKey(...keyParts));
      },
      async pruneExpired() {
        if (app.redis) return 0;
        const deleted = await app.db
          .delete(rateLimitTable)
          .where(lt(rateLimitTable.expire, new Date()))
          .returning({ key: rateLimitTable.key });
        return deleted.length;
      },
    };
    app.decorate('rateLimits', rateLimits);

    const prune = () =>
      rateLimits
        .pruneExpired()
        .catch((error: unknown) => app.log.warn({ err: error }, 'pruning expired rate-limit counters failed'));
    const timer = setInterval(prune, PRUNE_INTERVAL_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'rate-limits', dependencies: ['database', 'redis'] },
);
