import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { server } from '../../../../mocks/node';
import { handlersFor } from '../../../../mocks/scenarios';
import { familiesFromFiles } from '../../../../mocks/scenarios/families';
import { getGetMeQueryKey } from '@/api/generated/auth/auth';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { expectWellFormedOutline, findPageHeading, hrefOf } from './contentTestUtils';
import { ServicesPage } from './ServicesPage';

/** The families the catalogue call answers (from the server's data files). */
const SERVICE_FAMILIES = familiesFromFiles();

const FAMILY_SLUGS = [
  'web-design-and-development',
  'mobile-app',
  'data-and-analytics',
  'software-development',
  'finance-transformation',
  'machine-learning-and-ai',
];

describe('ServicesPage', () => {
  it('has one h1, a title and a heading outline without gaps', async () => {
    renderWithRouter(<ServicesPage />, { path: '/services/' });

    expect((await findPageHeading()).textContent).toMatch(/services/i);
    expect(document.title).toBe('All services | Versimarket');
    expectWellFormedOutline();
  });

  it('presents each of the six families with projects, skills and both calls to action', async () => {
    renderWithRouter(<ServicesPage />, { path: '/services/' });
    await findPageHeading();

    expect(SERVICE_FAMILIES.map((family) => family.slug)).toEqual(FAMILY_SLUGS);
    for (const family of SERVICE_FAMILIES) {
      const section = document.getElementById(family.slug);
      expect(section, family.slug).not.toBeNull();
      const scope = within(section!);
      expect(scope.getByRole('heading', { level: 2 }).textContent).toBe(family.name);
      expect(scope.getByRole('heading', { name: 'Typical projects' })).toBeTruthy();
      expect(scope.getByRole('heading', { name: 'Tools and skills' })).toBeTruthy();
      expect(hrefOf(scope.getByRole('link', { name: `Post a request for ${family.name}` }))).toBe(
        `/request/new/${family.slug}/`,
      );
      expect(hrefOf(scope.getByRole('link', { name: `Find professionals for ${family.name}` }))).toBe(
        '/find/professionals/',
      );
    }
  });

  it('offers the finance transformation sub-areas as their own request forms', async () => {
    renderWithRouter(<ServicesPage />, { path: '/services/' });
    await findPageHeading();

    const finance = within(document.getElementById('finance-transformation')!);
    expect(hrefOf(finance.getByRole('link', { name: 'FP&A revolution' }))).toBe(
      '/request/new/finance-transformation/fp-and-a-revolution/',
    );
    expect(hrefOf(finance.getByRole('link', { name: 'Something else' }))).toBe(
      '/request/new/finance-transformation/other/',
    );
  });

  it('links the NetSuite and React products, and jumps to every family', async () => {
    renderWithRouter(<ServicesPage />, { path: '/services/' });
    await findPageHeading();

    expect(hrefOf(screen.getByRole('link', { name: /Explore NetSuite services/ }))).toBe('/products/netsuite/');
    expect(hrefOf(screen.getByRole('link', { name: /Hire React developers/ }))).toBe('/products/react/');

    const jump = within(screen.getByRole('navigation', { name: 'Service families' }));
    const targets = jump.getAllByRole('link').map((link) => hrefOf(link)!.replace(/^\/services\/#/, ''));
    expect(targets).toEqual([...FAMILY_SLUGS, 'specialist-programmes']);
    for (const id of targets) expect(document.getElementById(id), id).not.toBeNull();
  });

  it('leads visitors and providers to the job board, per family too', async () => {
    renderWithRouter(<ServicesPage />, { path: '/services/' });
    await findPageHeading();

    expect(hrefOf(screen.getByRole('link', { name: 'Browse jobs' }))).toBe('/find/jobs/');
    for (const family of SERVICE_FAMILIES) {
      const scope = within(document.getElementById(family.slug)!);
      expect(hrefOf(scope.getByRole('link', { name: `Browse jobs in ${family.name}` }))).toBe(
        `/find/${family.slug}/jobs/`,
      );
    }
  });

  it('shows a signed-in client no job board links', async () => {
    server.use(...handlersFor('client'));
    const { queryClient } = renderWithRouter(<ServicesPage />, { path: '/services/' });
    await findPageHeading();
    await waitFor(() => expect(queryClient.getQueryData(getGetMeQueryKey())).toBeTruthy());
    expect(screen.queryAllByRole('link', { name: /Browse jobs/ })).toHaveLength(0);
  });
});
