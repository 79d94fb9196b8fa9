import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import type { ServiceRequestSummary } from '@/api/generated/model';
import { renderApp } from '@/testing/renderApp';
import { REQUESTS_PAGE_SIZE } from './ClientRequestsPage';
import { summary } from '@/testing/requestFixtures';

/** The whole app starts in each test (session check, route tree): allow for a slow machine. */
const SLOW = { timeout: 5000 };

const LIST_PATH = '*/api/service/client/request/all/';

/** Answers R04 from `all`, filtered and paged like the server, and records each call's query. */
function serveRequests(all: ServiceRequestSummary[]) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get(LIST_PATH, ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      const status = params.get('status');
      const page = Number(params.get('page') ?? '1');
      const pageSize = Number(params.get('pageSize') ?? '20');
      const matching = status ? all.filter((item) => item.status === status) : all;
      return HttpResponse.json({
        status: 'success',
        message: 'OK',
        data: {
          items: matching.slice((page - 1) * pageSize, page * pageSize),
          pagination: {
            page,
            pageSize,
            total: matching.length,
            totalPages: Math.ceil(matching.length / pageSize),
          },
        },
      });
    }),
  );
  return calls;
}

const REQUESTS = [
  summary({
    id: '11111111-1111-4111-8111-111111111111',
    refId: 'VR-AAAA1111',
    title: 'Power BI dashboards for a distributor',
    status: 'in-review',
    proposalCount: 4,
    unreadMessageCount: 2,
  }),
  summary({
    id: '22222222-2222-4222-8222-222222222222',
    refId: 'VR-BBBB2222',
    title: 'Shopify store redesign',
    family: { slug: 'web-design-and-development', name: 'Web Design and Development' },
    subFamily: null,
    status: 'awarded',
    proposalCount: 1,
    closesAt: null,
  }),
  summary({
    id: '33333333-3333-4333-8333-333333333333',
    refId: 'VR-CCCC3333',
    title: 'Churn model for a subscription app',
    status: 'open',
    proposalCount: 0,
  }),
];

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Your requests' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

beforeEach(() => useScenario('client'));

describe('ClientRequestsPage', () => {
  it('lists the requests in the order given with status, counts and dates', async () => {
    const calls = serveRequests(REQUESTS);
    renderApp('/dashboard/requests/');

    await screen.findByRole('link', { name: 'Power BI dashboards for a distributor' }, SLOW);
    expect(cardTitles()).toEqual([
      'Power BI dashboards for a distributor',
      'Shopify store redesign',
      'Churn model for a subscription app',
    ]);
    const list = screen.getByRole('list', { name: 'Your requests' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('request-card'));
    expect(items).toHaveLength(3);

    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('In review')).toBeTruthy();
    expect(within(first).getByText('4 proposals')).toBeTruthy();
    expect(within(first).getByText('2 unread messages')).toBeTruthy();
    expect(within(first).getByText('VR-AAAA1111')).toBeTruthy();
    expect(within(first).getByText('Data and Analytics / Business Analytics')).toBeTruthy();
    expect(within(first).getByText('2 days ago')).toBeTruthy();
    expect(within(first).getByText(/^Closes/)).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: /Power BI/ })
        .getAttribute('href'),
    ).toBe('/dashboard/requests/11111111-1111-4111-8111-111111111111/details/');

    expect(within(second).getByText('Awarded')).toBeTruthy();
    expect(within(second).getByText('1 proposal')).toBeTruthy();
    expect(within(second).getByText('Web Design and Development')).toBeTruthy();
    expect(within(second).queryByText(/unread/)).toBeNull();
    expect(within(second).queryByText(/^Closes/)).toBeNull();

    expect(within(third).getByText('Open')).toBeTruthy();
    expect(within(third).getByText('No proposals yet')).toBeTruthy();

    expect(calls[0]?.get('status')).toBeNull();
    expect(calls[0]?.get('page')).toBe('1');
    expect(screen.getAllByRole('link', { name: 'Post a request' })[0]?.getAttribute('href')).toBe('/request/new/');
  });

  it('filters by status through the URL and asks the server again', async () => {
    const calls = serveRequests(REQUESTS);
    const app = renderApp('/dashboard/requests/');
    await screen.findByRole('link', { name: 'Shopify store redesign' }, SLOW);

    const filters = screen.getByRole('navigation', { name: 'Filter by status' });
    expect(within(filters).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(filters).getByRole('link', { name: 'Awarded' }));

    await waitFor(() => expect(app.location()).toBe('/dashboard/requests/?status=awarded'));
    await waitFor(() => expect(cardTitles()).toEqual(['Shopify store redesign']));
    expect(calls.at(-1)?.get('status')).toBe('awarded');
    expect(within(filters).getByRole('link', { name: 'Awarded' }).getAttribute('aria-current')).toBe('page');
    expect(within(filters).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens with the status of the URL and says when none has it', async () => {
    const calls = serveRequests(REQUESTS);
    renderApp('/dashboard/requests/?status=expired');
    expect(await screen.findByRole('heading', { name: 'No requests are expired' }, SLOW)).toBeTruthy();
    expect(calls[0]?.get('status')).toBe('expired');
    expect(screen.getByRole('link', { name: 'Show all requests' }).getAttribute('href')).toBe('/dashboard/requests/');
  });

  it('shows the first-request empty state when the client has none', async () => {
    serveRequests([]);
    renderApp('/dashboard/requests/');
    const heading = await screen.findByRole('heading', { name: 'You have not posted a request yet' }, SLOW);
    const empty = heading.parentElement!;
    expect(within(empty).getByRole('link', { name: 'Post a request' }).getAttribute('href')).toBe('/request/new/');
    expect(screen.queryByRole('list', { name: 'Your requests' })).toBeNull();
  });

  it('pages through the requests with the page in the URL', async () => {
    const many = Array.from({ length: REQUESTS_PAGE_SIZE + 3 }, (_, index) =>
      summary({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        title: `Request number ${index + 1}`,
      }),
    );
    const calls = serveRequests(many);
    const app = renderApp('/dashboard/requests/');
    await screen.findByRole('link', { name: 'Request number 1' }, SLOW);
    expect(cardTitles()).toHaveLength(REQUESTS_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(calls[0]?.get('pageSize')).toBe(String(REQUESTS_PAGE_SIZE));

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/requests/?page=2'));
    await screen.findByRole('link', { name: `Request number ${REQUESTS_PAGE_SIZE + 1}` });
    expect(cardTitles()).toEqual(['Request number 11', 'Request number 12', 'Request number 13']);
    expect(calls.at(-1)?.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/requests/'));
    await screen.findByRole('link', { name: 'Request number 1' }, SLOW);
  });

  it('says what failed and tries again', async () => {
    let fail = true;
    server.use(
      http.get(LIST_PATH, () =>
        fail
          ? HttpResponse.json({ status: 'error', message: 'The server is busy.', code: 'internal' }, { status: 500 })
          : HttpResponse.json({
              status: 'success',
              message: 'OK',
              data: { items: REQUESTS, pagination: { page: 1, pageSize: 10, total: 3, totalPages: 1 } },
            }),
      ),
    );
    renderApp('/dashboard/requests/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load your requests')).toBeTruthy();
    expect(within(alert).getByText('The server is busy.')).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Shopify store redesign' }, SLOW)).toBeTruthy();
  });

  it('tells a freelancer that requests belong to clients, without asking for them', async () => {
    useScenario('freelancer');
    const calls = serveRequests(REQUESTS);
    renderApp('/dashboard/requests/');
    expect(await screen.findByRole('heading', { name: 'Requests belong to client accounts' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find jobs' }).getAttribute('href')).toBe('/find/jobs/');
    expect(calls).toHaveLength(0);
  });

  it('says once, after posting, that the request is posted with its reference', async () => {
    serveRequests(REQUESTS);
    sessionStorage.setItem('service_request_refid', 'VR-CCCC3333');
    const app = renderApp('/dashboard/requests/');
    const notice = await screen.findByText(/Your request is posted\. Its reference is/, undefined, SLOW);
    expect(notice.textContent).toContain('VR-CCCC3333');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem('service_request_refid')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Your request is posted/)).toBeNull();
    app.unmount();

    // Shown once: coming back to the list does not say it again.
    renderApp('/dashboard/requests/');
    await screen.findByRole('link', { name: 'Shopify store redesign' }, SLOW);
    expect(screen.queryByText(/Your request is posted/)).toBeNull();
  });
});
