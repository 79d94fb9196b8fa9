import { and, asc, count, desc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { providerProjects, providerServices, type ProviderServiceRow } from '../../db/schema';

/** The provider's services: the primary first, then the others in the order they were chosen. */
export const listProviderServices = (db: Database, userId: string): Promise<ProviderServiceRow[]> =>
  db
    .select()
    .from(providerServices)
    .where(eq(providerServices.userId, userId))
    .orderBy(desc(providerServices.isPrimary), asc(providerServices.position), asc(providerServices.createdAt));

/** Portfolio projects per family, for `projectCount`. */
export async function projectCounts(db: Database, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ family: providerProjects.family, projects: count() })
    .from(providerProjects)
    .where(eq(providerProjects.userId, userId))
    .groupBy(providerProjects.family);
  return new Map(rows.map((row) => [row.family, row.projects]));
}

/** The first project filed under each family (for the signed-in user's `project` fields). */
export async function firstProjects(db: Database, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinctOn([providerProjects.family], { family: providerProjects.family, id: providerProjects.id })
    .from(providerProjects)
    .where(eq(providerProjects.userId, userId))
    .orderBy(providerProjects.family, asc(providerProjects.createdAt), asc(providerProjects.id));
  return new Map(rows.map((row) => [row.family, row.id]));
}

/**
 * Makes `family` the primary service with these sub-families. The old primary stays as an
 * ordinary service only if it was also chosen as an other service before; otherwise it is dropped
 * (its projects keep their family and show again if the family is offered again).
 */
export async function replacePrimaryService(
  db: Database,
  userId: string,
  family: string,
  subFamilies: string[],
): Promise<void> {
  const now = new Date();
  // Saving the same service again keeps its row, and with it the details already saved for it.
  await db
    .delete(providerServices)
    .where(
      and(
        eq(providerServices.userId, userId),
        eq(providerServices.isPrimary, true),
        ne(providerServices.family, family),
      ),
    );
  await db
    .insert(providerServices)
    .values({ userId, family, isPrimary: true, subFamilies, position: 0, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [providerServices.userId, providerServices.family],
      set: { isPrimary: true, subFamilies, position: 0, updatedAt: now },
    });
}

/** Replaces the other services with `families` in this order; the primary is never touched. */
export async function replaceOtherServices(db: Database, userId: string, families: string[]): Promise<void> {
  const now = new Date();
  const others = and(eq(providerServices.userId, userId), eq(providerServices.isPrimary, false));
  if (families.length === 0) {
    await db.delete(providerServices).where(others);
    return;
  }
  await db.delete(providerServices).where(and(others, notInArray(providerServices.family, families)));
  for (const [index, family] of families.entries()) {
    await db
      .insert(providerServices)
      .values({ userId, family, isPrimary: false, position: index + 1, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [providerServices.userId, providerServices.family],
        set: { position: index + 1, updatedAt: now },
        where: eq(providerServices.isPrimary, false),
      });
  }
}

/** Families the given providers offer, for "related services" counts. */
export async function familiesOfferedWith(db: Database, family: string, limit: number) {
  const offerers = db
    .select({ userId: providerServices.userId })
    .from(providerServices)
    .where(eq(providerServices.family, family));
  return db
    .select({ family: providerServices.family, providers: count() })
    .from(providerServices)
    .where(and(inArray(providerServices.userId, offerers), ne(providerServices.family, family)))
    .groupBy(providerServices.family)
    .orderBy(desc(count()), asc(providerServices.family))
    .limit(limit);
}
