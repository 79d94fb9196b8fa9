import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { forbidden, notAuthorized, pageNotFound } from '../lib/httpErrors';
import { ROUTER_DEFAULTS } from '../routerDefaults';

/** A router with the app's defaults and routes whose guards fail in each way. */
function renderAt(path: string) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // The router reports every error it catches; these are on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const rootRoute = createRootRoute({ component: Outlet });
  const guarded = (routePath: string, fail: () => unknown) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: routePath,
      beforeLoad: () => {
        throw fail();
      },
      component: () => <p>secret</p>,
    });
  const router = createRouter({
    ...ROUTER_DEFAULTS,
    routeTree: rootRoute.addChildren([
      guarded('/forbidden/', forbidden),
      guarded('/signed-out/', notAuthorized),
      guarded('/missing/', pageNotFound),
      guarded('/broken/', () => new Error('The widget fell over')),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
}

describe('route errors', () => {
  it('renders `throw forbidden()` from a guard as the 403 page', async () => {
    renderAt('/forbidden/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('403');
    expect(screen.getByText(/access denied, no permission/i)).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('renders `throw notAuthorized()` as the 401 page', async () => {
    renderAt('/signed-out/');
    expect(await screen.findByText(/not authorized to view the requested resource/i)).toBeTruthy();
  });

  it('renders `throw pageNotFound()` and unknown paths as the 404 page', async () => {
    renderAt('/missing/');
    expect(await screen.findByText(/the page is not found/i)).toBeTruthy();
  });

  it('renders an unknown path as the 404 page', async () => {
    renderAt('/no/such/page/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('404');
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it('renders anything else as the unexpected error screen with its message', async () => {
    renderAt('/broken/');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The widget fell over')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' })).toBeTruthy();
  });
});
