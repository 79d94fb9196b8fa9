import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, isNull, like } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { uniqueViolation } from '../../db/errors';
import { accountTokens, users, type AccountTokenRow, type UserRow } from '../../db/schema';
import { conflict, unauthenticated, validationFailed } from '../../errors';
import type { components } from '../../generated/api';
import { findUserByEmail, findUserById } from '../auth';
import { emailChangeCode, emailChangedNotice } from './email';
import { perApp, type AppDeps } from '../../lib/per-app';

type Schemas = components['schemas'];

/**
 * Codes live in `account_tokens` under their own purpose. A 6-digit code is too short to be a
 * unique look-up key, so its row holds `<salt>.<sha256 of the address>.<sha256 of address and
 * code>` (both salted): the code itself is never stored, and the address it was sent to can be
 * told apart from a wrong code. Each wrong try is a row of its own (`<code row id>:<n>`), so
 * the count survives restarts and the unique index refuses two records of the same try.
 */
export const EMAIL_CHANGE_PURPOSE = 'change-email';
const WRONG_TRY_PURPOSE = 'change-email-try';
export const CODE_LIFETIME_MS = 15 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;
/** The contract's `resendAvailableAt`: one code a minute. */
const RESEND_INTERVAL_MS = 60 * 1000;

const TAKEN = 'Another account uses this email.';
const NO_CODE = 'This code has expired or was replaced. Ask for a new one.';
const OTHER_ADDRESS = 'No code was sent for this address. Ask for a new one.';

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function sealCode(address: string, code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}.${digest(salt, address)}.${digest(salt, address, code)}`;
}

function openCode(tokenHash: string, address: string, code: string): { address: boolean; code: boolean } {
  const [salt = '', addressDigest = '', codeDigest = ''] = tokenHash.split('.');
  return {
    address: sameDigest(addressDigest, digest(salt, address)),
    code: sameDigest(codeDigest, digest(salt, address, code)),
  };
}

/** `maya.okafor@northwind-analytics.com` as `m***r@n*****d-analytics.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const maskedLocal = local.length <= 1 ? `${local}***` : `${local[0]}***${local.at(-1)}`;
  const maskedDomain = domain.replace(/^[A-Za-z0-9]+/, (word) =>
    word.length <= 2 ? `${word[0]}*` : `${word[0]}*****${word.at(-1)}`,
  );
  return `${maskedLocal}@${maskedDomain}`;
}

const nameOf = (user: UserRow) => (user.accountType === 'business' ? user.companyname! : user.firstname!);

type VerifyOutcome =
  | { kind: 'changed'; user: UserRow; previousEmail: string; changedAt: Date }
  | { kind: 'wrong-code'; voided: boolean }
  | { kind: 'conflict'; message: string };

/** The email change by code (C08, C09). */
export const emailChangeService = perApp((deps: Pick<AppDeps, 'db' | 'email' | 'rateLimits' | 'config'>) => {
  const db = deps.db;

  async function accountOf(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw unauthenticated();
    return user;
  }

  /** The newest code of the account that is neither used nor voided, locked until the transaction ends. */
  async function liveCode(tx: Database, userId: string): Promise<AccountTokenRow | undefined> {
    const [row] = await tx
      .select()
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, EMAIL_CHANGE_PURPOSE),
          isNull(accountTokens.usedAt),
          isNull(accountTokens.revokedAt),
        ),
      )
      .orderBy(desc(accountTokens.createdAt))
      .limit(1)
      .for('update');
    return row;
  }

  /** Records one wrong try of the code; answers whether it was the last one allowed (the code is then voided). */
  async function countWrongTry(tx: Database, token: AccountTokenRow, now: Date): Promise<boolean> {
    const [row] = await tx
      .select({ total: count() })
      .from(accountTokens)
      .where(and(eq(accountTokens.purpose, WRONG_TRY_PURPOSE), like(accountTokens.tokenHash, `${token.id}:%`)));
    const tries = Number(row?.total ?? 0) + 1;
    await tx.insert(accountTokens).values({
      userId: token.userId,
      purpose: WRONG_TRY_PURPOSE,
      tokenHash: `${token.id}:${tries}`,
      createdAt: now,
      expiresAt: token.expiresAt,
      usedAt: now,
    });
    if (tries < MAX_WRONG_TRIES) return false;
    await tx.update(accountTokens).set({ revokedAt: now }).where(eq(accountTokens.id, token.id));
    return true;
  }

  return {
    /**
     * Emails a new code to `newEmail` (older codes stop working at once), at most one a minute
     * and five an hour per account.
     */
    async sendCode(
      userId: string,
      input: Schemas['AccountEmailChangeSendInput'],
    ): Promise<Schemas['AccountEmailChangeCode']> {
      const user = await accountOf(userId);
      const newEmail = input.newEmail.trim();
      const address = newEmail.toLowerCase();
      if (address === user.email.toLowerCase()) {
        throw validationFailed([{ field: 'newEmail', message: 'is already your email' }]);
      }
      if (await findUserByEmail(db, newEmail)) throw conflict(TAKEN);
      await deps.rateLimits.consume('verificationEmailPerMinute', 'email-change', user.id);
      await deps.rateLimits.consume('verificationEmailPerHour', 'email-change', user.id);

      const sentAt = new Date();
      const expiresAt = new Date(sentAt.getTime() + CODE_LIFETIME_MS);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        await tx
          .update(accountTokens)
          .set({ revokedAt: sentAt })
          .where(
            and(
              eq(accountTokens.userId, user.id),
              eq(accountTokens.purpose, EMAIL_CHANGE_PURPOSE),
              isNull(accountTokens.usedAt),
              isNull(accountTokens.revokedAt),
            ),
          );
        await tx.insert(accountTokens).values({
          userId: user.id,
          purpose: EMAIL_CHANGE_PURPOSE,
          tokenHash: sealCode(address, code),
          createdAt: sentAt,
          expiresAt,
        });
      });
      await deps.email.send({
        to: newEmail,
        ...emailChangeCode({
          name: nameOf(user),
          code,
          minutes: CODE_LIFETIME_MS / 60_000,
          publicUrl: deps.config.publicUrl,
        }),
      });
      return {
        sentTo: maskEmail(newEmail),
        expiresAt: expiresAt.toISOString(),
        resendAvailableAt: new Date(sentAt.getTime() + RESEND_INTERVAL_MS).toISOString(),
      };
    },

    /**
     * With the right code the email becomes `newEmail`, verified. The code row is locked while
     * it is checked and used, so of two requests with one code exactly one changes the email.
     */
    async verifyCode(
      userId: string,
      input: Schemas['AccountEmailChangeVerifyInput'],
    ): Promise<Schemas['AccountEmailChanged']> {
      const newEmail = input.newEmail.trim();
      const address = newEmail.toLowerCase();
      const now = new Date();
      let outcome: VerifyOutcome;
      try {
        outcome = await db.transaction(async (transaction): Promise<VerifyOutcome> => {
          const tx = transaction as unknown as Database;
          const token = await liveCode(tx, userId);
          if (!token || token.expiresAt.getTime() <= now.getTime()) return { kind: 'conflict', message: NO_CODE };
          const match = openCode(token.tokenHash, address, input.code);
          if (!match.address) return { kind: 'conflict', message: OTHER_ADDRESS };
          if (!match.code) return { kind: 'wrong-code', voided: await countWrongTry(tx, token, now) };

          const owner = await findUserByEmail(tx, newEmail);
          if (owner && owner.id !== userId) return { kind: 'conflict', message: TAKEN };
          const [previous] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
          if (!previous) throw unauthenticated();
          await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, token.id));
          const [user] = await tx
            .update(users)
            .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
            .where(eq(users.id, userId))
            .returning();
          return { kind: 'changed', user: user!, previousEmail: previous.email, changedAt: now };
        });
      } catch (error) {
        if (uniqueViolation(error) === 'users_email_unique') throw conflict(TAKEN);
        throw error;
      }

      if (outcome.kind === 'conflict') throw conflict(outcome.message);
      if (outcome.kind === 'wrong-code') {
        const message = outcome.voided
          ? `is not the code we sent; after ${MAX_WRONG_TRIES} wrong tries it no longer works, ask for a new one`
          : 'is not the code we sent';
        throw validationFailed([{ field: 'code', message }]);
      }
      const { user, previousEmail, changedAt } = outcome;
      deps.email.sendInBackground(async () => ({
        to: previousEmail,
        ...emailChangedNotice({ name: nameOf(user), newEmail: user.email, publicUrl: deps.config.publicUrl }),
      }));
      return { email: user.email, verified: true, changedAt: changedAt.toISOString() };
    },
  };
});
