import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { errorOf } from '@/testing/formQueries';

const TOKEN = 'Zk3pQ9vR2mXw7LtY0bN4cJ8hF1sD6aEu';

function answerTokenCheck(status = 200) {
  server.use(
    http.get('/api/auth/verify/reset-password/:token/', () =>
      status === 200
        ? HttpResponse.json({
            status: 'success',
            message: 'OK',
            data: { valid: true, email: 'm***@brightlane.io', expiresAt: '2026-04-02T08:45:00Z' },
          })
        : HttpResponse.json(
            { status: 'error', message: 'This reset link has expired. Request a new one.', code: 'conflict' },
            { status },
          ),
    ),
  );
}

describe('forgot password', () => {
  it('always answers with the same confirmation, naming the email', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/forgot-password/sendlink/email/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          status: 'success',
          message: 'Server wording that the page does not use.',
          data: { email: 'someone@example.com', linkValidForMinutes: 60 },
        });
      }),
    );
    renderApp('/auth/forgot-password/');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(errorOf('Email')).toBe('Enter your email address.');

    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    const confirmation = await screen.findByText(
      'If an account exists for someone@example.com, we have sent it a link to reset the password. The link is valid for 60 minutes.',
    );
    expect(confirmation.closest('[role="status"]')).toBeTruthy();
    expect(sent).toEqual({ email: 'someone@example.com' });
  });
});

describe('reset password', () => {
  it('checks the link first and explains a dead one, with a way to ask for a new one', async () => {
    answerTokenCheck(409);
    renderApp(`/auth/reset-password/${TOKEN}/`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link cannot be used' })).toBeTruthy();
    expect(screen.getByText('This reset link has expired. Request a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/auth/forgot-password/',
    );
  });

  it('asks for the new password twice, then goes to login with a notice', async () => {
    answerTokenCheck();
    let sent: unknown;
    server.use(
      http.patch('/api/auth/reset-password/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          status: 'success',
          message: 'Your password is changed. Please sign in with the new password.',
          data: { passwordChangedAt: '2026-04-02T08:17:26Z', otherSessionsSignedOut: 0 },
        });
      }),
    );
    const app = renderApp(`/auth/reset-password/${TOKEN}/`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    expect(await screen.findByText('m***@brightlane.io')).toBeTruthy();

    await user.type(screen.getByLabelText('New password'), 'Copper-Meadow-Train-19');
    await user.type(screen.getByLabelText('Confirm new password'), 'Copper-Meadow-Train-18');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(errorOf('Confirm new password')).toBe('The passwords do not match.');

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Copper-Meadow-Train-19');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(app.location()).toBe('/auth/login/'));
    expect(await screen.findByText('Your password is changed. Please sign in with the new password.')).toBeTruthy();
    expect(sent).toEqual({ token: TOKEN, password: 'Copper-Meadow-Train-19' });
  });
});
