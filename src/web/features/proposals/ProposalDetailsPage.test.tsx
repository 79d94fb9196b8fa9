import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { ok } from '@/testing/apiFixtures';
import { renderApp } from '@/testing/renderApp';
import { catalogueLists, proposal, PROPOSAL_ID, quote, recordMultipart, REF_ID, TITLE } from './testFixtures';

configure({ asyncUtilTimeout: 6000 });
vi.setConfig({ testTimeout: 60_000 });

const SLOW = { timeout: 8000 };
const PATH = `/dashboard/proposals/${PROPOSAL_ID}/details/`;
const user = () => userEvent.setup({ applyAccept: false });

function shows(data = proposal()) {
  server.use(...catalogueLists, answer('GetProposal', ok(data)), answer('GetProposalQuote', ok(quote())));
}

async function open() {
  const app = renderApp(PATH);
  await screen.findByRole('heading', { level: 1, name: /proposal/ }, SLOW);
  await screen.findByRole('heading', { name: 'Cover letter' }, SLOW);
  return app;
}

beforeEach(() => useScenario('freelancer'));

describe('/dashboard/proposals/{id}/details/', () => {
  it('shows the proposal in full: letter with its line breaks, price, milestones, files and the job', async () => {
    shows();
    await open();
    expect(screen.getByRole('link', { name: TITLE }).getAttribute('href')).toBe(`/jobs/${REF_ID}/`);
    expect(screen.getByText('Submitted')).toBeTruthy();
    const letter = screen.getByRole('region', { name: 'Cover letter' });
    // The letter keeps its line breaks (shown with white-space: pre-line).
    const text = within(letter).getByText(/I would start with a two-week discovery/);
    expect(text.textContent).toBe(proposal().coverLetter);
    expect(text.className).toBe('proposal-text');
    expect(screen.getByText('$18,500')).toBeTruthy();
    expect(screen.getByText('Fixed price')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'What is deliveredAmountDue',
      'Discovery and data model$4,50014 days after hire',
      'Dashboards and forecast$14,00060 days after hire',
    ]);
    const file = screen.getByRole('link', { name: 'case-study.pdf' });
    expect(file.getAttribute('href')).toBe('/uploads/files/5a2d8f1c.pdf');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it("shows a declined proposal's reason, without Edit or Withdraw", async () => {
    shows(proposal({ status: 'declined', declineReason: 'We went with a team that knows NetSuite.' }));
    await open();
    expect(screen.getByText('Declined')).toBeTruthy();
    expect(screen.getByText('Their reason: We went with a team that knows NetSuite.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('offers Withdraw but not Edit once shortlisted, and withdraws after asking', async () => {
    shows(proposal({ status: 'shortlisted' }));
    let withdrawn = 0;
    server.use(
      http.post('*/api/service/request/proposal/:id/withdraw/', () => {
        withdrawn += 1;
        return HttpResponse.json(ok(proposal({ status: 'withdrawn' }), 'Your proposal is withdrawn.'));
      }),
    );
    await open();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    const u = user();
    const opener = screen.getByRole('button', { name: 'Withdraw' });
    await u.click(opener);
    let dialog = screen.getByRole('alertdialog', { name: 'Withdraw this proposal?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(withdrawn).toBe(0);

    await u.click(opener);
    dialog = screen.getByRole('alertdialog', { name: 'Withdraw this proposal?' });
    await u.click(within(dialog).getByRole('button', { name: 'Withdraw proposal' }));
    await waitFor(() => expect(withdrawn).toBe(1));
    expect(await screen.findByText('Your proposal is withdrawn.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Withdrawn')).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('edits the proposal in the same form, keeping and removing files, with updateProposal', async () => {
    shows();
    const { handler, sent } = recordMultipart('*/api/service/request/proposal/:id/update/', () =>
      HttpResponse.json(ok(proposal({ price: { amount: 17500, currency: 'USD' } }), 'Your proposal is updated.')),
    );
    server.use(handler);
    await open();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit your proposal' }, SLOW)).toBeTruthy();
    const letter = (await screen.findByLabelText(/^Cover letter/, {}, SLOW)) as HTMLTextAreaElement;
    expect(letter.value).toContain('I would start with a two-week discovery.');
    const price = screen.getByLabelText(/^Your price/);
    await u.clear(price);
    await u.click(price);
    await u.paste('17500');
    const amounts = screen.getAllByLabelText(/^Amount/);
    await u.clear(amounts[1]!);
    await u.click(amounts[1]!);
    await u.paste('13000');
    expect(screen.getByText('Milestones add up to $17,500 of $17,500.')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Remove case-study.pdf' }));
    expect(screen.getByText('case-study.pdf (will be removed)')).toBeTruthy();
    await u.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(512)], 'new-plan.pdf', { type: 'application/pdf' }),
    ]);
    await u.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toContain(`/proposal/${PROPOSAL_ID}/update/`);
    expect(sent[0]!.fields).toMatchObject({
      amount: ['17500'],
      currency: ['USD'],
      keepAttachments: ['[]'],
      milestones: [
        JSON.stringify([
          { title: 'Discovery and data model', amount: 4500, dueInDays: 14 },
          { title: 'Dashboards and forecast', amount: 13000, dueInDays: 60 },
        ]),
      ],
    });
    expect(sent[0]!.fields.requestId).toBeUndefined();
    // One new file part (the test environment's FormData keeps neither the name nor the bytes).
    expect(sent[0]!.files.map((file) => file.type)).toEqual(['application/pdf']);
    expect(await screen.findByText('Your proposal is updated.', {}, SLOW)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your proposal' }, SLOW)).toBeTruthy();
    expect(screen.getByText('$17,500')).toBeTruthy();
  });

  it('says plainly when the proposal is not there', async () => {
    server.use(answer('GetProposal', { status: 'error', message: 'Not found.', code: 'not_found' }, 404));
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'This proposal does not exist' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your proposals' }).getAttribute('href')).toBe('/dashboard/proposals/');
  });
});
