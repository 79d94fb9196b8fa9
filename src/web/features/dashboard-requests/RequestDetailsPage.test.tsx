import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import schema from '../../../../forms/requests/data-and-analytics-business/schema.json';
import { recordJson } from '@/testing/apiFixtures';
import { renderApp } from '@/testing/renderApp';
import { catalogueHandlers, fullRequest, REQUEST_ID } from '@/testing/requestFixtures';

const PATH = `/dashboard/requests/${REQUEST_ID}/details/`;

function serveRequest(body = fullRequest({ editable: false, closeReason: null })) {
  server.use(answer('GetServiceRequest', { status: 'success', message: 'OK', data: body }));
}

const tabs = () => screen.getAllByRole('tab');
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

beforeEach(() => {
  useScenario('client');
  server.use(...catalogueHandlers());
});

describe('RequestDetailsPage', () => {
  it('shows the heading and opens on Request Details with the answers read from the form', async () => {
    serveRequest();
    renderApp(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: fullRequest().title }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('VR-7K3D9Q2M')).toBeTruthy();
    expect(screen.getByText('In review')).toBeTruthy();
    expect(tabs().map((tab) => tab.textContent)).toEqual([
      'Message Details',
      'Request Details',
      'Proposals',
      'Client Details',
    ]);
    expect(selectedTab()).toBe('Request Details');

    const panel = screen.getByRole('tabpanel', { name: 'Request Details' });
    const facts = within(within(panel).getByRole('region', { name: 'Summary' }));
    expect(facts.getByText('Data and Analytics / Business Analytics')).toBeTruthy();
    expect(facts.getByText('Power BI, NetSuite')).toBeTruthy();
    expect(within(panel).getByText('$10,000 – $25,000')).toBeTruthy();
    expect(within(panel).getByText('1 to 3 months')).toBeTruthy();
    expect(within(panel).getByText('Within the next two weeks')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'current-weekly-sales-report.xlsx' })).toBeTruthy();

    // The answers, laid out by the form's steps, with catalogue labels rather than slugs.
    const stepTitles = schema['x-steps'].map((step) => step.title);
    // The form's files and compiled validators load on demand: allow for a slow machine.
    expect(
      await within(panel).findByRole('heading', { level: 3, name: stepTitles[0]! }, { timeout: 15_000 }),
    ).toBeTruthy();
    const dataStep = within(panel).getByRole('region', { name: stepTitles[1]! });
    expect(await within(dataStep).findByText('ERP system, CRM, Spreadsheets')).toBeTruthy();
    expect(within(dataStep).getByText('1 million to 100 million rows')).toBeTruthy();
    const businessStep = within(panel).getByRole('region', { name: stepTitles[0]! });
    expect(await within(businessStep).findByText('Logistics and transportation')).toBeTruthy();
    expect(within(panel).queryByText('logistics-and-transportation')).toBeNull();
  }, 30_000);

  it('moves between tabs with the arrow keys and keeps the tab in the URL', async () => {
    serveRequest();
    const app = renderApp(PATH);
    await screen.findByRole('tab', { name: 'Request Details' });

    screen.getByRole('tab', { name: 'Request Details' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(app.location()).toBe(`${PATH}?tab=proposals`));
    expect(selectedTab()).toBe('Proposals');
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(app.location()).toBe(`${PATH}?tab=client`));
    expect(selectedTab()).toBe('Client Details');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Client Details' }));
    const client = screen.getByRole('tabpanel', { name: 'Client Details' });
    expect(within(client).getByText('Maya Patel')).toBeTruthy();
    expect(within(client).getByText('United States')).toBeTruthy();
    expect(within(client).getByText('Client')).toBeTruthy();

    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(app.location()).toBe(`${PATH}?tab=messages`));
    expect(selectedTab()).toBe('Message Details');
    const messages = screen.getByRole('tabpanel', { name: 'Message Details' });
    expect(within(messages).getByText('4 proposals')).toBeTruthy();
    expect(within(messages).getByText('2 unread messages')).toBeTruthy();
    expect(within(messages).getByText(/messages and proposals on this request will appear here/)).toBeTruthy();

    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(app.location()).toBe(`${PATH}?tab=client`));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(app.location()).toBe(`${PATH}?tab=messages`));
    await userEvent.click(screen.getByRole('tab', { name: 'Request Details' }));
    await waitFor(() => expect(app.location()).toBe(PATH));
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });

  it('lists the providers the client invited on the Message Details tab', async () => {
    serveRequest();
    const asked: string[] = [];
    server.use(
      http.get('*/api/message/client/request/:id/invites/', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({
          status: 'success',
          message: 'OK',
          data: {
            request: { id: REQUEST_ID, refId: 'VR-7K3D9Q2M', title: fullRequest().title },
            items: [
              {
                id: 'f4a1c8e2-6b3d-4d95-a7e0-2c9b5f1d8e36',
                provider: {
                  id: '1c6e9a3f-5d2b-4b78-9e41-a0d7c3f6b258',
                  accountType: 'freelancer',
                  displayName: 'Lucas Ferreira',
                  avatarUrl: null,
                  companyId: null,
                },
                status: 'viewed',
                invitedAt: '2026-03-11T09:12:48Z',
                viewedAt: '2026-03-11T10:02:00Z',
                respondedAt: null,
                proposal: null,
                conversation: { id: '7e2c5a9d-3f1b-4e64-b8d0-6a4f2c9e1b57' },
              },
            ],
            pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 },
          },
        });
      }),
    );
    renderApp(`${PATH}?tab=messages`);
    const messages = await screen.findByRole('tabpanel', { name: 'Message Details' });
    const invites = await within(messages).findByRole('region', { name: 'Invited providers' });
    expect(await within(invites).findByRole('link', { name: 'Lucas Ferreira' })).toBeTruthy();
    expect(within(invites).getByText('Viewed', { selector: '.invite-status' })).toBeTruthy();
    expect(asked).toEqual([REQUEST_ID]);
    // Not loaded on the other tabs.
    await userEvent.click(screen.getByRole('tab', { name: 'Request Details' }));
    expect(screen.queryByRole('region', { name: 'Invited providers' })).toBeNull();
  });

  it('opens the tab named in the URL', async () => {
    serveRequest();
    renderApp(`${PATH}?tab=client`);
    await screen.findByRole('tab', { name: 'Client Details', selected: true });
    expect(screen.getByRole('tabpanel', { name: 'Client Details' })).toBeTruthy();
  });

  it('says the request was not found on a 404, with a way back', async () => {
    server.use(
      http.get('*/api/service/request/:id/', () =>
        HttpResponse.json({ status: 'error', message: 'Not found.', code: 'not_found' }, { status: 404 }),
      ),
    );
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'We could not find this request' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my requests' }).getAttribute('href')).toBe('/dashboard/requests/');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('offers Edit while the request is editable, and says why not once a proposal arrived', async () => {
    serveRequest(fullRequest({ status: 'open', proposalCount: 0, editable: true, closeReason: null }));
    const app = renderApp(PATH);
    const edit = await screen.findByRole('link', { name: 'Edit request' }, { timeout: 5000 });
    expect(edit.getAttribute('href')).toBe(`/dashboard/requests/${REQUEST_ID}/edit/`);
    expect(screen.queryByText('Requests can be changed until the first proposal arrives.')).toBeNull();
    app.unmount();

    serveRequest(fullRequest({ status: 'in-review', editable: false, closeReason: null }));
    renderApp(PATH);
    expect(
      await screen.findByText('Requests can be changed until the first proposal arrives.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit request' })).toBeNull();
  });

  it('closes the request with a reason and a note, then shows it closed', async () => {
    serveRequest(fullRequest({ status: 'in-review', editable: false, closeReason: null }));
    const { handler, bodies } = recordJson('post', '*/api/service/request/:id/close/', () =>
      HttpResponse.json({
        status: 'success',
        message: 'Your request is closed.',
        data: fullRequest({ status: 'closed', closeReason: 'budget-changed', editable: false, closesAt: null }),
      }),
    );
    server.use(handler);
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Close request' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this request?' });
    const reasons = within(within(dialog).getByRole('group', { name: 'Why are you closing it?' }));
    expect(reasons.getAllByRole('radio').map((radio) => radio.parentElement?.textContent?.trim())).toEqual([
      'I hired someone elsewhere',
      'I no longer need this',
      'My budget changed',
      'No proposal suited me',
      'Other',
    ]);

    // A reason is needed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close request' }));
    expect(within(dialog).getByText('Please pick a reason.')).toBeTruthy();
    expect(bodies).toEqual([]);

    await userEvent.click(reasons.getByRole('radio', { name: 'My budget changed' }));
    await userEvent.type(within(dialog).getByLabelText('Anything to add? (optional)'), 'Next quarter, maybe.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ reason: 'budget-changed', note: 'Next quarter, maybe.' }]);
    expect(screen.getByText('Closed: My budget changed')).toBeTruthy();
    expect(screen.getByText('Closed', { selector: '.status-badge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close request' })).toBeNull();
  });

  it('shows a refused close in the dialog', async () => {
    serveRequest(fullRequest({ status: 'open', editable: false, closeReason: null }));
    server.use(
      http.post('*/api/service/request/:id/close/', () =>
        HttpResponse.json(
          { status: 'error', message: 'This request is already awarded.', code: 'conflict' },
          { status: 409 },
        ),
      ),
    );
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Close request' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this request?' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close request' }));
    expect(await within(dialog).findByText('This request is already awarded.')).toBeTruthy();
  });
});
