import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import type { WebsiteSearchInput, WebsiteSearchResponse } from '@/api/generated/model';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { SiteHeader } from '@/ui/SiteHeader';
import { SiteSearch } from './SiteSearch';

type Data = WebsiteSearchResponse['data'];

const JOB = {
  refId: 'VR-7K3D9Q2M',
  title: 'NetSuite to Power BI reporting',
  family: { slug: 'data-and-analytics', name: 'Data and Analytics' },
  budget: { type: 'fixed' as const, min: 10000, max: 25000, currency: 'USD' },
  postedAt: '2026-04-08T10:15:00Z',
};
const PERSON = {
  id: '4b7e1c9a-6d2f-4e8b-9a31-5c0f2d7e8a14',
  displayName: 'Maya Okafor',
  tagline: null,
  avatarUrl: null,
  primaryService: null,
  country: null,
};
const BUSINESS = {
  companyId: 'northwind-analytics',
  name: 'Northwind Analytics',
  logoUrl: null,
  tagline: null,
  services: [],
  country: null,
};

/** Answers every search from `respond` (the asked body in, the data out) and keeps the bodies. */
function searches(respond: (input: WebsiteSearchInput) => Data | 'error', wait = 0) {
  const asked: WebsiteSearchInput[] = [];
  server.use(
    http.post('/api/website/search/', async ({ request }) => {
      const input = (await request.json()) as WebsiteSearchInput;
      asked.push(input);
      if (wait) await delay(wait);
      const data = respond(input);
      if (data === 'error') {
        return HttpResponse.json(
          { status: 'error', message: 'Something went wrong on our side.', code: 'internal' },
          { status: 500 },
        );
      }
      return HttpResponse.json({ status: 'success', message: 'OK', data });
    }),
  );
  return asked;
}

const everything = (input: WebsiteSearchInput): Data => ({
  q: input.q,
  jobs: input.types?.includes('jobs') ? { items: [JOB], total: 14 } : null,
  professionals: { items: [PERSON], total: 1 },
  businesses: { items: [BUSINESS], total: 9 },
});

async function openSearch({ signedIn = false } = {}) {
  const user = userEvent.setup();
  const rendered = renderWithRouter(<SiteHeader search={<SiteSearch />} />);
  if (signedIn) await screen.findByRole('link', { name: 'Dashboard' });
  const trigger = await screen.findByRole('button', { name: 'Search the site' });
  await user.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: 'Search the site' });
  const input = within(dialog).getByRole('combobox', { name: 'Search jobs, professionals and businesses' });
  return { ...rendered, user, trigger, dialog, input };
}

const optionNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('option')
    .map((option) => option.querySelector('.site-search__option-label')?.textContent);

beforeEach(() => useScenario('visitor'));

describe('the header search', () => {
  it('waits for two characters and a pause, then shows the groups with their "see all" links', async () => {
    const asked = searches(everything);
    const { dialog, input, user } = await openSearch();
    // The focus moves to the field once the dialog has mounted.
    await waitFor(() => expect(document.activeElement).toBe(input));

    await user.type(input, 'n');
    expect(within(dialog).getByRole('status').textContent).toBe('Type at least 2 characters.');
    await user.type(input, 'et');
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(0));
    expect(asked).toEqual([{ q: 'net', types: ['jobs', 'professionals', 'businesses'], limit: 5 }]);

    const groups = within(dialog)
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-labelledby'));
    expect(groups.map((id) => document.getElementById(id!)?.textContent)).toEqual([
      'Jobs',
      'Professionals',
      'Businesses',
    ]);
    expect(optionNames(dialog)).toEqual([
      'NetSuite to Power BI reporting',
      'See all 14 jobs',
      'Maya Okafor',
      'See all 1 professional',
      'Northwind Analytics',
      'See all 9 businesses',
    ]);
    expect(within(dialog).getByRole('option', { name: /NetSuite to Power BI/ }).textContent).toContain(
      'Data and Analytics · $10,000 – $25,000',
    );
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    searches(everything);
    const { dialog, input, user, router } = await openSearch();
    await user.type(input, 'north');
    await within(dialog).findByRole('option', { name: /Northwind Analytics/ });

    const selected = () => within(dialog).getByRole('option', { selected: true });
    expect(selected().textContent).toContain('NetSuite to Power BI reporting');
    expect(input.getAttribute('aria-activedescendant')).toBe(selected().id);
    await user.keyboard('{ArrowUp}');
    expect(selected().textContent).toBe('See all 9 businesses');
    await user.keyboard('{ArrowDown}');
    expect(selected().textContent).toContain('NetSuite to Power BI reporting');
    await user.keyboard('{ArrowDown}');
    expect(selected().textContent).toBe('See all 14 jobs');
    expect(input.getAttribute('aria-activedescendant')).toBe(selected().id);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/find/jobs/?q=north'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['Maya Okafor', '/freelancer/4b7e1c9a-6d2f-4e8b-9a31-5c0f2d7e8a14/'],
    ['Northwind Analytics', '/business/northwind-analytics/'],
    ['See all 1 professional', '/find/professionals/?q=ma+ya'],
    ['NetSuite to Power BI reporting', '/jobs/VR-7K3D9Q2M/'],
  ])('opens %s at %s on a click', async (name, href) => {
    searches(everything);
    const { dialog, input, user, router } = await openSearch();
    await user.type(input, 'ma ya');
    await user.click(await within(dialog).findByRole('option', { name: new RegExp(name) }));
    await waitFor(() => expect(router.state.location.href).toBe(href));
  });

  it('closes with Escape and gives the focus back to the button', async () => {
    searches(everything);
    const { trigger, user } = await openSearch();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('says so when nothing matches', async () => {
    searches((input) => ({
      q: input.q,
      jobs: { items: [], total: 0 },
      professionals: { items: [], total: 0 },
      businesses: { items: [], total: 0 },
    }));
    const { dialog, input, user } = await openSearch();
    await user.type(input, '  zzqx ');
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('No results for “zzqx”.'));
    expect(within(dialog).queryAllByRole('option')).toEqual([]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows that it is searching, then an error it could not get an answer', async () => {
    searches(() => 'error', 150);
    const { dialog, input, user } = await openSearch();
    await user.type(input, 'power');
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Searching…'));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe(
        'Search is not available right now. Please try again.',
      ),
    );
  });

  it('only shows the answer to the text now in the box', async () => {
    searches((input) => ({ ...everything(input), q: 'something older' }));
    const { dialog, input, user } = await openSearch();
    await user.type(input, 'power');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(within(dialog).getByRole('status').textContent).toBe('Searching…');
    expect(within(dialog).queryAllByRole('option')).toEqual([]);
  });

  it('leaves jobs out for a signed-in client', async () => {
    useScenario('client');
    const asked = searches(everything);
    const { dialog, input, user } = await openSearch({ signedIn: true });
    await user.type(input, 'north');
    await within(dialog).findByRole('option', { name: /Northwind Analytics/ });
    expect(asked).toEqual([{ q: 'north', types: ['professionals', 'businesses'], limit: 5 }]);
    expect(within(dialog).queryByText('Jobs')).toBeNull();
    expect(within(dialog).queryByRole('option', { name: /NetSuite/ })).toBeNull();
  });
});
