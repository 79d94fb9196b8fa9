import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { ok } from '@/testing/apiFixtures';
import { renderApp } from '@/testing/renderApp';
import { PROPOSAL_ID, REF_ID, summary, TITLE } from './testFixtures';

configure({ asyncUtilTimeout: 6000 });
vi.setConfig({ testTimeout: 30_000 });

const SLOW = { timeout: 8000 };
const LIST_URL = '*/api/service/request/proposal/all/';

/** Answers the list with `items` (of `total` in all) and keeps the queries asked. */
function list(items = [summary()], total = items.length) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(LIST_URL, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const pageSize = Number(params.get('pageSize') ?? 20);
      const page = Number(params.get('page') ?? 1);
      return HttpResponse.json(
        ok({ items, pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } }),
      );
    }),
  );
  return asked;
}

beforeEach(() => useScenario('freelancer'));

describe('/dashboard/proposals/', () => {
  it('lists the proposals with the job, price, duration, status and date', async () => {
    list([
      summary(),
      summary({
        id: '6b1d3f5a-7c9e-4b2d-8f40-2a6c8e0b4d19',
        request: { id: 'c4d8a2e6-1f3b-4a7c-9e05-8b2d6f4a0c17', refId: 'VR-4H8N2B6C', title: 'Churn model' },
        price: { amount: 95, currency: 'USD' },
        priceType: 'hourly',
        status: 'shortlisted',
      }),
    ]);
    renderApp('/dashboard/proposals/');
    const rows = within(await screen.findByRole('list', { name: 'Your proposals' }, SLOW)).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: TITLE }).getAttribute('href')).toBe(`/jobs/${REF_ID}/`);
    expect(first.getByText('$18,500')).toBeTruthy();
    expect(first.getByText('1 to 3 months')).toBeTruthy();
    expect(first.getByText('Submitted')).toBeTruthy();
    expect(first.getByText('10 Mar 2026')).toBeTruthy();
    expect(first.getByRole('link', { name: `Open your proposal on ${TITLE}` }).getAttribute('href')).toBe(
      `/dashboard/proposals/${PROPOSAL_ID}/details/`,
    );
    const second = within(rows[1]!);
    expect(second.getByText('$95/hr')).toBeTruthy();
    expect(second.getByText('Shortlisted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
  });

  it('filters by the tab in the URL, and pages', async () => {
    const asked = list([summary({ status: 'declined' })], 45);
    const app = renderApp('/dashboard/proposals/?status=declined');
    await screen.findByRole('list', { name: 'Your proposals' }, SLOW);
    expect(asked.at(-1)!.get('status')).toBe('declined');
    expect(screen.getByRole('link', { name: 'Declined' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('45 proposals declined')).toBeTruthy();

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    await userEvent.setup().click(within(pages).getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/proposals/?status=declined&page=2'));
    await waitFor(() => expect(asked.at(-1)!.get('page')).toBe('2'));

    await userEvent.setup().click(screen.getByRole('link', { name: 'Withdrawn' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/proposals/?status=withdrawn'));
    await waitFor(() => expect(asked.at(-1)!.get('status')).toBe('withdrawn'));
  });

  it('reads an unknown status or page in the URL as the All tab, page 1', async () => {
    const asked = list();
    renderApp('/dashboard/proposals/?status=lost&page=-3');
    await screen.findByRole('list', { name: 'Your proposals' }, SLOW);
    expect(asked.at(-1)!.get('status')).toBeNull();
    expect(asked.at(-1)!.get('page')).toBe('1');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
  });

  it('leads to the job board when there is no proposal yet', async () => {
    list([]);
    renderApp('/dashboard/proposals/');
    expect(await screen.findByRole('heading', { name: 'You have not sent a proposal yet' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find jobs' }).getAttribute('href')).toBe('/find/jobs/');
  });

  it('gives a client the 403 page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useScenario('client');
    renderApp('/dashboard/proposals/');
    expect((await screen.findByRole('heading', { level: 1 }, SLOW)).textContent).toContain('403');
  });
});
