import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';

async function tiles() {
  renderApp('/dashboard/');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 8000 });
  const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
  return nav
    .getAllByRole('link')
    .map((link) => `${link.querySelector('strong')?.textContent} -> ${link.getAttribute('href')}`);
}

describe('/dashboard/', () => {
  it('leads a business to its plan among its pages', async () => {
    useScenario('business');
    expect(await tiles()).toContain('Plans and billing -> /dashboard/business/pricing/');
  });

  it('offers a client no plans', async () => {
    useScenario('client');
    const links = await tiles();
    expect(links).toContain('Your requests -> /dashboard/requests/');
    expect(links.some((link) => link.includes('/pricing/'))).toBe(false);
  });
});
