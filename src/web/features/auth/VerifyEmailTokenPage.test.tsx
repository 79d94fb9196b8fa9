import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clientUser, unverifiedClientUser } from '../../../../mocks/fixtures/users';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';

const TOKEN = 'Zk3pQ9vR2mXw7LtY0bN4cJ8hF1sD6aEu';
const PAGE = `/auth/verification/${TOKEN}/email/`;

/** Answers the verification call after `release()`, counting the calls. */
function answerVerify(answer: () => Response) {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('/api/auth/verify/account/:token/', async ({ params }) => {
      calls.push(String(params.token));
      await gate;
      return answer();
    }),
  );
  return { calls, release: () => release() };
}

const verified = (user: unknown) =>
  HttpResponse.json({
    status: 'success',
    message: 'Your email is verified.',
    data: { status: 'verified', email: unverifiedClientUser.email, verifiedAt: '2026-03-09T15:47:02Z', user },
  });

const failure = (status: number, message: string) =>
  HttpResponse.json({ status: 'error', message, code: status === 404 ? 'not_found' : 'conflict' }, { status });

const statusOfPage = () => document.querySelector('[data-status]')?.getAttribute('data-status');

afterEach(() => sessionStorage.clear());

describe('verification link page', () => {
  it('shows verifying, then verified, and calls once even under StrictMode', async () => {
    useScenario('unverified');
    const verify = answerVerify(() => verified({ ...unverifiedClientUser, verified: true }));
    renderApp(PAGE, { strict: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying your email' })).toBeTruthy();
    expect(statusOfPage()).toBe('verifying');
    verify.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is verified' })).toBeTruthy();
    expect(statusOfPage()).toBe('verified');
    expect(verify.calls).toEqual([TOKEN]);
    expect(sessionStorage.getItem('verification_status')).toBe('verified');
  });

  it('refreshes the signed-in user and offers Continue to the dashboard', async () => {
    useScenario('unverified');
    const verify = answerVerify(() => verified({ ...unverifiedClientUser, verified: true }));
    const app = renderApp(PAGE);
    verify.release();

    const next = await screen.findByRole('link', { name: 'Continue' });
    await userEvent.setup().click(next);
    // Verified now: the dashboard no longer sends the user back to the verification page.
    await waitFor(() => expect(app.location()).toBe('/dashboard/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it.each([
    [404, 'This verification link is not valid. Request a new one.'],
    [409, 'This verification link has expired. Request a new one.'],
  ])('shows expired for %i, with Resend for a signed-in user', async (status, message) => {
    useScenario('unverified');
    const verify = answerVerify(() => failure(status, message));
    renderApp(PAGE);
    verify.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'This verification link has expired' })).toBeTruthy();
    expect(statusOfPage()).toBe('expired');
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
  });

  it('offers a visitor with an expired link to log in instead', async () => {
    const verify = answerVerify(() => failure(409, 'This verification link has expired. Request a new one.'));
    renderApp(PAGE);
    verify.release();

    const login = await screen.findByRole('link', { name: 'Log in to get a new link' });
    expect(statusOfPage()).toBe('expired');
    expect(login.getAttribute('href')).toBe('/auth/login/?next=%2Fauth%2Fverification%2Femail%2F');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });

  it('verifies for a visitor too, and asks them to log in', async () => {
    const verify = answerVerify(() => verified(null));
    renderApp(PAGE);
    verify.release();
    expect(await screen.findByRole('link', { name: 'Log in to continue' })).toBeTruthy();
    expect(statusOfPage()).toBe('verified');
  });

  it('sends a verified user who opens the page without the flag to 404', async () => {
    useScenario('client');
    const verify = answerVerify(() => verified(clientUser));
    renderApp(PAGE);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain('404');
    verify.release();
    expect(verify.calls).toEqual([]);
  });

  it('moves a verified user holding the flag on to next', async () => {
    useScenario('client');
    sessionStorage.setItem('verification_status', 'verified');
    const app = renderApp(`${PAGE}?next=%2Fdashboard%2Fmessages%2F`);
    await waitFor(() => expect(app.location()).toBe('/dashboard/messages/'));
  });

  it('resends from the expired page and says so', async () => {
    useScenario('unverified');
    const verify = answerVerify(() => failure(409, 'This verification link has expired. Request a new one.'));
    server.use(
      http.post('/api/auth/verify/account/resend/email/', () =>
        HttpResponse.json({
          status: 'success',
          message: `We have sent a new verification link to ${unverifiedClientUser.email}.`,
          data: {
            email: unverifiedClientUser.email,
            sentAt: new Date().toISOString(),
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
            resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
          },
        }),
      ),
    );
    renderApp(PAGE);
    verify.release();
    const resend = await screen.findByRole('button', { name: 'Resend verification email' });
    await userEvent.setup().click(resend);

    expect(
      await screen.findByText(`We have sent a new verification link to ${unverifiedClientUser.email}.`),
    ).toBeTruthy();
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByText(/You can ask for another email in \d+ s\./)).toBeTruthy();
  });
});
