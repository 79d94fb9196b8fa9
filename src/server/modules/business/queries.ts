import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  businessLocations,
  catalogueLanguages,
  profiles,
  providerReferences,
  users,
  type BusinessLocationRow,
  type ProfileRow,
  type ProviderReferenceRow,
  type UserRow,
} from '../../db/schema';

/** What a business logo upload is attached to: the business account itself. */
export const LOGO_ATTACHMENT = 'business-logo';

/** Names of the given ISO 639-1 codes the catalogue has. */
export async function languageNames(db: Database, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: catalogueLanguages.code, name: catalogueLanguages.name })
    .from(catalogueLanguages)
    .where(inArray(catalogueLanguages.code, codes));
  return new Map(rows.map((row) => [row.code, row.name]));
}

// ---------------------------------------------------------------- locations

/** The business's offices, headquarters first, then in the order they were added. */
export const listLocations = (db: Database, userId: string): Promise<BusinessLocationRow[]> =>
  db
    .select()
    .from(businessLocations)
    .where(eq(businessLocations.userId, userId))
    .orderBy(desc(businessLocations.isHeadquarters), asc(businessLocations.position), asc(businessLocations.createdAt));

export async function findLocation(db: Database, userId: string, id: string): Promise<BusinessLocationRow | null> {
  const [row] = await db
    .select()
    .from(businessLocations)
    .where(and(eq(businessLocations.id, id), eq(businessLocations.userId, userId)))
    .limit(1);
  return row ?? null;
}

export interface LocationValues {
  country: string;
  state: string | null;
  city: string;
  isHeadquarters: boolean;
  data: Record<string, unknown>;
}

export async function insertLocations(
  db: Database,
  userId: string,
  values: (LocationValues & { position: number })[],
): Promise<BusinessLocationRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(businessLocations)
    .values(values.map((value) => ({ ...value, userId })))
    .returning();
}

export async function updateLocation(db: Database, id: string, values: LocationValues): Promise<BusinessLocationRow> {
  const [row] = await db
    .update(businessLocations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(businessLocations.id, id))
    .returning();
  return row!;
}

/** Takes the headquarters flag off every office of the business but `except`. */
export async function clearHeadquarters(db: Database, userId: string, except?: string): Promise<void> {
  await db
    .update(businessLocations)
    .set({ isHeadquarters: false, updatedAt: new Date() })
    .where(
      and(
        eq(businessLocations.userId, userId),
        eq(businessLocations.isHeadquarters, true),
        except ? ne(businessLocations.id, except) : undefined,
      ),
    );
}

/** The next free position at the end of the list. */
export async function nextLocationPosition(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${businessLocations.position})` })
    .from(businessLocations)
    .where(eq(businessLocations.userId, userId));
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

// ---------------------------------------------------------------- public profile

/** A business account and its profile by public id, only when the profile is listed. */
export async function findListedBusiness(
  db: Database,
  companyId: string,
): Promise<{ user: UserRow; profile: ProfileRow } | null> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.companyId, companyId), eq(users.accountType, 'business'), isNotNull(profiles.listedAt)))
    .limit(1);
  return row ?? null;
}

/** Submitted reviews and references the business shows publicly, newest first. */
export const listVisibleReferences = (db: Database, providerId: string): Promise<ProviderReferenceRow[]> =>
  db
    .select()
    .from(providerReferences)
    .where(
      and(
        eq(providerReferences.providerId, providerId),
        eq(providerReferences.status, 'submitted'),
        eq(providerReferences.visible, true),
        isNotNull(providerReferences.rating),
      ),
    )
    .orderBy(desc(providerReferences.submittedAt), desc(providerReferences.createdAt));
