import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { newBusinessUser } from '../../../../mocks/fixtures/users';
import { server } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { errorOf } from '@/testing/formQueries';

async function openBusinessSignup() {
  const app = renderApp('/auth/business/signup/');
  await screen.findByRole('heading', { level: 1, name: 'Sign up as a business' });
  return { app, user: userEvent.setup() };
}

const heardAboutUs = () => screen.getByLabelText('How did you hear about us?') as HTMLSelectElement;
const otherField = () => screen.queryByLabelText('Where did you hear about us?');

describe('business sign-up form', () => {
  it('offers every contract value of heardAboutUs with a human label', async () => {
    await openBusinessSignup();
    const options = within(heardAboutUs()).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual([
      '',
      'search-engine',
      'social-media',
      'linkedin',
      'friend-or-colleague',
      'event',
      'advertisement',
      'blog-or-article',
      'other',
    ]);
    expect(options.find((option) => option.value === 'friend-or-colleague')?.textContent).toBe('A friend or colleague');
  });

  it('checks the company name, email, password and the heard-about-us choice', async () => {
    const { user } = await openBusinessSignup();
    await user.type(screen.getByLabelText('Company name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(errorOf('Company name')).toBe('Your company name must be at least 2 characters.');
    expect(errorOf('Work email')).toBe('Enter your email address.');
    expect(errorOf('Password')).toBe('Enter a password.');
    expect(errorOf('How did you hear about us?')).toBe('Tell us how you heard about us.');
  });

  it('asks where, and requires it, only when "Other" is chosen', async () => {
    const { user } = await openBusinessSignup();
    expect(otherField()).toBeNull();
    await user.selectOptions(heardAboutUs(), 'other');
    expect(otherField()).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(errorOf('Where did you hear about us?')).toBe('Tell us where you heard about us.');

    await user.selectOptions(heardAboutUs(), 'linkedin');
    expect(otherField()).toBeNull();
  });

  it('sends the contract fields and goes to the verification page', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/register/business/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { status: 'success', message: 'Created', data: { ...newBusinessUser, verified: false } },
          { status: 201 },
        );
      }),
    );
    const { app, user } = await openBusinessSignup();
    await user.type(screen.getByLabelText('Company name'), 'Northwind Analytics');
    await user.type(screen.getByLabelText('Work email'), 'hello@northwind.example');
    await user.type(screen.getByLabelText('Password'), 'Ledger-Lantern-88');
    await user.selectOptions(heardAboutUs(), 'other');
    await user.type(screen.getByLabelText('Where did you hear about us?'), ' A partner firm ');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    await waitFor(() => expect(app.location()).toBe('/auth/verification/email/'));
    expect(sent).toEqual({
      companyname: 'Northwind Analytics',
      email: 'hello@northwind.example',
      password: 'Ledger-Lantern-88',
      heardAboutUs: 'other',
      heardAboutUsOther: 'A partner firm',
    });
  });

  it('shows a server error on heardAboutUsOther beside that field', async () => {
    server.use(
      http.post('/api/auth/register/business/', () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'Please correct the highlighted fields.',
            code: 'validation_failed',
            errors: [{ field: 'heardAboutUsOther', message: 'must not be empty' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openBusinessSignup();
    await user.type(screen.getByLabelText('Company name'), 'Northwind Analytics');
    await user.type(screen.getByLabelText('Work email'), 'hello@northwind.example');
    await user.type(screen.getByLabelText('Password'), 'Ledger-Lantern-88');
    await user.selectOptions(heardAboutUs(), 'other');
    await user.type(screen.getByLabelText('Where did you hear about us?'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(errorOf('Where did you hear about us?')).toBe('This must not be empty.'));
  });
});
