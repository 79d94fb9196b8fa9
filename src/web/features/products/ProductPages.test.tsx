import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '../../../../mocks/node';
import { answer } from '../../../../mocks/handlers';
import { handlersFor } from '../../../../mocks/scenarios';
import {
  getCreateNetsuiteProductRequestMockHandler,
  getCreateReactHireRequestMockHandler,
} from '../../../../mocks/generated/products/products.msw';
import netsuiteSchema from '../../../../forms/requests/netsuite/schema.json';
import netsuiteExample from '../../../../forms/requests/netsuite/examples/valid-complete.json';
import reactSchema from '../../../../forms/requests/react-developers/schema.json';
import type { ProductRequestResponse } from '@/api/generated/model';
import type { JsonObject } from '@/forms/types';
import { renderApp } from '@/testing/renderApp';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { NETSUITE_NEXT_STEPS } from './NetSuiteHirePage';
import { loadProductForm } from './productForms';
import { ProductRequestForm } from './ProductRequestForm';
import { useNetsuiteSubmission } from './useProductSubmission';

const receipt = (refId: string): ProductRequestResponse => ({
  status: 'success',
  message: 'Thank you. A NetSuite specialist will contact you within one business day.',
  data: {
    id: '3e7a1b95-c2d8-4f46-8a0e-5b9c7d1f2e68',
    refId,
    type: 'netsuite',
    status: 'received',
    userId: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    expectedReplyBy: '2026-11-26T10:00:00.000Z',
  },
});

const stepTitles = (schema: { 'x-steps': { title: string }[] }) => schema['x-steps'].map((step) => step.title);
const stepHeading = (prefix: string) => document.getElementById(`${prefix}-step-title`)?.textContent ?? '';
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

beforeEach(() => {
  server.use(...handlersFor('request-visitor'));
});

describe('NetSuite product page', () => {
  it('says what the team does, for whom, how, and leads to the request form', async () => {
    renderApp('/products/netsuite/');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const service of [
      'Implementation',
      'Optimisation',
      'Integration',
      'Administration and support',
      'Customisation',
    ])
      expect(screen.getByRole('heading', { level: 3, name: service })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Who it is for|companies that run on NetSuite/ })).toBeTruthy();
    const steps = screen.getByRole('heading', { name: /three steps/ }).closest('section')!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    const links = screen.getAllByRole('link', { name: /Request NetSuite help/ });
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('/products/netsuite/hire/');
  });
});

describe('NetSuite request page', () => {
  it('shows the form one x-steps step at a time, checking only that step', async () => {
    renderApp('/products/netsuite/hire/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request NetSuite help' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const progress = await screen.findByRole('list', { name: 'Steps' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...stepTitles(netsuiteSchema), 'Review and submit'].map((title, index) => `${index + 1}${title}`));
    await next();
    expect(stepHeading('netsuite')).toContain(stepTitles(netsuiteSchema)[0]!);
    expect(screen.getAllByText('This answer is required.')).toHaveLength(1);
    await userEvent.click(screen.getByRole('radio', { name: 'Mid-market' }));
    await next();
    await waitFor(() => expect(stepHeading('netsuite')).toContain(stepTitles(netsuiteSchema)[1]!));
  });
});

describe('React developers page', () => {
  it('is a product page with the hire form on it, for visitors', async () => {
    renderApp('/products/react/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Hire React developers/ }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: /three steps/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Describe the developers you need/ }).getAttribute('href')).toBe(
      '#react-hire-form',
    );
    const form = document.getElementById('react-hire-form')!;
    expect(await within(form).findByLabelText(/How many developers/)).toBeTruthy();
    expect(within(form).getByText(stepTitles(reactSchema)[0]!, { selector: 'h2 *, h2' })).toBeTruthy();
  });

  it('asks part-time hires for their weekly hours before sending', async () => {
    const answers = {
      ...(await import('../../../../forms/requests/react-developers/examples/valid-complete.json')).default,
      engagementType: 'part-time',
      hoursPerWeek: null,
    } as unknown as JsonObject;
    let posted = false;
    server.use(
      getCreateReactHireRequestMockHandler(() => {
        posted = true;
        return { ...receipt('PR-8T4W1N6R'), data: { ...receipt('PR-8T4W1N6R').data, type: 'react-hire' } };
      }),
    );
    await renderForm('createReactHireRequest', answers, 'react-hire');
    for (let i = 0; i < stepTitles(reactSchema).length; i++) await next();
    await screen.findByRole('button', { name: 'Send request' });
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/Some answers need your attention/)).toBeTruthy();
    expect(screen.getByText(/Hours a week per developer/)).toBeTruthy();
    expect(posted).toBe(false);
  });
});

/** The form alone, as the NetSuite page renders it, starting from the given answers. */
async function renderForm(
  operationId: 'createNetsuiteProductRequest' | 'createReactHireRequest',
  initialAnswers: JsonObject,
  idPrefix: string,
) {
  const form = await loadProductForm(operationId);
  function Harness() {
    const submission = useNetsuiteSubmission();
    return (
      <ProductRequestForm
        form={form}
        submission={submission}
        nextSteps={NETSUITE_NEXT_STEPS}
        idPrefix={idPrefix}
        initialAnswers={initialAnswers}
      />
    );
  }
  const result = renderWithRouter(<Harness />);
  await screen.findByRole('list', { name: 'Steps' });
  return result;
}

describe('Submitting a product request', () => {
  it('sends the answers with the generated hook and shows the reference and what happens next', async () => {
    let sent: unknown;
    server.use(
      getCreateNetsuiteProductRequestMockHandler(async ({ request }) => {
        sent = await request.json();
        return receipt('PR-3M8V5K2Q');
      }),
    );
    await renderForm('createNetsuiteProductRequest', netsuiteExample as unknown as JsonObject, 'netsuite');
    for (const title of stepTitles(netsuiteSchema)) {
      expect(stepHeading('netsuite')).toContain(title);
      await next();
    }
    await waitFor(() => expect(stepHeading('netsuite')).toContain('Review and submit'));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    const success = await screen.findByRole('heading', { name: 'Thank you, your request is in' });
    expect(document.activeElement).toBe(success);
    expect(screen.getByText('PR-3M8V5K2Q')).toBeTruthy();
    expect(screen.getByText(netsuiteExample.contact.email)).toBeTruthy();
    for (const step of NETSUITE_NEXT_STEPS) expect(screen.getByText(step)).toBeTruthy();
    expect(screen.getByText(/Thursday 26 November/)).toBeTruthy();
    expect(sent).toEqual(netsuiteExample);
  });

  it('marks the fields the server refuses on their step, and sends again once fixed', async () => {
    let calls = 0;
    server.use(
      answer(
        'CreateNetsuiteProductRequest',
        {
          status: 'error',
          message: 'Please correct the highlighted fields.',
          code: 'validation_failed',
          errors: [{ field: 'company.industry', message: 'is not an option of industry-type' }],
        },
        400,
      ),
    );
    await renderForm('createNetsuiteProductRequest', netsuiteExample as unknown as JsonObject, 'netsuite');
    for (let i = 0; i < stepTitles(netsuiteSchema).length; i++) await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Send request' }));

    const lastStep = stepTitles(netsuiteSchema).at(-1)!;
    await waitFor(() => expect(stepHeading('netsuite')).toContain(lastStep));
    expect(screen.getByText('Please correct the highlighted fields.')).toBeTruthy();
    const industry = screen.getByLabelText(/Industry/);
    expect(industry.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This is not an option of industry-type.')).toBeTruthy();

    server.use(
      getCreateNetsuiteProductRequestMockHandler(() => {
        calls += 1;
        return receipt('PR-7KQ2W9ZX');
      }),
    );
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('PR-7KQ2W9ZX')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('fills in a signed-in person’s contact details', async () => {
    server.use(...handlersFor('client'));
    const form = await loadProductForm('createNetsuiteProductRequest');
    function Harness() {
      const submission = useNetsuiteSubmission();
      return <ProductRequestForm form={form} submission={submission} nextSteps={[]} idPrefix="netsuite" />;
    }
    renderWithRouter(<Harness />);
    // The contact step is the last one; its values are in the answers from the start.
    await screen.findByRole('list', { name: 'Steps' });
    await userEvent.click(screen.getByRole('radio', { name: 'Mid-market' }));
    await next();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Implementation/ }));
    await userEvent.type(screen.getByLabelText(/Tell us more/), 'We want to move our books to NetSuite this year.');
    await next();
    await waitFor(() => expect(stepHeading('netsuite')).toContain(stepTitles(netsuiteSchema)[2]!));
    await next();
    await waitFor(() => expect(stepHeading('netsuite')).toContain(stepTitles(netsuiteSchema)[3]!));
    await waitFor(() =>
      expect((screen.getByLabelText(/Work email/) as HTMLInputElement).value).toBe('maya.chen@northwind.example'),
    );
  });
});
