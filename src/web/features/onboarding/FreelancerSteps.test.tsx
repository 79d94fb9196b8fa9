import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { handlersFor } from '../../../../mocks/scenarios';
import { newFreelancerUser } from '../../../../mocks/fixtures/users';
import type { AuthUser, FreelancerServiceDetails, FreelancerSettings } from '@/api/generated/model';
import { renderApp } from '@/testing/renderApp';

const withPicture: AuthUser = { ...newFreelancerUser, profile: { image: '/uploads/avatars/lena.webp' } };
const withPrimary: AuthUser = {
  ...withPicture,
  primaryService: { slug: 'finance-transformation', name: 'Finance Transformation', project: null },
};
const withLeads: AuthUser = { ...withPrimary, leadsLocation: { type: 'worldwide', country: null, state: null } };

const services = answer('ListBusinessServices', {
  status: 'success',
  message: 'OK',
  data: [
    { id: 3, slug: 'data-and-analytics', label: 'Data and Analytics', parentSlug: null, description: null },
    {
      id: 31,
      slug: 'data-and-analytics/personal',
      label: 'Personal Analytics',
      parentSlug: 'data-and-analytics',
      description: null,
    },
    { id: 5, slug: 'finance-transformation', label: 'Finance Transformation', parentSlug: null, description: null },
    {
      id: 51,
      slug: 'finance-transformation/fp-and-a-revolution',
      label: 'FP&A Revolution',
      parentSlug: 'finance-transformation',
      description: null,
    },
    {
      id: 52,
      slug: 'finance-transformation/enterprise',
      label: 'Enterprise',
      parentSlug: 'finance-transformation',
      description: null,
    },
  ],
});

const countries = answer('ListCountries', {
  status: 'success',
  message: 'OK',
  data: [
    { code: 'US', name: 'United States' },
    { code: 'DE', name: 'Germany' },
  ],
});

const states = http.get('*/api/account/country/:id/states/all/', ({ params }) =>
  HttpResponse.json({
    status: 'success',
    message: 'OK',
    data:
      params.id === 'US'
        ? [
            { code: 'CA', name: 'California' },
            { code: 'TX', name: 'Texas' },
          ]
        : [{ code: 'BY', name: 'Bavaria' }],
  }),
);

/** The signed-in user: `before` until a save handler calls `saved()`, then `after`. */
function signedInAs(before: AuthUser, after: AuthUser = before) {
  let current = before;
  const handler = http.get('*/api/auth/me/', () =>
    HttpResponse.json({ status: 'success', message: 'OK', data: current }),
  );
  return Object.assign(handler, { saved: () => (current = after) });
}

/** A provider save call (`…/account/provider/<path>`): hands over what it got, answers `data`. */
function saveCall(
  method: 'post' | 'put' | 'patch',
  path: string,
  message: string,
  data: Record<string, unknown>,
  received: (body: unknown, method: string) => void,
) {
  return http[method](`*/api/account/provider/${path}`, async ({ request }) => {
    received(await request.json(), request.method);
    return HttpResponse.json({ status: 'success', message, data });
  });
}

const financePrimary = {
  slug: 'finance-transformation',
  label: 'Finance Transformation',
  subServices: [],
  projectCount: 0,
  updatedAt: '2026-02-16T11:20:33Z',
};

const currencies = answer('ListCurrencies', {
  status: 'success',
  message: 'OK',
  data: [
    { code: 'USD', name: 'US Dollar', symbol: '$', minorUnits: 2 },
    { code: 'EUR', name: 'Euro', symbol: '€', minorUnits: 2 },
  ],
});
const tools = answer('ListTools', {
  status: 'success',
  message: 'OK',
  data: [
    {
      id: 412,
      slug: 'netsuite',
      name: 'NetSuite',
      category: { slug: 'finance-transformation', name: 'Finance Transformation' },
    },
  ],
});

/** The freelancer's settings read: what a reopened step starts from. */
function settingsRead(stored: Partial<FreelancerSettings>) {
  const data: FreelancerSettings = {
    personalDetails: null,
    businessDetails: null,
    tagline: null,
    primaryService: null,
    services: [],
    ...stored,
  };
  return http.get('*/api/account/freelancer/settings/', () =>
    HttpResponse.json({ status: 'success', message: 'OK', data }),
  );
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

beforeEach(() => {
  server.use(services, countries, states, ...handlersFor('new-freelancer'));
});

describe('Freelancer onboarding', () => {
  it('resumes at the first missing step: the signup root and the dashboard send a freelancer there', async () => {
    server.use(signedInAs(withPrimary));
    const app = renderApp('/auth/su/');
    await screen.findByRole('heading', { level: 1, name: 'Where do you want leads from?' });
    expect(app.location()).toBe('/auth/su/freelancer/leads/');
    app.unmount();

    const again = renderApp('/dashboard/');
    await waitFor(() => expect(again.location()).toBe('/auth/su/freelancer/leads/'));
  });

  it('shows the step, offers the specialities of the chosen service only, posts them and goes on to leads', async () => {
    let body: unknown = null;
    const me = signedInAs(withPicture, withPrimary);
    server.use(
      me,
      saveCall(
        'post',
        'primary-service/set/',
        'Primary service saved.',
        { primaryService: financePrimary, nextStep: '/auth/su/freelancer/leads/' },
        (received) => {
          body = received;
          me.saved();
        },
      ),
    );
    const app = renderApp('/auth/su/freelancer/primary-service/');
    await screen.findByRole('heading', { level: 1, name: 'Choose your primary service' });
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/auth/su/profile/');
    expect(screen.getByText('Choose a service first.')).toBeTruthy();

    const service = screen.getByLabelText(/Primary service/);
    await within(service).findByRole('option', { name: 'Finance Transformation' });
    await userEvent.selectOptions(service, 'Finance Transformation');
    const specialities = screen.getByRole('group', { name: /Specialities/ });
    expect(
      within(specialities)
        .getAllByRole('checkbox')
        .map((box) => box.nextSibling?.textContent),
    ).toEqual(['FP&A Revolution', 'Enterprise']);
    await userEvent.click(within(specialities).getByLabelText('FP&A Revolution'));

    await save();
    await waitFor(() => expect(app.location()).toBe('/auth/su/freelancer/leads/'));
    expect(body).toEqual({
      serviceSlug: 'finance-transformation',
      subServiceSlugs: ['finance-transformation/fp-and-a-revolution'],
    });
    await screen.findByRole('heading', { level: 1, name: 'Where do you want leads from?' });
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
  });

  it('prefills a primary service already set, with its stored specialities, and saves it through the update call', async () => {
    let method = '';
    let body: unknown = null;
    server.use(
      signedInAs(withLeads),
      settingsRead({
        primaryService: {
          ...financePrimary,
          subServices: [{ slug: 'finance-transformation/enterprise', label: 'Enterprise' }],
        },
      }),
      saveCall(
        'put',
        'primary-service/update/',
        'Primary service updated.',
        { primaryService: financePrimary },
        (received, receivedMethod) => {
          body = received;
          method = receivedMethod;
        },
      ),
    );
    const app = renderApp('/auth/su/freelancer/primary-service/');
    await screen.findByRole('heading', { level: 1, name: 'Choose your primary service' });
    const service = (await screen.findByLabelText(/Primary service/)) as HTMLSelectElement;
    await waitFor(() => expect(service.value).toBe('finance-transformation'));
    const specialities = screen.getByRole('group', { name: /Specialities/ });
    await waitFor(() =>
      expect((within(specialities).getByLabelText('Enterprise') as HTMLInputElement).checked).toBe(true),
    );
    expect((within(specialities).getByLabelText('FP&A Revolution') as HTMLInputElement).checked).toBe(false);
    await save();
    await waitFor(() => expect(method).toBe('PUT'));
    expect(body).toEqual({
      serviceSlug: 'finance-transformation',
      subServiceSlugs: ['finance-transformation/enterprise'],
    });
    // The update answers no next step: on to the next page of the flow.
    await waitFor(() => expect(app.location()).toBe('/auth/su/freelancer/leads/'));
  });

  it('asks for a country and loads its states only for "My Location Only"', async () => {
    let body: unknown = null;
    const me = signedInAs(withPrimary, withLeads);
    server.use(
      me,
      saveCall(
        'post',
        'leads-location/set/',
        'Leads location saved.',
        {
          leadsLocation: {
            type: 'custom',
            country: 'US',
            countryName: 'United States',
            state: 'TX',
            stateName: 'Texas',
            label: 'Texas, United States',
          },
          nextStep: '/auth/su/freelancer/other-services/',
        },
        (received) => {
          body = received;
          me.saved();
        },
      ),
    );
    const app = renderApp('/auth/su/freelancer/leads/');
    await screen.findByRole('heading', { level: 1, name: 'Where do you want leads from?' });
    expect(screen.queryByLabelText(/^Country/)).toBeNull();
    expect(screen.queryByLabelText(/State or region/)).toBeNull();

    await userEvent.click(screen.getByLabelText('My Location Only'));
    const country = await screen.findByLabelText(/^Country/);
    expect((screen.getByLabelText(/State or region/) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText('Choose a country first.')).toBeTruthy();

    await within(country).findByRole('option', { name: 'United States' });
    await userEvent.selectOptions(country, 'United States');
    const state = screen.getByLabelText(/State or region/);
    await within(state).findByRole('option', { name: 'Texas' });
    expect(within(state).queryByRole('option', { name: 'Bavaria' })).toBeNull();
    await userEvent.selectOptions(state, 'Texas');

    await save();
    await waitFor(() => expect(app.location()).toBe('/auth/su/freelancer/other-services/'));
    expect(body).toEqual({ type: 'custom', country: 'US', state: 'TX' });
  });

  it('sends only the type for worldwide leads', async () => {
    let body: unknown = null;
    server.use(
      signedInAs(withPrimary, withLeads),
      saveCall(
        'post',
        'leads-location/set/',
        'Leads location saved.',
        {
          leadsLocation: {
            type: 'worldwide',
            country: null,
            countryName: null,
            state: null,
            stateName: null,
            label: 'Worldwide',
          },
          nextStep: '/auth/su/freelancer/other-services/',
        },
        (received) => (body = received),
      ),
    );
    renderApp('/auth/su/freelancer/leads/');
    await screen.findByRole('heading', { level: 1, name: 'Where do you want leads from?' });
    await userEvent.click(screen.getByLabelText('Worldwide'));
    await save();
    await waitFor(() => expect(body).toEqual({ type: 'worldwide' }));
  });

  it('offers the remaining services and the ones already chosen', async () => {
    const chosen: AuthUser = {
      ...withLeads,
      otherServices: [{ slug: 'machine-learning-and-ai', name: 'Machine Learning and AI', project: null }],
    };
    let body: unknown = null;
    server.use(
      signedInAs(chosen),
      answer('ListRemainingOtherServices', {
        status: 'success',
        message: 'OK',
        data: [{ id: 3, slug: 'data-and-analytics', label: 'Data and Analytics', parentSlug: null, description: null }],
      }),
      saveCall(
        'patch',
        'other-service/update/',
        'Other services saved.',
        { otherServices: [], nextStep: '/auth/su/freelancer/service-details/' },
        (received) => (body = received),
      ),
    );
    const app = renderApp('/auth/su/freelancer/other-services/');
    const group = await screen.findByRole('group', { name: /Other services/ });
    expect((within(group).getByLabelText('Machine Learning and AI') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(group).getByLabelText('Data and Analytics'));
    await save();
    await waitFor(() => expect(app.location()).toBe('/auth/su/freelancer/service-details/'));
    expect(body).toEqual({ serviceSlugs: ['machine-learning-and-ai', 'data-and-analytics'] });
  });
  it('reopens the leads step on the stored country and state', async () => {
    const custom: AuthUser = { ...withPrimary, leadsLocation: { type: 'custom', country: 'US', state: 'CA' } };
    let body: unknown = null;
    server.use(
      signedInAs(custom),
      saveCall(
        'put',
        'leads-location/update/',
        'Leads location updated.',
        {
          leadsLocation: {
            type: 'custom',
            country: 'US',
            countryName: 'United States',
            state: 'CA',
            stateName: 'California',
            label: 'California, United States',
          },
        },
        (received) => (body = received),
      ),
    );
    renderApp('/auth/su/freelancer/leads/');
    await screen.findByRole('heading', { level: 1, name: 'Where do you want leads from?' });
    expect((screen.getByLabelText('My Location Only') as HTMLInputElement).checked).toBe(true);
    const country = (await screen.findByLabelText(/^Country/)) as HTMLSelectElement;
    await within(country).findByRole('option', { name: 'United States' });
    expect(country.value).toBe('US');
    const state = screen.getByLabelText(/State or region/) as HTMLSelectElement;
    await within(state).findByRole('option', { name: 'California' });
    expect(state.value).toBe('CA');
    await save();
    await waitFor(() => expect(body).toEqual({ type: 'custom', country: 'US', state: 'CA' }));
  });

  it('reopens service details on what is stored for each service, and names the saved sample project', async () => {
    const done: AuthUser = {
      ...withLeads,
      primaryService: {
        slug: 'finance-transformation',
        name: 'Finance Transformation',
        project: { id: '6f1c2a9e-3b7d-4e8a-9c5f-2d1e0b4a7c63' },
      },
      otherServices: [{ slug: 'data-and-analytics', name: 'Data and Analytics', project: null }],
    };
    const finance: FreelancerServiceDetails = {
      service: { slug: 'finance-transformation', label: 'Finance Transformation' },
      isPrimary: true,
      completed: true,
      description: 'I redesign month-end close and planning for SaaS finance teams of five to fifty people.',
      hourlyRate: { amount: 95.5, currency: 'EUR' },
      yearsOfExperience: 9,
      tools: [{ id: 412, slug: 'netsuite', name: 'NetSuite' }],
      projectCount: 1,
      project: {
        id: '6f1c2a9e-3b7d-4e8a-9c5f-2d1e0b4a7c63',
        service: { slug: 'finance-transformation', label: 'Finance Transformation' },
        title: 'Month-end close redesign',
        excerpt: 'Cut the close from nine working days to four.',
        projectSize: { slug: 'small', label: 'Small' },
        coverImageUrl: null,
        tools: [],
        startedOn: '2025-09-01',
        completedOn: null,
        imageCount: 1,
        fileCount: 0,
        updatedAt: '2026-02-16T11:40:00Z',
      },
      updatedAt: '2026-02-16T11:40:00Z',
    };
    const data: FreelancerServiceDetails = {
      service: { slug: 'data-and-analytics', label: 'Data and Analytics' },
      isPrimary: false,
      completed: false,
      description: null,
      hourlyRate: null,
      yearsOfExperience: null,
      tools: [],
      projectCount: 0,
      project: null,
      updatedAt: null,
    };
    server.use(
      currencies,
      tools,
      signedInAs(done),
      settingsRead({ primaryService: financePrimary, services: [finance, data] }),
    );
    renderApp('/auth/su/freelancer/service-details/');
    const description = (await screen.findByLabelText(/What you offer/)) as HTMLTextAreaElement;
    expect(description.value).toBe(finance.description);
    expect((screen.getByLabelText(/Hourly rate/) as HTMLInputElement).value).toBe('95.5');
    expect((screen.getByLabelText(/Years of experience/) as HTMLInputElement).value).toBe('9');
    const currency = screen.getByLabelText(/^Currency/) as HTMLSelectElement;
    await waitFor(() => expect(currency.value).toBe('EUR'));
    const chosenTools = await screen.findByRole('list', { name: 'Chosen tools' });
    await within(chosenTools).findByText('NetSuite');
    expect(screen.getByText(/Your sample project “Month-end close redesign” is saved/)).toBeTruthy();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Describe your primary service');

    // Another service starts from its own stored details: none yet.
    await userEvent.selectOptions(screen.getByLabelText(/^Service/), 'data-and-analytics');
    await waitFor(() => expect(description.value).toBe(''));
    // The heading, the form's region and the page title name the service now described.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Describe your Data and Analytics service');
    expect(screen.getByRole('region', { name: 'Describe your Data and Analytics service' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Describe your Data and Analytics service \|/));
    await userEvent.selectOptions(screen.getByLabelText(/^Service/), '');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Describe one of your services');
    expect((screen.getByLabelText(/Years of experience/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Chosen tools' })).toBeNull();
  });
});
