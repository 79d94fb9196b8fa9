import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clientUser } from '../../../../mocks/fixtures/users';
import { server } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { errorOf, formError } from '@/testing/formQueries';

function answerLogin(status = 200) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/auth/login/', async ({ request }) => {
      bodies.push(await request.json());
      if (status !== 200) {
        return HttpResponse.json(
          { status: 'error', message: 'The email or password is incorrect.', code: 'unauthenticated' },
          { status },
        );
      }
      return HttpResponse.json({ status: 'success', message: 'Welcome back, Maya.', data: clientUser });
    }),
  );
  return bodies;
}

async function openLogin(path = '/auth/login/') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Log in to your account' });
  const user = userEvent.setup();
  const logIn = async (email = clientUser.email, password = 'violet-Harbour-2026!') => {
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  };
  return { app, user, logIn };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('login form', () => {
  it('asks for the email and password before calling', async () => {
    const bodies = answerLogin();
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(errorOf('Email')).toBe('Enter your email address.');
    expect(errorOf('Password')).toBe('Enter your password.');
    expect(bodies).toHaveLength(0);
  });

  it('signs in and goes to the post-login route', async () => {
    const bodies = answerLogin();
    const { app, logIn } = await openLogin();
    await logIn();
    await waitFor(() => expect(app.location()).toBe('/dashboard/'));
    expect(bodies).toEqual([{ email: clientUser.email, password: 'violet-Harbour-2026!', rememberMe: false }]);
    expect(localStorage.getItem('remember_me')).toBeNull();
  });

  it('goes to next after signing in', async () => {
    answerLogin();
    const { app, logIn } = await openLogin('/auth/login/?next=%2Fdashboard%2Fmessages%2F%3Fc%3D7');
    await logIn();
    await waitFor(() => expect(app.location()).toBe('/dashboard/messages/?c=7'));
  });

  it('never follows a next to another site', async () => {
    answerLogin();
    const { app, logIn } = await openLogin(`/auth/login/?next=${encodeURIComponent('https://evil.example/')}`);
    await logIn();
    await waitFor(() => expect(app.location()).toBe('/dashboard/'));
  });

  it('remembers "Remember me" in the remember_me flag and sends it', async () => {
    const bodies = answerLogin();
    const { user, logIn } = await openLogin();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await logIn();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ rememberMe: true });
    expect(localStorage.getItem('remember_me')).toBe('true');
  });

  it('starts with "Remember me" ticked when the flag is set', async () => {
    localStorage.setItem('remember_me', 'true');
    await openLogin();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveProperty('checked', true);
  });

  it("shows the server's message for wrong credentials", async () => {
    answerLogin(401);
    const { app, logIn } = await openLogin();
    await logIn(clientUser.email, 'wrong-password');
    await waitFor(() => expect(formError()).toBe('The email or password is incorrect.'));
    expect(app.location()).toBe('/auth/login/');
  });

  it('shows the auth_error message once, then forgets it', async () => {
    sessionStorage.setItem('auth_error', 'Google sign-in failed. Please try again.');
    await openLogin();
    expect(formError()).toBe('Google sign-in failed. Please try again.');
    await waitFor(() => expect(sessionStorage.getItem('auth_error')).toBeNull());
  });

  it('links to the password reset and to sign-up, keeping next', async () => {
    await openLogin('/auth/login/?next=%2Frequest%2Fnew%2F');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot-password/');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/auth/signup/?next=%2Frequest%2Fnew%2F',
    );
  });
});
