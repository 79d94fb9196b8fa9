/**
 * Route guards (spec §4, §6): route data, run in `beforeLoad`, reading the auth state the
 * router context carries. They redirect (replacing the history entry) or throw the error page;
 * pages never redirect on their own. A route lists its guards with `guards(...)`, in order:
 * sign-in first, then account type, then onboarding.
 *
 * Decisions where the spec is silent:
 * - Onboarding: see onboarding.ts (targets, and which paths stay reachable while unfinished).
 * - Verification pages: a user who becomes verified while on the page (the link verified it, or
 *   another tab did) stays: the page then shows "verified" and a Continue button, not a 404.
 *   The `verification_status` flag is kept for the tab's session, so Back to a used link moves on.
 * - Token guard: runs on every route (root). The `verification_email` flag survives only the
 *   pages opened from an email link (reset password, verification link, review links: the
 *   routes with a `token` parameter) and the verification inbox page, which reads it.
 */
import { redirect } from '@tanstack/react-router';
import type { AccountType, AuthState, AuthUser } from './auth';
import { SESSION_FLAGS, sessionFlags } from './browserFlags';
import { forbidden, pageNotFound } from './httpErrors';
import { FREELANCER_DASHBOARD_HOME, onboardingRedirect, onboardingTarget } from './onboarding';
import { DEFAULT_LANDING_PATH, PATHS, POST_LOGIN_PATH, type AppPath } from './paths';
import { nextFor, safeNext } from './safeNext';

/** The part of TanStack Router's `beforeLoad` argument the guards read. */
export interface GuardInput {
  context: { auth: AuthState };
  location: { pathname: string; searchStr: string; search: object };
  params: object;
  preload: boolean;
  cause: 'preload' | 'enter' | 'stay';
}

/**
 * Generic on purpose: TanStack Router infers a route's params from what `beforeLoad` accepts,
 * and a plain `(input: GuardInput)` would make every guarded route's params `object`.
 */
export type Guard = <Input extends GuardInput>(input: Input) => void;

/**
 * The guards that decide by who is signed in. Public pages render before the startup session
 * check answers (as a visitor); a route with one of these guards waits for that answer first
 * (the router does, see router.tsx), so nobody is sent to sign in, or shown a page, by mistake.
 */
const sessionGuards = new WeakSet<object>();

/** Marks a guard as reading the session (see `readsSession`). */
function readingSession<G extends Guard>(guard: G): G {
  sessionGuards.add(guard);
  return guard;
}

/** Whether a route's `beforeLoad` decides by who is signed in, so it must wait for the session check. */
export function readsSession(beforeLoad: unknown): boolean {
  return typeof beforeLoad === 'function' && sessionGuards.has(beforeLoad);
}

/** Runs guards in order; the first that redirects or throws wins. */
export function guards(...list: Guard[]): Guard {
  const guard: Guard = (input) => {
    for (const one of list) one(input);
  };
  return list.some(readsSession) ? readingSession(guard) : guard;
}

/** Redirects to a page of the app, replacing this entry. */
function go(to: AppPath): never {
  throw redirect({ to, replace: true });
}

/** Redirects to a page of the app that takes `next`, with the page to come back to. */
function goWithNext(to: typeof PATHS.login | typeof PATHS.verificationEmail, input: GuardInput): never {
  throw redirect({ to, search: { next: nextFor(input.location) }, replace: true });
}

/**
 * Redirects to a `next` from the URL (any page of the site, with its query, checked by
 * safeNext), else to `fallback`. The router reads `href` before `to`; `to` only satisfies the types.
 */
function goNext(input: GuardInput, fallback: AppPath): never {
  const next = searchNext(input);
  if (next) throw redirect({ to: '/', href: next, replace: true });
  go(fallback);
}

function searchNext(input: GuardInput): string | null {
  return safeNext((input.location.search as { next?: unknown }).next);
}

/** Visitors go to login, with `next` = this page (path and query), replacing this entry. */
export const requireSignIn: Guard = readingSession((input) => {
  if (!input.context.auth.isAuthenticated) goWithNext(PATHS.login, input);
});

/** Signed-in users leave guest-only pages: to a safe `next`, else the default landing route. */
export const guestOnly: Guard = readingSession((input) => {
  if (!input.context.auth.isAuthenticated) return;
  const fallback = input.location.pathname === PATHS.login ? POST_LOGIN_PATH : DEFAULT_LANDING_PATH;
  goNext(input, fallback);
});

/**
 * The sign-up pages: a signed-in user whose email is not verified yet (one who has just signed up
 * here) goes to the verification inbox with the URL's `next`, where the sign-up form sends them
 * (useSignUp), so the two agree whichever moves first; anyone else signed in leaves as from any
 * guest-only page.
 */
export const signupGuestOnly: Guard = readingSession((input) => {
  const user = input.context.auth.user;
  if (user && !user.verified) {
    const next = searchNext(input);
    throw redirect({ to: PATHS.verificationEmail, search: next ? { next } : {}, replace: true });
  }
  guestOnly(input);
});

/** Visitors pass (add requireSignIn before it where the page needs an account); other types get 403. */
export function allowTypes(...types: AccountType[]): Guard {
  return readingSession((input) => {
    const user = input.context.auth.user;
    if (user && !types.includes(user.accountType)) throw forbidden();
  });
}

const VERIFICATION_INBOX = PATHS.verificationEmail;

/** Runs on every route (root): forgets `verification_email` once the user leaves the flow. */
export const tokenGuard: Guard = (input) => {
  if (input.preload) return;
  const token = (input.params as { token?: unknown }).token;
  const fromEmailLink = typeof token === 'string' && token !== '';
  if (!fromEmailLink && input.location.pathname !== VERIFICATION_INBOX) {
    sessionFlags.remove(SESSION_FLAGS.verificationEmail);
  }
};

/** Signed-in users with an unverified email or an unfinished profile go to where they must be. */
export const onboarded: Guard = readingSession((input) => {
  const user = input.context.auth.user;
  if (!user) return;
  const target = onboardingRedirect(user, input.location.pathname);
  if (!target) return;
  if (target === VERIFICATION_INBOX) goWithNext(target, input);
  go(target);
});

/** Accounts created with Google sign in socially; for them the page is forbidden rather than absent. */
function signsInSocially(user: AuthUser): boolean {
  return user.social.provider !== null && !user.hasPassword;
}

/**
 * The email verification pages: unverified users (and visitors, where the route lets them in)
 * see the page. A verified user who verified in this tab (`verification_status=verified`) goes
 * on to `next` or the default landing; any other verified user gets 403 or 404 (spec §4).
 */
export const verificationPage: Guard = readingSession((input) => {
  const user = input.context.auth.user;
  if (!user || !user.verified) return;
  // Verified while on the page (here or in another tab): the page itself shows the way on.
  if (input.cause === 'stay') return;
  if (sessionFlags.get(SESSION_FLAGS.verificationStatus) === 'verified') goNext(input, DEFAULT_LANDING_PATH);
  throw signsInSocially(user) ? forbidden() : pageNotFound();
});

/** `/auth/su/`: the signup root resumes onboarding where it stopped (else the default landing). */
export const resumeOnboarding: Guard = readingSession((input) => {
  const user = input.context.auth.user;
  if (user) go(onboardingTarget(user) ?? DEFAULT_LANDING_PATH);
});

/** `/dashboard/` is no page for a freelancer: it goes to its onboarding target or its own home. */
export const freelancerDashboardRedirect: Guard = readingSession((input) => {
  const user = input.context.auth.user;
  if (user?.accountType === 'freelancer') go(onboardingTarget(user) ?? FREELANCER_DASHBOARD_HOME);
});

/** A plain redirect route (`/auth/`, `/dashboard/message/all/`). */
export function redirectTo(path: AppPath): Guard {
  return () => go(path);
}

/** The common stacks, so route files read as routes.tsv does. */
export const signedIn = guards(requireSignIn, onboarded);
export function signedInAs(...types: AccountType[]): Guard {
  return guards(requireSignIn, allowTypes(...types), onboarded);
}
