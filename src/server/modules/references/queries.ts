import { and, count, desc, eq, gt, inArray, isNotNull, ne, or, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { providerReferences, type ProviderReferenceRow } from '../../db/schema';

export type NewReferenceRow = typeof providerReferences.$inferInsert;

/** The provider's review or reference by id; null for another provider's or no row. */
export async function findOwnedReference(
  db: Database,
  providerId: string,
  id: string,
): Promise<ProviderReferenceRow | null> {
  const [row] = await db
    .select()
    .from(providerReferences)
    .where(and(eq(providerReferences.id, id), eq(providerReferences.providerId, providerId)))
    .limit(1);
  return row ?? null;
}

/** The invitation a token names (by the token's hash), in whatever state. */
export async function findByTokenHash(db: Database, tokenHash: string): Promise<ProviderReferenceRow | null> {
  const [row] = await db.select().from(providerReferences).where(eq(providerReferences.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Every review and reference the provider asked for, newest request first. */
export const listReferences = (db: Database, providerId: string): Promise<ProviderReferenceRow[]> =>
  db
    .select()
    .from(providerReferences)
    .where(eq(providerReferences.providerId, providerId))
    .orderBy(desc(providerReferences.createdAt), desc(providerReferences.id));

export async function countReferences(db: Database, providerId: string, kind: 'review' | 'reference') {
  const [row] = await db
    .select({ total: count() })
    .from(providerReferences)
    .where(and(eq(providerReferences.providerId, providerId), eq(providerReferences.kind, kind)));
  return Number(row?.total ?? 0);
}

/**
 * Of `emails` (lower case), those the provider asked since `since` or whose link still works: a
 * person gets one open invitation from a provider, and not a new one every day.
 */
export async function recentlyAsked(
  db: Database,
  providerId: string,
  emails: string[],
  since: Date,
  now: Date,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${providerReferences.email})` })
    .from(providerReferences)
    .where(
      and(
        eq(providerReferences.providerId, providerId),
        inArray(sql`lower(${providerReferences.email})`, emails),
        or(
          gt(providerReferences.createdAt, since),
          and(eq(providerReferences.status, 'pending'), gt(providerReferences.expiresAt, now)),
        ),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

export const insertReferences = (db: Database, rows: NewReferenceRow[]): Promise<ProviderReferenceRow[]> =>
  db.insert(providerReferences).values(rows).returning();

/**
 * Stores the review and closes the link if it is still open: one statement, so of two requests
 * racing with one token exactly one gets the row back.
 */
export async function submitByToken(
  db: Database,
  tokenHash: string,
  values: { rating: number; response: Record<string, unknown> },
  now: Date,
): Promise<ProviderReferenceRow | null> {
  const [row] = await db
    .update(providerReferences)
    .set({ status: 'submitted', rating: values.rating, response: values.response, visible: true, submittedAt: now })
    .where(
      and(
        eq(providerReferences.tokenHash, tokenHash),
        eq(providerReferences.status, 'pending'),
        gt(providerReferences.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** A fresh link for a reference not yet submitted (the old token's hash is replaced, so it dies). */
export async function renewLink(
  db: Database,
  id: string,
  values: { tokenHash: string; sentAt: Date; expiresAt: Date; request: Record<string, unknown> },
): Promise<ProviderReferenceRow | null> {
  const [row] = await db
    .update(providerReferences)
    .set({ ...values, status: 'pending' })
    .where(and(eq(providerReferences.id, id), ne(providerReferences.status, 'submitted')))
    .returning();
  return row ?? null;
}

/** Shows or hides a submitted review; null when the row is not the provider's or not submitted. */
export async function setVisible(
  db: Database,
  providerId: string,
  id: string,
  visible: boolean,
): Promise<ProviderReferenceRow | null> {
  const [row] = await db
    .update(providerReferences)
    .set({ visible })
    .where(
      and(
        eq(providerReferences.id, id),
        eq(providerReferences.providerId, providerId),
        eq(providerReferences.status, 'submitted'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Submitted, visible reviews per provider: how many and their rating total, in one query. */
export async function ratingTotals(
  db: Database,
  providerIds: readonly string[],
): Promise<{ providerId: string; count: number; total: number }[]> {
  if (providerIds.length === 0) return [];
  const rows = await db
    .select({
      providerId: providerReferences.providerId,
      count: count(providerReferences.rating),
      total: sum(providerReferences.rating),
    })
    .from(providerReferences)
    .where(
      and(
        inArray(providerReferences.providerId, [...providerIds]),
        eq(providerReferences.status, 'submitted'),
        eq(providerReferences.visible, true),
        isNotNull(providerReferences.rating),
      ),
    )
    .groupBy(providerReferences.providerId);
  return rows.map((row) => ({ providerId: row.providerId, count: Number(row.count), total: Number(row.total ?? 0) }));
}
