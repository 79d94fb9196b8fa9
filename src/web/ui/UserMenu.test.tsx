import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { businessUser, clientUser, freelancerUser } from '../../../mocks/fixtures/users';
import { answer } from '../../../mocks/handlers';
import { handlersFor, type ScenarioName } from '../../../mocks/scenarios';
import { server, useScenario } from '../../../mocks/node';
import { renderApp } from '../testing/renderApp';

const signedOut = http.get('/api/auth/me/', () =>
  HttpResponse.json({ status: 'error', message: 'Please sign in.', code: 'unauthenticated' }, { status: 401 }),
);

async function openAsClient() {
  const app = renderApp('/products/react/');
  const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
  const button = await nav.findByRole('button', { name: /Maya Chen/ });
  return { app, nav, button, user: userEvent.setup() };
}

/** The versigems balance call answering `amount` (and counting its calls). */
function balance(amount: number, calls = { count: 0 }) {
  return http.get('*/api/payments/freelancer/versigems/', () => {
    calls.count += 1;
    return HttpResponse.json({
      status: 'success',
      message: 'OK',
      data: {
        balance: amount,
        unlockCost: 5,
        ledger: { items: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } },
      },
    });
  });
}

/** The conversation list's answer with `unread` conversations unread (the badge's count). */
function unreadConversations(unread: number) {
  return answer('ListConversations', {
    status: 'success',
    message: 'OK',
    data: { items: [], pagination: { page: 1, pageSize: 1, total: 0, totalPages: 0 }, unreadConversations: unread },
  });
}

/** The account menu's entries, opened as `scenario`'s user: each link's name and target, then buttons. */
async function menuEntries(scenario: ScenarioName, name: string, waitFor?: string) {
  server.use(...handlersFor(scenario));
  server.use(balance(8));
  server.use(unreadConversations(0));
  renderApp('/products/react/');
  const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
  const button = await nav.findByRole('button', { name: new RegExp(name) });
  await userEvent.setup().click(button);
  const panel = within(document.getElementById(button.getAttribute('aria-controls')!)!);
  if (waitFor) await panel.findByText(waitFor);
  return panel.getAllByRole('listitem').map((item) => {
    const link = within(item).queryByRole('link');
    return link ? `${link.textContent} -> ${link.getAttribute('href')}` : item.textContent;
  });
}

beforeEach(() => {
  useScenario('client');
  server.use(unreadConversations(0));
});

describe('user menu', () => {
  it("shows the user's name, Settings and Sign out beside the Dashboard button", async () => {
    const { nav, button, user } = await openAsClient();
    expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard/');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.getByText(clientUser.email)).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/dashboard/settings/');
    expect(nav.getByRole('button', { name: 'Sign out' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('signs out, goes home and shows Login again', async () => {
    const { app, nav, button, user } = await openAsClient();
    let loggedOut = false;
    server.use(
      http.get('/api/auth/logout/', () => {
        loggedOut = true;
        return HttpResponse.json({ status: 'success', message: 'You are signed out.', data: null });
      }),
      signedOut,
    );
    await user.click(button);
    await user.click(nav.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(app.location()).toBe('/'));
    expect(loggedOut).toBe(true);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('signs out here even when the server call fails', async () => {
    const { app, nav, button, user } = await openAsClient();
    server.use(
      http.get('/api/auth/logout/', () =>
        HttpResponse.json({ status: 'error', message: 'Down', code: 'internal' }, { status: 500 }),
      ),
      signedOut,
    );
    await user.click(button);
    await user.click(nav.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it("lists a freelancer's versigems, public profile, services and proposals before Settings", async () => {
    expect(await menuEntries('freelancer', freelancerUser.displayName, 'Versigems: 8')).toEqual([
      'Versigems: 8 -> /dashboard/plans/versigems/buy/',
      `My public profile -> /freelancer/${freelancerUser.id}/`,
      'My services -> /dashboard/services/',
      'My proposals -> /dashboard/proposals/',
      'Messages -> /dashboard/messages/',
      'Settings -> /dashboard/settings/',
      'Sign out',
    ]);
  });

  it("lists a business's public profile, its profile editor and its plan before Settings", async () => {
    expect(await menuEntries('business', businessUser.displayName)).toEqual([
      `My public profile -> /business/${businessUser.business!.companyId}/`,
      'Edit business profile -> /dashboard/business/profile/',
      'Plans and billing -> /dashboard/business/pricing/',
      'My proposals -> /dashboard/proposals/',
      'Messages -> /dashboard/messages/',
      'Settings -> /dashboard/settings/',
      'Sign out',
    ]);
  });

  it('leaves out the public profile until onboarding has made it public', async () => {
    expect(await menuEntries('new-business', 'Brightline Studio')).toEqual([
      'Messages -> /dashboard/messages/',
      'Settings -> /dashboard/settings/',
      'Sign out',
    ]);
  });

  it('asks for the versigems balance only for a freelancer', async () => {
    const calls = { count: 0 };
    server.use(...handlersFor('business'));
    server.use(balance(8, calls));
    renderApp('/products/react/');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await userEvent.setup().click(await nav.findByRole('button', { name: new RegExp(businessUser.displayName) }));
    expect(nav.queryByText(/^Versigems/)).toBeNull();
    expect(calls.count).toBe(0);
  });

  it("lists a client's requests", async () => {
    expect(await menuEntries('client', clientUser.displayName)).toEqual([
      'My requests -> /dashboard/requests/',
      'Messages -> /dashboard/messages/',
      'Settings -> /dashboard/settings/',
      'Sign out',
    ]);
  });

  it('shows how many conversations are unread on the account button and beside Messages', async () => {
    server.use(unreadConversations(3));
    const { nav, user } = await openAsClient();
    const button = await nav.findByRole('button', { name: /3 unread conversations/ });
    await user.click(button);
    expect(nav.getByRole('link', { name: 'Messages, 3 unread conversations' }).getAttribute('href')).toBe(
      '/dashboard/messages/',
    );
  });
});
