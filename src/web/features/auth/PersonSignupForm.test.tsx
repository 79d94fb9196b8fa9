import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { unverifiedClientUser } from '../../../../mocks/fixtures/users';
import { server } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { errorOf, expectNoFieldErrors, formError } from '@/testing/formQueries';

const REGISTER_CLIENT = '/api/auth/register/client/';

async function openClientSignup() {
  const app = renderApp('/auth/client/signup/');
  await screen.findByRole('heading', { level: 1, name: 'Sign up as a client' });
  return app;
}

async function fillIn(values: Partial<Record<'First name' | 'Last name' | 'Email' | 'Password', string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label, { selector: 'input' });
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  return user;
}

const createAccount = () => screen.getByRole('button', { name: 'Create my account' });

afterEach(() => sessionStorage.clear());

describe('person sign-up form', () => {
  it('shows what is missing beside each field and focuses the first', async () => {
    const user = userEvent.setup();
    await openClientSignup();
    await user.click(createAccount());

    expect(errorOf('First name')).toBe('Enter your first name.');
    expect(errorOf('Last name')).toBe('Enter your last name.');
    expect(errorOf('Email')).toBe('Enter your email address.');
    expect(errorOf('Password')).toBe('Enter a password.');
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
  });

  it('checks the email format, the password length and that the password is not the email', async () => {
    await openClientSignup();
    const user = await fillIn({ 'First name': 'Sam', 'Last name': 'Okoro', Email: 'sam@', Password: 'short' });
    await user.click(createAccount());
    expect(errorOf('Email')).toBe('Enter a valid email address, like name@example.com.');
    expect(errorOf('Password')).toBe('Use at least 8 characters.');
    expectNoFieldErrors('First name', 'Last name');

    await fillIn({ Email: 'sam.okoro@example.com', Password: 'Sam.Okoro@Example.com' });
    await user.click(createAccount());
    expect(errorOf('Password')).toBe('Your password cannot be your email address.');
    expectNoFieldErrors('Email');
  });

  it('clears an error as soon as the value is right', async () => {
    const user = userEvent.setup();
    await openClientSignup();
    await user.click(createAccount());
    expect(errorOf('First name')).not.toBeNull();
    await user.type(screen.getByLabelText('First name'), 'S');
    expect(errorOf('First name')).toBeNull();
  });

  it('shows a server field error beside the field it names', async () => {
    server.use(
      http.post(REGISTER_CLIENT, () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'Please correct the highlighted fields.',
            code: 'validation_failed',
            errors: [
              {
                field: 'password',
                message: 'is one of the most common passwords, so it is easy to guess; choose another',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await openClientSignup();
    const user = await fillIn({
      'First name': 'Sam',
      'Last name': 'Okoro',
      Email: 'sam.okoro@example.com',
      Password: 'password1',
    });
    await user.click(createAccount());

    // The server's fragment reaches the person as a sentence.
    await waitFor(() =>
      expect(errorOf('Password')).toBe(
        'This is one of the most common passwords, so it is easy to guess; choose another.',
      ),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expectNoFieldErrors('Email');
  });

  it("shows the server's message when it names no field", async () => {
    server.use(
      http.post(REGISTER_CLIENT, () =>
        HttpResponse.json(
          { status: 'error', message: 'This email is already registered.', code: 'conflict' },
          { status: 409 },
        ),
      ),
    );
    await openClientSignup();
    const user = await fillIn({
      'First name': 'Sam',
      'Last name': 'Okoro',
      Email: 'sam.okoro@example.com',
      Password: 'Granite-Kettle-42',
    });
    await user.click(createAccount());
    await waitFor(() => expect(formError()).toBe('This email is already registered.'));
  });

  it('shows a generic message when the server says nothing usable', async () => {
    server.use(http.post(REGISTER_CLIENT, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await openClientSignup();
    const user = await fillIn({
      'First name': 'Sam',
      'Last name': 'Okoro',
      Email: 'sam.okoro@example.com',
      Password: 'Granite-Kettle-42',
    });
    await user.click(createAccount());
    await waitFor(() => expect(formError()).toBe('Something went wrong. Please try again.'));
  });

  it('signs the new user in and goes to the verification page', async () => {
    let sent: unknown;
    server.use(
      http.post(REGISTER_CLIENT, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { status: 'success', message: 'Your account is created.', data: unverifiedClientUser },
          { status: 201 },
        );
      }),
    );
    const app = await openClientSignup();
    const user = await fillIn({
      'First name': '  Sam ',
      'Last name': 'Okoro',
      Email: 'sam.okoro@example.com ',
      Password: 'Granite-Kettle-42',
    });
    await user.click(createAccount());

    await waitFor(() => expect(app.location()).toBe('/auth/verification/email/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText(unverifiedClientUser.email)).toBeTruthy();
    expect(sent).toEqual({
      firstname: 'Sam',
      lastname: 'Okoro',
      email: 'sam.okoro@example.com',
      password: 'Granite-Kettle-42',
    });
    expect(sessionStorage.getItem('verification_email')).toBe('resend');
  });

  it('signs up freelancers through their own call', async () => {
    let called = false;
    server.use(
      http.post('/api/auth/register/freelancer/', () => {
        called = true;
        return HttpResponse.json(
          {
            status: 'success',
            message: 'Created',
            data: { ...unverifiedClientUser, accountType: 'freelancer', versigems: 0 },
          },
          { status: 201 },
        );
      }),
    );
    const app = renderApp('/auth/freelancer/signup/');
    await screen.findByRole('heading', { level: 1, name: 'Sign up as a freelancer' });
    const user = await fillIn({
      'First name': 'Lena',
      'Last name': 'Fischer',
      Email: 'lena@example.com',
      Password: 'violet-Harbour-2026!',
    });
    await user.click(createAccount());
    await waitFor(() => expect(app.location()).toBe('/auth/verification/email/'));
    expect(called).toBe(true);
  });

  it('links to login and to the account type chooser', async () => {
    await openClientSignup();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login/');
    expect(screen.getByRole('link', { name: 'Not a client? Choose another account type' }).getAttribute('href')).toBe(
      '/auth/signup/',
    );
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    await openClientSignup();
    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password.getAttribute('type')).toBe('password');
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('password');
  });
});
