import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { unverifiedClientUser } from '../../../../mocks/fixtures/users';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { formError } from '@/testing/formQueries';

const RESEND = '/api/auth/verify/account/resend/email/';

async function openInbox() {
  const app = renderApp('/auth/verification/email/');
  await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
  return app;
}

// Scenario first: handlers added later take precedence over it.
beforeEach(() => useScenario('unverified'));
afterEach(() => sessionStorage.clear());

describe('verification inbox page', () => {
  it('tells the user to check the inbox of their email', async () => {
    await openInbox();
    expect(screen.getByText(/Check your inbox for/).textContent).toContain(unverifiedClientUser.email);
  });

  it('says so when too many emails were asked for, and waits before another', async () => {
    server.use(
      http.post(RESEND, () =>
        HttpResponse.json(
          { status: 'error', message: 'Too many attempts. Please try again in 60 seconds.', code: 'rate_limited' },
          { status: 429 },
        ),
      ),
    );
    await openInbox();
    const resend = screen.getByRole('button', { name: 'Resend verification email' });
    await userEvent.setup().click(resend);
    await waitFor(() => expect(formError()).toBe('Too many attempts. Please try again in 60 seconds.'));
    expect(resend).toHaveProperty('disabled', true);
  });

  it('shows the verified state when the server says the email is verified already', async () => {
    server.use(
      http.post(RESEND, () =>
        HttpResponse.json(
          { status: 'error', message: 'Your email is already verified.', code: 'conflict' },
          { status: 409 },
        ),
      ),
    );
    await openInbox();
    // The session check now finds the account verified.
    server.use(
      http.get('/api/auth/me/', () =>
        HttpResponse.json({ status: 'success', message: 'OK', data: { ...unverifiedClientUser, verified: true } }),
      ),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is verified' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/dashboard/');
  });

  it('signs out from the page', async () => {
    const app = await openInbox();
    let loggedOut = false;
    server.use(
      http.get('/api/auth/logout/', () => {
        loggedOut = true;
        return HttpResponse.json({ status: 'success', message: 'You are signed out.', data: null });
      }),
      http.get('/api/auth/me/', () =>
        HttpResponse.json({ status: 'error', message: 'Please sign in.', code: 'unauthenticated' }, { status: 401 }),
      ),
    );
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Sign out' }).at(-1)!);
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(loggedOut).toBe(true);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });
});
