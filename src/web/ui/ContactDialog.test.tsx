import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clientUser } from '../../../mocks/fixtures/users';
import { server, useScenario } from '../../../mocks/node';
import { useAuth } from '../lib/auth';
import { renderWithRouter } from '../testing/renderWithRouter';
import { ContactButton, MessageButton } from './ContactDialog';

const PROVIDER = { id: '4b7e1c9a-6d2f-4e8b-9a31-5c0f2d7e8a14', name: 'Maya Okafor' };
const CONVERSATION = '4d9a2f6c-8e1b-4a57-b3c0-9f7e2d1a6c84';

function request(id: string, status: string, title: string) {
  return {
    id,
    refId: 'VR-7K3D9Q2M',
    title,
    status,
    summary: 'Summary',
    family: { slug: 'data', name: 'Data' },
    subFamily: null,
    proposalCount: 0,
    unreadMessageCount: 0,
    createdAt: '2026-03-01T10:00:00Z',
    closesAt: null,
  };
}

/** Shows once the session check has answered, so a test knows who is signed in. */
function SignedInAs() {
  const { user } = useAuth();
  return user ? <p>Signed in as {user.displayName}</p> : null;
}

beforeEach(() => useScenario('client'));

describe('ContactButton', () => {
  it('lets a client write a first message, inviting the provider to an open request, then opens the conversation', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/service/client/request/all/', () =>
        HttpResponse.json({
          status: 'success',
          message: 'OK',
          data: {
            items: [
              request('3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44', 'open', 'Power BI dashboards'),
              request('9d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44', 'closed', 'Old closed request'),
            ],
            pagination: { page: 1, pageSize: 100, total: 2, totalPages: 1 },
          },
        }),
      ),
      http.post('*/api/message/conversation/create/', async ({ request: call }) => {
        bodies.push(await call.json());
        return HttpResponse.json(
          { status: 'success', message: 'Your message is sent.', data: { id: CONVERSATION } },
          { status: 201 },
        );
      }),
    );
    const { router } = renderWithRouter(<ContactButton recipient={PROVIDER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Contact Maya Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Maya Okafor' });
    expect(dialog).toBeTruthy();
    const select = await screen.findByLabelText('Invite them to one of your requests (optional)');
    expect(screen.queryByRole('option', { name: /Old closed request/ })).toBeNull();
    await userEvent.selectOptions(select, '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44');
    await userEvent.type(screen.getByLabelText('Your message'), 'Would you send a proposal?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/messages/conversation/${CONVERSATION}/details/`),
    );
    expect(bodies).toEqual([
      {
        recipientId: PROVIDER.id,
        body: 'Would you send a proposal?',
        requestId: '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44',
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives a visitor the guest form, checks it, and says a copy is on its way', async () => {
    useScenario('visitor');
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/message/guest/direct-contact/', async ({ request: call }) => {
        bodies.push(await call.json());
        return HttpResponse.json(
          { status: 'success', message: 'Your message is sent.', data: { id: 'x' } },
          { status: 201 },
        );
      }),
    );
    renderWithRouter(<ContactButton recipient={PROVIDER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Contact Maya Okafor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter your name.')).toBeTruthy();
    expect(screen.getByText('Write at least 20 characters.')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Your name'), 'Hannah Schmidt');
    await userEvent.type(screen.getByLabelText('Your email'), 'hannah@example.com');
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '+49 30 901820');
    await userEvent.type(screen.getByLabelText('Your message'), 'We need a reporting setup next month.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/A copy is on its way to hannah@example.com/)).toBeTruthy();
    expect(bodies).toEqual([
      {
        recipientId: PROVIDER.id,
        name: 'Hannah Schmidt',
        email: 'hannah@example.com',
        phone: '+4930901820',
        message: 'We need a reporting setup next month.',
      },
    ]);
  });

  it('closes with Escape and is hidden on one’s own profile', async () => {
    const { unmount } = renderWithRouter(<ContactButton recipient={PROVIDER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Contact Maya Okafor' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    renderWithRouter(
      <>
        <SignedInAs />
        <ContactButton recipient={{ id: clientUser.id, name: 'Me' }} />
      </>,
    );
    await screen.findByText(`Signed in as ${clientUser.displayName}`);
    expect(screen.queryByRole('button', { name: /Contact/ })).toBeNull();
  });
});

describe('MessageButton', () => {
  it('writes to the provider about the request it sits on, with no request to choose and no email form', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/message/conversation/create/', async ({ request: call }) => {
        bodies.push(await call.json());
        return HttpResponse.json({ status: 'success', message: 'Your message is sent.', data: { id: CONVERSATION } });
      }),
    );
    const about = { id: '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44', title: 'Power BI dashboards' };
    const { router } = renderWithRouter(<MessageButton recipient={PROVIDER} about={about} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Message Maya Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Maya Okafor' });
    expect(dialog.textContent).toContain('About your request “Power BI dashboards”');
    expect(screen.queryByLabelText('Invite them to one of your requests (optional)')).toBeNull();
    expect(screen.queryByRole('button', { name: /an email instead/ })).toBeNull();
    await userEvent.type(screen.getByLabelText('Your message'), 'Could you start on the 1st?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/messages/conversation/${CONVERSATION}/details/`),
    );
    expect(bodies).toEqual([{ recipientId: PROVIDER.id, body: 'Could you start on the 1st?', requestId: about.id }]);
  });
});
