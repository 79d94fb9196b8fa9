/**
 * The onboarding pages (spec §2 "Signed-in setup", §4): their order, titles, step numbers and
 * where each one leads. Which step a user must finish first is the guards' (lib/onboarding.ts);
 * this table only says how the pages hang together.
 */
import type { AuthUser } from '@/lib/auth';
import { BUSINESS_STEPS, FREELANCER_DASHBOARD_HOME, FREELANCER_STEPS, onboardingTarget } from '@/lib/onboarding';
import { PATHS, type AppPath } from '@/lib/paths';

export type OnboardingFlow = 'account' | 'freelancer' | 'business';

export interface OnboardingStep {
  path: AppPath;
  /** The folder of its form under forms/onboarding/. */
  formId: string;
  /** The page's heading and document title. */
  title: string;
  flow: OnboardingFlow;
  /** "Step n of total"; null for the profile picture, which comes before either flow. */
  number: number | null;
  total: number;
  /** The previous page, for the Back link; null on the first page. */
  back: AppPath | null;
  /** May be left with "Skip for now" (competitors, review and references). */
  skippable?: boolean;
}

export const BUSINESS_EXTRA_STEPS = {
  location: '/auth/su/business/location/',
  competitors: '/auth/su/business/competitors/',
  reviewAndReferences: '/auth/su/business/review-and-references/',
} as const satisfies Record<string, AppPath>;

const FREELANCER_TOTAL = 4;
const BUSINESS_TOTAL = 6;

export const STEPS = {
  profile: {
    path: PATHS.profileSetup,
    formId: 'profile',
    title: 'Add a profile photo',
    flow: 'account',
    number: null,
    total: 0,
    back: null,
  },
  primaryService: {
    path: FREELANCER_STEPS.primaryService,
    formId: 'freelancer-primary-service',
    title: 'Choose your primary service',
    flow: 'freelancer',
    number: 1,
    total: FREELANCER_TOTAL,
    back: PATHS.profileSetup,
  },
  leads: {
    path: FREELANCER_STEPS.leads,
    formId: 'freelancer-leads',
    title: 'Where do you want leads from?',
    flow: 'freelancer',
    number: 2,
    total: FREELANCER_TOTAL,
    back: FREELANCER_STEPS.primaryService,
  },
  otherServices: {
    path: FREELANCER_STEPS.otherServices,
    formId: 'freelancer-other-services',
    title: 'Other services you offer',
    flow: 'freelancer',
    number: 3,
    total: FREELANCER_TOTAL,
    back: FREELANCER_STEPS.leads,
  },
  serviceDetails: {
    path: FREELANCER_STEPS.serviceDetails,
    formId: 'freelancer-service-details',
    title: 'Describe your primary service',
    flow: 'freelancer',
    number: 4,
    total: FREELANCER_TOTAL,
    back: FREELANCER_STEPS.otherServices,
  },
  businessDetails: {
    path: BUSINESS_STEPS.details,
    formId: 'business-details',
    title: 'Company details',
    flow: 'business',
    number: 1,
    total: BUSINESS_TOTAL,
    back: PATHS.profileSetup,
  },
  personalContact: {
    path: BUSINESS_STEPS.personalContact,
    formId: 'business-personal-contact',
    title: 'Personal contact',
    flow: 'business',
    number: 2,
    total: BUSINESS_TOTAL,
    back: BUSINESS_STEPS.details,
  },
  about: {
    path: BUSINESS_STEPS.about,
    formId: 'business-about',
    title: 'About your business',
    flow: 'business',
    number: 3,
    total: BUSINESS_TOTAL,
    back: BUSINESS_STEPS.personalContact,
  },
  locations: {
    path: BUSINESS_STEPS.locations,
    formId: 'business-locations',
    title: 'Your locations',
    flow: 'business',
    number: 4,
    total: BUSINESS_TOTAL,
    back: BUSINESS_STEPS.about,
  },
  location: {
    path: BUSINESS_EXTRA_STEPS.location,
    formId: 'business-location',
    title: 'Add a location',
    flow: 'business',
    number: 4,
    total: BUSINESS_TOTAL,
    back: BUSINESS_STEPS.locations,
  },
  socialProfiles: {
    path: BUSINESS_STEPS.socialProfiles,
    formId: 'business-social-profiles',
    title: 'Social profiles',
    flow: 'business',
    number: 5,
    total: BUSINESS_TOTAL,
    back: BUSINESS_STEPS.locations,
  },
  competitors: {
    path: BUSINESS_EXTRA_STEPS.competitors,
    formId: 'business-competitors',
    title: 'Competitors',
    flow: 'business',
    number: 6,
    total: BUSINESS_TOTAL,
    back: BUSINESS_STEPS.socialProfiles,
    skippable: true,
  },
  reviewAndReferences: {
    path: BUSINESS_EXTRA_STEPS.reviewAndReferences,
    formId: 'business-review-and-references',
    title: 'Reviews and references',
    flow: 'business',
    number: 6,
    total: BUSINESS_TOTAL,
    back: BUSINESS_EXTRA_STEPS.competitors,
    skippable: true,
  },
} as const satisfies Record<string, OnboardingStep>;

export type StepKey = keyof typeof STEPS;

/** Each flow's pages in the spec's order (§4); the office page shares the offices' place. */
const ORDER: Record<Exclude<OnboardingFlow, 'account'>, AppPath[]> = {
  freelancer: [STEPS.primaryService, STEPS.leads, STEPS.otherServices, STEPS.serviceDetails].map((s) => s.path),
  business: [
    STEPS.businessDetails,
    STEPS.personalContact,
    STEPS.about,
    STEPS.locations,
    STEPS.socialProfiles,
    STEPS.competitors,
    STEPS.reviewAndReferences,
  ].map((s) => s.path),
};

const OPTIONAL = new Set<AppPath>([STEPS.competitors.path, STEPS.reviewAndReferences.path]);

const positionOf = (step: OnboardingStep) =>
  step.flow === 'account' ? -1 : ORDER[step.flow].indexOf(step === STEPS.location ? STEPS.locations.path : step.path);

const PAGES: readonly AppPath[] = Object.values(STEPS).map((step) => step.path);

/**
 * The onboarding page a save's `nextStep` names (the contract lists the steps' paths), or
 * undefined for a value that is none of them: then the order of the pages decides.
 */
function onboardingPage(path: string): AppPath | undefined {
  return PAGES.find((page) => page === path);
}

/** Where a user goes once nothing is missing: the guards' target, else their dashboard home. */
export function finishedTarget(user: AuthUser): AppPath {
  return onboardingTarget(user) ?? (user.accountType === 'freelancer' ? FREELANCER_DASHBOARD_HOME : PATHS.dashboard);
}

/** The page after `step` in its flow, or null after the last. */
function followingPage(step: OnboardingStep): AppPath | null {
  if (step.flow === 'account') return null;
  return ORDER[step.flow][positionOf(step) + 1] ?? null;
}

/**
 * Where to go after a save: the answer's `nextStep` (the server's first step not done), unless
 * it points back at an optional step the user already passed (a skipped competitors page) —
 * then onboarding is over. Update calls answer no `nextStep`: the next page in order. When there
 * is none, or it is null, the guards' target or the dashboard.
 */
export function destinationAfterSave(step: OnboardingStep, user: AuthUser, answered?: string | null): AppPath {
  const nextStep = answered === null ? null : answered ? onboardingPage(answered) : undefined;
  if (nextStep) {
    const order: AppPath[] = step.flow === 'account' ? [] : ORDER[step.flow];
    const skippedBack = OPTIONAL.has(nextStep) && order.indexOf(nextStep) <= positionOf(step);
    return skippedBack ? finishedTarget(user) : nextStep;
  }
  if (nextStep === null) return finishedTarget(user);
  return followingPage(step) ?? finishedTarget(user);
}

/** Where "Skip for now" goes: the next page without saving, or the end of onboarding. */
export function destinationAfterSkip(step: OnboardingStep, user: AuthUser): AppPath {
  return followingPage(step) ?? finishedTarget(user);
}
