import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { QUERY_STALE_TIME_MS } from '@/lib/queryClient';
import { renderApp } from '@/testing/renderApp';
import { CLIENT_COMPLETION, failure, FREELANCER_COMPLETION, ok } from '@/testing/apiFixtures';

/** The whole app starts in each test: allow for a slow machine (a busy one takes seconds per page). */
const SLOW = { timeout: 10_000 };
/** The card's ring (the page-loading bar is a progress bar too). */
const ring = () => screen.getByRole('progressbar', { name: 'Profile completion' });

describe('profile-completion card', () => {
  it('shows a client the score as a ring and each missing item with its link, on the dashboard', async () => {
    useScenario('client');
    server.use(http.get('*/api/account/client/profile-completion/score/', () => HttpResponse.json(CLIENT_COMPLETION)));
    renderApp('/dashboard/');

    await screen.findByRole('progressbar', { name: 'Profile completion' }, SLOW);
    await screen.findByText('Describe what your company does', {}, SLOW);
    expect(ring().getAttribute('aria-valuenow')).toBe('45');
    expect(ring().textContent).toContain('45%');
    const link = screen.getByRole('link', { name: 'Describe what your company does' });
    expect(link.getAttribute('href')).toBe('/dashboard/complete/profile/#about');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
  });

  it('shows a freelancer the checklist on the services page, links with their hash kept', async () => {
    useScenario('freelancer');
    server.use(
      http.get('*/api/account/freelancer/profile-completion/score/', () => HttpResponse.json(FREELANCER_COMPLETION)),
    );
    renderApp('/dashboard/services/');
    const card = (await screen.findByRole('heading', { name: 'Complete your profile' }, SLOW)).closest('section')!;
    await within(card).findByText('Add your education', {}, SLOW);
    expect(within(card).getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuenow')).toBe(
      '65',
    );
    expect(within(card).getByRole('link', { name: 'Write a tagline' }).getAttribute('href')).toBe(
      '/dashboard/settings/#tagline',
    );
  });

  it('shows 0 when the score cannot be fetched (spec §8)', async () => {
    useScenario('client');
    server.use(http.get('*/api/account/client/profile-completion/score/', () => failure(500, 'Something went wrong.')));
    renderApp('/dashboard/');
    await screen.findByText(/could not check your profile/, {}, SLOW);
    expect(ring().getAttribute('aria-valuenow')).toBe('0');
    expect(ring().textContent).toContain('0%');
  });

  it('says so when nothing is missing', async () => {
    useScenario('business');
    server.use(
      http.get('*/api/account/business/profile-completion/score/', () =>
        HttpResponse.json({
          status: 'success',
          message: 'OK',
          data: { accountType: 'business', score: 100, completed: [], missing: [] },
        }),
      ),
    );
    renderApp('/dashboard/');
    expect(await screen.findByRole('heading', { name: 'Your profile is complete' }, SLOW)).toBeTruthy();
    expect(ring().getAttribute('aria-valuenow')).toBe('100');
  });

  it('shows the new score after a change saved on the same page, without a reload', async () => {
    useScenario('freelancer');
    // The primary service becomes one with no project yet: the service details are to do again.
    let primaryChanged = false;
    const before = FREELANCER_COMPLETION.data as { missing: unknown[] };
    server.use(
      http.get('*/api/account/freelancer/profile-completion/score/', () =>
        HttpResponse.json(
          primaryChanged
            ? ok({
                ...before,
                score: 55,
                missing: [
                  {
                    key: 'service-details',
                    label: 'Describe your services',
                    weight: 10,
                    link: '/auth/su/freelancer/service-details/',
                    hint: 'Rates, tools and a first project show clients what you deliver.',
                  },
                  ...before.missing,
                ],
              })
            : FREELANCER_COMPLETION,
        ),
      ),
      http.put('*/api/account/provider/primary-service/update/', () => {
        primaryChanged = true;
        return HttpResponse.json(ok({}, 'Primary service updated.'));
      }),
    );
    renderApp('/dashboard/services/');
    const card = (await screen.findByRole('heading', { name: 'Complete your profile' }, SLOW)).closest('section')!;
    await within(card).findByText('Add your education', {}, SLOW);
    expect(within(card).getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuenow')).toBe(
      '65',
    );

    await userEvent.selectOptions(screen.getByLabelText('New primary service'), 'machine-learning-and-ai');
    await userEvent.click(screen.getByRole('button', { name: 'Make it primary' }));

    await waitFor(
      () =>
        expect(
          within(card).getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuenow'),
        ).toBe('55'),
      SLOW,
    );
    expect(within(card).getByRole('link', { name: 'Describe your services' }).getAttribute('href')).toBe(
      '/auth/su/freelancer/service-details/',
    );
  });

  it('asks for the score again when the card comes back, after a step saved on another page', async () => {
    useScenario('business');
    let score = 70;
    server.use(
      http.get('*/api/account/business/profile-completion/score/', () =>
        HttpResponse.json(ok({ accountType: 'business', score, completed: [], missing: [] })),
      ),
    );
    const app = renderApp('/dashboard/');
    // As in the app: data counts as fresh for a while, so other pages do not fetch it again on every visit.
    app.queryClient.setDefaultOptions({ queries: { retry: false, staleTime: QUERY_STALE_TIME_MS } });
    await waitFor(() => expect(ring().getAttribute('aria-valuenow')).toBe('70'), SLOW);

    await app.router.navigate({ to: '/dashboard/settings/' });
    await screen.findByRole('heading', { level: 1, name: 'Settings' }, SLOW);
    // Saved elsewhere (an onboarding step, a review left through a link): the stored score moved.
    score = 90;
    await app.router.navigate({ to: '/dashboard/' });
    await waitFor(() => expect(ring().getAttribute('aria-valuenow')).toBe('90'), SLOW);
  });
});
