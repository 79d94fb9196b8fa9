import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import schema from '../../../../forms/requests/data-and-analytics-business/schema.json';
import { recordJson } from '@/testing/apiFixtures';
import { renderApp } from '@/testing/renderApp';
import { catalogueHandlers, exampleAnswers, fullRequest, REQUEST_ID } from '@/testing/requestFixtures';

const PATH = `/dashboard/requests/${REQUEST_ID}/edit/`;
// The form's files and compiled validators load on demand: the first test of a file pays for it.
const SLOW = { timeout: 20_000 };
const STEP_TITLES = schema['x-steps'].map((step) => step.title);
const FILE_ID = '0f4c8e21-6a3b-4d5e-8f71-2c9a4b6d1e03';

const stepHeading = () => document.getElementById('wizard-step-title')?.textContent ?? '';

function serveRequest(overrides = {}) {
  server.use(
    answer('GetServiceRequest', {
      status: 'success',
      message: 'OK',
      data: fullRequest({ status: 'open', proposalCount: 0, editable: true, closeReason: null, ...overrides }),
    }),
  );
}

beforeEach(() => {
  useScenario('client');
  server.use(...catalogueHandlers());
  localStorage.clear();
});

describe('EditRequestPage', () => {
  it('opens the request wizard prefilled with the title, answers and files, and saves with an update', async () => {
    serveRequest();
    const { handler, bodies } = recordJson('post', '*/api/service/request/:id/update/', () =>
      HttpResponse.json({
        status: 'success',
        message: 'Your request is updated.',
        data: fullRequest({
          title: 'Power BI dashboards for our distribution business',
          editable: true,
          closeReason: null,
        }),
      }),
    );
    server.use(handler);
    const app = renderApp(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: schema.title }, SLOW)).toBeTruthy();
    // The page's own title, not the wizard's.
    expect(document.title).toBe(`Edit ${fullRequest().title} | Versimarket`);
    expect(screen.getByText('Change your request')).toBeTruthy();
    // It opens on the review of the stored answers, the stored file by its name.
    expect(stepHeading()).toContain('Review and submit');
    expect(screen.getAllByText(fullRequest().title).length).toBeGreaterThan(0);
    expect(screen.getByText('current-weekly-sales-report.xlsx')).toBeTruthy();
    expect(screen.queryByText(FILE_ID)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit request' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^Edit\\s*${STEP_TITLES[0]}$`) }));
    await waitFor(() => expect(stepHeading()).toContain(STEP_TITLES[0]!));
    const title = screen.getByLabelText(/Request title/) as HTMLInputElement;
    expect(title.value).toBe(fullRequest().title);
    await userEvent.clear(title);
    await userEvent.type(title, 'Power BI dashboards for our distribution business');

    for (let step = 0; step < STEP_TITLES.length; step += 1) {
      await waitFor(() => expect(stepHeading()).toContain(STEP_TITLES[step]!));
      // The stored file is listed by name in the upload field, as if uploaded here.
      if (step === STEP_TITLES.length - 1) {
        expect(screen.getAllByText(/current-weekly-sales-report\.xlsx/).length).toBeGreaterThan(0);
      }
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    }
    await waitFor(() => expect(stepHeading()).toContain('Review and submit'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(app.location()).toBe(`/dashboard/requests/${REQUEST_ID}/details/`));
    expect(bodies).toHaveLength(1);
    // The stored answers go back as they were (a step's form may add its defaults, such as an unticked box).
    expect(bodies[0]).toEqual({
      title: 'Power BI dashboards for our distribution business',
      answers: expect.objectContaining(exampleAnswers) as unknown,
      attachments: [FILE_ID],
    });
    // Nothing of the change is kept as a draft of a new request.
    expect(localStorage.getItem('request_draft_data-and-analytics-business')).toBeNull();
  }, 60_000);

  it('shows the server’s refusal and stays in the wizard', async () => {
    serveRequest();
    server.use(
      answer(
        'UpdateServiceRequest',
        { status: 'error', message: 'This request has a proposal now and can no longer be changed.', code: 'conflict' },
        409,
      ),
    );
    const app = renderApp(PATH);
    await screen.findByRole('heading', { level: 1, name: schema.title }, SLOW);
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This request has a proposal now and can no longer be changed.')).toBeTruthy();
    expect(app.location()).toBe(PATH);
  }, 40_000);

  it('says why a request with a proposal cannot be changed', async () => {
    serveRequest({ status: 'in-review', proposalCount: 2, editable: false });
    renderApp(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This request can no longer be changed' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByText('Requests can be changed until the first proposal arrives.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  }, 30_000);
});
