import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { profiles, users, type AccountType, type ProfileRow, type ProfileSection, type UserRow } from '../../db/schema';
import { notFound } from '../../errors';

/**
 * The keys sections are stored under in `profiles.sections`. A key being there means the section
 * (or onboarding step) was saved; `otherServices` is only that marker (the services themselves are
 * rows of `provider_services`), as is `referencesStep` for a business that went past that step.
 */
export const SECTION = {
  profileSetup: 'profileSetup',
  otherServices: 'otherServices',
  businessDetails: 'businessDetails',
  personalContact: 'personalContact',
  businessAbout: 'businessAbout',
  socialProfiles: 'socialProfiles',
  competitors: 'competitors',
  referencesStep: 'referencesStep',
  freelancerAbout: 'freelancerAbout',
  education: 'education',
  experience: 'experience',
  languages: 'languages',
  personalDetails: 'personalDetails',
  freelancerBusinessDetails: 'freelancerBusinessDetails',
  clientAbout: 'clientAbout',
  clientProfileDetails: 'clientProfileDetails',
} as const;
export type SectionKey = (typeof SECTION)[keyof typeof SECTION];

export interface ProfileOwner {
  id: string;
  accountType: AccountType;
}

/** The account's profile row, or null before its first profile write. */
export async function findProfile(db: Database, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

/** The profile row, created empty on first use (two racing first writes both end with one row). */
export async function ensureProfile(db: Database, owner: ProfileOwner): Promise<ProfileRow> {
  await db.insert(profiles).values({ userId: owner.id, accountType: owner.accountType }).onConflictDoNothing();
  return (await findProfile(db, owner.id))!;
}

/**
 * Stores one section as validated, replacing what the key held, and answers it. Only this key of
 * `sections` is written, so two sections saved at once never overwrite each other.
 */
export async function saveSection<T>(
  db: Database,
  owner: ProfileOwner,
  key: SectionKey,
  data: T,
): Promise<ProfileSection> {
  await ensureProfile(db, owner);
  const section: ProfileSection = { data, savedAt: new Date().toISOString() };
  await db
    .update(profiles)
    .set({
      sections: sql`${profiles.sections} || jsonb_build_object(${key}::text, ${JSON.stringify(section)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(profiles.userId, owner.id));
  return section;
}

/** A stored section's data, or undefined when it was never saved. */
export function sectionData<T>(row: ProfileRow | null, key: SectionKey): T | undefined {
  return row?.sections[key]?.data as T | undefined;
}

/** Whether a section was saved. */
export const hasSection = (row: ProfileRow | null, key: SectionKey): boolean => Boolean(row?.sections[key]);

/** Sets plain profile columns (image, tagline, leads location). */
export async function updateProfileColumns(
  db: Database,
  owner: ProfileOwner,
  values: Partial<Pick<ProfileRow, 'imageId' | 'tagline' | 'leadsType' | 'leadsCountry' | 'leadsState'>>,
): Promise<void> {
  await ensureProfile(db, owner);
  await db
    .update(profiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(profiles.userId, owner.id));
}

/**
 * Locks the account's profile row until the transaction ends (creating it first), so two writes
 * of one account that check before they write ("set once", "at most five") run one after another.
 */
export async function lockProfile(db: Database, owner: ProfileOwner): Promise<void> {
  await ensureProfile(db, owner);
  await db.execute(sql`SELECT 1 FROM profiles WHERE user_id = ${owner.id} FOR UPDATE`);
}

/** The caller's account row, read in the transaction; the session guarantees it exists. */
export async function accountOf(db: Database, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  return user;
}
