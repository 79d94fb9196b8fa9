import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useScenario } from '../../../../mocks/node';
import { renderApp } from '../../testing/renderApp';

/** The purchase pages need an account; a visitor is shown the public pricing page instead. */
const PURCHASE_PAGES_BEHIND_SIGN_IN = ['/dashboard/business/pricing/', '/dashboard/plans/versigems/buy/'];

beforeEach(() => useScenario('visitor'));

describe('home page', () => {
  it('links each popular search to the professionals directory searched for that term alone', async () => {
    renderApp('/');
    const popular = within((await screen.findByText('Popular:')).parentElement!);
    const chips = popular.getAllByRole('link');
    expect(chips.length).toBeGreaterThan(0);
    for (const chip of chips) {
      const href = new URL(chip.getAttribute('href')!, 'http://localhost');
      expect(href.pathname).toBe('/find/professionals/');
      expect(href.searchParams.get('q')).toBe(chip.textContent);
    }
  });

  it('leads a visitor to the public pricing page, not to purchase pages that need an account', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const join = within(await screen.findByRole('region', { name: 'Join Versimarket' }));
    expect(join.getByRole('link', { name: /List your business/ }).getAttribute('href')).toBe('/business-listing/');
    expect(join.getByRole('link', { name: /Join as a freelancer/ }).getAttribute('href')).toBe(
      '/auth/freelancer/signup/',
    );
    expect(join.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing/');
    expect(join.getByRole('link', { name: 'Versigems prices' }).getAttribute('href')).toBe('/pricing/#versigems');
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const path of PURCHASE_PAGES_BEHIND_SIGN_IN) expect(hrefs).not.toContain(path);
  });
});
