import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { handlersFor } from '../../../../mocks/scenarios';
import { renderApp } from '@/testing/renderApp';
import { badQuery, businessCard, freelancerCard, optionLists, page } from './testFixtures';

// The whole app renders (router, auth, forms); give it time on a busy machine.
configure({ asyncUtilTimeout: 4000 });

/** Answers a directory call with `respond` and keeps every URL it was asked. */
function directory(path: string, respond: (url: URL) => object | Response) {
  const asked: URL[] = [];
  server.use(
    ...optionLists,
    http.get(path, ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const body = respond(url);
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  const last = () => asked[asked.length - 1]!;
  return { asked, last };
}

const businesses = (respond: (url: URL) => object | Response) =>
  directory('/api/account/public/business/all/', respond);
const professionals = (respond: (url: URL) => object | Response) =>
  directory('/api/account/public/freelancer/all/', respond);

async function open(path: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return app;
}

const resultsCount = () => screen.getByRole('heading', { level: 2, name: /business|professional|Loading/ }).textContent;

beforeEach(() => {
  server.use(...handlersFor('visitor'));
});

describe('the business directory', () => {
  it('shows the cards and the count of the answer', async () => {
    const { last } = businesses(() =>
      page([businessCard(), businessCard({ companyId: 'ledgerline', name: 'Ledgerline', badge: null })], {
        total: 42,
      }),
    );
    await open('/find/businesses/');
    await waitFor(() => expect(resultsCount()).toBe('42 businesses'));
    expect(last().searchParams.get('pageSize')).toBe('20');
    expect(last().searchParams.get('service')).toBeNull();

    const card = screen.getByRole('article', { name: /Northwind Analytics/ });
    const scope = within(card);
    expect(scope.getByRole('link', { name: 'Northwind Analytics' }).getAttribute('href')).toBe(
      '/business/northwind-analytics/',
    );
    expect(scope.getByText('Featured')).toBeTruthy();
    expect(scope.getByText('NA')).toBeTruthy();
    expect(scope.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeTruthy();
    const chips = within(scope.getByRole('list', { name: 'Services' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(chips).toEqual(['FP&A Revolution', 'Business Analytics']);
    expect(scope.getByText('$100 - $149 / hr')).toBeTruthy();
    expect(scope.getByText('$25,000+')).toBeTruthy();
    expect(scope.getByText('10 - 49 employees')).toBeTruthy();
    // The state by its name from the catalogue, never its code.
    expect(await scope.findByText('San Francisco, California, United States')).toBeTruthy();
    expect(scope.getByText('Member since March 2026')).toBeTruthy();
    expect(scope.getByRole('button', { name: 'Contact Northwind Analytics' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('marks sponsored listings and explains the ranking in the words of the sort', async () => {
    businesses(() =>
      page([
        businessCard(),
        businessCard({ companyId: 'ledgerline', name: 'Ledgerline', badge: 'pro', sponsored: false }),
      ]),
    );
    const app = await open('/find/businesses/');
    const sponsored = await screen.findByRole('article', { name: /^Northwind Analytics.*Sponsored$/ });
    expect(within(sponsored).getByText('Sponsored')).toBeTruthy();
    const other = screen.getByRole('article', { name: /Ledgerline/ });
    expect(within(other).queryByText('Sponsored')).toBeNull();
    expect(other.getAttribute('aria-labelledby')).toBe('business-ledgerline-name');

    const note = screen.getByText('How results are ranked').closest('details')!;
    expect(note.open).toBe(false);
    await userEvent.click(screen.getByText('How results are ranked'));
    expect(note.open).toBe(true);
    expect(note.textContent).toContain('Sponsored listings come first');
    expect(note.textContent).toContain('ordered by rating, highest first');
    expect(within(note).getByRole('link', { name: 'About plans' }).getAttribute('href')).toBe('/pricing/');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Name (A to Z)');
    await waitFor(() => expect(app.location()).toContain('sort=name'));
    expect(note.textContent).toContain('ordered by name, A to Z');
  });

  it('puts each filter in the URL and asks the server with it, back on page 1', async () => {
    const { asked, last } = businesses(() => page([businessCard()], { total: 45, page: 2 }));
    const app = await open('/find/businesses/?page=2');
    await waitFor(() => expect(resultsCount()).toBe('45 businesses'));
    expect(last().searchParams.get('page')).toBe('2');

    await userEvent.selectOptions(screen.getByLabelText('Hourly rate'), '$100 - $149 / hr');
    await waitFor(() => expect(app.location()).toBe('/find/businesses/?hourlyRate=100-149'));
    await waitFor(() => expect(last().searchParams.get('hourlyRate')).toBe('100-149'));
    expect(last().searchParams.get('page')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Minimum project size'), '$25,000+');
    await waitFor(() => expect(last().searchParams.get('minProjectSize')).toBe('25000-plus'));
    await userEvent.selectOptions(screen.getByLabelText('Employees'), '10 - 49 employees');
    await waitFor(() => expect(last().searchParams.get('employees')).toBe('10-49'));
    expect(app.location()).toContain('employees=10-49');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Highest rated');
    await waitFor(() => expect(last().searchParams.get('sort')).toBe('rating'));

    // A family moves to its own path and keeps the other filters; its sub-families appear.
    await userEvent.click(screen.getByRole('radio', { name: 'Data and Analytics' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/find/data-and-analytics/businesses/'));
    await waitFor(() => expect(last().searchParams.get('service')).toBe('data-and-analytics'));
    expect(last().searchParams.get('hourlyRate')).toBe('100-149');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Data and Analytics businesses');
    await userEvent.click(screen.getByRole('radio', { name: 'Business Analytics' }));
    await waitFor(() => expect(last().searchParams.get('service')).toBe('data-and-analytics/business'));
    expect(app.router.state.location.search).toMatchObject({ service: 'data-and-analytics/business' });

    // Back undoes the last change: the family's answer, still fresh, is shown without asking again.
    const count = asked.length;
    app.router.history.back();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/find/data-and-analytics/businesses/'));
    expect(app.router.state.location.search).not.toHaveProperty('service');
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Data and Analytics' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(asked).toHaveLength(count);
  });

  it('shows the state select once a country with states is chosen, and sends both', async () => {
    const { last } = businesses(() => page([businessCard()]));
    const app = await open('/find/businesses/');
    await waitFor(() => expect(resultsCount()).toBe('1 business'));
    expect(screen.queryByLabelText('State')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Singapore');
    await waitFor(() => expect(last().searchParams.get('country')).toBe('SG'));
    expect(screen.queryByLabelText('State')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Country'), 'United States');
    const state = await screen.findByLabelText('State');
    await userEvent.selectOptions(state, 'California');
    await waitFor(() => expect(app.location()).toBe('/find/businesses/?country=US&state=CA'));
    await waitFor(() => expect(last().searchParams.get('state')).toBe('CA'));
    expect(last().searchParams.get('country')).toBe('US');

    // A new country drops the state.
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Singapore');
    await waitFor(() => expect(app.location()).toBe('/find/businesses/?country=SG'));
  });

  it('searches the typed text after a pause', async () => {
    const { last } = businesses(() => page([businessCard()]));
    const app = await open('/find/businesses/');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search businesses' }), 'netsuite');
    await waitFor(() => expect(last().searchParams.get('q')).toBe('netsuite'));
    expect(app.router.state.location.search).toEqual({ q: 'netsuite' });
  });

  it('offers to clear the filters when nothing matches', async () => {
    const { last } = businesses((url) => page(url.searchParams.get('employees') ? [] : [businessCard()]));
    const app = await open('/find/businesses/?employees=2-9&q=zzz');
    await screen.findByRole('heading', { name: 'No businesses match your search' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(app.location()).toBe('/find/businesses/?q=zzz'));
    await waitFor(() => expect(last().searchParams.get('employees')).toBeNull());
    await screen.findByRole('article', { name: /Northwind Analytics/ });
  });

  it('says when no business is listed yet and links to listing', async () => {
    businesses(() => page([]));
    await open('/find/businesses/');
    await screen.findByRole('heading', { name: 'No businesses listed yet' });
    expect(screen.getByRole('link', { name: 'List your business' }).getAttribute('href')).toBe('/business-listing/');
  });

  it('shows an error with a retry that asks again', async () => {
    let calls = 0;
    businesses(() => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ status: 'error', message: 'Down', code: 'internal' }, { status: 500 })
        : page([businessCard()]);
    });
    await open('/find/businesses/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the businesses')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: /Northwind Analytics/ });
  });

  it('shows the 404 page for a service the catalogue does not have', async () => {
    businesses((url) =>
      url.searchParams.get('service') === 'not-a-service'
        ? HttpResponse.json(badQuery('query.service'), { status: 400 })
        : page([businessCard()]),
    );
    renderApp('/find/not-a-service/businesses/');
    expect(await screen.findByText('Sorry, the page is not found.')).toBeTruthy();
  });

  it('preselects the service of the path', async () => {
    const { last } = businesses(() => page([businessCard()]));
    await open('/find/finance-transformation/businesses/');
    await waitFor(() => expect(last().searchParams.get('service')).toBe('finance-transformation'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Finance Transformation businesses');
    expect(screen.getByRole('radio', { name: 'Finance Transformation' })).toHaveProperty('checked', true);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Businesses');
  });
});

describe('the professionals directory', () => {
  it('shows the cards and the count of the answer', async () => {
    professionals(() => page([freelancerCard()], { total: 1 }));
    await open('/find/professionals/');
    await waitFor(() => expect(resultsCount()).toBe('1 professional'));
    const card = screen.getByRole('article', { name: 'Maya Okafor' });
    const scope = within(card);
    expect(scope.getByRole('link', { name: 'Maya Okafor' }).getAttribute('href')).toBe(
      '/freelancer/7c1e9a52-3b8d-4f60-9e21-5a4d8c0b6f13/',
    );
    expect(scope.getByText('NetSuite and FP&A consultant for SaaS finance teams')).toBeTruthy();
    expect(scope.getByText('Close faster, plan with confidence.')).toBeTruthy();
    expect(scope.getByText('$95/hr')).toBeTruthy();
    expect(scope.getByText('MO')).toBeTruthy();
    expect(scope.getByRole('img', { name: 'Rated 4.8 out of 5 from 12 reviews' })).toBeTruthy();
    expect(scope.getByText('Finance Transformation')).toBeTruthy();
  });

  it('shows the photo when there is one', async () => {
    professionals(() =>
      page([freelancerCard({ avatarUrl: '/api/uploads/a/maya.webp', rating: { average: null, count: 0 } })]),
    );
    await open('/find/professionals/');
    const card = await screen.findByRole('article', { name: 'Maya Okafor' });
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/uploads/a/maya.webp');
    expect(within(card).getByText('No reviews yet')).toBeTruthy();
  });

  it('puts the rate bounds, the service and its area in the URL and the query', async () => {
    const { last } = professionals(() => page([freelancerCard()]));
    const app = await open('/find/professionals/');
    await waitFor(() => expect(resultsCount()).toBe('1 professional'));

    await userEvent.type(screen.getByLabelText('Min ($)'), '150');
    await userEvent.type(screen.getByLabelText('Max ($)'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Apply rate' }));
    expect(screen.getByText('The minimum must not be above the maximum.')).toBeTruthy();
    expect(screen.getByLabelText('Min ($)').getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(screen.getByLabelText('Max ($)'));
    await userEvent.type(screen.getByLabelText('Max ($)'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Apply rate' }));
    await waitFor(() => expect(app.location()).toBe('/find/professionals/?minRate=150&maxRate=200'));
    await waitFor(() => expect(last().searchParams.get('minRate')).toBe('150'));
    expect(last().searchParams.get('maxRate')).toBe('200');

    await userEvent.click(screen.getByRole('radio', { name: 'Data and Analytics' }));
    await waitFor(() => expect(last().searchParams.get('service')).toBe('data-and-analytics'));
    expect(app.router.state.location.pathname).toBe('/find/professionals/');
    await userEvent.click(screen.getByRole('radio', { name: 'Personal Analytics' }));
    await waitFor(() => expect(last().searchParams.get('service')).toBe('data-and-analytics/personal'));

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Rate: low to high');
    await waitFor(() => expect(last().searchParams.get('sort')).toBe('rate-low'));
    expect(last().searchParams.get('minRate')).toBe('150');
  });

  it('reads a shared link: filters checked and sent', async () => {
    const { last } = professionals(() => page([freelancerCard()]));
    await open('/find/professionals/?service=finance-transformation&country=US&state=CA&minRate=50&sort=rating&page=3');
    await waitFor(() => expect(last().searchParams.get('page')).toBe('3'));
    expect(Object.fromEntries(last().searchParams)).toMatchObject({
      service: 'finance-transformation',
      country: 'US',
      state: 'CA',
      minRate: '50',
      sort: 'rating',
    });
    expect(screen.getByRole('radio', { name: 'Finance Transformation' })).toHaveProperty('checked', true);
    expect(((await screen.findByLabelText('State')) as HTMLSelectElement).value).toBe('CA');
    expect((screen.getByLabelText('Min ($)') as HTMLInputElement).value).toBe('50');
  });

  it('says when no professional is listed yet', async () => {
    professionals(() => page([]));
    await open('/find/professionals/');
    await screen.findByRole('heading', { name: 'No professionals listed yet' });
  });

  it('shows an error state when the search fails', async () => {
    professionals(() => HttpResponse.json({ status: 'error', message: 'Down', code: 'internal' }, { status: 500 }));
    await open('/find/professionals/');
    expect(within(await screen.findByRole('alert')).getByText('We could not load the professionals')).toBeTruthy();
  });
});

describe('list your business', () => {
  it('leads a visitor to business sign-up and shows listed businesses', async () => {
    businesses(() => page([businessCard()]));
    await open('/business-listing/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'List your business where clients look for help',
    );
    expect(
      screen.getAllByRole('link', { name: /List your business|Create a business account/ })[0]!.getAttribute('href'),
    ).toBe('/auth/business/signup/');
    await screen.findByRole('article', { name: /Northwind Analytics/ });
  });

  it('leaves the examples out when none is listed', async () => {
    const { asked } = businesses(() => page([]));
    await open('/business-listing/');
    await waitFor(() => expect(asked.length).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Businesses already listed' })).toBeNull();
  });
});
