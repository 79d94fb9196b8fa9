import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { handlersFor } from '../../../../mocks/scenarios';
import { businessUser, newBusinessUser } from '../../../../mocks/fixtures/users';
import type { AuthUser } from '@/api/generated/model';
import { errorOf } from '@/testing/formQueries';
import { renderApp } from '@/testing/renderApp';

const signedInAs = (user: AuthUser) => answer('GetMe', { status: 'success', message: 'OK', data: user });

const socialDone: AuthUser = {
  ...businessUser,
  business: { ...businessUser.business!, competitors: { completed: false }, reviewAndReferences: { completed: false } },
};
const aboutDone: AuthUser = {
  ...newBusinessUser,
  business: { ...newBusinessUser.business!, personalContact: { completed: true }, about: { completed: true } },
};

const countries = answer('ListCountries', {
  status: 'success',
  message: 'OK',
  data: [
    { code: 'US', name: 'United States' },
    { code: 'GB', name: 'United Kingdom' },
  ],
});
const states = http.get('*/api/account/country/:id/states/all/', () =>
  HttpResponse.json({ status: 'success', message: 'OK', data: [{ code: 'CA', name: 'California' }] }),
);

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

beforeEach(() => {
  server.use(countries, states, ...handlersFor('new-business'));
});

describe('Business onboarding', () => {
  it("shows the server's field errors next to the fields they name", async () => {
    server.use(
      answer(
        'SetBusinessPersonalContact',
        {
          status: 'error',
          message: 'Some answers need fixing.',
          code: 'validation_failed',
          errors: [{ field: 'email', message: 'is an address of another account' }],
        },
        400,
      ),
    );
    const app = renderApp('/auth/su/business/personal-contact/');
    await screen.findByRole('heading', { level: 1, name: 'Personal contact' });
    expect(screen.getByText('Step 2 of 6')).toBeTruthy();
    // The account's email is offered.
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(newBusinessUser.email);
    await userEvent.type(screen.getByLabelText(/First name/), 'Daniel');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Okafor');
    await userEvent.type(screen.getByLabelText(/Job title/), 'Managing Partner');
    await userEvent.type(screen.getByLabelText(/^Phone/), '+14155550132');
    await save();

    await waitFor(() => expect(errorOf(/^Email/)).toBe('This is an address of another account.'));
    expect(screen.getByRole('alert').textContent).toContain('Some answers need fixing.');
    expect(errorOf(/First name/)).toBeNull();
    expect(app.location()).toBe('/auth/su/business/personal-contact/');
  });

  it('checks the answers before sending: a wrong phone is marked and nothing is posted', async () => {
    let posted = false;
    server.use(
      http.post('*/api/account/business/personal-contact/set/', () => {
        posted = true;
        return HttpResponse.json({});
      }),
    );
    renderApp('/auth/su/business/personal-contact/');
    await screen.findByRole('heading', { level: 1, name: 'Personal contact' });
    await userEvent.type(screen.getByLabelText(/^Phone/), '415 555');
    await save();
    await waitFor(() => expect(errorOf(/^Phone/)).not.toBeNull());
    expect(posted).toBe(false);
  });

  it('lets competitors be skipped: on to the references without saving', async () => {
    let posted = false;
    server.use(
      signedInAs(socialDone),
      http.post('*/api/account/business/competitors/set/', () => {
        posted = true;
        return HttpResponse.json({});
      }),
    );
    const app = renderApp('/auth/su/business/competitors/');
    await screen.findByRole('heading', { level: 1, name: 'Competitors' });
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/auth/su/business/social-profiles/');
    // One competitor is asked for at once.
    expect(screen.getByLabelText(/^Name/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(app.location()).toBe('/auth/su/business/review-and-references/'));
    await screen.findByRole('heading', { level: 1, name: 'Reviews and references' });
    expect(posted).toBe(false);
  });

  it('saves the first offices with one headquarters, each with a state of its country', async () => {
    let body: { locations: { isHeadquarters: boolean; city: string }[] } | null = null;
    server.use(
      signedInAs(aboutDone),
      http.post('*/api/account/business/locations/set/', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({
          status: 'success',
          message: 'Locations saved.',
          data: { locations: [], nextStep: '/auth/su/business/social-profiles/' },
        });
      }),
    );
    const app = renderApp('/auth/su/business/locations/');
    await screen.findByRole('heading', { level: 1, name: 'Your locations' });
    const fill = async (index: number, city: string) => {
      const field = (name: string) =>
        document.getElementById(`locations_locations_${index}_${name}`) as HTMLInputElement;
      await userEvent.type(field('line1'), '1 Main Street');
      await userEvent.type(field('city'), city);
      await userEvent.type(field('postalCode'), '94104');
      const country = field('country') as unknown as HTMLSelectElement;
      await within(country).findByRole('option', { name: 'United States' });
      await userEvent.selectOptions(country, 'United States');
      await within(field('state') as unknown as HTMLSelectElement).findByRole('option', { name: 'California' });
      await userEvent.selectOptions(field('state') as unknown as HTMLSelectElement, 'California');
    };
    await fill(0, 'San Francisco');
    await userEvent.click(screen.getByRole('button', { name: 'Add an office' }));
    await fill(1, 'Oakland');
    const headquarters = screen.getAllByLabelText('This is our headquarters') as HTMLInputElement[];
    expect(headquarters.map((box) => box.checked)).toEqual([true, false]);
    await userEvent.click(headquarters[1]!);
    expect(
      (screen.getAllByLabelText('This is our headquarters') as HTMLInputElement[]).map((box) => box.checked),
    ).toEqual([false, true]);

    await save();
    await waitFor(() => expect(app.location()).toBe('/auth/su/business/social-profiles/'));
    expect(body!.locations.map((office) => [office.city, office.isHeadquarters])).toEqual([
      ['San Francisco', false],
      ['Oakland', true],
    ]);
  }, 20000);
});

describe('Business onboarding, reopened', () => {
  it('starts a saved step from what the server holds, not from blanks', async () => {
    server.use(
      signedInAs(socialDone),
      answer('GetBusinessProfile', {
        status: 'success',
        message: 'OK',
        data: {
          companyId: socialDone.business!.companyId,
          details: null,
          personalContact: {
            firstname: 'Nora',
            lastname: 'Lindqvist',
            jobTitle: 'Founder',
            phone: '+14155550132',
            email: 'nora@harborline.example.com',
            updatedAt: '2026-03-02T10:16:40Z',
          },
          about: null,
          locations: [],
          socialProfiles: null,
          competitors: null,
        },
      }),
    );
    renderApp('/auth/su/business/personal-contact/');
    await screen.findByRole('heading', { level: 1, name: 'Personal contact' });
    await waitFor(() => expect((screen.getByLabelText(/^Job title/) as HTMLInputElement).value).toBe('Founder'));
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Nora');
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('+14155550132');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('nora@harborline.example.com');
  });
});
