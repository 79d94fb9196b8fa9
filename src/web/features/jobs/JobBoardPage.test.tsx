import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { server } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { handlersFor } from '../../../../mocks/scenarios';
import type { PublicServiceRequestSearchPage } from '@/api/generated/model';
import { getSearchPublicServiceRequestsQueryKey } from '@/api/generated/requests/requests';
import { createAppRouter } from '@/router';
import { renderApp } from '@/testing/renderApp';
import { badQuery, catalogueLists, facets, job, NEW_FAMILY_FACET, searchPage } from './testFixtures';

// The whole app renders (router, auth, forms); give it time on a busy machine.
configure({ asyncUtilTimeout: 4000 });

/**
 * Answers the board's search with `respond` (a page, or a Response for an error) and keeps
 * every URL it was asked.
 */
function board(
  respond: (url: URL) => PublicServiceRequestSearchPage | Response | Promise<PublicServiceRequestSearchPage>,
) {
  const asked: URL[] = [];
  server.use(
    ...catalogueLists,
    http.get('/api/service/public/requests/:query', async ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const body = await respond(url);
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  const last = () => asked[asked.length - 1]!;
  return { asked, last };
}

async function open(path: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return app;
}

const resultsCount = () => screen.getByRole('heading', { level: 2, name: /\bjobs?\b|Loading/ }).textContent;

beforeEach(() => {
  server.use(...handlersFor('visitor'));
});

describe('the job board', () => {
  it('shows the cards, the count and the family counts of the answer', async () => {
    const { last } = board(() =>
      searchPage([job(), job({ id: 'b', refId: 'VR-6T3J9L5P', title: 'Tableau to Power BI migration', tools: [] })], {
        total: 1234,
        counts: { 'data-and-analytics': 1200, 'finance-transformation': 34 },
      }),
    );
    await open('/find/jobs/');

    await waitFor(() => expect(resultsCount()).toBe('1,234 jobs'));
    expect(last().pathname).toBe('/api/service/public/requests/all');
    expect([...last().searchParams.keys()]).toEqual([]);

    const card = screen.getByRole('article', { name: 'Power BI sales and inventory dashboards' });
    const scope = within(card);
    expect(scope.getByRole('link', { name: 'Power BI sales and inventory dashboards' }).getAttribute('href')).toBe(
      '/jobs/VR-7K3D9Q2M/',
    );
    expect(card.textContent).toContain('Data and Analytics · Business Analytics');
    expect(scope.getByText('$10,000 – $25,000')).toBeTruthy();
    expect(scope.getByText('1 to 3 months')).toBeTruthy();
    expect(scope.getByText('By milestones')).toBeTruthy();
    const tools = within(scope.getByRole('list', { name: 'Tools' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(tools).toEqual(['Power BI', 'NetSuite', 'HubSpot', 'Excel', 'SQL', '+2 more']);
    expect(scope.getByText('Posted 3 days ago')).toBeTruthy();
    expect(scope.getByText('4 proposals')).toBeTruthy();
    expect(scope.getByText('Client in United States')).toBeTruthy();
    expect(scope.getByText('6 requests posted')).toBeTruthy();
    expect(scope.queryByText('You proposed')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);

    const services = screen.getByRole('group', { name: 'Service' });
    expect(within(services).getByRole('radio', { name: /All services/ })).toHaveProperty('checked', true);
    expect(within(services).getByText('Data and Analytics').parentElement?.textContent).toBe('Data and Analytics1,200');
    expect(within(services).getByText('Finance Transformation').parentElement?.textContent).toBe(
      'Finance Transformation34',
    );
    expect(within(services).getByText('All services').parentElement?.textContent).toBe('All services1,234');
  });

  it('puts a changed filter in the URL and asks the server with it, back on page 1', async () => {
    const { last } = board(() => searchPage([job()], { total: 45, page: 2 }));
    const app = await open('/find/jobs/?page=2');
    await waitFor(() => expect(resultsCount()).toBe('45 jobs'));

    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(app.location()).toBe('/find/jobs/?postedWithin=7d'));
    await waitFor(() => expect(last().searchParams.get('postedWithin')).toBe('7d'));
    expect(last().searchParams.get('page')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Payment type'), 'Hourly');
    await waitFor(() => expect(app.location()).toBe('/find/jobs/?paymentType=hourly&postedWithin=7d'));
    await waitFor(() => expect(last().searchParams.get('paymentType')).toBe('hourly'));

    await userEvent.type(screen.getByLabelText('Min'), '500');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await userEvent.click(screen.getByRole('button', { name: 'Apply budget' }));
    await waitFor(() => expect(last().searchParams.get('budgetMin')).toBe('500'));
    expect(last().searchParams.get('currency')).toBe('EUR');
    expect(app.location()).toContain('budgetMin=500');

    // A family moves to its own path and keeps the other filters.
    await userEvent.click(screen.getByRole('radio', { name: /Data and Analytics/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/find/data-and-analytics/jobs/'));
    await waitFor(() => expect(last().searchParams.get('family')).toBe('data-and-analytics'));
    expect(last().searchParams.get('postedWithin')).toBe('7d');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Find Data and Analytics jobs');
    // Its sub-families appear.
    await userEvent.click(screen.getByRole('radio', { name: 'Business Analytics' }));
    await waitFor(() => expect(last().searchParams.get('subFamily')).toBe('business'));
  });

  it('searches the typed text after a pause, URL-encoded in the path, and offers relevance then', async () => {
    const { last } = board(() => searchPage([job()]));
    const app = await open('/find/jobs/');
    expect(
      within(screen.getByLabelText('Sort by'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).not.toContain('Relevance');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'c# & sql');
    await waitFor(() => expect(last().pathname).toBe('/api/service/public/requests/c%23%20%26%20sql'));
    expect(app.router.state.location.search).toEqual({ q: 'c# & sql' });
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('relevance');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Budget: high to low');
    await waitFor(() => expect(last().searchParams.get('sort')).toBe('budget-high'));
  });

  it('tells an empty board from a search that matches nothing, and clears the filters', async () => {
    const { last } = board(() => searchPage([]));
    const first = await open('/find/jobs/');
    expect(await screen.findByRole('heading', { name: 'No open jobs right now' })).toBeTruthy();
    first.unmount();

    const app = await open('/find/jobs/?postedWithin=24h&budgetMax=100');
    expect(await screen.findByRole('heading', { name: 'No jobs match your search' })).toBeTruthy();
    expect(resultsCount()).toBe('0 jobs');
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear[clear.length - 1]!);
    await waitFor(() => expect(app.location()).toBe('/find/jobs/'));
    await waitFor(() => expect([...last().searchParams.keys()]).toEqual([]));
    expect(await screen.findByRole('heading', { name: 'No open jobs right now' })).toBeTruthy();
  });

  it('pages through the results with the page in the URL', async () => {
    const { last } = board((url) =>
      searchPage([job({ title: `Job on page ${url.searchParams.get('page') ?? 1}` })], {
        total: 45,
        page: Number(url.searchParams.get('page') ?? 1),
      }),
    );
    const app = await open('/find/jobs/?sort=oldest');
    await screen.findByText('Job on page 1');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('1').closest('[aria-current="page"]')).toBeTruthy();

    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    await screen.findByText('Job on page 2');
    expect(app.location()).toBe('/find/jobs/?sort=oldest&page=2');
    expect(last().searchParams.get('page')).toBe('2');
    expect(last().searchParams.get('sort')).toBe('oldest');
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/find/jobs/?sort=oldest&page=3',
    );
  });

  it('asks for the first answer in the route loader, before the page renders', async () => {
    const { asked } = board(() => searchPage([job()]));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: ['/'] }) });
    router.update({
      ...router.options,
      context: { ...router.options.context, auth: { isAuthenticated: false, user: null, isLoading: false } },
    });
    // Runs the route's guards and loader, renders nothing.
    await router.preloadRoute({ to: '/find/jobs/', search: { q: 'power bi', postedWithin: '7d' } });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.pathname).toBe('/api/service/public/requests/power%20bi');
    expect(asked[0]!.searchParams.get('postedWithin')).toBe('7d');
    // Under the key the page reads.
    const key = getSearchPublicServiceRequestsQueryKey('power%20bi', { postedWithin: '7d' });
    await waitFor(() => expect(queryClient.getQueryData(key)).toBeDefined());
  });

  it('shows an error with a retry that asks again', async () => {
    let calls = 0;
    server.use(
      ...catalogueLists,
      answer('SearchPublicServiceRequests', () => {
        calls += 1;
        return calls === 1 ? ({ status: 'error', message: 'down' } as never) : searchPage([job()]);
      }),
    );
    await open('/find/jobs/');
    expect(await screen.findByRole('heading', { name: 'We could not load the jobs' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Power BI sales and inventory dashboards' })).toBeTruthy();
  });

  it('marks the jobs a provider proposed on or was invited to', async () => {
    server.use(...handlersFor('freelancer'));
    board(() =>
      searchPage([
        job({ viewer: { myProposalId: '7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33', invited: false } }),
        job({
          id: 'b',
          refId: 'VR-6T3J9L5P',
          title: 'Invited job title',
          viewer: { myProposalId: null, invited: true },
        }),
      ]),
    );
    await open('/find/jobs/');
    const proposed = await screen.findByRole('article', { name: 'Power BI sales and inventory dashboards' });
    expect(within(proposed).getByText('You proposed')).toBeTruthy();
    expect(within(proposed).queryByText('Invited')).toBeNull();
    const invited = screen.getByRole('article', { name: 'Invited job title' });
    expect(within(invited).getByText('Invited')).toBeTruthy();
  });

  it('opens a family’s board from its path, and 404s a path that is not a family slug', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { asked, last } = board(() => searchPage([job()]));
    const first = await open('/find/finance-transformation/jobs/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Find Finance Transformation jobs');
    await waitFor(() => expect(last().searchParams.get('family')).toBe('finance-transformation'));
    expect(screen.getByRole('radio', { name: /Finance Transformation/ })).toHaveProperty('checked', true);
    first.unmount();

    const before = asked.length;
    await open('/find/not--a-family/jobs/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('404');
    expect(asked.length).toBe(before);
  });

  it('lists the families of the answer, a new one with its count, and opens its board', async () => {
    const cybersecurityJob = job({
      id: 'c',
      refId: 'VR-3C9Y8S2K',
      title: 'Penetration test of a customer portal',
      family: { slug: 'cybersecurity', name: 'Cybersecurity' },
      subFamily: null,
    });
    const families = [...facets({ 'data-and-analytics': 2 }), NEW_FAMILY_FACET];
    const { last } = board(() => searchPage([cybersecurityJob], { total: 5, families }));
    const app = await open('/find/jobs/');
    await waitFor(() => expect(resultsCount()).toBe('5 jobs'));

    const services = screen.getByRole('group', { name: 'Service' });
    expect(within(services).getByText('Cybersecurity').parentElement?.textContent).toBe('Cybersecurity3');
    expect(
      within(services)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.querySelector('.search-filter__label')?.textContent),
    ).toEqual(['All services', ...families.map((family) => family.name)]);

    await userEvent.click(within(services).getByRole('radio', { name: /Cybersecurity/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/find/cybersecurity/jobs/'));
    await waitFor(() => expect(last().searchParams.get('family')).toBe('cybersecurity'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Find Cybersecurity jobs');
    expect(screen.getByRole('radio', { name: /Cybersecurity/ })).toHaveProperty('checked', true);
    // The forms have no sub-family of it.
    expect(screen.queryByRole('group', { name: 'Area' })).toBeNull();
  });

  it('offers the built-in families while the first answer loads, then the answer’s', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    board(async () => {
      await gate;
      return searchPage([job()], { families: [...facets(), NEW_FAMILY_FACET] });
    });
    await open('/find/jobs/?family=cybersecurity');

    const services = screen.getByRole('group', { name: 'Service' });
    expect(within(services).getByRole('radio', { name: 'Data and Analytics' })).toBeTruthy();
    // The family of the URL stays chosen, named from its slug until the answer names it.
    expect(within(services).getByRole('radio', { name: 'Cybersecurity' })).toHaveProperty('checked', true);
    release();
    await waitFor(() =>
      expect(within(services).getByText('Cybersecurity').parentElement?.textContent).toBe('Cybersecurity3'),
    );
    expect(within(services).getByRole('radio', { name: /Cybersecurity/ })).toHaveProperty('checked', true);
  });

  it('asks the server for any well-formed `?family=` and drops a malformed one', async () => {
    const { asked, last } = board(() => searchPage([job()], { families: [...facets(), NEW_FAMILY_FACET] }));
    const first = await open('/find/jobs/?family=cybersecurity');
    await waitFor(() => expect(last().searchParams.get('family')).toBe('cybersecurity'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Find Cybersecurity jobs');
    first.unmount();

    const app = await open('/find/jobs/?family=Cyber_Security');
    await waitFor(() => expect(resultsCount()).toBe('1 job'));
    expect(asked.map((url) => url.searchParams.get('family'))).toEqual(['cybersecurity', null]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Find jobs');
    expect(screen.getByRole('radio', { name: /All services/ })).toHaveProperty('checked', true);
    // The next change leaves it out of the URL.
    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(app.location()).toBe('/find/jobs/?postedWithin=7d'));
  });

  it('shows the 404 page for a family path the catalogue does not have', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { last } = board((url) =>
      url.searchParams.get('family') === 'no-such-family'
        ? HttpResponse.json(badQuery('query.family'), { status: 400 })
        : searchPage([job()]),
    );
    await open('/find/no-such-family/jobs/');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('404'));
    expect(last().searchParams.get('family')).toBe('no-such-family');
    expect(screen.getByText('Sorry, the page is not found.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Service' })).toBeNull();
  });

  it('keeps the board with a filter error for an unknown `?family=` on /find/jobs/', async () => {
    board((url) =>
      url.searchParams.get('family') === 'no-such-family'
        ? HttpResponse.json(badQuery('query.family'), { status: 400 })
        : searchPage([job()]),
    );
    const app = await open('/find/jobs/?family=no-such-family');
    expect(await screen.findByRole('heading', { name: 'We could not load the jobs' })).toBeTruthy();
    expect(screen.getByText('Some of the filters were not accepted. Clear them and try again.')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear[clear.length - 1]!);
    await waitFor(() => expect(app.location()).toBe('/find/jobs/'));
    expect(await screen.findByRole('article', { name: 'Power BI sales and inventory dashboards' })).toBeTruthy();
  });

  it('gives a signed-in client the 403 page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(...handlersFor('client'));
    await open('/find/data-and-analytics/jobs/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('403');
  });
});
