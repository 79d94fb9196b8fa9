import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clientUser, freelancerUser } from '../../../../mocks/fixtures/users';
import { server, useScenario } from '../../../../mocks/node';
import type { Conversation, Message } from '@/api/generated/model';
import { CHECKOUT_RETURN_KEY } from '@/lib/checkoutHandover';
import { renderApp } from '@/testing/renderApp';
import { linkParts } from './MessageText';

const CONVERSATION = '5b8e2d4f-7a1c-4f93-8d26-0c4e9a7b3f15';
const REQUEST = { id: '8f2a6d4c-3b7e-4c19-a5d8-1e6f9b3c7a20', refId: 'VR-9P3R5T7W', title: 'Member analytics' };
const PROVIDER = {
  id: '4b7e1c9a-6d2f-4e8b-9a31-5c0f2d7e8a14',
  accountType: 'freelancer' as const,
  displayName: 'Maya Okafor',
  avatarUrl: null,
  companyId: null,
};
const CLIENT = { id: clientUser.id, accountType: 'client' as const, displayName: 'Maya Chen', avatarUrl: null };
const ok = (data: unknown) => ({ status: 'success', message: 'OK', data });

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION,
    participants: [PROVIDER, CLIENT],
    subject: 'Churn analysis for 14 studios',
    request: REQUEST,
    proposal: null,
    lastMessage: {
      id: 'a0000000-0000-4000-8000-000000000001',
      bodyPreview: 'Would you send a proposal?',
      senderId: PROVIDER.id,
      createdAt: '2026-03-12T17:05:31Z',
    },
    unreadCount: 2,
    locked: false,
    createdAt: '2026-03-12T17:05:31Z',
    updatedAt: '2026-03-12T17:05:31Z',
    ...overrides,
  };
}

function message(n: number, overrides: Partial<Message> = {}): Message {
  return {
    id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    conversationId: CONVERSATION,
    sender: PROVIDER,
    body: `Message number ${n}`,
    attachments: [],
    createdAt: `2026-03-12T${String(10 + n).padStart(2, '0')}:00:00Z`,
    readAt: null,
    ...overrides,
  };
}

function serveList(items: Conversation[], unreadConversations = 1, seen: URL[] = []) {
  server.use(
    http.get('*/api/message/conversations/', ({ request }) => {
      seen.push(new URL(request.url));
      return HttpResponse.json(
        ok({ items, pagination: { page: 1, pageSize: 20, total: items.length, totalPages: 1 }, unreadConversations }),
      );
    }),
  );
  return seen;
}

function serveThread(pages: Message[][], convo: Conversation = conversation()) {
  server.use(
    http.get('*/api/message/conversation/:id/messages/', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      return HttpResponse.json(
        ok({
          conversation: convo,
          items: pages[page - 1] ?? [],
          pagination: { page, pageSize: 20, total: pages.flat().length, totalPages: pages.length },
        }),
      );
    }),
  );
}

const PATH = `/dashboard/messages/conversation/${CONVERSATION}/details/`;

beforeEach(() => useScenario('client'));

describe('conversation list', () => {
  it('lists conversations with the other person, request, preview, unread count and lock', async () => {
    serveList([
      conversation(),
      conversation({ id: 'c0000000-0000-4000-8000-000000000002', unreadCount: 0, locked: true, request: null }),
    ]);
    renderApp('/dashboard/messages/');
    const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 10_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: /Maya Okafor/ }).getAttribute('href')).toBe(PATH);
    expect(first.getByText('Would you send a proposal?')).toBeTruthy();
    expect(first.getByText('2 unread messages')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Member analytics' }).getAttribute('href')).toBe(
      `/dashboard/messages/?requestId=${REQUEST.id}`,
    );
    expect(within(items[1]!).getByText('Unlock to reply')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
  });

  it('filters unread conversations through the URL and says when all are read', async () => {
    const seen = serveList([], 0);
    const app = renderApp('/dashboard/messages/');
    await screen.findByText('No messages yet', undefined, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('link', { name: 'Unread' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/messages/?unread=true'));
    expect(await screen.findByText('You are all caught up')).toBeTruthy();
    expect(seen.some((url) => url.searchParams.get('unread') === 'true')).toBe(true);
  });

  it('sends the request filter from the URL', async () => {
    const seen = serveList([conversation()]);
    renderApp(`/dashboard/messages/?requestId=${REQUEST.id}`);
    expect(await screen.findByText(/Conversations about/, undefined, { timeout: 10_000 })).toBeTruthy();
    // The route's loader asks first; the header's unread count may ask after it.
    expect(seen.some((url) => url.searchParams.get('requestId') === REQUEST.id)).toBe(true);
  });

  it('redirects the old address to the list', async () => {
    serveList([]);
    const app = renderApp('/dashboard/message/all/');
    await waitFor(() => expect(app.location()).toBe('/dashboard/messages/'), { timeout: 10_000 });
  });
});

describe('conversation page', () => {
  it('shows the thread oldest first, loads earlier pages, links only web addresses and marks receipts', async () => {
    const mine = { ...CLIENT, companyId: null };
    serveThread([
      [
        message(3, { body: 'See https://example.com/plan. And javascript:alert(1) <b>bold</b>\nSecond line' }),
        message(4, { sender: mine, readAt: '2026-03-12T15:00:00Z' }),
        message(5, {
          sender: mine,
          attachments: [
            { id: 'f1', name: 'brief.pdf', url: '/uploads/brief.pdf', size: 2048, contentType: 'application/pdf' },
          ],
        }),
      ],
      [message(1), message(2)],
    ]);
    renderApp(PATH);
    const thread = await screen.findByRole('list', { name: 'Messages' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Churn analysis for 14 studios' })).toBeTruthy();
    expect(thread.children).toHaveLength(3);

    const link = within(thread).getByRole('link', { name: 'https://example.com/plan' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(thread).queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(thread.querySelector('b')).toBeNull();
    expect(within(thread).getByText(/<b>bold<\/b>/)).toBeTruthy();
    expect(within(thread).getByRole('link', { name: 'brief.pdf' }).getAttribute('href')).toBe('/uploads/brief.pdf');
    expect(within(thread).getByText(/^Read /)).toBeTruthy();
    expect(within(thread).getByText('Sent')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(thread.children).toHaveLength(5));
    expect(thread.children[0]!.textContent).toContain('Message number 1');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('sends with Ctrl+Enter, shows the message, and shows field errors from the server', async () => {
    serveThread([[message(1)]]);
    const sent: unknown[] = [];
    let fail = true;
    server.use(
      http.post('*/api/message/conversation/:id/messages/send/', async ({ request }) => {
        sent.push(await request.json());
        if (fail) {
          fail = false;
          return HttpResponse.json(
            {
              status: 'error',
              message: 'Check the message.',
              code: 'validation_failed',
              errors: [{ field: 'body', message: 'This message looks like spam.' }],
            },
            { status: 400 },
          );
        }
        return HttpResponse.json(ok(message(9, { body: 'Thursday works', sender: { ...CLIENT, companyId: null } })), {
          status: 201,
        });
      }),
    );
    renderApp(PATH);
    const box = await screen.findByLabelText('Your message', undefined, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message first.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await userEvent.type(box, 'Thursday works');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('This message looks like spam.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');

    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    const thread = screen.getByRole('list', { name: 'Messages' });
    expect(await within(thread).findByText('Thursday works')).toBeTruthy();
    expect(sent).toEqual([{ body: 'Thursday works' }, { body: 'Thursday works' }]);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('offers the unlock in place of the reply box when locked, and shows the 409 message', async () => {
    useScenario('freelancer');
    serveThread(
      [[message(1, { sender: { ...CLIENT, companyId: null } })]],
      conversation({ participants: [{ ...PROVIDER, id: freelancerUser.id }, CLIENT], locked: true }),
    );
    let unlockCsrf: string | null = null;
    server.use(
      http.get('*/api/payments/freelancer/versigems/', () =>
        HttpResponse.json(
          ok({
            balance: 2,
            unlockCost: 5,
            ledger: { items: [], pagination: { page: 1, pageSize: 1, total: 0, totalPages: 0 } },
          }),
        ),
      ),
      http.get('*/api/message/freelancer/request-invite/restriction/:id/unlock/', ({ request, params }) => {
        // As the server does: a GET that changes state is refused without the token, before
        // anything happens; the web app then sends it again with one.
        const token = request.headers.get('X-CSRF-Token');
        if (!token) {
          return HttpResponse.json(
            {
              status: 'error',
              message:
                'Your session has expired or the security token is missing. Please reload the page and try again.',
              code: 'csrf_failed',
            },
            { status: 403 },
          );
        }
        unlockCsrf = token;
        expect(params.id).toBe(REQUEST.id);
        return HttpResponse.json(
          {
            status: 'error',
            message: 'You need 5 versigems to unlock this request and you have 2. Buy versigems to continue.',
            code: 'conflict',
          },
          { status: 409 },
        );
      }),
    );
    renderApp(PATH);
    expect(
      await screen.findByText(/Unlocking this request costs 5 versigems\. Your balance: 2\./, undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
    expect(screen.getByRole('link', { name: 'Buy versigems' }).getAttribute('href')).toBe(
      '/dashboard/plans/versigems/buy/',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(/you have 2\. Buy versigems to continue/)).toBeTruthy();
    expect(unlockCsrf).toBe('mock-csrf-token-0123456789abcdef');
    // Leaving to buy keeps the conversation for the checkout's return page.
    await userEvent.click(screen.getByRole('link', { name: 'Buy versigems' }));
    expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_RETURN_KEY) ?? 'null')).toEqual({
      path: PATH,
      label: 'Back to the conversation',
    });
  });

  it('has three tabs: the request links to the client request page, the person tab to the profile', async () => {
    serveThread([[message(1)]]);
    const app = renderApp(PATH);
    await screen.findByRole('list', { name: 'Messages' }, { timeout: 10_000 });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Message Details',
      'Request Details',
      'Client Details',
    ]);
    screen.getByRole('tab', { name: 'Message Details' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(app.location()).toBe(`${PATH}?tab=request`));
    const request = screen.getByRole('tabpanel', { name: 'Request Details' });
    expect(within(request).getByText('VR-9P3R5T7W')).toBeTruthy();
    expect(within(request).getByRole('link', { name: 'Open your request' }).getAttribute('href')).toBe(
      `/dashboard/requests/${REQUEST.id}/details/`,
    );
    await userEvent.keyboard('{ArrowRight}');
    const person = await screen.findByRole('tabpanel', { name: 'Client Details' });
    expect(
      within(person)
        .getByRole('link', { name: /Maya Okafor's profile/ })
        .getAttribute('href'),
    ).toBe(`/freelancer/${PROVIDER.id}/`);
  });

  it('says when the conversation does not exist', async () => {
    server.use(
      http.get('*/api/message/conversation/:id/messages/', () =>
        HttpResponse.json({ status: 'error', message: 'Not found.', code: 'not_found' }, { status: 404 }),
      ),
    );
    renderApp(PATH);
    expect(
      await screen.findByRole('heading', { name: 'We could not find this conversation' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});

describe('linkParts', () => {
  it('links http and https addresses only, without trailing punctuation', () => {
    expect(linkParts('Go to https://a.io/x, or ftp://b.io or http://c.io.')).toEqual([
      { text: 'Go to ' },
      { text: 'https://a.io/x', href: 'https://a.io/x' },
      { text: ', or ftp://b.io or ' },
      { text: 'http://c.io', href: 'http://c.io/' },
      { text: '.' },
    ]);
  });
});
