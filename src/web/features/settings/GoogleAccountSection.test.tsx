import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { clientUser } from '../../../../mocks/fixtures/users';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';

const LINKED = {
  ...clientUser,
  hasPassword: false,
  social: { image: null, provider: 'google' as const, email: 'maya.consulting@gmail.com' },
};

function googleOffered() {
  server.use(
    http.get('/api/auth/sign-in-options/', () =>
      HttpResponse.json({ status: 'success', message: 'OK', data: { password: true, google: true } }),
    ),
  );
}

const section = () => screen.findByRole('region', { name: 'Google account' });

afterEach(() => sessionStorage.clear());

describe('settings: Google account', () => {
  it('is absent when the site has no Google sign-in', async () => {
    useScenario('client');
    renderApp('/dashboard/settings/');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await screen.findByRole('heading', { name: 'Password' });
    expect(screen.queryByRole('region', { name: 'Google account' })).toBeNull();
  });

  it('offers to link one when none is linked', async () => {
    useScenario('client');
    googleOffered();
    renderApp('/dashboard/settings/');
    expect(within(await section()).getByRole('button', { name: 'Link a Google account' })).toBeTruthy();
  });

  it('shows the linked account, and once the same-account warning or the failure the change page left', async () => {
    useScenario('client');
    googleOffered();
    server.use(http.get('/api/auth/me/', () => HttpResponse.json({ status: 'success', message: 'OK', data: LINKED })));
    sessionStorage.setItem('same_account_warn', 'true');
    sessionStorage.setItem('account_change_error', 'This Google account is already linked to another account.');
    renderApp('/dashboard/settings/');
    const google = await section();
    expect(within(google).getByText('maya.consulting@gmail.com')).toBeTruthy();
    expect(within(google).getByRole('button', { name: 'Change Google account' })).toBeTruthy();
    expect(within(google).getByText(/already linked to your account/)).toBeTruthy();
    expect(within(google).getByText('This Google account is already linked to another account.')).toBeTruthy();
    expect(within(google).getByText(/has no password yet/)).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem('same_account_warn')).toBeNull());
    expect(sessionStorage.getItem('account_change_error')).toBeNull();
  });
});

describe('the Google account change page', () => {
  it('links the account and goes back to Settings, keeping the same-account answer for it', async () => {
    useScenario('client');
    googleOffered();
    const calls: string[] = [];
    server.use(
      http.get('/api/auth/social-accounts/google/account-change/callback/:code', ({ request }) => {
        calls.push(request.url);
        return HttpResponse.json({
          status: 'success',
          message: 'This Google account is already linked to your account.',
          data: { result: 'same-account', googleEmail: 'maya.consulting@gmail.com', user: LINKED },
        });
      }),
    );
    const app = renderApp(
      '/dashboard/settings/social-accounts/verify/google-oauth2/change/?code=4%2F0AeanS0c3J&state=abcdefghijklmnop',
      { strict: true },
    );
    await waitFor(() => expect(app.location()).toBe('/dashboard/settings/'));
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!).pathname).toBe('/api/auth/social-accounts/google/account-change/callback/4%2F0AeanS0c3J');
    expect(within(await section()).getByText(/already linked to your account/)).toBeTruthy();
  });

  it('goes back to Settings with the refusal', async () => {
    useScenario('client');
    googleOffered();
    server.use(
      http.get('/api/auth/social-accounts/google/account-change/callback/:code', () =>
        HttpResponse.json(
          { status: 'error', message: 'This Google account is already linked to another account.', code: 'conflict' },
          { status: 409 },
        ),
      ),
    );
    const app = renderApp(
      '/dashboard/settings/social-accounts/verify/google-oauth2/change/?code=code-1234567&state=abcdefghijklmnop',
    );
    await waitFor(() => expect(app.location()).toBe('/dashboard/settings/'));
    expect(within(await section()).getByText('This Google account is already linked to another account.')).toBeTruthy();
  });
});
