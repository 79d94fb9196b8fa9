import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { profiles, users } from '../../db/schema';
import { toUsd } from '../requests/rates';
import { ensureProfile, sectionData, SECTION } from './profile-store';
import { loadProviderState, onboardingComplete, type ProviderState } from './progress';
import { loadTaxonomy, type Taxonomy } from './taxonomy';

/** Lower USD bounds of the business lookup slugs, for filters and sorts. */
const HOURLY_RATE_USD: Record<string, number> = {
  'under-25': 0,
  '25-49': 25,
  '50-99': 50,
  '100-149': 100,
  '150-199': 150,
  '200-300': 200,
  '300-plus': 300,
};
const MINIMUM_PROJECT_USD: Record<string, number> = {
  '1000-plus': 1000,
  '5000-plus': 5000,
  '10000-plus': 10000,
  '25000-plus': 25000,
  '50000-plus': 50000,
  '100000-plus': 100000,
  '250000-plus': 250000,
};

interface BusinessAboutData {
  services?: string[];
  totalEmployees?: string;
  minimumProjectSize?: string;
  averageHourlyRate?: string;
}
interface DetailsData {
  tagline?: string;
  description?: string;
}
interface FreelancerAboutData {
  headline?: string;
  about?: string;
  hourlyRate?: { amount: number; currency: string };
}
interface PlaceData {
  country?: string;
  state?: string | null;
  city?: string;
}

/** Families and sub-families the provider offers, each sub-family with its family too. */
function offeredServices(state: ProviderState): string[] {
  const slugs = new Set<string>();
  for (const service of state.services) {
    slugs.add(service.family);
    for (const sub of service.subFamilies) slugs.add(sub);
  }
  const about = sectionData<BusinessAboutData>(state.profile, SECTION.businessAbout);
  for (const slug of about?.services ?? []) {
    slugs.add(slug.split('/')[0]!);
    slugs.add(slug);
  }
  return [...slugs];
}

function places(state: ProviderState): PlaceData[] {
  if (state.user.accountType === 'business') return state.locations;
  const personal = sectionData<PlaceData>(state.profile, SECTION.personalDetails);
  if (personal?.country) return [personal];
  if (state.profile?.leadsType === 'custom' && state.profile.leadsCountry) {
    return [{ country: state.profile.leadsCountry, state: state.profile.leadsState }];
  }
  return [];
}

/** The words a directory search matches: name, tagline, description, services and cities. */
function searchText(state: ProviderState, services: string[], taxonomy: Taxonomy): string {
  const { user, profile } = state;
  const details = sectionData<DetailsData>(profile, SECTION.businessDetails);
  const about = sectionData<FreelancerAboutData>(profile, SECTION.freelancerAbout);
  const name = user.accountType === 'business' ? user.companyname : `${user.firstname} ${user.lastname}`;
  return [
    name,
    profile?.tagline,
    details?.tagline,
    details?.description,
    about?.headline,
    about?.about,
    ...services.map((slug) => taxonomy.label(slug)),
    ...places(state).map((place) => place.city),
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n');
}

/**
 * Rewrites the profile's directory columns from its sections, services and locations, and lists
 * it (keeping the first listing time) when onboarding is complete or unlists it when it is not.
 * Call it after every write that may change what the directories show, in the same transaction.
 */
export async function refreshListing(db: Database, userId: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.accountType === 'client') return;
  await ensureProfile(db, user);
  const [state, taxonomy] = await Promise.all([loadProviderState(db, user), loadTaxonomy(db)]);
  const services = offeredServices(state);
  const where = places(state).filter((place) => place.country);
  const businessAbout = sectionData<BusinessAboutData>(state.profile, SECTION.businessAbout);
  const freelancerRate = sectionData<FreelancerAboutData>(state.profile, SECTION.freelancerAbout)?.hourlyRate;
  const hourlyRateUsd = freelancerRate
    ? toUsd(freelancerRate.amount, freelancerRate.currency)
    : (HOURLY_RATE_USD[businessAbout?.averageHourlyRate ?? ''] ?? null);
  const complete = onboardingComplete(state);
  await db
    .update(profiles)
    .set({
      listedAt: complete ? (state.profile?.listedAt ?? new Date()) : null,
      serviceSlugs: services,
      countries: [...new Set(where.map((place) => place.country!))],
      states: [...new Set(where.filter((place) => place.state).map((place) => `${place.country}-${place.state}`))],
      totalEmployees: businessAbout?.totalEmployees ?? null,
      minimumProjectSize: businessAbout?.minimumProjectSize ?? null,
      averageHourlyRate: businessAbout?.averageHourlyRate ?? null,
      hourlyRateUsd: hourlyRateUsd === null ? null : Math.round(hourlyRateUsd),
      minimumProjectUsd: MINIMUM_PROJECT_USD[businessAbout?.minimumProjectSize ?? ''] ?? null,
      searchText: searchText(state, services, taxonomy),
    })
    .where(eq(profiles.userId, userId));
}
