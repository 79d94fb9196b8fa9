/**
 * Onboarding (spec §4): where a signed-in user must go before the rest of the signed-in
 * product, decided from the user alone. `onboardingTarget` is the single source; the guards
 * and the `/auth/su/` and `/dashboard/` redirects all ask it.
 */
import type { AuthUser } from './auth';
import { PATHS, type AppPath } from './paths';

export const FREELANCER_STEPS = {
  primaryService: '/auth/su/freelancer/primary-service/',
  leads: '/auth/su/freelancer/leads/',
  otherServices: '/auth/su/freelancer/other-services/',
  serviceDetails: '/auth/su/freelancer/service-details/',
} as const satisfies Record<string, AppPath>;

export const BUSINESS_STEPS = {
  details: '/auth/su/business/details/',
  personalContact: '/auth/su/business/personal-contact/',
  about: '/auth/su/business/about/',
  locations: '/auth/su/business/locations/',
  socialProfiles: '/auth/su/business/social-profiles/',
} as const satisfies Record<string, AppPath>;

function freelancerTarget(user: AuthUser): AppPath | null {
  if (!user.profile.image && !user.social.image) return PATHS.profileSetup;
  const primary = user.primaryService;
  if (!primary) return FREELANCER_STEPS.primaryService;
  if (!user.leadsLocation) return FREELANCER_STEPS.leads;
  // Other services are optional ([] is a valid answer), so the step counts as done once the
  // freelancer has moved past it to the service details (a project under the primary service).
  if (user.otherServices.length === 0 && !primary.project) return FREELANCER_STEPS.otherServices;
  if (!primary.project) return FREELANCER_STEPS.serviceDetails;
  return null;
}

function businessTarget(user: AuthUser): AppPath | null {
  const business = user.business;
  // A business account always carries its progress; without it there is nothing to resume.
  if (!business) return BUSINESS_STEPS.details;
  if (!business.details.completed) return BUSINESS_STEPS.details;
  if (!business.personalContact.completed) return BUSINESS_STEPS.personalContact;
  if (!business.about.completed) return BUSINESS_STEPS.about;
  if (business.locations.length === 0) return BUSINESS_STEPS.locations;
  if (!business.socialProfiles.completed) return BUSINESS_STEPS.socialProfiles;
  // Competitors and review-and-references may be skipped (contract: AuthUserBusiness).
  return null;
}

/**
 * The page a signed-in user must finish first, or null when nothing is missing: the email
 * verification for everyone, then the freelancer or business onboarding steps in their order.
 */
export function onboardingTarget(user: AuthUser): AppPath | null {
  if (!user.verified) return PATHS.verificationEmail;
  if (user.accountType === 'freelancer') return freelancerTarget(user);
  if (user.accountType === 'business') return businessTarget(user);
  return null;
}

/**
 * Where an unverified user may still go: the verification pages themselves, and settings (to
 * correct a mistyped email or close the account).
 */
const VERIFICATION_EXEMPT = [/^\/auth\/verification\//, /^\/dashboard\/settings\//];
/** Where an unfinished profile may still go: the onboarding pages themselves, and the above. */
const ONBOARDING_EXEMPT = [/^\/auth\/su\//, ...VERIFICATION_EXEMPT];

const matchesAny = (patterns: readonly RegExp[], pathname: string) => patterns.some((p) => p.test(pathname));

/** Where the onboarding guard sends `user` from `pathname`, or null to let the page show. */
export function onboardingRedirect(user: AuthUser, pathname: string): AppPath | null {
  const target = onboardingTarget(user);
  if (!target || target === pathname) return null;
  const exempt = target === PATHS.verificationEmail ? VERIFICATION_EXEMPT : ONBOARDING_EXEMPT;
  return matchesAny(exempt, pathname) ? null : target;
}

/** A freelancer's own dashboard home: `/dashboard/` itself is a redirect for freelancers (spec §4). */
export const FREELANCER_DASHBOARD_HOME = PATHS.dashboardServices;
