import { linkOptions, type RegisteredRouter, type ValidateToPath } from '@tanstack/react-router';

/**
 * A path of the route tree that takes no path params, as a link's `to` (with the trailing
 * slash every path of the spec has). Links kept as data (menus, cards, onboarding steps) type
 * their `to` with it, so a path whose route is removed or renamed no longer type-checks, and a
 * route with params cannot be named without them (those links go through `linkOptions`).
 */
export type AppPath = Exclude<ValidateToPath<RegisteredRouter, '/'>, '.' | '..' | './' | '../' | `${string}$${string}`>;

/**
 * Paths of the spec's screens (routes.tsv) that the shell links to. Each keeps its literal type,
 * so `<Link to={PATHS.x}>` is checked against the route tree like a literal `to`: a path whose
 * route is removed or renamed no longer type-checks.
 */
const path = <P extends AppPath>(value: P): P => value;

export const PATHS = {
  home: path('/'),
  services: path('/services/'),
  businessListing: path('/business-listing/'),
  findBusinesses: path('/find/businesses/'),
  findProfessionals: path('/find/professionals/'),
  findJobs: path('/find/jobs/'),
  helpCenter: path('/help-center/'),
  contactUs: path('/contact-us/'),
  aboutUs: path('/about-us/'),
  terms: path('/legal/terms/'),
  privacyPolicy: path('/legal/privacy-policy/'),
  cookiesPolicy: path('/legal/cookies-policy/'),
  netsuite: path('/products/netsuite/'),
  react: path('/products/react/'),
  login: path('/auth/login/'),
  signup: path('/auth/signup/'),
  clientSignup: path('/auth/client/signup/'),
  freelancerSignup: path('/auth/freelancer/signup/'),
  businessSignup: path('/auth/business/signup/'),
  forgotPassword: path('/auth/forgot-password/'),
  verificationEmail: path('/auth/verification/email/'),
  signupRoot: path('/auth/su/'),
  profileSetup: path('/auth/su/profile/'),
  newRequest: path('/request/new/'),
  dashboard: path('/dashboard/'),
  dashboardServices: path('/dashboard/services/'),
  messages: path('/dashboard/messages/'),
  settings: path('/dashboard/settings/'),
  businessProfile: path('/dashboard/business/profile/'),
  /** What plans and versigems cost, for everyone (not a screen of routes.tsv: see the README). */
  pricing: path('/pricing/'),
  businessPlans: path('/dashboard/business/pricing/'),
  buyVersigems: path('/dashboard/plans/versigems/buy/'),
  checkoutSuccess: path('/payments/checkout/success/'),
  checkoutCanceled: path('/payments/checkout/canceled/'),
} as const;

/** Where a signed-in user lands after signing in without a `next` (spec §4: the post-login route). */
export const POST_LOGIN_PATH = PATHS.dashboard;
/** Where a guard sends a signed-in user who has no `next` to go back to (spec §4: the default landing route). */
export const DEFAULT_LANDING_PATH = PATHS.dashboard;

/** The request form of one service family (and optionally one sub-family). */
export function newRequestLink(familySlug: string, subFamilySlug?: string | null) {
  return subFamilySlug
    ? linkOptions({ to: '/request/new/$sid/$ssid/', params: { sid: familySlug, ssid: subFamilySlug } })
    : linkOptions({ to: '/request/new/$sid/', params: { sid: familySlug } });
}

/** The professionals directory, optionally searched (its `q`, as the route's search validates it). */
export function professionalsSearchLink(query = '') {
  const q = query.trim();
  return linkOptions({ to: '/find/professionals/', search: q ? { q } : {} });
}

/** The public page of one job. */
export function jobLink(refId: string) {
  return linkOptions({ to: '/jobs/$refId/', params: { refId } });
}
