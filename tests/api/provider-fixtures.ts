import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  businessLocations,
  profiles,
  providerProjects,
  providerServices,
  uploads,
  users,
  type NewUserRow,
} from '../../src/server/db/schema';
import { refreshListing } from '../../src/server/modules/providers/listing';
import { saveSection, SECTION, updateProfileColumns } from '../../src/server/modules/providers/profile-store';
import { createAccount, type TestAccount } from './helpers';

/**
 * Providers who finished onboarding, written straight into the tables (the onboarding calls are
 * tested on their own): for the directories and public pages, which only read them.
 */

async function imageUpload(app: FastifyInstance, ownerId: string, purpose: string): Promise<string> {
  const id = randomUUID();
  await app.db.insert(uploads).values({
    id,
    ownerId,
    purpose,
    name: `${purpose}.webp`,
    contentType: 'image/webp',
    size: 1024,
    storageKey: `${purpose}/${id}`,
    attachedToType: purpose,
    attachedToId: ownerId,
  });
  return id;
}

/** The account with the names a fixture asks for instead of the generated ones. */
async function providerAccount(
  app: FastifyInstance,
  accountType: 'freelancer' | 'business',
  verified: boolean,
  names: Pick<NewUserRow, 'firstname' | 'lastname' | 'companyname' | 'companyId'>,
): Promise<TestAccount> {
  const account = await createAccount(app, accountType, { verified });
  const changes = Object.fromEntries(Object.entries(names).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return account;
  const [user] = await app.db.update(users).set(changes).where(eq(users.id, account.user.id)).returning();
  return { ...account, user: user! };
}

export interface FreelancerFixture {
  firstname?: string;
  lastname?: string;
  /** The profile's own tagline (none when not given). */
  tagline?: string;
  family?: string;
  subFamilies?: string[];
  otherFamilies?: string[];
  headline?: string;
  about?: string;
  rate?: { amount: number; currency: string };
  place?: { country: string; state: string | null; city: string };
  /** False leaves the profile image out, so onboarding is not complete. */
  image?: boolean;
  verified?: boolean;
}

export async function listedFreelancer(app: FastifyInstance, fixture: FreelancerFixture = {}): Promise<TestAccount> {
  const account = await providerAccount(app, 'freelancer', fixture.verified ?? true, {
    firstname: fixture.firstname,
    lastname: fixture.lastname,
  });
  const { user } = account;
  const db = app.db;
  const family = fixture.family ?? 'finance-transformation';
  await db.insert(profiles).values({
    userId: user.id,
    accountType: 'freelancer',
    leadsType: 'worldwide',
    tagline: fixture.tagline ?? null,
    imageId: fixture.image === false ? null : await imageUpload(app, user.id, 'avatar'),
  });
  await db
    .insert(providerServices)
    .values([
      { userId: user.id, family, isPrimary: true, subFamilies: fixture.subFamilies ?? [], position: 0 },
      ...(fixture.otherFamilies ?? []).map((other, index) => ({ userId: user.id, family: other, position: index + 1 })),
    ]);
  await saveSection(db, user, SECTION.otherServices, { serviceSlugs: fixture.otherFamilies ?? [] });
  await db.insert(providerProjects).values({
    userId: user.id,
    family,
    title: 'Driver-based forecast for a SaaS company',
    // What the project calls store: the views read every one of these.
    data: {
      description: 'A driver-based forecast that the finance team now updates in an hour instead of a week.',
      role: null,
      url: null,
      tools: [],
      startedOn: '2025-03-01',
      completedOn: null,
      images: [],
    },
  });
  await saveSection(db, user, SECTION.freelancerAbout, {
    headline: fixture.headline ?? 'NetSuite and FP&A consultant for SaaS finance teams',
    about: fixture.about ?? 'I help finance teams close faster and plan with confidence, from NetSuite to board packs.',
    hourlyRate: fixture.rate ?? { amount: 95, currency: 'USD' },
    yearsOfExperience: 9,
    availability: 'part-time',
  });
  if (fixture.place) {
    await saveSection(db, user, SECTION.personalDetails, {
      firstname: user.firstname,
      lastname: user.lastname,
      phone: null,
      timezone: 'UTC',
      ...fixture.place,
    });
  }
  await refreshListing(db, user.id);
  return account;
}

export interface BusinessFixture {
  companyname?: string;
  /** With `companyname`: the public slug (kept unique by the caller). */
  companyId?: string;
  tagline?: string;
  description?: string;
  services?: string[];
  totalEmployees?: string;
  minimumProjectSize?: string;
  averageHourlyRate?: string;
  locations?: { country: string; state: string | null; city: string }[];
  /** False leaves the social profiles step undone, so onboarding is not complete. */
  complete?: boolean;
  verified?: boolean;
}

export async function listedBusiness(app: FastifyInstance, fixture: BusinessFixture = {}): Promise<TestAccount> {
  const account = await providerAccount(app, 'business', fixture.verified ?? true, {
    companyname: fixture.companyname,
    companyId: fixture.companyId,
  });
  const { user } = account;
  const db = app.db;
  await saveSection(db, user, SECTION.businessDetails, {
    companyName: user.companyname,
    tagline: fixture.tagline ?? 'Finance and data teams on demand for mid-market companies.',
    description:
      fixture.description ??
      'We help mid-market finance teams plan, report and decide faster, from FP&A platforms to dashboards.',
    website: 'https://example.com',
    foundedYear: 2014,
    businessType: 'consulting-firm',
    industry: 'financial-services',
  });
  // A business's logo is its profile image.
  await updateProfileColumns(db, user, { imageId: await imageUpload(app, user.id, 'business-logo') });
  // The whole section, as the personal-contact call stores it (the own-profile read answers every field).
  await saveSection(db, user, SECTION.personalContact, {
    firstname: 'Lena',
    lastname: 'Ortiz',
    jobTitle: 'Managing partner',
    phone: '+14155550132',
    email: account.email,
  });
  await saveSection(db, user, SECTION.businessAbout, {
    services: fixture.services ?? ['finance-transformation/fp-and-a-revolution'],
    totalEmployees: fixture.totalEmployees ?? '10-49',
    minimumProjectSize: fixture.minimumProjectSize ?? '25000-plus',
    averageHourlyRate: fixture.averageHourlyRate ?? '100-149',
    languages: ['en'],
  });
  const locations = fixture.locations ?? [{ country: 'US', state: 'CA', city: 'San Francisco' }];
  await db
    .insert(businessLocations)
    .values(
      locations.map((place, index) => ({ userId: user.id, ...place, isHeadquarters: index === 0, position: index })),
    );
  if (fixture.complete !== false) {
    await saveSection(db, user, SECTION.socialProfiles, { linkedin: 'https://www.linkedin.com/company/example' });
  }
  await refreshListing(db, user.id);
  return account;
}
