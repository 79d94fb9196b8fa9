import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { errorOf } from '@/testing/formQueries';
import { clientUser } from '../../../../mocks/fixtures/users';

const CURRENT = 'violet-Harbour-2026!';
const NEXT = 'Copper-Meadow-Train-19';

async function fillAndSubmit(current: string, next: string, confirm = next) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('settings: change password', () => {
  it('sends the current and new password and confirms, clearing the fields', async () => {
    useScenario('client');
    let sent: unknown;
    server.use(
      http.patch('/api/auth/change-password/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          status: 'success',
          message: 'Your password is changed.',
          data: { passwordChangedAt: '2026-04-02T08:17:26Z', otherSessionsSignedOut: 1 },
        });
      }),
    );
    renderApp('/dashboard/settings/');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });

    await fillAndSubmit(CURRENT, NEXT);
    expect(await screen.findByText('Your password is changed.')).toBeTruthy();
    expect(sent).toEqual({ currentPassword: CURRENT, newPassword: NEXT });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('checks the fields before sending: a mismatch and a reused password', async () => {
    useScenario('client');
    let calls = 0;
    server.use(
      http.patch('/api/auth/change-password/', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    renderApp('/dashboard/settings/');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });

    await fillAndSubmit(CURRENT, CURRENT, 'something-else-1');
    expect(errorOf('New password')).toBe('Choose a password different from the current one.');
    expect(errorOf('Confirm new password')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it('shows a wrong current password beside its field', async () => {
    useScenario('client');
    server.use(
      http.patch('/api/auth/change-password/', () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'Please correct the highlighted fields.',
            code: 'validation_failed',
            errors: [{ field: 'currentPassword', message: 'is not your current password' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/dashboard/settings/');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await fillAndSubmit('wrong-password-1', NEXT);
    expect(await screen.findByText('This is not your current password.')).toBeTruthy();
    expect(errorOf('Current password')).toBe('This is not your current password.');
  });
});

describe('settings: a Google account without a password', () => {
  it('emails the account a link to set one instead of asking for a current password', async () => {
    useScenario('client');
    server.use(
      http.get('/api/auth/me/', () =>
        HttpResponse.json({
          status: 'success',
          message: 'OK',
          data: { ...clientUser, hasPassword: false, social: { image: null, provider: 'google' } },
        }),
      ),
    );
    let sent: unknown;
    server.use(
      http.post('/api/auth/forgot-password/sendlink/email/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          status: 'success',
          message: 'Sent.',
          data: { email: clientUser.email, linkValidForMinutes: 60 },
        });
      }),
    );
    renderApp('/dashboard/settings/');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });

    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Email me a link to set a password' }));
    expect(await screen.findByText(/Open it to choose your password/)).toBeTruthy();
    expect(sent).toEqual({ email: clientUser.email });
  });
});
