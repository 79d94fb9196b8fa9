import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { badRequest, ok } from '@/testing/apiFixtures';
import { renderApp } from '@/testing/renderApp';
import { CHECKOUT_RETURN_KEY, VERSIGEMS_COUNT_KEY } from '@/lib/checkoutHandover';
import { bundles, CHECKOUT_URL, entry, GROWTH_ID, serveBalance, serveBundles, SESSION_ID } from './testFixtures';
import { checkoutNavigation } from './useCheckoutRedirect';

const PATH = '/dashboard/plans/versigems/buy/';
const SLOW = { timeout: 8000 };
const CHECKOUT = '*/api/payments/freelancer/checkout/session/';

async function open() {
  const app = renderApp(PATH);
  await screen.findByRole('heading', { level: 1, name: 'Buy versigems' }, SLOW);
  return app;
}

const card = async (name: string) =>
  within((await screen.findByRole('heading', { level: 3, name }, SLOW)).closest('li')!);

const LEDGER = [
  entry(1, {
    delta: 5,
    reason: 'bonus',
    reference: { kind: 'checkout-session', id: SESSION_ID, label: 'Growth × 1 (bonus)' },
    balanceAfter: 73,
  }),
  entry(2, {
    delta: 50,
    reason: 'purchase',
    reference: { kind: 'checkout-session', id: SESSION_ID, label: 'Growth × 1' },
    balanceAfter: 68,
  }),
  entry(3, { delta: 2, reason: 'proposal-return', balanceAfter: 18 }),
  entry(4, { delta: -2, reason: 'proposal', balanceAfter: 16 }),
  entry(5, {
    delta: -20,
    reason: 'refund',
    reference: { kind: 'checkout-session', id: SESSION_ID, label: 'Starter × 1' },
    balanceAfter: 18,
  }),
  entry(6, { delta: 10, reason: 'bonus', reference: null, balanceAfter: 10 }),
];

let opened: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  window.sessionStorage.clear();
  useScenario('freelancer');
  opened = vi.spyOn(checkoutNavigation, 'open').mockImplementation(() => undefined);
});
afterEach(() => opened.mockRestore());

describe('/dashboard/plans/versigems/buy/', () => {
  it('shows the bundles with their bonus, the balance and its history in plain words', async () => {
    server.use(serveBundles(), serveBalance(LEDGER, { balance: 73 }));
    await open();
    const growth = await card('Growth');
    expect(growth.getByText('Most popular')).toBeTruthy();
    expect(growth.getByText('50 versigems + 5 bonus')).toBeTruthy();
    expect(growth.getByText('5 bonus versigems with each Growth bundle')).toBeTruthy();
    expect(growth.getByText('$19')).toBeTruthy();
    expect((await card('Starter')).getByText('20 versigems')).toBeTruthy();

    expect((await screen.findByText(/^Your balance:/, {}, SLOW)).textContent).toBe('Your balance: 73 versigems');
    expect(screen.getByText('Unlocking a request’s client costs 5 versigems.')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Your versigems history, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Growth × 1 (bonus)', 'Bonus', '+5', '73'],
      ['Growth × 1', 'Purchase', '+50', '68'],
      ['VR-9P3R5T7W · Job 3', 'Proposal returned', '+2', '18'],
      ['VR-9P3R5T7W · Job 4', 'Proposal sent', '−2', '16'],
      ['Starter × 1', 'Refund', '−20', '18'],
      ['Welcome bonus', 'Bonus', '+10', '10'],
    ]);
  });

  it('says it is loading the bundles until they come', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/payments/freelancer/plans/versigems/', async () => {
        await held;
        return HttpResponse.json(ok({ items: bundles(), unlockCost: 5, maxQuantity: 10 }));
      }),
      serveBalance(LEDGER),
    );
    await open();
    expect(await screen.findByText('Loading the bundles…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Buy / })).toBeNull();
    release();
    expect(await card('Growth')).toBeTruthy();
    expect(screen.queryByText('Loading the bundles…')).toBeNull();
  });

  it('buys the number of bundles chosen: the checkout call, the count kept for the tab, then the checkout page', async () => {
    const bodies: unknown[] = [];
    server.use(
      serveBundles(),
      serveBalance(LEDGER),
      http.post(CHECKOUT, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          ok({ sessionId: SESSION_ID, checkoutUrl: CHECKOUT_URL, expiresAt: '2026-03-14T09:26:12Z' }),
          { status: 201 },
        );
      }),
    );
    await open();
    const growth = await card('Growth');
    const u = userEvent.setup();
    await u.selectOptions(growth.getByLabelText('How many Growth bundles'), '3');
    expect(growth.getByText('165 versigems for $57')).toBeTruthy();
    await u.click(growth.getByRole('button', { name: 'Buy Growth' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodies).toEqual([{ bundleId: GROWTH_ID, quantity: 3 }]);
    expect(JSON.parse(window.sessionStorage.getItem(VERSIGEMS_COUNT_KEY) ?? 'null')).toEqual({
      bundleId: GROWTH_ID,
      quantity: 3,
    });
    expect(growth.getByRole('button', { name: 'Opening the secure checkout…' })).toBeTruthy();
  });

  it('offers the bundles again when the browser shows the page from its back/forward cache', async () => {
    server.use(
      serveBundles(),
      serveBalance(LEDGER),
      http.post(CHECKOUT, () =>
        HttpResponse.json(ok({ sessionId: SESSION_ID, checkoutUrl: CHECKOUT_URL, expiresAt: '2026-03-14T09:26:12Z' }), {
          status: 201,
        }),
      ),
    );
    await open();
    const growth = await card('Growth');
    await userEvent.setup().click(growth.getByRole('button', { name: 'Buy Growth' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(CHECKOUT_URL));
    expect((growth.getByRole('button', { name: 'Opening the secure checkout…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const shown = new Event('pageshow');
    Object.defineProperty(shown, 'persisted', { value: true });
    window.dispatchEvent(shown);
    const again = await growth.findByRole('button', { name: 'Buy Growth' }, SLOW);
    expect((again as HTMLButtonElement).disabled).toBe(false);
  });

  it('comes back with the count chosen before the checkout', async () => {
    window.sessionStorage.setItem(VERSIGEMS_COUNT_KEY, JSON.stringify({ bundleId: GROWTH_ID, quantity: 4 }));
    server.use(serveBundles(), serveBalance(LEDGER));
    await open();
    const growth = await card('Growth');
    expect((growth.getByLabelText('How many Growth bundles') as HTMLSelectElement).value).toBe('4');
    expect((await card('Starter')).getByText('20 versigems for $9')).toBeTruthy();
  });

  it("shows the error envelope's message when the checkout cannot start", async () => {
    server.use(
      serveBundles(),
      serveBalance(LEDGER),
      http.post(CHECKOUT, () => badRequest([{ field: 'quantity', message: 'Choose 1 to 10 bundles.' }])),
    );
    await open();
    await userEvent.setup().click((await card('Starter')).getByRole('button', { name: 'Buy Starter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please correct the highlighted fields. Choose 1 to 10 bundles.',
    );
    expect(opened).not.toHaveBeenCalled();
    expect(((await card('Starter')).getByRole('button', { name: 'Buy Starter' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('pages through the history', async () => {
    const asked: number[] = [];
    server.use(serveBundles(), serveBalance(LEDGER, { totalPages: 3, asked }));
    await open();
    await screen.findByRole('table', {}, SLOW);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Older entry on page 2')).toBeTruthy();
    expect(asked).toContain(2);
  });

  it('leads back to the page kept before buying (a proposal being written)', async () => {
    window.sessionStorage.setItem(
      CHECKOUT_RETURN_KEY,
      JSON.stringify({ path: '/jobs/VR-9P3R5T7W/proposals/submit/', label: 'Back to your proposal' }),
    );
    server.use(serveBundles(), serveBalance(LEDGER));
    await open();
    expect(screen.getByRole('link', { name: 'Back to your proposal' }).getAttribute('href')).toBe(
      '/jobs/VR-9P3R5T7W/proposals/submit/',
    );
  });

  it('never leads back to another site, whatever the tab kept', async () => {
    window.sessionStorage.setItem(
      CHECKOUT_RETURN_KEY,
      JSON.stringify({ path: '//evil.example/phish', label: 'Back to your proposal' }),
    );
    server.use(serveBundles(), serveBalance(LEDGER));
    await open();
    await card('Growth');
    expect(screen.queryByRole('link', { name: 'Back to your proposal' })).toBeNull();
  });

  it('shows a business the bundles without a way to buy them', async () => {
    useScenario('business');
    server.use(serveBundles());
    await open();
    await card('Growth');
    expect(screen.getByText('Versigems are for freelancer accounts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Buy / })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'See the business plans' }).getAttribute('href')).toBe(
      '/dashboard/business/pricing/',
    );
  });
});
