import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { handlersFor, type ScenarioName } from '../../../mocks/scenarios';
import { renderApp } from '../testing/renderApp';

/**
 * The whole route tree with its guards: who ends up where. Each row opens a path as a scenario's
 * user and checks the final location and the page shown (its h1).
 */
async function open(scenario: ScenarioName, path: string) {
  server.use(...handlersFor(scenario));
  // The router logs the errors guards throw on purpose (403, 404).
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const app = renderApp(path);
  const heading = await screen.findByRole('heading', { level: 1 });
  return { ...app, heading };
}

async function expectLanding(scenario: ScenarioName, path: string, location: string, h1: RegExp | string) {
  const app = await open(scenario, path);
  await waitFor(() => expect(app.location()).toBe(location));
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(h1));
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

describe('route access', () => {
  it.each<[ScenarioName, string, string, RegExp | string]>([
    // Sign-in guard: visitors to login, with next.
    ['visitor', '/dashboard/requests/?page=2', '/auth/login/?next=%2Fdashboard%2Frequests%2F%3Fpage%3D2', /Log in/],
    ['visitor', '/payments/checkout/success/', '/auth/login/?next=%2Fpayments%2Fcheckout%2Fsuccess%2F', /Log in/],
    // Guest-only: signed-in users bounced to next or the post-login route.
    ['client', '/auth/login/', '/dashboard/', 'Dashboard'],
    ['client', '/auth/login/?next=%2Fdashboard%2Fmessages%2F', '/dashboard/messages/', 'Messages'],
    ['client', '/auth/signup/?next=https%3A%2F%2Fevil.example%2F', '/dashboard/', 'Dashboard'],
    ['business', '/auth/forgot-password/', '/dashboard/', 'Dashboard'],
    // Redirect routes.
    ['visitor', '/auth/', '/auth/login/', /Log in/],
    ['client', '/dashboard/message/all/', '/dashboard/messages/', 'Messages'],
    ['client', '/auth/su/', '/dashboard/', 'Dashboard'],
    ['new-business', '/auth/su/', '/auth/su/business/personal-contact/', 'Personal contact'],
    // Onboarding.
    ['freelancer', '/dashboard/', '/dashboard/services/', 'Your services'],
    ['new-freelancer', '/dashboard/', '/auth/su/profile/', 'Add a profile photo'],
    ['new-freelancer', '/dashboard/proposals/', '/auth/su/profile/', 'Add a profile photo'],
    ['new-business', '/dashboard/', '/auth/su/business/personal-contact/', 'Personal contact'],
    ['unverified', '/dashboard/', '/auth/verification/email/?next=%2Fdashboard%2F', 'Verify your email'],
    [
      'unverified',
      '/auth/su/profile/',
      '/auth/verification/email/?next=%2Fauth%2Fsu%2Fprofile%2F',
      'Verify your email',
    ],
    ['unverified', '/dashboard/settings/', '/dashboard/settings/', 'Settings'],
    // Public pages, and pages open to visitors.
    ['visitor', '/backup/any/old/page/', '/backup/any/old/page/', 'Archived page'],
    ['visitor', '/dashboard/freelancer/service/42/', '/dashboard/freelancer/service/42/', 'Freelancer service'],
    ['client', '/dashboard/freelancer/service/42/', '/dashboard/freelancer/service/42/', 'Freelancer service'],
    ['visitor', '/find/jobs/', '/find/jobs/', 'Find jobs'],
    ['new-freelancer', '/find/jobs/', '/find/jobs/', 'Find jobs'],
  ])('%s opening %s ends at %s', async (scenario, path, location, h1) => {
    await expectLanding(scenario, path, location, h1);
  });

  it.each<[ScenarioName, string]>([
    ['client', '/dashboard/services/'],
    ['business', '/auth/su/freelancer/primary-service/'],
    ['freelancer', '/auth/su/business/details/'],
    ['freelancer', '/dashboard/requests/1/confirmation/2/3/'],
    ['business', '/dashboard/freelancer/service/42/'],
    ['client', '/find/jobs/'],
    ['client', '/jobs/abc/proposals/submit/'],
  ])('%s gets 403 on %s', async (scenario, path) => {
    const { heading } = await open(scenario, path);
    expect(heading.textContent).toContain('403');
    expect(screen.getByText(/access denied, no permission/i)).toBeTruthy();
  });

  it('shows 404 to a verified user on the verification page', async () => {
    const { heading } = await open('client', '/auth/verification/email/');
    expect(heading.textContent).toContain('404');
  });

  it('shows 404 for an unknown path', async () => {
    const { heading } = await open('visitor', '/no/such/screen/');
    expect(heading.textContent).toContain('404');
  });

  it('renders a screen not built yet as plainly coming soon, with its own heading', async () => {
    const { heading } = await open('visitor', '/backup/old-page/');
    expect(heading.textContent).toBe('Archived page');
    expect(screen.getByText(/not available yet/i)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});
