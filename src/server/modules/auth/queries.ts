import { and, eq, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { googleFlows, users, type GoogleFlowRow, type NewUserRow, type UserRow } from '../../db/schema';

/** The form every comparison of emails uses; the unique index is on the same expression. */
const normalisedEmail = sql`lower(${users.email})`;

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`${normalisedEmail} = ${email.toLowerCase()}`);
  return user ?? null;
}

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** Company ids already taken that a new `base` could collide with: `base` and `base-<n>`. */
export async function companyIdsLike(db: Database, base: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(or(eq(users.companyId, base), like(users.companyId, `${base}-%`)));
  return rows.map((row) => row.companyId!).filter(Boolean);
}

export async function setPassword(
  db: Database,
  userId: string,
  passwordHash: string,
  now: Date,
  options: { verifyEmail: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
      ...(options.verifyEmail
        ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(eq(users.id, userId));
}

/** Marks the email verified (keeping an earlier date) and returns the refreshed user. */
export async function markEmailVerified(db: Database, userId: string, now: Date): Promise<UserRow | null> {
  const [user] = await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return user ?? null;
}

export async function findUserByGoogleSubject(db: Database, subject: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return user ?? null;
}

/**
 * Links (or re-links) a Google account and refreshes its email and picture; `verifyEmail` marks
 * the account's email verified (Google vouched for that very address); `dropPassword` removes a
 * password nobody proved the email for.
 */
export async function linkGoogleAccount(
  db: Database,
  userId: string,
  google: { subject: string; email: string | null; picture: string | null },
  now: Date,
  options: { verifyEmail: boolean; dropPassword?: boolean },
): Promise<UserRow | null> {
  const [user] = await db
    .update(users)
    .set({
      ...(options.dropPassword ? { passwordHash: null, passwordChangedAt: now } : {}),
      googleSubject: google.subject,
      googleEmail: google.email,
      googlePicture: google.picture,
      updatedAt: now,
      ...(options.verifyEmail
        ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return user ?? null;
}

export async function insertGoogleFlow(db: Database, flow: typeof googleFlows.$inferInsert): Promise<void> {
  await db.insert(googleFlows).values(flow);
}

export async function findGoogleFlow(db: Database, stateHash: string): Promise<GoogleFlowRow | null> {
  const [flow] = await db.select().from(googleFlows).where(eq(googleFlows.stateHash, stateHash));
  return flow ?? null;
}

/** Marks the flow used; false when another request used it first. */
export async function useGoogleFlow(db: Database, stateHash: string, now: Date): Promise<boolean> {
  const used = await db
    .update(googleFlows)
    .set({ usedAt: now })
    .where(and(eq(googleFlows.stateHash, stateHash), isNull(googleFlows.usedAt)))
    .returning({ stateHash: googleFlows.stateHash });
  return used.length === 1;
}

export async function deleteStaleGoogleFlows(db: Database, expiredBefore: Date): Promise<void> {
  await db.delete(googleFlows).where(lt(googleFlows.expiresAt, expiredBefore));
}
