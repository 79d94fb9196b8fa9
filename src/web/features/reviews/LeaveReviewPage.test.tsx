import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { renderApp } from '@/testing/renderApp';
import { failure, ok, recordJson } from '@/testing/apiFixtures';
import { closedReason } from './LeaveReviewPage';

const SLOW = { timeout: 8000 };
const TOKEN = 'q7Xk2mZrP9vB4nW8sLdT1yHcF6gJ0aEuR3oKiM5xNp';
const INVITATION_URL = '*/api/account/provider/review-and-references/:token/';
const SUBMIT_URL = '*/api/account/provider/review-and-references/:token/submit/';

const INVITATION = ok({
  provider: {
    kind: 'freelancer',
    displayName: 'Maya O.',
    avatarUrl: null,
    tagline: 'Forecasts your board trusts.',
    companyId: null,
    uid: '2d7a8f63-0b54-4e2c-9f1a-6c3e4d5b2f02',
    profileUrl: '/freelancer/2d7a8f63-0b54-4e2c-9f1a-6c3e4d5b2f02/',
  },
  reviewerName: 'Priya Raman',
  company: 'Brightline Logistics',
  message: 'Thanks again for the FP&A rollout this spring.',
  projectSummary: null,
  status: 'requested',
  expiresAt: '2026-04-01T10:35:48Z',
});

function useInvitationAnswers(response: () => Response) {
  useScenario('visitor');
  server.use(http.get(INVITATION_URL, response));
}

// The journeys type a lot: a busy machine needs more than the default 5 s.
describe('leave a review by token link', { timeout: 20_000 }, () => {
  it('shows who asks, then sends the review (G10) and thanks the reviewer', async () => {
    useInvitationAnswers(() => HttpResponse.json(INVITATION));
    const submit = recordJson('patch', SUBMIT_URL, (body) =>
      HttpResponse.json(
        ok(
          {
            ...(body as object),
            id: '4f7a2c9e-6b1d-4e38-a0c5-9d2e8b3f1a64',
            company: 'Brightline Logistics',
            visible: true,
            submittedAt: '2026-03-05T17:48:02Z',
          },
          'Thank you! Your review has been submitted.',
        ),
      ),
    );
    server.use(submit.handler);
    renderApp(`/freelancer/review/${TOKEN}/leave/`);

    expect(await screen.findByRole('heading', { name: 'Review Maya O.' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Thanks again for the FP&A rollout this spring.')).toBeTruthy();
    expect((screen.getByLabelText(/^Your name/) as HTMLInputElement).value).toBe('Priya Raman');

    const user = userEvent.setup();
    // Nothing chosen: the rating's error comes first, and focus goes to the stars.
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getByText('Choose a rating from 1 to 5 stars.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 star, Poor' }));
    expect(submit.bodies).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: '4 stars, Very good' }));
    await user.type(screen.getByLabelText(/^Title/), 'A forecast the board trusts');
    await user.type(
      screen.getByLabelText(/^Your review/),
      'Maya rebuilt our forecasting model and trained our analysts.',
    );
    await user.type(screen.getByLabelText(/^Your role/), 'VP Finance');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    await waitFor(() =>
      expect(submit.bodies).toEqual([
        {
          rating: 4,
          title: 'A forecast the board trusts',
          text: 'Maya rebuilt our forecasting model and trained our analysts.',
          reviewerName: 'Priya Raman',
          reviewerRole: 'VP Finance',
          projectSummary: null,
          wouldRecommend: true,
        },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Thank you, Priya Raman' })).toBeTruthy();
    expect(screen.getByText('Thank you! Your review has been submitted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });

  it('says an unknown link (404) is not valid', async () => {
    useInvitationAnswers(() => failure(404, 'We could not find this review link.', 'not_found'));
    renderApp(`/business/review/${TOKEN}/leave/`);
    expect(await screen.findByRole('heading', { name: 'This review link is not valid' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });

  it('says an expired link (409) has expired, with the server’s words', async () => {
    useInvitationAnswers(() => failure(409, 'This review link has expired. Ask for a new link.', 'conflict'));
    renderApp(`/freelancer/review/${TOKEN}/leave/`);
    expect(await screen.findByRole('heading', { name: 'This review link has expired' }, SLOW)).toBeTruthy();
    expect(screen.getByText('This review link has expired. Ask for a new link.')).toBeTruthy();
  });

  it('says a used link (409 on submit) was already submitted', async () => {
    useInvitationAnswers(() => HttpResponse.json(INVITATION));
    server.use(http.patch(SUBMIT_URL, () => failure(409, 'This review was already submitted.', 'conflict')));
    renderApp(`/freelancer/review/${TOKEN}/leave/`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '5 stars, Excellent' }, SLOW));
    await user.type(screen.getByLabelText(/^Title/), 'Great work');
    await user.type(screen.getByLabelText(/^Your review/), 'Clear, careful and on time every week.');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByRole('heading', { name: 'This review was already submitted' })).toBeTruthy();
  });

  it('offers a retry when the request cannot load', async () => {
    let calls = 0;
    useInvitationAnswers(() => {
      calls += 1;
      return calls === 1 ? HttpResponse.error() : HttpResponse.json(INVITATION);
    });
    renderApp(`/freelancer/review/${TOKEN}/leave/`);
    expect(await screen.findByRole('heading', { name: 'We could not load this review request' }, SLOW)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Review Maya O.' })).toBeTruthy();
  });

  it('reads which way a 409 closed the link from its message', () => {
    expect(closedReason('This review link has expired.')).toBe('expired');
    expect(closedReason('This review was already submitted.')).toBe('used');
    expect(closedReason('This review link was already used or has expired. Ask for a new link.')).toBe('closed');
  });
});
