import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useScenario } from '../../../../mocks/node';
import { renderApp } from '../../testing/renderApp';

const PLACEHOLDERS_BEHIND_SIGN_IN = ['/dashboard/business/pricing/', '/dashboard/plans/versigems/buy/'];

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

  it('offers no button that makes a visitor sign in only to reach a page not built yet', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const join = within(await screen.findByRole('region', { name: 'Join Versimarket' }));
    expect(join.getByRole('link', { name: /List your business/ }).getAttribute('href')).toBe('/business-listing/');
    expect(join.getByRole('link', { name: /Join as a freelancer/ }).getAttribute('href')).toBe(
      '/auth/freelancer/signup/',
    );
    expect(join.queryByRole('link', { name: 'See plans' })).toBeNull();
    expect(join.queryByRole('link', { name: 'Get versigems' })).toBeNull();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const path of PLACEHOLDERS_BEHIND_SIGN_IN) expect(hrefs).not.toContain(path);
  });
});
