import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, isNotFound, isRedirect } from '@tanstack/react-router';
import {
  businessUser,
  clientUser,
  freelancerUser,
  newFreelancerUser,
  unverifiedClientUser,
} from '../../../mocks/fixtures/users';
import type { AuthUser } from './auth';
import {
  allowTypes,
  freelancerDashboardRedirect,
  guestOnly,
  guards,
  onboarded,
  requireSignIn,
  resumeOnboarding,
  signupGuestOnly,
  tokenGuard,
  verificationPage,
  type Guard,
  type GuardInput,
} from './guards';
import { HttpStatusError } from './httpErrors';
import { createAppRouter } from '../router';

/** Resolves a redirect to the URL the router goes to when it follows it. */
const router = createAppRouter(new QueryClient(), { history: createMemoryHistory() });

interface At {
  user?: AuthUser | null;
  path?: string;
  search?: string;
  params?: Record<string, string>;
  preload?: boolean;
  cause?: GuardInput['cause'];
}

function input({ user = null, path = '/', search = '', params = {}, preload = false, cause = 'enter' }: At) {
  return {
    context: { auth: { isAuthenticated: user !== null, user, isLoading: false } },
    location: {
      pathname: path,
      searchStr: search,
      search: Object.fromEntries(new URLSearchParams(search)),
    },
    params,
    preload,
    cause,
  } satisfies GuardInput;
}

type Outcome = { redirect: string; replace: boolean } | { status: number } | 'not found' | 'pass';

function run(guard: Guard, at: At): Outcome {
  try {
    guard(input(at));
    return 'pass';
  } catch (thrown) {
    if (isRedirect(thrown)) {
      const href = thrown.options.href ?? router.buildLocation(thrown.options).href;
      return { redirect: href, replace: thrown.options.replace === true };
    }
    if (thrown instanceof HttpStatusError) return { status: thrown.status };
    if (isNotFound(thrown)) return 'not found';
    throw thrown;
  }
}

afterEach(() => sessionStorage.clear());

describe('sign-in guard', () => {
  it('lets a signed-in user through', () => {
    expect(run(requireSignIn, { user: clientUser, path: '/dashboard/' })).toBe('pass');
  });

  it('sends a visitor to login with next = path and query, URL-encoded, replacing the entry', () => {
    expect(run(requireSignIn, { path: '/dashboard/requests/', search: '?page=2&sort=new' })).toEqual({
      redirect: '/auth/login/?next=%2Fdashboard%2Frequests%2F%3Fpage%3D2%26sort%3Dnew',
      replace: true,
    });
  });
});

describe('guest-only guard', () => {
  it('lets a visitor through', () => {
    expect(run(guestOnly, { path: '/auth/signup/' })).toBe('pass');
  });

  it('sends a signed-in user to next when it is a path on this site', () => {
    expect(
      run(guestOnly, { user: clientUser, path: '/auth/login/', search: '?next=%2Fdashboard%2Fmessages%2F' }),
    ).toEqual({ redirect: '/dashboard/messages/', replace: true });
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)'])(
    'refuses the unsafe next %j and uses the default landing route',
    (next) => {
      const search = `?next=${encodeURIComponent(next)}`;
      expect(run(guestOnly, { user: clientUser, path: '/auth/signup/', search })).toEqual({
        redirect: '/dashboard/',
        replace: true,
      });
    },
  );

  it('sends a signed-in user on login without next to the post-login route', () => {
    expect(run(guestOnly, { user: freelancerUser, path: '/auth/login/' })).toEqual({
      redirect: '/dashboard/',
      replace: true,
    });
  });
});

describe('sign-up pages guard', () => {
  const page = '/auth/client/signup/';

  it('lets a visitor through', () => {
    expect(run(signupGuestOnly, { path: page, search: '?next=%2Frequest%2Fnew%2F' })).toBe('pass');
  });

  it('sends a user who has just signed up to the verification inbox, with the same next as the form', () => {
    const search = `?next=${encodeURIComponent('/request/new/data-and-analytics/business/')}`;
    expect(run(signupGuestOnly, { user: unverifiedClientUser, path: page, search })).toEqual({
      redirect: '/auth/verification/email/?next=%2Frequest%2Fnew%2Fdata-and-analytics%2Fbusiness%2F',
      replace: true,
    });
    expect(run(signupGuestOnly, { user: unverifiedClientUser, path: page })).toEqual({
      redirect: '/auth/verification/email/',
      replace: true,
    });
  });

  it('drops an unsafe next on the way to the verification inbox', () => {
    const search = `?next=${encodeURIComponent('https://evil.example/')}`;
    expect(run(signupGuestOnly, { user: unverifiedClientUser, path: page, search })).toEqual({
      redirect: '/auth/verification/email/',
      replace: true,
    });
  });

  it('sends a verified user on as any guest-only page does', () => {
    expect(run(signupGuestOnly, { user: clientUser, path: page, search: '?next=%2Fdashboard%2Fmessages%2F' })).toEqual({
      redirect: '/dashboard/messages/',
      replace: true,
    });
  });
});

describe('allowed-types guard', () => {
  const freelancersOnly = allowTypes('freelancer');

  it('lets visitors and the allowed type through', () => {
    expect(run(freelancersOnly, { path: '/dashboard/services/' })).toBe('pass');
    expect(run(freelancersOnly, { user: freelancerUser })).toBe('pass');
  });

  it('shows 403 to a signed-in user of another type', () => {
    expect(run(freelancersOnly, { user: clientUser })).toEqual({ status: 403 });
    expect(run(allowTypes('client'), { user: businessUser })).toEqual({ status: 403 });
  });

  it('sends visitors to login first where the route also needs sign-in', () => {
    const guard = guards(requireSignIn, freelancersOnly);
    expect(run(guard, { path: '/dashboard/services/' })).toEqual({
      redirect: '/auth/login/?next=%2Fdashboard%2Fservices%2F',
      replace: true,
    });
    expect(run(guard, { user: clientUser, path: '/dashboard/services/' })).toEqual({ status: 403 });
  });
});

describe('token guard', () => {
  const flagged = (at: At) => {
    sessionStorage.setItem('verification_email', 'resend');
    run(tokenGuard, at);
    return sessionStorage.getItem('verification_email');
  };

  it('forgets verification_email on ordinary pages', () => {
    expect(flagged({ path: '/dashboard/' })).toBeNull();
    expect(flagged({ path: '/auth/login/' })).toBeNull();
  });

  it('keeps it on the pages opened from an email link (they carry a token) and on the inbox page', () => {
    expect(flagged({ path: '/auth/reset-password/abc/', params: { token: 'abc' } })).toBe('resend');
    expect(flagged({ path: '/auth/verification/abc/email/', params: { token: 'abc' } })).toBe('resend');
    expect(flagged({ path: '/freelancer/review/abc/leave/', params: { token: 'abc' } })).toBe('resend');
    expect(flagged({ path: '/auth/verification/email/' })).toBe('resend');
  });

  it('changes nothing while a link is only preloaded', () => {
    expect(flagged({ path: '/dashboard/', preload: true })).toBe('resend');
  });
});

describe('onboarding redirects', () => {
  it('sends an unverified user to the verification page, with next', () => {
    expect(run(onboarded, { user: unverifiedClientUser, path: '/dashboard/', search: '?tab=1' })).toEqual({
      redirect: '/auth/verification/email/?next=%2Fdashboard%2F%3Ftab%3D1',
      replace: true,
    });
  });

  it('sends an unfinished freelancer to its first missing step', () => {
    expect(run(onboarded, { user: newFreelancerUser, path: '/dashboard/messages/' })).toEqual({
      redirect: '/auth/su/profile/',
      replace: true,
    });
  });

  it('lets visitors and finished accounts through', () => {
    expect(run(onboarded, { path: '/dashboard/' })).toBe('pass');
    expect(run(onboarded, { user: businessUser, path: '/dashboard/' })).toBe('pass');
  });

  it('sends a freelancer on the dashboard root to its target, or its own dashboard home', () => {
    expect(run(freelancerDashboardRedirect, { user: newFreelancerUser, path: '/dashboard/' })).toEqual({
      redirect: '/auth/su/profile/',
      replace: true,
    });
    expect(run(freelancerDashboardRedirect, { user: freelancerUser, path: '/dashboard/' })).toEqual({
      redirect: '/dashboard/services/',
      replace: true,
    });
    expect(run(freelancerDashboardRedirect, { user: clientUser, path: '/dashboard/' })).toBe('pass');
  });

  it('resumes onboarding from the signup root', () => {
    expect(run(resumeOnboarding, { user: newFreelancerUser, path: '/auth/su/' })).toEqual({
      redirect: '/auth/su/profile/',
      replace: true,
    });
    expect(run(resumeOnboarding, { user: clientUser, path: '/auth/su/' })).toEqual({
      redirect: '/dashboard/',
      replace: true,
    });
  });
});

describe('verification pages', () => {
  const page = '/auth/verification/email/';

  it('shows the page to unverified users and visitors', () => {
    expect(run(verificationPage, { user: unverifiedClientUser, path: page })).toBe('pass');
    expect(run(verificationPage, { path: '/auth/verification/abc/email/' })).toBe('pass');
  });

  it('sends a verified user holding the flag to next, or the default', () => {
    sessionStorage.setItem('verification_status', 'verified');
    expect(run(verificationPage, { user: clientUser, path: page, search: '?next=%2Fdashboard%2Fmessages%2F' })).toEqual(
      {
        redirect: '/dashboard/messages/',
        replace: true,
      },
    );
    expect(run(verificationPage, { user: clientUser, path: page })).toEqual({ redirect: '/dashboard/', replace: true });
    expect(
      run(verificationPage, { user: clientUser, path: page, search: `?next=${encodeURIComponent('//evil.example')}` }),
    ).toEqual({ redirect: '/dashboard/', replace: true });
  });

  it('gives any other verified user 404, or 403 to an account that signs in with Google', () => {
    expect(run(verificationPage, { user: clientUser, path: page })).toBe('not found');
    const googleOnly: AuthUser = {
      ...clientUser,
      hasPassword: false,
      social: { image: null, provider: 'google' },
    };
    expect(run(verificationPage, { user: googleOnly, path: page })).toEqual({ status: 403 });
  });

  it('lets a user who became verified while on the page stay there', () => {
    expect(run(verificationPage, { user: clientUser, path: page, cause: 'stay' })).toBe('pass');
  });
});
