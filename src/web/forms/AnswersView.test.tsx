import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { server, useScenario } from '../../../mocks/node';
import schema from '../../../forms/requests/data-and-analytics-business/schema.json';
import { catalogueHandlers, exampleAnswers } from '../testing/requestFixtures';
import { renderWithRouter } from '../testing/renderWithRouter';
import { AnswersView } from './AnswersView';

const STEP_TITLES = schema['x-steps'].map((step) => step.title);

beforeEach(() => {
  useScenario('client');
  server.use(...catalogueHandlers());
});

/** The definition list of a step section, as "term: description" lines. */
function rowsOf(stepTitle: string): string[] {
  const section = screen.getByRole('region', { name: stepTitle });
  return within(section)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe('AnswersView', () => {
  it('shows each answered step with its title and the option labels, no edit links', async () => {
    renderWithRouter(
      <AnswersView
        formId="requests/data-and-analytics-business"
        answers={{ ...exampleAnswers, startDate: '2026-12-15' }}
      />,
    );

    // The form's files and compiled validators load on demand: allow for a slow machine.
    await screen.findByRole('heading', { name: STEP_TITLES[0]! }, { timeout: 5000 });
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    // The last step (NDA and files) has no answers in the example, so it is left out.
    expect(headings).toEqual(STEP_TITLES.slice(0, 4));

    await screen.findByText('Logistics and transportation');
    expect(rowsOf(STEP_TITLES[0]!)).toEqual([
      'Company name: Harbor Supply Co.',
      'Industry: Logistics and transportation',
      'Size of your organisation: 51 to 200 people',
    ]);

    await screen.findByText('ERP system, CRM, Spreadsheets');
    await screen.findByText('Power BI, NetSuite');
    await screen.findByText('Dashboards and reporting, Predictive modelling');
    await screen.findByText('By milestones');
    // Amounts and dates as people write them, not "From: 10000 · Up to: 25000" or "2026-12-15".
    expect(rowsOf(STEP_TITLES[3]!)).toEqual(
      expect.arrayContaining(['Budget: $10,000 – $25,000', 'Preferred start date: 15 Dec 2026']),
    );
    expect(screen.queryByText(/From:|Up to:|2026-12-15/)).toBeNull();

    expect(screen.queryByText('Not answered')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('lists the raw answers with a note for a form it does not know', async () => {
    renderWithRouter(<AnswersView formId="requests/retired-form" answers={{ companyName: 'Acme', size: 3 }} />);
    expect(await screen.findByText(/no longer offered/)).toBeTruthy();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['companyName', 'size']);
    expect(screen.getByText('Acme')).toBeTruthy();
  });
});
