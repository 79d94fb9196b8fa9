import type { BusinessLocationRow, ProfileSection, ProviderReferenceRow, UploadRow } from '../../db/schema';
import type { components } from '../../generated/api';
import { downloadUrl } from '../uploads/service';
import { summary, type Taxonomy } from '../providers';
import { AVERAGE_HOURLY_RATES, bandLabel, MINIMUM_PROJECT_SIZES, TOTAL_EMPLOYEES } from './lookups';

type Schemas = components['schemas'];

/** The sections as stored: the validated input (the details with their logo id). */
export type DetailsData = Schemas['BusinessDetailsInput'];
export type PersonalContactData = Schemas['BusinessPersonalContactInput'];
export type AboutData = Schemas['BusinessAboutInput'];
export type SocialProfilesData = Schemas['BusinessSocialProfilesInput'];
export type CompetitorsData = Schemas['BusinessCompetitorsInput'];

/** A location's fields kept in its `data` column. */
interface LocationData {
  label?: string | null;
  line1?: string;
  line2?: string | null;
  postalCode?: string;
  phone?: string | null;
}

export const SOCIAL_NETWORKS = [
  'linkedin',
  'x',
  'facebook',
  'instagram',
  'youtube',
  'github',
  'clutch',
  'website',
] as const;

/** Labels the details and about answers need, read once per answer. */
export interface Labels {
  taxonomy: Taxonomy;
  businessTypes: Map<string, string>;
  industries: Map<string, string>;
  languages: Map<string, string>;
}

export function detailsView(
  companyId: string,
  section: ProfileSection,
  logo: UploadRow | null,
): Schemas['BusinessDetails'] {
  const data = section.data as DetailsData;
  return {
    companyId,
    companyName: data.companyName,
    tagline: data.tagline,
    description: data.description,
    website: data.website,
    foundedYear: data.foundedYear,
    businessType: data.businessType,
    industry: data.industry,
    logo: logo?.id ?? null,
    logoUrl: logo ? downloadUrl(logo) : null,
    updatedAt: section.savedAt,
  };
}

export function personalContactView(section: ProfileSection): Schemas['BusinessPersonalContact'] {
  const data = section.data as PersonalContactData;
  return {
    firstname: data.firstname,
    lastname: data.lastname,
    jobTitle: data.jobTitle,
    phone: data.phone,
    email: data.email,
    updatedAt: section.savedAt,
  };
}

/** The about fields with their labels, as both the about answers and the public profile show them. */
export function aboutFields(data: AboutData, labels: Labels) {
  return {
    services: data.services.map((slug) => summary(labels.taxonomy, slug)),
    totalEmployees: bandLabel(TOTAL_EMPLOYEES, data.totalEmployees),
    minimumProjectSize: bandLabel(MINIMUM_PROJECT_SIZES, data.minimumProjectSize),
    averageHourlyRate: bandLabel(AVERAGE_HOURLY_RATES, data.averageHourlyRate),
    languages: data.languages.map((code) => ({ code, name: labels.languages.get(code) ?? code })),
  };
}

export const aboutView = (section: ProfileSection, labels: Labels): Schemas['BusinessAbout'] => ({
  ...aboutFields(section.data as AboutData, labels),
  updatedAt: section.savedAt,
});

export function locationView(row: BusinessLocationRow): Schemas['BusinessLocation'] {
  const data = row.data as LocationData;
  return {
    id: row.id,
    label: data.label ?? null,
    line1: data.line1 ?? '',
    line2: data.line2 ?? null,
    city: row.city,
    state: row.state,
    postalCode: data.postalCode ?? '',
    country: row.country,
    phone: data.phone ?? null,
    isHeadquarters: row.isHeadquarters,
  };
}

/** The columns and `data` of a location row from its validated input. */
export function locationValues(input: Schemas['BusinessLocationInput'], isHeadquarters = input.isHeadquarters) {
  const data: LocationData = {
    label: input.label ?? null,
    line1: input.line1,
    line2: input.line2 ?? null,
    postalCode: input.postalCode,
    phone: input.phone ?? null,
  };
  return {
    country: input.country,
    state: input.state ?? null,
    city: input.city,
    isHeadquarters,
    data: data as Record<string, unknown>,
  };
}

/** Every network, null when not given. */
export function socialProfilesView(data: SocialProfilesData): Schemas['BusinessSocialProfiles'] {
  return Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, data[network] ?? null]),
  ) as Schemas['BusinessSocialProfiles'];
}

export function competitorsView(section: ProfileSection): Schemas['BusinessCompetitors'] {
  const data = section.data as CompetitorsData;
  return {
    competitors: data.competitors.map((competitor) => ({ name: competitor.name, website: competitor.website })),
    updatedAt: section.savedAt,
  };
}

// ---------------------------------------------------------------- public profile

/** What a reviewer submitted, as the references module stores it in `response`. */
interface ReviewResponse {
  title?: string;
  text?: string;
  reviewerName?: string;
  reviewerRole?: string | null;
  company?: string | null;
  wouldRecommend?: boolean;
}
/** What the business wrote when asking, as stored in `request`. */
interface ReferenceRequest {
  company?: string | null;
  relationship?: Schemas['BusinessReferenceRelationship'] | null;
  projectSummary?: string | null;
}

const MAX_PUBLIC_REVIEWS = 20;
const MAX_PUBLIC_REFERENCES = 50;

/** Rating, reviews and references from the submitted, visible rows (newest first). */
export function publicReviews(rows: ProviderReferenceRow[]) {
  const rated = rows.filter((row) => row.rating !== null);
  const total = rated.reduce((sum, row) => sum + row.rating!, 0);
  const rating: Schemas['ProviderRating'] = {
    average: rated.length === 0 ? null : Math.round((total / rated.length) * 10) / 10,
    count: rated.length,
  };
  const submittedAt = (row: ProviderReferenceRow) => (row.submittedAt ?? row.createdAt).toISOString();
  const reviews: Schemas['BusinessPublicReview'][] = rated.slice(0, MAX_PUBLIC_REVIEWS).map((row) => {
    const response = (row.response ?? {}) as ReviewResponse;
    const request = row.request as ReferenceRequest;
    return {
      id: row.id,
      reviewerName: response.reviewerName ?? row.name,
      reviewerRole: response.reviewerRole ?? null,
      company: response.company ?? request.company ?? null,
      rating: row.rating!,
      title: response.title ?? '',
      text: response.text ?? '',
      wouldRecommend: response.wouldRecommend ?? true,
      submittedAt: submittedAt(row),
    };
  });
  const references: Schemas['BusinessPublicReference'][] = rated
    .filter((row) => row.kind === 'reference')
    .slice(0, MAX_PUBLIC_REFERENCES)
    .map((row) => {
      const request = row.request as ReferenceRequest;
      return {
        id: row.id,
        name: row.name,
        company: request.company ?? null,
        relationship: request.relationship ?? null,
        projectSummary: request.projectSummary ?? null,
        rating: row.rating!,
      };
    });
  return { rating, reviews, references };
}
