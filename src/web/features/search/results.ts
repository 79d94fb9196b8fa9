/** The site-wide search's answer as the combobox lists it: groups of options, each with a link. */
import type { WebsiteJobBudget, WebsiteSearchResponse, WebsiteSearchType } from '@/api/generated/model';
import { linkOptions } from '@tanstack/react-router';
import { formatBudget } from '@/lib/format';

/** Searching starts at this many characters (the contract's minimum). */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;
/** The pause in typing before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Items per group in the panel. */
export const GROUP_LIMIT = 5;

/** Where an option leads: a route of the app with its params or search, checked by the router's types. */
export type SearchOptionLink =
  | ReturnType<typeof jobLink>
  | ReturnType<typeof freelancerLink>
  | ReturnType<typeof businessLink>
  | ReturnType<typeof seeAllLink>;

export interface SearchOption {
  id: string;
  link: SearchOptionLink;
  label: string;
  detail: string | null;
  seeAll: boolean;
}

export interface SearchGroup {
  type: WebsiteSearchType;
  title: string;
  options: SearchOption[];
}

const jobLink = (refId: string) => linkOptions({ to: '/jobs/$refId/', params: { refId } });
const freelancerLink = (uid: string) => linkOptions({ to: '/freelancer/$uid/', params: { uid } });
const businessLink = (companyId: string) => linkOptions({ to: '/business/$companyId/', params: { companyId } });
/** A directory searched for the same text. */
const seeAllLink = (type: WebsiteSearchType, q: string) => {
  switch (type) {
    case 'jobs':
      return linkOptions({ to: '/find/jobs/', search: { q } });
    case 'professionals':
      return linkOptions({ to: '/find/professionals/', search: { q } });
    case 'businesses':
      return linkOptions({ to: '/find/businesses/', search: { q } });
  }
};

const jobBudget = (budget: WebsiteJobBudget | null) =>
  budget
    ? formatBudget({ ...budget, min: budget.min === 0 && budget.max !== null ? null : budget.min })
    : 'Budget open';

const count = (total: number, singular: string, plural: string) =>
  `${new Intl.NumberFormat('en-US').format(total)} ${total === 1 ? singular : plural}`;

/** The groups with at least one item, in the order Jobs, Professionals, Businesses. */
export function searchGroups(data: WebsiteSearchResponse['data']): SearchGroup[] {
  const groups: SearchGroup[] = [];
  const { q } = data;
  if (data.jobs && data.jobs.items.length > 0) {
    groups.push({
      type: 'jobs',
      title: 'Jobs',
      options: [
        ...data.jobs.items.map((job) => ({
          id: `jobs-${job.refId}`,
          link: jobLink(job.refId),
          label: job.title,
          detail: `${job.family.name} · ${jobBudget(job.budget)}`,
          seeAll: false,
        })),
        {
          id: 'jobs-all',
          link: seeAllLink('jobs', q),
          label: `See all ${count(data.jobs.total, 'job', 'jobs')}`,
          detail: null,
          seeAll: true,
        },
      ],
    });
  }
  if (data.professionals && data.professionals.items.length > 0) {
    groups.push({
      type: 'professionals',
      title: 'Professionals',
      options: [
        ...data.professionals.items.map((person) => ({
          id: `professionals-${person.id}`,
          link: freelancerLink(person.id),
          label: person.displayName,
          detail: person.tagline ?? person.primaryService?.name ?? 'Freelancer',
          seeAll: false,
        })),
        {
          id: 'professionals-all',
          link: seeAllLink('professionals', q),
          label: `See all ${count(data.professionals.total, 'professional', 'professionals')}`,
          detail: null,
          seeAll: true,
        },
      ],
    });
  }
  if (data.businesses && data.businesses.items.length > 0) {
    groups.push({
      type: 'businesses',
      title: 'Businesses',
      options: [
        ...data.businesses.items.map((business) => ({
          id: `businesses-${business.companyId}`,
          link: businessLink(business.companyId),
          label: business.name,
          detail: business.tagline ?? (business.services.map((service) => service.name).join(', ') || 'Business'),
          seeAll: false,
        })),
        {
          id: 'businesses-all',
          link: seeAllLink('businesses', q),
          label: `See all ${count(data.businesses.total, 'business', 'businesses')}`,
          detail: null,
          seeAll: true,
        },
      ],
    });
  }
  return groups;
}

/** Clients have no job board (spec §6): they are not asked about jobs. */
export function searchTypesFor(accountType: string | null): WebsiteSearchType[] {
  return accountType === 'client' ? ['professionals', 'businesses'] : ['jobs', 'professionals', 'businesses'];
}
