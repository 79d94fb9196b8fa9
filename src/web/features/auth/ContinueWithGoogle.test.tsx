import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clientUser } from '../../../../mocks/fixtures/users';
import { server } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';

const CONSENT = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=1234&state=abc';

function googleOffered(google = true) {
  server.use(
    http.get('/api/auth/sign-in-options/', () =>
      HttpResponse.json({ status: 'success', message: 'OK', data: { password: true, google } }),
    ),
  );
}

function answerStart() {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/auth/social-accounts/google/start/', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        status: 'success',
        message: 'OK',
        data: { authorizationUrl: CONSENT, expiresAt: '2026-06-03T08:08:12Z' },
      });
    }),
  );
  return bodies;
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('Continue with Google', () => {
  it('is not offered when the site has no Google sign-in', async () => {
    googleOffered(false);
    renderApp('/auth/login/');
    await screen.findByRole('heading', { level: 1, name: 'Log in to your account' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('keeps the sign-up page’s account type, starts a flow and leaves for the consent page', async () => {
    googleOffered();
    const bodies = answerStart();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderApp('/auth/business/signup/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT));
    expect(bodies).toEqual([{ intent: 'sign-in' }]);
    expect(sessionStorage.getItem('account_type')).toBe('business');
  });
});

describe('the Google return page', () => {
  it('signs in with the code and the stored choices, then goes to the dashboard', async () => {
    sessionStorage.setItem('account_type', 'client');
    localStorage.setItem('remember_me', 'true');
    const calls: string[] = [];
    server.use(
      http.get('/api/auth/social-accounts/google/callback/:code', ({ request }) => {
        calls.push(request.url);
        return HttpResponse.json({ status: 'success', message: 'Your account is created.', data: clientUser });
      }),
    );
    const app = renderApp('/auth/social-accounts/verify/google-oauth2/?code=4%2F0AeanS0b8X&state=abcdefghijklmnop', {
      strict: true,
    });
    await waitFor(() => expect(app.location()).toBe('/dashboard/'));
    // Once, even mounted twice (strict mode); Google's `/` stays encoded in the path.
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!);
    expect(url.pathname).toBe('/api/auth/social-accounts/google/callback/4%2F0AeanS0b8X');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      state: 'abcdefghijklmnop',
      accountType: 'client',
      rememberMe: 'true',
    });
  });

  it('goes to log in with the server’s message when Google sign-in fails', async () => {
    server.use(
      http.get('/api/auth/social-accounts/google/callback/:code', () =>
        HttpResponse.json(
          { status: 'error', message: 'Google has not verified the email address.', code: 'forbidden' },
          { status: 403 },
        ),
      ),
    );
    const app = renderApp('/auth/social-accounts/verify/google-oauth2/?code=code-1234567&state=abcdefghijklmnop');
    await waitFor(() => expect(app.location()).toBe('/auth/login/'));
    expect(await screen.findByText('Google has not verified the email address.')).toBeTruthy();
  });

  it('sends a new Google account without a type to the chooser, and a cancelled consent to log in', async () => {
    server.use(
      http.get('/api/auth/social-accounts/google/callback/:code', () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'There is no account for this Google account yet. Choose an account type to sign up.',
            code: 'validation_failed',
            errors: [{ field: 'query.accountType', message: 'is required' }],
          },
          { status: 400 },
        ),
      ),
    );
    const app = renderApp('/auth/social-accounts/verify/google-oauth2/?code=code-7654321&state=abcdefghijklmnop');
    await waitFor(() => expect(app.location()).toBe('/auth/signup/'));
    expect(await screen.findByText(/Choose an account type to sign up/)).toBeTruthy();
    app.unmount();

    const cancelled = renderApp('/auth/social-accounts/verify/google-oauth2/?error=access_denied');
    await waitFor(() => expect(cancelled.location()).toBe('/auth/login/'));
    expect(await screen.findByText('Google sign-in was cancelled.')).toBeTruthy();
  });
});
