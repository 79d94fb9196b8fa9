import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { badRequest, ok } from '@/testing/apiFixtures';
import { CHECKOUT_RETURN_KEY } from '@/lib/checkoutHandover';
import { renderApp } from '@/testing/renderApp';
import { draftKey } from './proposalAnswers';
import {
  created,
  jobAndQuote,
  LETTER,
  proposal,
  PROPOSAL_ID,
  REF_ID,
  recordMultipart,
  REQUEST_ID,
  TITLE,
} from './testFixtures';

configure({ asyncUtilTimeout: 6000 });
vi.setConfig({ testTimeout: 60_000 });

const PATH = `/jobs/${REF_ID}/proposals/submit/`;
const SLOW = { timeout: 8000 };
const SUBMIT_URL = '*/api/service/request/proposal/submit/';
const user = () => userEvent.setup({ applyAccept: false });
const pdf = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

async function open(path = PATH) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Send a proposal' }, SLOW);
  return app;
}

/** Puts `text` in a field as a paste (typing each key re-renders the whole form: slow on a busy machine). */
async function enter(u: ReturnType<typeof user>, field: HTMLElement, text: string) {
  await u.click(field);
  await u.paste(text);
}

/** Waits for the form, then fills in a fixed-price proposal (two milestones when asked). */
async function fillProposal({ milestones = false } = {}) {
  const u = user();
  await enter(u, await screen.findByLabelText(/^Cover letter/, {}, SLOW), LETTER);
  await u.click(screen.getByRole('radio', { name: 'A fixed price for the whole job' }));
  await enter(u, screen.getByLabelText(/^Your price/), '18500');
  const duration = screen.getByLabelText(/^How long will the work take/);
  await waitFor(() => expect(within(duration).queryByRole('option', { name: '1 to 3 months' })).toBeTruthy());
  await u.selectOptions(duration, 'one-to-three-months');
  if (milestones) {
    await u.click(screen.getByRole('button', { name: 'Add a milestone' }));
    await u.click(screen.getByRole('button', { name: 'Add a milestone' }));
    const titles = screen.getAllByLabelText(/^What is delivered/);
    const amounts = screen.getAllByLabelText(/^Amount/);
    const days = screen.getAllByLabelText(/^Due \(days after hire\)/);
    await enter(u, titles[0]!, 'Discovery and data model');
    await enter(u, amounts[0]!, '4500');
    await enter(u, days[0]!, '14');
    await enter(u, titles[1]!, 'Dashboards and forecast');
    await enter(u, amounts[1]!, '9000');
    await enter(u, days[1]!, '60');
  }
  return u;
}

beforeEach(() => {
  window.sessionStorage.clear();
  useScenario('freelancer');
});

describe('/jobs/{refId}/proposals/submit/', () => {
  it('shows the job, its proposals so far and what sending costs a freelancer', async () => {
    server.use(...jobAndQuote());
    await open();
    const summary = await screen.findByRole('region', { name: 'The job' }, SLOW);
    expect(within(summary).getByRole('link', { name: TITLE }).getAttribute('href')).toBe(`/jobs/${REF_ID}/`);
    expect(summary.textContent).toContain('This job has 4 proposals so far.');
    expect(summary.textContent).toContain('Sending this proposal costs 2 versigems. Your balance: 8 versigems.');
    expect(summary.textContent).toContain('This client budgets in USD.');
    expect(screen.getByRole('link', { name: 'Back to the job' }).getAttribute('href')).toBe(`/jobs/${REF_ID}/`);
    expect(await screen.findByRole('button', { name: 'Send proposal' }, SLOW)).toBeTruthy();
    // The currency is the budget's and cannot be changed.
    const currency = screen.getByLabelText(/^Currency/) as HTMLSelectElement;
    await waitFor(() => expect(currency.value).toBe('USD'));
    expect(currency.disabled).toBe(true);
  });

  it("shows a business its plan's proposals this month, or that they are unlimited", async () => {
    useScenario('business');
    const allowance = { used: 3, limit: 5, resetsAt: '2026-04-01T00:00:00Z' };
    server.use(...jobAndQuote({ cost: 0, balance: null, allowance }));
    const app = await open();
    expect((await screen.findByRole('region', { name: 'The job' }, SLOW)).textContent).toContain(
      'Proposals this month: 3 of 5 on your plan.',
    );
    app.unmount();

    server.use(...jobAndQuote({ cost: 0, balance: null, allowance: { ...allowance, limit: null } }));
    await open();
    expect((await screen.findByRole('region', { name: 'The job' }, SLOW)).textContent).toContain(
      'Proposals this month: 3, unlimited on your plan.',
    );
  });

  it('sends the proposal as multipart with the milestones as JSON and the files, then opens it', async () => {
    const { handler, sent } = recordMultipart(SUBMIT_URL, () => created(proposal()));
    let balanceCalls = 0;
    server.use(
      ...jobAndQuote(),
      handler,
      http.get('*/api/payments/freelancer/versigems/', () => {
        balanceCalls += 1;
        return HttpResponse.json(
          ok({
            balance: 8,
            unlockCost: 5,
            ledger: { items: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } },
          }),
        );
      }),
    );
    const app = await open();
    const u = await fillProposal({ milestones: true });

    expect(screen.getByText('Milestones add up to $13,500 of $18,500. They must add up to your price.')).toBeTruthy();
    const amounts = screen.getAllByLabelText(/^Amount/);
    await u.clear(amounts[1]!);
    await enter(u, amounts[1]!, '14000');
    expect(screen.getByText('Milestones add up to $18,500 of $18,500.')).toBeTruthy();

    await u.upload(screen.getByLabelText('Choose files'), [pdf('plan.pdf', 2048), pdf('cv.pdf', 4096)]);
    const files = screen.getByRole('list', { name: 'Files of the proposal' });
    await u.click(within(files).getByRole('button', { name: 'Remove cv.pdf' }));
    expect(within(files).getAllByRole('listitem')).toHaveLength(1);

    await u.click(screen.getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.fields).toEqual({
      requestId: [REQUEST_ID],
      coverLetter: [LETTER],
      priceType: ['fixed'],
      amount: ['18500'],
      currency: ['USD'],
      estimatedDuration: ['one-to-three-months'],
      milestones: [
        JSON.stringify([
          { title: 'Discovery and data model', amount: 4500, dueInDays: 14 },
          { title: 'Dashboards and forecast', amount: 14000, dueInDays: 60 },
        ]),
      ],
    });
    // One file part: the one kept (the test environment's FormData keeps neither names nor bytes).
    expect(sent[0]!.files.map((file) => file.type)).toEqual(['application/pdf']);
    expect(await screen.findByText('Your proposal is sent.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe(`/dashboard/proposals/${PROPOSAL_ID}/details/`));
    expect(window.sessionStorage.getItem(draftKey(REQUEST_ID))).toBeNull();
    // The balance in the account menu is asked again once the proposal is paid for.
    await waitFor(() => expect(balanceCalls).toBeGreaterThanOrEqual(2));
  });

  it('drops the milestones when the price is by the hour', async () => {
    const { handler, sent } = recordMultipart(SUBMIT_URL, () => created(proposal({ priceType: 'hourly' })));
    server.use(...jobAndQuote(), handler);
    await open();
    const u = await fillProposal({ milestones: true });
    await u.click(screen.getByRole('radio', { name: 'By the hour' }));
    expect(screen.queryByRole('button', { name: 'Add a milestone' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.fields.priceType).toEqual(['hourly']);
    expect(sent[0]!.fields.milestones).toBeUndefined();
  });

  it("shows the server's faults beside the fields they name and keeps the answers", async () => {
    const { handler } = recordMultipart(SUBMIT_URL, () =>
      badRequest([
        { field: 'coverLetter', message: 'must mention how you would start' },
        { field: 'milestones.1.amount', message: 'must be more than 0' },
        { field: 'attachments.0', message: 'is not a PDF, DOC, DOCX, PNG, JPEG or ZIP file' },
      ]),
    );
    server.use(...jobAndQuote(), handler);
    await open();
    const u = await fillProposal({ milestones: true });
    const amounts = screen.getAllByLabelText(/^Amount/);
    await u.clear(amounts[1]!);
    await enter(u, amounts[1]!, '14000');
    await u.upload(screen.getByLabelText('Choose files'), [pdf('plan.pdf')]);
    await u.click(screen.getByRole('button', { name: 'Send proposal' }));

    expect(await screen.findByText('This must mention how you would start.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('This must be more than 0.')).toBeTruthy();
    expect(screen.getByText('is not a PDF, DOC, DOCX, PNG, JPEG or ZIP file')).toBeTruthy();
    expect((screen.getByLabelText(/^Cover letter/) as HTMLTextAreaElement).value).toBe(LETTER);
    expect(screen.getByRole('button', { name: 'Remove plan.pdf' })).toBeTruthy();
  });

  it('refuses a file of another type or too many files before sending', async () => {
    server.use(...jobAndQuote());
    await open();
    const u = user();
    const zone = await screen.findByLabelText('Choose files', {}, SLOW);
    await u.upload(zone, [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(await screen.findByText('notes.txt is not a PDF, Word, PNG, JPEG or ZIP file.')).toBeTruthy();
    await u.upload(
      zone,
      [1, 2, 3, 4, 5, 6].map((n) => pdf(`part-${n}.pdf`)),
    );
    expect(screen.getByText('part-6.pdf was left out: a proposal has at most 5 files.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Files of the proposal' })).getAllByRole('listitem')).toHaveLength(
      5,
    );
  });

  it('keeps the draft when versigems run short, links to buying more, and restores it on return', async () => {
    server.use(...jobAndQuote({ balance: 1, blocker: 'insufficient-versigems' }));
    const first = await open();
    const u = user();
    await enter(u, await screen.findByLabelText(/^Cover letter/, {}, SLOW), LETTER);
    expect(screen.queryByRole('button', { name: 'Send proposal' })).toBeNull();
    expect(screen.getByText('You need more versigems to send this proposal')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy versigems' }).getAttribute('href')).toBe(
      '/dashboard/plans/versigems/buy/',
    );
    await waitFor(() =>
      expect(JSON.parse(window.sessionStorage.getItem(draftKey(REQUEST_ID)) ?? '{}')).toMatchObject({
        coverLetter: LETTER,
      }),
    );
    // Leaving to buy keeps this form for the checkout's return page.
    await u.click(screen.getByRole('link', { name: 'Buy versigems' }));
    expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_RETURN_KEY) ?? 'null')).toEqual({
      path: PATH,
      label: 'Back to your proposal',
    });
    first.unmount();

    server.use(...jobAndQuote({ balance: 10 }));
    await open();
    expect(((await screen.findByLabelText(/^Cover letter/, {}, SLOW)) as HTMLTextAreaElement).value).toBe(LETTER);
    expect(screen.getByRole('button', { name: 'Send proposal' })).toBeTruthy();
  });

  it("links a business that used its month's proposals to the plans", async () => {
    useScenario('business');
    server.use(
      ...jobAndQuote({
        cost: 0,
        balance: null,
        allowance: { used: 5, limit: 5, resetsAt: '2026-04-01T00:00:00Z' },
        blocker: 'allowance-used',
      }),
    );
    await open();
    expect(await screen.findByText('You have used this month’s proposals', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/dashboard/business/pricing/',
    );
    expect(screen.queryByRole('button', { name: 'Send proposal' })).toBeNull();
  });

  it('leads a provider who already proposed to their proposal, without the form', async () => {
    server.use(...jobAndQuote({ blocker: 'already-proposed', myProposalId: PROPOSAL_ID }));
    await open();
    const link = await screen.findByRole('link', { name: 'View your proposal' }, SLOW);
    expect(link.getAttribute('href')).toBe(`/dashboard/proposals/${PROPOSAL_ID}/details/`);
    expect(screen.queryByLabelText(/^Cover letter/)).toBeNull();
  });

  it('sends a job that no longer takes proposals back to the job board', async () => {
    server.use(...jobAndQuote({ blocker: 'not-accepting' }));
    await open();
    expect(await screen.findByText('This job no longer takes proposals', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the job board' }).getAttribute('href')).toBe('/find/jobs/');
    expect(screen.queryByLabelText(/^Cover letter/)).toBeNull();
  });

  it('says so when the job is gone', async () => {
    server.use(answer('GetPublicServiceRequest', { status: 'error', message: 'Not found.', code: 'not_found' }, 404));
    await open();
    expect(await screen.findByText('This job no longer takes proposals', {}, SLOW)).toBeTruthy();
  });

  it('sends a visitor to log in and back, and gives a client the 403 page', async () => {
    useScenario('visitor');
    const app = renderApp(PATH);
    await waitFor(() => expect(app.location()).toBe(`/auth/login/?next=${encodeURIComponent(PATH)}`));
    app.unmount();

    useScenario('client');
    server.use(answer('GetProposalQuote', ok({})));
    renderApp(PATH);
    expect((await screen.findByRole('heading', { level: 1 }, SLOW)).textContent).toContain('403');
  });
});
