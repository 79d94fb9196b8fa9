import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { handlersFor } from '../../../../mocks/scenarios';
import schema from '../../../../forms/requests/data-and-analytics-business/schema.json';
import example from '../../../../forms/requests/data-and-analytics-business/examples/valid-complete.json';
import { renderApp } from '@/testing/renderApp';

const PATH = '/request/new/data-and-analytics/business/';
const DRAFT_KEY = 'request_draft_data-and-analytics-business';
const STEP_TITLES = schema['x-steps'].map((step) => step.title);

const businessSizes = answer('ListBusinessSizes', {
  status: 'success',
  message: 'OK',
  data: [
    { id: 1, slug: 'just-me', label: 'Just me' },
    { id: 2, slug: '51-to-200', label: '51 to 200 people' },
  ],
});

async function openWizard() {
  const app = renderApp(PATH);
  await screen.findByRole('heading', { level: 1, name: schema.title });
  return app;
}

const stepHeading = () => document.getElementById('wizard-step-title')?.textContent ?? '';
const valueOf = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

beforeEach(() => {
  server.use(businessSizes, ...handlersFor('visitor'));
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => localStorage.clear());

describe('RequestWizard', () => {
  it('lists the steps of x-steps and shows the first', async () => {
    await openWizard();
    expect(document.title).toBe(`${schema.title} | Versimarket`);
    const progress = screen.getByRole('list', { name: 'Steps' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...STEP_TITLES, 'Review and submit'].map((title, index) => `${index + 1}${title}`));
    expect(stepHeading()).toContain(STEP_TITLES[0]!);
    expect(screen.getByLabelText(/Request title/)).toBeTruthy();
    expect(screen.queryByLabelText(/Describe the project/)).toBeNull();
  });

  it('blocks Next on a missing required field of this step only, then moves on', async () => {
    await openWizard();
    await next();
    expect(stepHeading()).toContain(STEP_TITLES[0]!);
    const title = screen.getByLabelText(/Request title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const described = title.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      'This answer is required.',
    );
    // Only this step's fields are complained about (title and business size), not the description of step 3.
    expect(screen.getAllByText('This answer is required.')).toHaveLength(2);
    expect(screen.queryByText(/Describe the project/)).toBeNull();

    await userEvent.type(title, 'Dashboards for our sales team');
    const size = screen.getByLabelText(/Size of your organisation/);
    await within(size).findByRole('option', { name: '51 to 200 people' });
    await userEvent.selectOptions(size, '51 to 200 people');
    await next();
    await waitFor(() => expect(stepHeading()).toContain(STEP_TITLES[1]!));

    // Step 2 has its own required list: nothing chosen blocks again.
    await next();
    expect(stepHeading()).toContain(STEP_TITLES[1]!);
    const sources = screen.getByRole('group', { name: /Where is the data/ });
    expect(sources.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(/This answer is required|Choose at least one/)).toHaveLength(1);
  });

  it('keeps the draft across a remount and clears it with Start over', async () => {
    const first = await openWizard();
    await userEvent.type(screen.getByLabelText(/Request title/), 'Dashboards for our sales team');
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).answers.title).toBe('Dashboards for our sales team');
    first.unmount();

    await openWizard();
    expect(screen.getByText('We kept your answers from last time.')).toBeTruthy();
    expect(valueOf(/Request title/)).toBe('Dashboards for our sales team');

    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(valueOf(/Request title/)).toBe('');
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('sends a visitor who submits to sign up as a client, coming back here, keeping the draft', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ answers: example, step: STEP_TITLES.length }));
    const app = await openWizard();
    expect(stepHeading()).toContain('Review and submit');
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(app.location()).toBe(`/auth/client/signup/?next=${encodeURIComponent(PATH)}`));
    expect(sessionStorage.getItem('account_type')).toBe('client');
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).answers.title).toBe(example.title);
  });

  it('shows a client the server’s message when posting fails, keeping the draft', async () => {
    server.use(
      answer(
        'CreateServiceRequest',
        { status: 'error', message: 'Posting requests is not available yet.', code: 'not_implemented' },
        501,
      ),
      ...handlersFor('client'),
    );
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ answers: example, step: STEP_TITLES.length }));
    const app = await openWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Posting requests is not available yet.')).toBeTruthy();
    expect(app.location()).toBe(PATH);
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
  });

  it('marks the fields the server refuses on their step, going back to the first of them', async () => {
    server.use(
      answer(
        'CreateServiceRequest',
        {
          status: 'error',
          message: 'Some answers need another look.',
          code: 'validation_failed',
          errors: [
            { field: 'answers.description', message: 'must be at least 40 characters' },
            { field: 'answers.budget.min', message: 'must not be above the maximum' },
          ],
        },
        400,
      ),
      ...handlersFor('client'),
    );
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ answers: example, step: STEP_TITLES.length }));
    const app = await openWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    await waitFor(() => expect(stepHeading()).toContain(STEP_TITLES[2]!));
    const description = screen.getByLabelText(/Describe the project/);
    expect(description.getAttribute('aria-invalid')).toBe('true');
    const described = description.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      'This must be at least 40 characters.',
    );
    expect(screen.getByText('Some answers need another look.')).toBeTruthy();
    expect(screen.queryByText('This must not be above the maximum.')).toBeNull();
    expect(app.location()).toBe(PATH);
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
  });
});
