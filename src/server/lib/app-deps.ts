import type { FastifyBaseLogger } from 'fastify';
import type { CacheInvalidation } from '../cache/invalidation';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Email } from '../plugins/email';
import type { Passwords } from '../plugins/passwords';
import type { PaymentProvider } from '../plugins/payments-port';
import type { RateLimits } from '../plugins/rate-limits';
import type { Realtime } from '../plugins/realtime';
import type { AccountTokens } from '../plugins/tokens';
import type { Sessions } from '../sessions/session-store';
import type { FileStorage } from '../storage';

/**
 * Everything the app provides to a module's service. The Fastify app has each of these under the
 * same name (the plugins decorate it), so a route passes `request.server`; a unit test passes a
 * plain object with only what the service's factory asks for.
 *
 * A service declares the part it uses, `Pick<AppDeps, 'db' | 'storage'>`, and a service that uses
 * another service adds that one's deps (`UploadDeps`), so its type reads as the list of what it touches.
 */
export interface AppDeps {
  /** The drizzle database (PGlite or PostgreSQL). */
  db: Database;
  /** Outgoing email (the outbox folder or SMTP). */
  email: Email;
  /** Stored files: local disk or an S3-compatible bucket. */
  storage: FileStorage;
  passwords: Passwords;
  /** Email verification and password reset tokens. */
  tokens: AccountTokens;
  rateLimits: RateLimits;
  /** The payment provider: Stripe, or the sandbox served by the app itself. */
  payments: PaymentProvider;
  /** Live events to signed-in users' streams. */
  realtime: Realtime;
  /** Signed-in sessions (the `sessions` table, or Redis), for what outlives one request and for ending them all. */
  sessions: Sessions;
  /** Caches of database reads that the database's triggers invalidate in every process. */
  caches: CacheInvalidation;
  /** Aborted when the app starts closing (see the shutdown plugin). */
  closing: AbortSignal;
  config: Config;
  /** Where the request forms are read from: the same files the web app renders. */
  formsDir: string;
  log: FastifyBaseLogger;
}
