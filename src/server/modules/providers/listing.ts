import { and, avg, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { foldAccents, profiles, providerReferences, users } from '../../db/schema';
import { AVERAGE_HOURLY_RATES, MINIMUM_PROJECT_SIZES, type BusinessBand } from '../business';
import { toUsd } from '../../lib/money';
import { ensureProfile, sectionData, SECTION } from './profile-store';
import { loadProviderState, onboardingComplete, type ProviderState } from './progress';
import { loadTaxonomy, type Taxonomy } from './taxonomy';

/** The lower USD bound of a business band, for filters and sorts; null when unknown. */
const lowerUsd = (bands: readonly BusinessBand[], slug: string | undefined): number | null =>
  bands.find((band) => band.slug === slug)?.minUsd ?? null;

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

/**
 * The words a directory search matches: name, tagline, description, services and cities, folded
 * to lower case without accents as search words are, so `cafe` finds "Café".
 */
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
    .map(foldAccents)
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
  // In the caller's transaction: one query at a time on its connection.
  const state = await loadProviderState(db, user);
  const taxonomy = await loadTaxonomy(db);
  const services = offeredServices(state);
  const where = places(state).filter((place) => place.country);
  const businessAbout = sectionData<BusinessAboutData>(state.profile, SECTION.businessAbout);
  const freelancerRate = sectionData<FreelancerAboutData>(state.profile, SECTION.freelancerAbout)?.hourlyRate;
  const hourlyRateUsd = freelancerRate
    ? toUsd(freelancerRate.amount, freelancerRate.currency)
    : lowerUsd(AVERAGE_HOURLY_RATES, businessAbout?.averageHourlyRate);
  const complete = onboardingComplete(state);
  const [reviews] = await db
    .select({ count: count(providerReferences.rating), average: avg(providerReferences.rating) })
    .from(providerReferences)
    .where(
      and(
        eq(providerReferences.providerId, userId),
        eq(providerReferences.status, 'submitted'),
        eq(providerReferences.visible, true),
      ),
    );
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
      minimumProjectUsd: lowerUsd(MINIMUM_PROJECT_SIZES, businessAbout?.minimumProjectSize),
      reviewCount: reviews?.count ?? 0,
      ratingAverage: reviews?.average === null || reviews?.average === undefined ? null : Number(reviews.average),
      searchText: searchText(state, services, taxonomy),
    })
    .where(eq(profiles.userId, userId));
}
