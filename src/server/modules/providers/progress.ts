import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  businessLocations,
  type BusinessLocationRow,
  type ProfileRow,
  type ProviderServiceRow,
  type UserRow,
} from '../../db/schema';
import type { components } from '../../generated/api';
import { imageUrl } from '../uploads/service';
import { findProfile, hasSection, SECTION } from './profile-store';
import { firstProjects, listProviderServices } from './services-store';
import { loadTaxonomy } from './taxonomy';

/** Everything onboarding decisions read about one account. */
export interface ProviderState {
  user: UserRow;
  profile: ProfileRow | null;
  services: ProviderServiceRow[];
  /** The first project under each family. */
  firstProjects: Map<string, string>;
  locations: BusinessLocationRow[];
}

export async function loadProviderState(db: Database, user: UserRow): Promise<ProviderState> {
  if (user.accountType === 'client') {
    return { user, profile: await findProfile(db, user.id), services: [], firstProjects: new Map(), locations: [] };
  }
  // One query at a time: `db` may be a transaction, whose single connection cannot run two.
  const profile = await findProfile(db, user.id);
  const services = await listProviderServices(db, user.id);
  const projects = user.accountType === 'freelancer' ? await firstProjects(db, user.id) : new Map<string, string>();
  const locations =
    user.accountType === 'business'
      ? await db
          .select()
          .from(businessLocations)
          .where(eq(businessLocations.userId, user.id))
          .orderBy(asc(businessLocations.position), asc(businessLocations.createdAt))
      : [];
  return { user, profile, services, firstProjects: projects, locations };
}

export const primaryService = (state: ProviderState) => state.services.find((service) => service.isPrimary);

/** Freelancer onboarding in the spec's order: the first step not done, or null. */
export function freelancerNextStep(state: ProviderState): string | null {
  const primary = primaryService(state);
  if (!primary) return '/auth/su/freelancer/primary-service/';
  if (!state.profile?.leadsType) return '/auth/su/freelancer/leads/';
  if (!hasSection(state.profile, SECTION.otherServices)) return '/auth/su/freelancer/other-services/';
  if (!state.firstProjects.has(primary.family)) return '/auth/su/freelancer/service-details/';
  return null;
}

const BUSINESS_STEPS = [
  ['/auth/su/business/details/', (state: ProviderState) => hasSection(state.profile, SECTION.businessDetails)],
  ['/auth/su/business/personal-contact/', (state: ProviderState) => hasSection(state.profile, SECTION.personalContact)],
  ['/auth/su/business/about/', (state: ProviderState) => hasSection(state.profile, SECTION.businessAbout)],
  ['/auth/su/business/locations/', (state: ProviderState) => state.locations.length > 0],
  ['/auth/su/business/social-profiles/', (state: ProviderState) => hasSection(state.profile, SECTION.socialProfiles)],
  ['/auth/su/business/competitors/', (state: ProviderState) => hasSection(state.profile, SECTION.competitors)],
  [
    '/auth/su/business/review-and-references/',
    (state: ProviderState) => hasSection(state.profile, SECTION.referencesStep),
  ],
] as const;

/** The number of business steps that must be done for the profile to be public. */
const BUSINESS_REQUIRED_STEPS = 5;

/** Business onboarding in the spec's order: the first step not done (optional ones included), or null. */
export function businessNextStep(state: ProviderState): string | null {
  return BUSINESS_STEPS.find(([, done]) => !done(state))?.[0] ?? null;
}

/** The web path of the next onboarding step for any provider, null when done or for clients. */
export function nextStep(state: ProviderState): string | null {
  if (state.user.accountType === 'freelancer') return freelancerNextStep(state);
  if (state.user.accountType === 'business') return businessNextStep(state);
  return null;
}

/**
 * Whether the profile may appear in the directories: a verified account that finished onboarding.
 * Freelancers also need a profile image (profile setup); businesses need the first five steps.
 */
export function onboardingComplete(state: ProviderState): boolean {
  if (!state.user.emailVerifiedAt) return false;
  if (state.user.accountType === 'freelancer') {
    return freelancerNextStep(state) === null && Boolean(state.profile?.imageId);
  }
  if (state.user.accountType === 'business') {
    return BUSINESS_STEPS.slice(0, BUSINESS_REQUIRED_STEPS).every(([, done]) => done(state));
  }
  return false;
}

type AuthUser = components['schemas']['AuthUser'];
export type AuthProgress = Pick<
  AuthUser,
  'profile' | 'primaryService' | 'leadsLocation' | 'otherServices' | 'business'
>;

/** The signed-in user's onboarding fields (`GET /auth/me/` and sign-in answers). */
export async function authProgress(db: Database, user: UserRow): Promise<AuthProgress> {
  const state = await loadProviderState(db, user);
  // A business's logo is its profile image.
  const profile = { image: await imageUrl(db, state.profile?.imageId) };
  if (user.accountType === 'client') {
    return { profile, primaryService: null, leadsLocation: null, otherServices: [], business: null };
  }
  const taxonomy = await loadTaxonomy(db);
  const asService = (row: ProviderServiceRow) => {
    const project = state.firstProjects.get(row.family);
    return { slug: row.family, name: taxonomy.label(row.family), project: project ? { id: project } : null };
  };
  const primary = primaryService(state);
  const { profile: row } = state;
  const done = (completed: boolean) => ({ completed });
  return {
    profile,
    primaryService: primary ? asService(primary) : null,
    leadsLocation: row?.leadsType ? { type: row.leadsType, country: row.leadsCountry, state: row.leadsState } : null,
    otherServices: state.services.filter((service) => !service.isPrimary).map(asService),
    business:
      user.accountType === 'business'
        ? {
            companyId: user.companyId!,
            details: done(hasSection(row, SECTION.businessDetails)),
            personalContact: done(hasSection(row, SECTION.personalContact)),
            about: done(hasSection(row, SECTION.businessAbout)),
            locations: state.locations.map((location) => ({
              id: location.id,
              city: location.city,
              state: location.state,
              country: location.country,
              isHeadquarters: location.isHeadquarters,
            })),
            socialProfiles: done(hasSection(row, SECTION.socialProfiles)),
            competitors: done(hasSection(row, SECTION.competitors)),
            reviewAndReferences: done(hasSection(row, SECTION.referencesStep)),
          }
        : null,
  };
}
