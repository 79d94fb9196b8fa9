import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../mocks/node';
import { renderWithRouter } from '../testing/renderWithRouter';
import { RequestInvites } from './RequestInvites';

const REQUEST_ID = '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44';

const invites = [
  {
    id: 'f4a1c8e2-6b3d-4d95-a7e0-2c9b5f1d8e36',
    provider: {
      id: '1c6e9a3f-5d2b-4b78-9e41-a0d7c3f6b258',
      accountType: 'freelancer',
      displayName: 'Lucas Ferreira',
      avatarUrl: null,
      companyId: null,
    },
    status: 'invited',
    invitedAt: '2026-03-11T09:12:48Z',
    viewedAt: null,
    respondedAt: null,
    proposal: null,
    conversation: { id: '7e2c5a9d-3f1b-4e64-b8d0-6a4f2c9e1b57' },
  },
  {
    id: '6c3f9a1e-4d8b-4e52-9b7a-1f5e0c3d8a47',
    provider: {
      id: '8a3c5e21-7f04-4d9b-b6e2-0c4d1f8a9b37',
      accountType: 'business',
      displayName: 'Northwind Analytics',
      avatarUrl: null,
      companyId: 'northwind-analytics',
    },
    status: 'responded',
    invitedAt: '2026-03-09T16:02:10Z',
    viewedAt: '2026-03-09T17:15:38Z',
    respondedAt: '2026-03-09T21:03:55Z',
    proposal: { id: '7c2e4a91-5d3b-4f86-a0c7-1e9b3d5f8a26' },
    conversation: { id: '4d9a2f6c-8e1b-4a57-b3c0-9f7e2d1a6c84' },
  },
];

function serve(items: unknown[], status = 200) {
  const asked: URL[] = [];
  server.use(
    http.get('*/api/message/client/request/:id/invites/', ({ request }) => {
      asked.push(new URL(request.url));
      if (status !== 200) {
        return HttpResponse.json({ status: 'error', message: 'Not found.', code: 'not_found' }, { status });
      }
      return HttpResponse.json({
        status: 'success',
        message: 'OK',
        data: {
          request: { id: REQUEST_ID, refId: 'VR-7K3D9Q2M', title: 'Dashboards' },
          items,
          pagination: { page: 1, pageSize: 20, total: items.length, totalPages: 1 },
        },
      });
    }),
  );
  return asked;
}

beforeEach(() => useScenario('client'));

describe('RequestInvites', () => {
  it('lists each invited provider with status, times and links', async () => {
    const asked = serve(invites);
    renderWithRouter(<RequestInvites requestId={REQUEST_ID} />);
    const list = await screen.findByRole('list', { name: 'Invited providers' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(rows).toHaveLength(2);
    expect(asked[0]!.pathname).toBe(`/api/message/client/request/${REQUEST_ID}/invites/`);

    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Lucas Ferreira' }).getAttribute('href')).toBe(
      '/freelancer/1c6e9a3f-5d2b-4b78-9e41-a0d7c3f6b258/',
    );
    expect(first.getByText('Invited', { selector: '.invite-status' })).toBeTruthy();
    expect(first.getByText('11 Mar 2026')).toBeTruthy();
    expect(first.queryByRole('link', { name: /View proposal/ })).toBeNull();
    expect(first.getByRole('link', { name: /Open conversation/ }).getAttribute('href')).toBe(
      '/dashboard/messages/conversation/7e2c5a9d-3f1b-4e64-b8d0-6a4f2c9e1b57/details/',
    );

    const second = within(rows[1]!);
    expect(second.getByRole('link', { name: 'Northwind Analytics' }).getAttribute('href')).toBe(
      '/business/northwind-analytics/',
    );
    expect(second.getByText('Responded', { selector: '.invite-status' })).toBeTruthy();
    expect(second.getByRole('link', { name: /View proposal/ }).getAttribute('href')).toBe(
      '/dashboard/proposals/7c2e4a91-5d3b-4f86-a0c7-1e9b3d5f8a26/details/',
    );
  });

  it('says when nobody was invited', async () => {
    serve([]);
    renderWithRouter(<RequestInvites requestId={REQUEST_ID} />);
    expect(await screen.findByText(/You have not invited anyone yet/)).toBeTruthy();
  });

  it('shows the error and tries again', async () => {
    serve([], 404);
    renderWithRouter(<RequestInvites requestId={REQUEST_ID} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    serve(invites);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Invited providers' })).toBeTruthy();
  });
});
