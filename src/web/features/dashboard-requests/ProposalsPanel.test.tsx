import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { failure } from '@/testing/apiFixtures';
import { envelope, fullProposal, PROPOSALS, proposalPage } from '@/testing/proposalFixtures';
import { renderApp } from '@/testing/renderApp';
import { catalogueHandlers, fullRequest, REQUEST_ID } from '@/testing/requestFixtures';

const PATH = `/dashboard/requests/${REQUEST_ID}/details/`;
const SLOW = { timeout: 5000 };
const maya = PROPOSALS[0]!;
const northwind = PROPOSALS[1]!;
const lena = PROPOSALS[4]!;

/** Serves the list (whatever the filter) and records each call's query. */
function serveProposals(body = proposalPage()) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/service/client/request/:id/proposals/', ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return HttpResponse.json(body);
    }),
  );
  return calls;
}

function serveFullProposals() {
  server.use(
    http.get('*/api/service/request/proposal/:id/', ({ params }) => {
      const summary = PROPOSALS.find((item) => item.id === params.id);
      return summary ? HttpResponse.json(envelope(fullProposal(summary))) : failure(404, 'Not found.', 'not_found');
    }),
  );
}

/** Records the JSON bodies of one of the client's proposal actions, answering `reply`. */
function recordAction(action: 'shortlist' | 'decline', reply: (id: string) => Response) {
  const calls: { id: string; body: unknown }[] = [];
  server.use(
    http.post(`*/api/service/client/request/proposal/:id/${action}/`, async ({ params, request }) => {
      calls.push({ id: String(params.id), body: await request.json() });
      return reply(String(params.id));
    }),
  );
  return calls;
}

const card = (name: string) => screen.getByRole('article', { name: new RegExp(`^${name}`) }) as HTMLElement;

async function openTab(search = '?tab=proposals') {
  const app = renderApp(`${PATH}${search}`);
  await screen.findByRole('article', { name: /^Maya Okafor/ }, SLOW);
  return app;
}

beforeEach(() => {
  useScenario('client');
  server.use(
    ...catalogueHandlers(),
    answer('GetServiceRequest', {
      status: 'success',
      message: 'OK',
      data: fullRequest({ editable: false, closeReason: null }),
    }),
  );
  serveFullProposals();
});

describe('The proposals tab', () => {
  it('is a tab beside the request details, with counts per status and a card per proposal', async () => {
    const calls = serveProposals();
    await openTab();

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Message Details',
      'Request Details',
      'Proposals',
      'Client Details',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Proposals');
    const filters = within(screen.getByRole('navigation', { name: 'Filter proposals by status' }));
    expect(filters.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'All (5)',
      'Submitted (3)',
      'Shortlisted (1)',
      'Accepted (0)',
      'Declined (1)',
    ]);
    expect(filters.getByRole('link', { name: 'All (5)' }).getAttribute('aria-current')).toBe('page');
    expect(calls[0]?.get('status')).toBeNull();
    expect(calls[0]?.get('sort')).toBeNull();

    const first = within(card('Maya Okafor'));
    expect(first.getByRole('link', { name: 'Maya Okafor' }).getAttribute('href')).toBe(
      `/freelancer/${maya.provider.id}/`,
    );
    expect(first.getByText('★ 4.8 (12 reviews)')).toBeTruthy();
    expect(first.getByText('Profile 90% complete')).toBeTruthy();
    expect(first.getByText('3 hires')).toBeTruthy();
    expect(first.getByText('$18,500')).toBeTruthy();
    expect(first.getByText('1 to 3 months')).toBeTruthy();
    expect(first.getByText(/NetSuite data for three distributors/)).toBeTruthy();
    expect(first.getByText('Submitted')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Hire Maya Okafor' }).getAttribute('href')).toBe(
      `/dashboard/requests/${REQUEST_ID}/confirmation/${maya.id}/${maya.provider.id}/`,
    );

    const business = within(card('Northwind Analytics'));
    expect(business.getByRole('link', { name: 'Northwind Analytics' }).getAttribute('href')).toBe(
      '/business/northwind-analytics/',
    );
    expect(business.getByText('★ 4.5 (1 review)')).toBeTruthy();
    expect(business.getByRole('button', { name: 'Remove from shortlist Northwind Analytics' })).toBeTruthy();

    const hourly = within(card('Priya Raman'));
    expect(hourly.getByText('No reviews yet')).toBeTruthy();
    expect(hourly.getByText('$95/hr')).toBeTruthy();
    expect(hourly.getByText('No hires yet')).toBeTruthy();

    // A declined proposal can be read and compared, not acted on.
    const declined = within(card('Tomás Herrera'));
    expect(declined.getByText('Declined')).toBeTruthy();
    expect(declined.queryByRole('button', { name: /Shortlist|Decline/ })).toBeNull();
    expect(declined.queryByRole('link', { name: /Hire/ })).toBeNull();
  });

  it('filters by status and sorts through the URL, asking the server each time', async () => {
    const calls = serveProposals();
    const app = await openTab();

    await userEvent.click(screen.getByRole('link', { name: 'Shortlisted (1)' }));
    await waitFor(() => expect(app.location()).toBe(`${PATH}?tab=proposals&status=shortlisted`));
    await waitFor(() => expect(calls.at(-1)?.get('status')).toBe('shortlisted'));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await waitFor(() => expect(app.location()).toBe(`${PATH}?tab=proposals&status=shortlisted&sort=price-low`));
    await waitFor(() => expect(calls.at(-1)?.get('sort')).toBe('price-low'));
    expect(calls.at(-1)?.get('status')).toBe('shortlisted');

    await userEvent.click(screen.getByRole('link', { name: 'All (5)' }));
    await waitFor(() => expect(app.location()).toBe(`${PATH}?tab=proposals&sort=price-low`));
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('price-low');
  });

  it('opens with the filter, order and page of the URL and pages through', async () => {
    const calls = serveProposals(proposalPage(PROPOSALS, { page: 2, totalPages: 3 }));
    renderApp(`${PATH}?tab=proposals&status=submitted&sort=price-high&page=2`);
    await screen.findByRole('article', { name: /^Maya Okafor/ }, SLOW);
    expect(calls[0]?.get('status')).toBe('submitted');
    expect(calls[0]?.get('sort')).toBe('price-high');
    expect(calls[0]?.get('page')).toBe('2');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      `${PATH}?tab=proposals&status=submitted&sort=price-high&page=3`,
    );
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      `${PATH}?tab=proposals&status=submitted&sort=price-high`,
    );
  });

  it('compares 2 to 4 proposals side by side and refuses a fifth, saying why', async () => {
    serveProposals();
    await openTab();
    const compareButton = () => screen.getByRole('button', { name: /^Compare .*proposals$/ });
    const tick = (name: string) =>
      userEvent.click(within(card(name)).getByRole('checkbox', { name: `Compare ${name}` }));

    expect((compareButton() as HTMLButtonElement).disabled).toBe(true);
    await tick('Maya Okafor');
    expect(screen.getByText('1 selected: pick at least one more to compare.')).toBeTruthy();
    expect((compareButton() as HTMLButtonElement).disabled).toBe(true);
    await tick('Northwind Analytics');
    await tick('Priya Raman');
    await tick('Tomás Herrera');
    expect(screen.getByText('4 selected.')).toBeTruthy();

    await tick('Lena Fischer');
    const lenaBox = within(card('Lena Fischer')).getByRole('checkbox', {
      name: 'Compare Lena Fischer',
    }) as HTMLInputElement;
    expect(lenaBox.checked).toBe(false);
    expect(screen.getByText('You can compare up to 4 proposals at once. Remove one to add another.')).toBeTruthy();

    // Taking one off makes room again.
    await tick('Tomás Herrera');
    await tick('Lena Fischer');
    expect(lenaBox.checked).toBe(true);
    expect(screen.queryByText(/compare up to 4/)).toBeNull();

    await userEvent.click(compareButton());
    const dialog = await screen.findByRole('dialog', { name: 'Compare proposals' });
    const table = within(dialog).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Maya Okafor', 'Northwind Analytics', 'Priya Raman', 'Lena Fischer']);
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    const cells = (label: string) =>
      within(row(label))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Price')).toEqual(['$18,500', '$22,000', '$95/hr', '$16,000']);
    expect(cells('Price type')).toEqual(['Fixed price', 'Fixed price', 'Hourly rate', 'Fixed price']);
    expect(cells('Duration')).toEqual(['1 to 3 months', '1 to 3 months', '3 to 6 months', '1 to 3 months']);
    expect(cells('Rating')).toEqual(['★ 4.8 (12 reviews)', '★ 4.5 (1 review)', 'No reviews yet', '★ 4.8 (12 reviews)']);
    expect(cells('Reviews')).toEqual(['12', '1', '0', '12']);
    expect(cells('Profile completion')).toEqual(['90%', '75%', '60%', '90%']);
    expect(cells('Hires')).toEqual(['3 hires', '1 hire', 'No hires yet', '3 hires']);
    expect(cells('Attachments')).toEqual(['1', '2', '0', '1']);
    expect(cells('Sent')).toHaveLength(4);
    // The milestone list comes from each full proposal.
    await within(row('Milestones')).findAllByText(/Discovery and data model: \$4,500, day 14/);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shortlists and takes off the shortlist, showing a 409 message', async () => {
    serveProposals();
    const calls = recordAction('shortlist', (id) =>
      id === northwind.id
        ? failure(409, 'This request no longer takes changes to its proposals.', 'conflict')
        : HttpResponse.json(envelope(fullProposal({ ...maya, status: 'shortlisted' }))),
    );
    await openTab();

    await userEvent.click(within(card('Maya Okafor')).getByRole('button', { name: 'Shortlist Maya Okafor' }));
    await waitFor(() => expect(calls).toEqual([{ id: maya.id, body: { shortlisted: true } }]));
    expect(screen.queryByText(/no longer takes changes/)).toBeNull();

    await userEvent.click(
      within(card('Northwind Analytics')).getByRole('button', { name: 'Remove from shortlist Northwind Analytics' }),
    );
    await waitFor(() => expect(calls[1]).toEqual({ id: northwind.id, body: { shortlisted: false } }));
    expect(await screen.findByText('This request no longer takes changes to its proposals.')).toBeTruthy();
  });

  it('declines with an optional reason of at most 500 characters, and shows a 409 in the dialog', async () => {
    serveProposals();
    let refuse = true;
    const calls = recordAction('decline', () =>
      refuse
        ? failure(409, 'This proposal was withdrawn by its provider.', 'conflict')
        : HttpResponse.json(envelope(fullProposal({ ...lena, status: 'declined' }))),
    );
    await openTab();

    await userEvent.click(within(card('Lena Fischer')).getByRole('button', { name: 'Decline Lena Fischer' }));
    const dialog = await screen.findByRole('dialog', { name: "Decline Lena Fischer's proposal?" });
    const reason = within(dialog).getByLabelText('Reason (optional)') as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(500);
    const words = 'We went with a team that has NetSuite experience.';
    await userEvent.type(reason, words);
    expect(within(dialog).getByText(new RegExp(`^${500 - words.length} of 500 characters left`))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline proposal' }));
    expect(await within(dialog).findByText('This proposal was withdrawn by its provider.')).toBeTruthy();
    expect(calls[0]).toEqual({ id: lena.id, body: { reason: 'We went with a team that has NetSuite experience.' } });

    refuse = false;
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline proposal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls[1]).toEqual({ id: lena.id, body: {} });
  });

  it('opens the whole proposal with its milestones and files', async () => {
    serveProposals();
    await openTab();
    await userEvent.click(within(card('Maya Okafor')).getByRole('button', { name: "View Maya Okafor's proposal" }));
    const dialog = await screen.findByRole('dialog', { name: 'Proposal from Maya Okafor' });
    expect(await within(dialog).findByText(/finish with a 12-week demand forecast/)).toBeTruthy();
    const milestones = within(dialog)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('milestone-list__item'));
    expect(milestones.map((item) => item.textContent)).toEqual([
      'Discovery and data model$4,500Due 14 days after you hire',
      'Dashboards and forecast$14,000Due 60 days after you hire',
    ]);
    expect(within(dialog).getByRole('link', { name: 'power-bi-distribution-case-study.pdf' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Hire Maya Okafor' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the request has no proposals yet', async () => {
    serveProposals(proposalPage([], { statusCounts: { submitted: 0, shortlisted: 0, accepted: 0, declined: 0 } }));
    renderApp(`${PATH}?tab=proposals`);
    expect(await screen.findByText(/No proposals yet/, undefined, SLOW)).toBeTruthy();
  });
});
