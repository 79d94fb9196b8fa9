import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { failure, ok, recordJson } from '@/testing/apiFixtures';

const SLOW = { timeout: 8000 };
const LIST_URL = '*/api/account/freelancer/review-and-references/';

const WAITING = {
  id: '2e9f7c4a-8b3d-4e1f-a6c2-9d5b1e8f3a07',
  reviewerName: 'Daniel Whitfield',
  reviewerEmail: 'd.whitfield@corelane.io',
  reviewerRole: null,
  company: 'Corelane',
  relationship: null,
  status: 'expired',
  visible: true,
  rating: null,
  reviewTitle: null,
  review: null,
  wouldRecommend: null,
  requestedAt: '2026-01-10T15:22:40Z',
  linkExpiresAt: '2026-02-09T15:22:40Z',
  nextResendAt: null,
  submittedAt: null,
  verifiedAt: null,
};

const SUBMITTED = {
  id: '7a4d2e9b-6c1f-4b8a-9e3d-5f2c8a1b7e64',
  reviewerName: 'Sofia Marchetti',
  reviewerEmail: 'sofia.marchetti@lumenhealth.it',
  reviewerRole: 'Finance Director',
  company: 'Lumen Health',
  relationship: 'client',
  status: 'submitted',
  visible: true,
  rating: 4,
  reviewTitle: 'Clear forecasting model, delivered on time',
  review: 'Maya built a three-statement forecast our board finally trusts.',
  wouldRecommend: true,
  requestedAt: '2026-02-26T09:05:12Z',
  linkExpiresAt: null,
  nextResendAt: null,
  submittedAt: '2026-03-03T12:48:30Z',
  verifiedAt: null,
};

const SUMMARY = {
  total: 2,
  requested: 0,
  expired: 1,
  submitted: 1,
  verified: 0,
  hidden: 0,
  rating: { average: 4, count: 1 },
};

const LIST = ok({ items: [WAITING, SUBMITTED], summary: SUMMARY });

async function reviewsSection() {
  const heading = await screen.findByRole('heading', { name: 'Reviews and references' }, SLOW);
  const section = heading.closest('section')!;
  expect(section.id).toBe('review-and-references');
  return within(section);
}

// The journeys type a lot: a busy machine needs more than the default 5 s.
describe('settings: reviews and references', { timeout: 20_000 }, () => {
  it('lists a freelancer’s requests (F09), hides a review (F11) and resends a link (F10, 429)', async () => {
    useScenario('freelancer');
    server.use(http.get(LIST_URL, () => HttpResponse.json(LIST)));
    const visibility = recordJson('patch', '*/api/account/freelancer/review-and-references/:id/visibility/', (body) =>
      HttpResponse.json(ok({ ...SUBMITTED, ...(body as object) }, 'The review is hidden from your profile.')),
    );
    const resent: string[] = [];
    server.use(
      visibility.handler,
      http.patch('*/api/account/freelancer/review-and-references/:id/verify-link/', ({ params }) => {
        resent.push(String(params.id));
        return resent.length === 1
          ? HttpResponse.json(
              ok(
                { ...WAITING, status: 'requested', nextResendAt: '2099-01-01T00:00:00Z' },
                'We sent Daniel Whitfield a new link.',
              ),
            )
          : failure(429, 'Too many attempts. Please try again in 23 hours.', 'rate_limited');
      }),
    );
    renderApp('/dashboard/settings/');
    const section = await reviewsSection();

    const daniel = within((await section.findByRole('heading', { name: 'Daniel Whitfield' }, SLOW)).closest('li')!);
    expect(daniel.getByText('Link expired')).toBeTruthy();
    const sofia = within(section.getByRole('heading', { name: 'Sofia Marchetti' }).closest('li')!);
    expect(sofia.getByText('Review received')).toBeTruthy();
    expect(sofia.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(daniel.queryByRole('switch')).toBeNull();

    const user = userEvent.setup();
    const toggle = sofia.getByRole('switch', { name: /Show on my profile/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await waitFor(() => expect(visibility.bodies).toEqual([{ visible: false }]));
    expect(await sofia.findByText('The review is hidden from your profile.')).toBeTruthy();

    await user.click(daniel.getByRole('button', { name: 'Resend the link to Daniel Whitfield' }));
    expect(await daniel.findByText('We sent Daniel Whitfield a new link.')).toBeTruthy();
    expect(resent).toEqual([WAITING.id]);

    // The list read again says the link may not be resent yet; past that, a 429's wait is said.
    server.use(
      http.get(LIST_URL, () =>
        HttpResponse.json(
          ok({ summary: SUMMARY, items: [{ ...WAITING, status: 'requested', nextResendAt: null }, SUBMITTED] }),
        ),
      ),
    );
    const again = await daniel.findByRole('button', { name: 'Resend the link to Daniel Whitfield' });
    await waitFor(() => expect((again as HTMLButtonElement).disabled).toBe(false));
    await user.click(again);
    expect(await daniel.findByText('Too many attempts. Please try again in 23 hours.')).toBeTruthy();
  });

  it('asks for a review (G09) and says a 409 beside the email', async () => {
    useScenario('freelancer');
    server.use(http.get(LIST_URL, () => HttpResponse.json(ok({ summary: SUMMARY, items: [] }))));
    const ask = recordJson('post', '*/api/account/provider/review-and-references/ask/', () =>
      failure(409, 'You already asked this person for a review in the last 30 days.', 'conflict'),
    );
    server.use(ask.handler);
    renderApp('/dashboard/settings/');
    const section = await reviewsSection();
    expect(await section.findByText(/No requests yet/, {}, SLOW)).toBeTruthy();

    const user = userEvent.setup();
    await user.type(section.getByLabelText(/^Their name/), 'Priya Raman');
    await user.type(section.getByLabelText(/^Their email/), 'priya@brightline.com');
    await user.type(section.getByLabelText(/^A personal note/), 'Thanks for the spring project.');
    await user.click(section.getByRole('button', { name: 'Send the request' }));

    await waitFor(() =>
      expect(ask.bodies).toEqual([
        {
          name: 'Priya Raman',
          email: 'priya@brightline.com',
          company: null,
          message: 'Thanks for the spring project.',
        },
      ]),
    );
    const message = await section.findByText('You already asked this person for a review in the last 30 days.');
    const email = section.getByLabelText(/^Their email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(message.closest('p')!.id);
  });

  it('gives a business the ask form and no list', async () => {
    useScenario('business');
    renderApp('/dashboard/settings/');
    const section = await reviewsSection();
    expect(section.getByRole('button', { name: 'Send the request' })).toBeTruthy();
    expect(section.queryByRole('heading', { name: 'Your requests' })).toBeNull();
  });
});
