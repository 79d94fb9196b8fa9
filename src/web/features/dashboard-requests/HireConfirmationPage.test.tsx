import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { failure } from '@/testing/apiFixtures';
import { envelope, fullProposal, PROPOSALS, proposalPage } from '@/testing/proposalFixtures';
import { renderApp } from '@/testing/renderApp';
import { fullRequest, REQUEST_ID } from '@/testing/requestFixtures';

const SLOW = { timeout: 5000 };
const maya = PROPOSALS[0]!;
const path = (pid = maya.id, sid = maya.provider.id) => `/dashboard/requests/${REQUEST_ID}/confirmation/${pid}/${sid}/`;

function serveHire(reply: () => Response) {
  const calls: string[] = [];
  server.use(
    http.post('*/api/service/client/request/proposal/:id/hire/', ({ params }) => {
      calls.push(String(params.id));
      return reply();
    }),
  );
  return calls;
}

beforeEach(() => {
  useScenario('client');
  server.use(
    answer('GetServiceRequest', envelope(fullRequest({ editable: false, closeReason: null }))),
    http.get('*/api/service/request/proposal/:id/', ({ params }) => {
      const summary = PROPOSALS.find((item) => item.id === params.id);
      return summary ? HttpResponse.json(envelope(fullProposal(summary))) : failure(404, 'Not found.', 'not_found');
    }),
    http.get('*/api/service/client/request/:id/proposals/', () => HttpResponse.json(proposalPage())),
  );
});

describe('HireConfirmationPage', () => {
  it('shows the request, the provider, the price and milestones, and what hiring does', async () => {
    renderApp(path());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hire Maya Okafor?' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: fullRequest().title })).toBeTruthy();
    expect(screen.getByText('VR-7K3D9Q2M')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Maya Okafor' }).getAttribute('href')).toBe(
      `/freelancer/${maya.provider.id}/`,
    );
    expect(screen.getByText('$18,500 (fixed price)')).toBeTruthy();
    expect(screen.getByText('1 to 3 months')).toBeTruthy();
    expect(screen.getByText('Discovery and data model')).toBeTruthy();
    // Three submitted and one shortlisted proposal are waiting; this is one of them.
    expect(
      await screen.findByText(
        /The request is marked hired and leaves the job board\. The other 3 proposals are declined, their providers told and their versigems given back\./,
      ),
    ).toBeTruthy();
  });

  it('hires on the button and then shows the success state with links back', async () => {
    const calls = serveHire(() =>
      HttpResponse.json(envelope(fullProposal({ ...maya, status: 'accepted' }), 'You hired Maya Okafor.')),
    );
    renderApp(path());
    await userEvent.click(await screen.findByRole('button', { name: 'Hire Maya Okafor' }, SLOW));
    expect(await screen.findByRole('heading', { level: 1, name: 'You hired Maya Okafor' })).toBeTruthy();
    expect(calls).toEqual([maya.id]);
    expect(screen.getByRole('link', { name: 'Back to the request' }).getAttribute('href')).toBe(
      `/dashboard/requests/${REQUEST_ID}/details/`,
    );
    expect(screen.getByRole('link', { name: 'See the proposals' }).getAttribute('href')).toBe(
      `/dashboard/requests/${REQUEST_ID}/details/?tab=proposals`,
    );
  });

  it('shows the message of a 409 and stays on the confirmation', async () => {
    serveHire(() => failure(409, 'You already hired someone for this request.', 'conflict'));
    renderApp(path());
    await userEvent.click(await screen.findByRole('button', { name: 'Hire Maya Okafor' }, SLOW));
    const alert = await screen.findByText('You already hired someone for this request.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Hire Maya Okafor?' })).toBeTruthy();
  });

  it('is not found when the provider in the link is not the proposal’s', async () => {
    const calls = serveHire(() => HttpResponse.json({}));
    renderApp(path(maya.id, PROPOSALS[1]!.provider.id));
    expect(await screen.findByRole('heading', { name: 'We could not find this proposal' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Hire/ })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('is not found for an unknown proposal', async () => {
    renderApp(path('00000000-0000-4000-8000-000000000000'));
    const heading = await screen.findByRole('heading', { name: 'We could not find this proposal' }, SLOW);
    expect(within(heading.parentElement!).getByRole('link', { name: 'Back to my requests' })).toBeTruthy();
  });

  it('does not offer to hire from a declined proposal', async () => {
    const tomas = PROPOSALS[3]!;
    renderApp(path(tomas.id, tomas.provider.id));
    expect(await screen.findByText(/can no longer be accepted/, undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Hire/ })).toBeNull());
  });
});
