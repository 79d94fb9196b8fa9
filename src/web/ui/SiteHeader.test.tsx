import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useScenario } from '../../../mocks/node';
import { renderWithRouter } from '../testing/renderWithRouter';
import { SiteHeader } from './SiteHeader';

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('SiteHeader', () => {
  it('shows Find Job, Login and Sign up to a visitor', async () => {
    renderWithRouter(<SiteHeader />);
    const nav = await mainNav();

    expect(hrefOf(await nav.findByRole('link', { name: 'Login' }))).toBe('/auth/login/');
    expect(hrefOf(nav.getByRole('link', { name: 'Sign up' }))).toBe('/auth/signup/');
    expect(hrefOf(nav.getByRole('link', { name: 'Find Job' }))).toBe('/find/jobs/');
    expect(hrefOf(nav.getByRole('link', { name: 'Find Professionals' }))).toBe('/find/professionals/');
    expect(nav.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('hides Find Job from a signed-in client, who gets Dashboard instead of Login', async () => {
    useScenario('client');
    renderWithRouter(<SiteHeader />);
    const nav = await mainNav();

    expect(hrefOf(await nav.findByRole('link', { name: 'Dashboard' }))).toBe('/dashboard/');
    expect(nav.queryByRole('link', { name: 'Find Job' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(nav.getByRole('link', { name: 'Find Professionals' })).toBeTruthy();
  });

  it.each(['freelancer', 'business'] as const)('shows Find Job to a signed-in %s', async (scenario) => {
    useScenario(scenario);
    renderWithRouter(<SiteHeader />);
    const nav = await mainNav();

    expect(await nav.findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Find Job' })).toBeTruthy();
  });

  it('opens the Find Services menu from the keyboard and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SiteHeader />);
    const nav = await mainNav();
    const button = nav.getByRole('button', { name: 'Find Services' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(hrefOf(nav.getByRole('link', { name: /All Services/ }))).toBe('/services/');
    expect(hrefOf(nav.getByRole('link', { name: /NetSuite/ }))).toBe('/products/netsuite/');
    expect(hrefOf(nav.getByRole('link', { name: /React/ }))).toBe('/products/react/');

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
