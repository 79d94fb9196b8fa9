import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { accountTokens, type AccountTokenRow } from '../db/schema';

/** What a link proves. Each purpose has its own lifetime, and a new token revokes older ones. */
export type TokenPurpose = 'verify-email' | 'reset-password';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

/** Expired tokens are kept this long (a late click still gets "expired", not "unknown"), then deleted. */
const KEEP_EXPIRED_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The contract's AuthToken; anything else cannot name a token and is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

export type TokenState = 'usable' | 'used' | 'revoked' | 'expired';

export function tokenState(token: AccountTokenRow, now: Date = new Date()): TokenState {
  if (token.usedAt) return 'used';
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'usable';
}

/**
 * Looking a token up by the sha256 of the secret means the secret is never compared byte by
 * byte, so the time a look-up takes says nothing about how close a guess was.
 */
export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Single-use secrets for email links, stored only as hashes in `account_tokens`. */
export class AccountTokens {
  constructor(private readonly db: Database) {}

  /** The same store inside a transaction. */
  in(db: Database): AccountTokens {
    return new AccountTokens(db);
  }

  /** Revokes the user's live tokens of this purpose and issues a new one; the secret is shown only here. */
  async issue(userId: string, purpose: TokenPurpose, now: Date = new Date()) {
    await this.revokeAll(userId, purpose, now);
    // 256 random bits, base64url: 43 characters.
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
    const [row] = await this.db
      .insert(accountTokens)
      .values({ userId, purpose, tokenHash: hashToken(secret), createdAt: now, expiresAt })
      .returning();
    return { secret, token: row! };
  }

  /** The token a secret names, in whatever state; null for a secret nobody issued. */
  async find(secret: string, purpose: TokenPurpose): Promise<AccountTokenRow | null> {
    if (!TOKEN_PATTERN.test(secret)) return null;
    const [row] = await this.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.tokenHash, hashToken(secret)), eq(accountTokens.purpose, purpose)));
    return row ?? null;
  }

  /**
   * Marks the token used if it still can be: one statement, so of two requests racing with one
   * link exactly one gets true.
   */
  async consume(tokenId: string, now: Date = new Date()): Promise<boolean> {
    const used = await this.db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.id, tokenId),
          isNull(accountTokens.usedAt),
          isNull(accountTokens.revokedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning({ id: accountTokens.id });
    return used.length === 1;
  }

  async revokeAll(userId: string, purpose: TokenPurpose, now: Date = new Date()): Promise<void> {
    await this.db
      .update(accountTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          isNull(accountTokens.revokedAt),
        ),
      );
  }

  async pruneExpired(now: Date = new Date()): Promise<number> {
    const deleted = await this.db
      .delete(accountTokens)
      .where(lt(accountTokens.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)))
      .returning({ id: accountTokens.id });
    return deleted.length;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: AccountTokens;
  }
}

export default fp(
  async (app) => {
    const tokens = new AccountTokens(app.db);
    app.decorate('tokens', tokens);
    const prune = () =>
      tokens.pruneExpired().catch((error: unknown) => app.log.warn({ err: error }, 'pruning old link tokens failed'));
    const timer = setInterval(prune, PRUNE_INTERVAL_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'tokens', dependencies: ['database'] },
);
