import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { providerProjects, providerReferences, type AccountType, type UserRow } from '../../db/schema';
import type { components } from '../../generated/api';
import {
  hasSection,
  sectionData,
  SECTION,
  type SectionKey,
  loadProviderState,
  primaryService,
  type ProviderState,
} from '../providers';

type Schemas = components['schemas'];
export type CompletionKey = Schemas['AccountCompletionKey'];
export type ProfileCompletion = Schemas['AccountProfileCompletion'];

/** What the checklist reads about one account: its onboarding state and two counts. */
export interface CompletionFacts {
  state: ProviderState;
  /** Portfolio projects of a freelancer. */
  projectCount: number;
  /**
   * Reviews a past client submitted through a token link: asked for as a review (G09) or as a
   * reference (B14, B15), both shown on the public profile with their rating.
   */
  submittedReviews: number;
}

interface CompletionRule {
  key: CompletionKey;
  label: string;
  weight: number;
  link: string;
  hint: string;
  /** Onboarding steps come first in `missing`, in this table's order, whatever their weight. */
  onboarding?: boolean;
  done: (facts: CompletionFacts) => boolean;
}

/** A list section counts once it holds at least one entry (education, experience, languages). */
function hasEntries(facts: CompletionFacts, key: SectionKey): boolean {
  if (!hasSection(facts.state.profile, key)) return false;
  const data = sectionData<unknown>(facts.state.profile, key);
  const entries = Array.isArray(data) ? data : (data as { entries?: unknown } | undefined)?.entries;
  return Array.isArray(entries) ? entries.length > 0 : true;
}

const section = (key: SectionKey) => (facts: CompletionFacts) => hasSection(facts.state.profile, key);
const emailVerified = (facts: CompletionFacts) => Boolean(facts.state.user.emailVerifiedAt);
const profileImage = (facts: CompletionFacts) => Boolean(facts.state.profile?.imageId);
/** A business's logo is its profile image (set from its settings or its details form). */
const businessLogo = profileImage;
const submittedReview = (facts: CompletionFacts) => facts.submittedReviews > 0;
const VERIFY_LINK = '/auth/verification/email/';

/**
 * Each account type's checklist, in display order (`completed` keeps it). The weights of a type
 * add up to 100, as `AccountCompletionKey` in the contract lists them.
 */
export const COMPLETION_RULES: Record<AccountType, readonly CompletionRule[]> = {
  client: [
    {
      key: 'email-verified',
      label: 'Verify your email',
      weight: 10,
      link: VERIFY_LINK,
      hint: 'Providers answer verified clients first.',
      done: emailVerified,
    },
    {
      key: 'profile-image',
      label: 'Add a profile photo',
      weight: 15,
      link: '/dashboard/settings/#profile-image',
      hint: 'A face makes your requests feel real to the providers reading them.',
      done: profileImage,
    },
    {
      key: 'personal-details',
      label: 'Add your phone, location and time zone',
      weight: 20,
      link: '/dashboard/settings/#personal-details',
      hint: 'Providers plan calls in your time zone and quote for your location.',
      done: section(SECTION.personalDetails),
    },
    {
      key: 'company-details',
      label: 'Tell providers about your company and role',
      weight: 30,
      link: '/dashboard/settings/#profile-details',
      hint: 'Providers send sharper proposals when they know who they are working with.',
      done: section(SECTION.clientProfileDetails),
    },
    {
      key: 'about',
      label: 'Describe what your company does',
      weight: 25,
      link: '/dashboard/complete/profile/#about',
      hint: 'A short company description helps providers judge fit before they bid.',
      done: section(SECTION.clientAbout),
    },
  ],
  freelancer: [
    {
      key: 'email-verified',
      label: 'Verify your email',
      weight: 5,
      link: VERIFY_LINK,
      hint: 'Only verified freelancers appear in the directory.',
      done: emailVerified,
    },
    {
      key: 'profile-image',
      label: 'Add a profile photo',
      weight: 10,
      link: '/auth/su/profile/',
      hint: 'Profiles with a photo get more messages from clients.',
      done: profileImage,
    },
    {
      key: 'primary-service',
      label: 'Choose your primary service',
      weight: 10,
      link: '/auth/su/freelancer/primary-service/',
      hint: 'Your primary service decides which searches you appear in.',
      onboarding: true,
      done: (facts) => Boolean(primaryService(facts.state)),
    },
    {
      key: 'leads-location',
      label: 'Choose where you take work from',
      weight: 5,
      link: '/auth/su/freelancer/leads/',
      hint: 'Clients filter freelancers by where they work.',
      onboarding: true,
      done: (facts) => Boolean(facts.state.profile?.leadsType),
    },
    {
      key: 'service-details',
      label: 'Describe your services',
      weight: 10,
      link: '/auth/su/freelancer/service-details/',
      hint: 'Rates, tools and a first project show clients what you deliver.',
      onboarding: true,
      done: (facts) => {
        const primary = primaryService(facts.state);
        return Boolean(primary && facts.state.firstProjects.has(primary.family));
      },
    },
    {
      key: 'about',
      label: 'Write your headline and about',
      weight: 15,
      link: '/dashboard/complete/profile/#about',
      hint: 'Your headline and about are what clients read before they contact you.',
      done: section(SECTION.freelancerAbout),
    },
    {
      key: 'education',
      label: 'Add your education',
      weight: 10,
      link: '/dashboard/complete/education/',
      hint: 'Clients shortlist freelancers with a degree or certificate listed more often.',
      done: (facts) => hasEntries(facts, SECTION.education),
    },
    {
      key: 'experience',
      label: 'Add your work experience',
      weight: 10,
      link: '/dashboard/complete/experience/',
      hint: 'Past roles show clients the size of teams and budgets you have handled.',
      done: (facts) => hasEntries(facts, SECTION.experience),
    },
    {
      key: 'languages',
      label: 'Add the languages you work in',
      weight: 5,
      link: '/dashboard/complete/languages/',
      hint: 'Clients filter by language when they need meetings in their own.',
      done: (facts) => hasEntries(facts, SECTION.languages),
    },
    {
      key: 'tagline',
      label: 'Write a tagline',
      weight: 5,
      link: '/dashboard/settings/#tagline',
      hint: 'The tagline is the first line clients read in search results.',
      done: (facts) => Boolean(facts.state.profile?.tagline?.trim()),
    },
    {
      key: 'projects',
      label: 'Add at least two portfolio projects',
      weight: 5,
      link: '/dashboard/services/',
      hint: 'Two or more projects let clients compare your work across engagements.',
      done: (facts) => facts.projectCount >= 2,
    },
    {
      key: 'references',
      label: 'Get your first review',
      weight: 5,
      link: '/dashboard/settings/#review-and-references',
      hint: 'A review from a past client is the strongest signal on your profile.',
      done: submittedReview,
    },
    {
      key: 'personal-details',
      label: 'Add your phone, location and time zone',
      weight: 5,
      link: '/dashboard/settings/#personal-details',
      hint: 'Clients look for freelancers who overlap with their working hours.',
      done: section(SECTION.personalDetails),
    },
  ],
  business: [
    {
      key: 'email-verified',
      label: 'Verify your email',
      weight: 5,
      link: VERIFY_LINK,
      hint: 'Only verified businesses appear in the directory.',
      done: emailVerified,
    },
    {
      key: 'profile-image',
      label: 'Upload your logo',
      weight: 10,
      link: '/dashboard/settings/#profile-image',
      hint: 'Clients recognise a firm by its logo in search results.',
      done: businessLogo,
    },
    {
      key: 'business-details',
      label: 'Add your business details',
      weight: 15,
      link: '/auth/su/business/details/',
      hint: 'Your tagline and description are what clients read first.',
      onboarding: true,
      done: section(SECTION.businessDetails),
    },
    {
      key: 'personal-contact',
      label: 'Add a contact person',
      weight: 10,
      link: '/auth/su/business/personal-contact/',
      hint: 'Clients reply faster when they know who they will talk to.',
      onboarding: true,
      done: section(SECTION.personalContact),
    },
    {
      key: 'about',
      label: 'Describe your services and team',
      weight: 15,
      link: '/auth/su/business/about/',
      hint: 'Services, team size and rates decide which searches you appear in.',
      onboarding: true,
      done: section(SECTION.businessAbout),
    },
    {
      key: 'locations',
      label: 'Add your office locations',
      weight: 10,
      link: '/auth/su/business/locations/',
      hint: 'Clients filter businesses by where their offices are.',
      onboarding: true,
      done: (facts) => facts.state.locations.length > 0,
    },
    {
      key: 'social-profiles',
      label: 'Link your social profiles',
      weight: 10,
      link: '/auth/su/business/social-profiles/',
      hint: 'Linked profiles let clients check your track record elsewhere.',
      onboarding: true,
      done: section(SECTION.socialProfiles),
    },
    {
      key: 'references',
      label: 'Collect your first review',
      weight: 20,
      link: '/dashboard/settings/#review-and-references',
      hint: 'Businesses with at least one verified review get three times more profile views.',
      done: submittedReview,
    },
    {
      key: 'competitors',
      label: 'Name your competitors',
      weight: 5,
      link: '/auth/su/business/competitors/',
      hint: 'Competitors help us show your profile to clients comparing similar firms.',
      done: section(SECTION.competitors),
    },
  ],
};

/**
 * The checklist of one account: `completed` in table order, `missing` with the onboarding steps
 * first (in table order), then the heaviest items (ties in table order); `score` is the sum of the
 * completed weights. Pure: everything it reads is in `facts`.
 */
export function profileCompletion(facts: CompletionFacts): ProfileCompletion {
  const accountType = facts.state.user.accountType;
  const rules = COMPLETION_RULES[accountType];
  const done = rules.filter((rule) => rule.done(facts));
  const todo = rules.filter((rule) => !done.includes(rule));
  const missing = [
    ...todo.filter((rule) => rule.onboarding),
    ...todo.filter((rule) => !rule.onboarding).sort((a, b) => b.weight - a.weight),
  ];
  return {
    accountType,
    score: done.reduce((sum, rule) => sum + rule.weight, 0),
    completed: done.map(({ key, label, weight }) => ({ key, label, weight })),
    missing: missing.map(({ key, label, weight, link, hint }) => ({ key, label, weight, link, hint })),
  };
}

/** Reads what the checklist needs about the account. */
export async function loadCompletionFacts(db: Database, user: UserRow): Promise<CompletionFacts> {
  if (user.accountType === 'client') {
    return { state: await loadProviderState(db, user), projectCount: 0, submittedReviews: 0 };
  }
  // `db` may be a transaction: one query at a time on its connection.
  const state = await loadProviderState(db, user);
  const [projects] = await db
    .select({ total: count() })
    .from(providerProjects)
    .where(eq(providerProjects.userId, user.id));
  const [reviews] = await db
    .select({ total: count() })
    .from(providerReferences)
    .where(and(eq(providerReferences.providerId, user.id), eq(providerReferences.status, 'submitted')));
  return { state, projectCount: Number(projects?.total ?? 0), submittedReviews: Number(reviews?.total ?? 0) };
}
