import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useScenario } from '../../mocks/node';
import { renderApp } from '../../src/web/testing/renderApp';

// Pages of the spec that are not built yet say plainly what is missing and lead back to where
// the person came from; none of them claims something happened or shows a "coming soon" badge
// over a heading that reads as done.

async function pageOf(path: string) {
  const app = renderApp(path);
  const main = within(await screen.findByRole('main'));
  const heading = await main.findByRole('heading', { level: 1 });
  return { app, main, heading };
}

describe('placeholder pages', () => {
  beforeEach(() => useScenario('freelancer'));

  it('checkout success says no payment can be taken yet instead of "Payment received"', async () => {
    const { main, heading } = await pageOf('/payments/checkout/success/');
    expect(heading.textContent).toBe('Checkout is not open yet');
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).not.toMatch(/payment received/i);
    expect(text).not.toMatch(/coming soon/i);
    expect(text).toMatch(/cannot be bought on Versimarket yet/);
    expect(text).toMatch(/Nothing was charged/);
    expect(main.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard/');
  });

  it('checkout canceled says the same, with nothing charged', async () => {
    const { heading } = await pageOf('/payments/checkout/canceled/');
    expect(heading.textContent).toBe('Checkout is not open yet');
    expect(screen.getByRole('main').textContent).toMatch(/Nothing was charged/);
  });
});
