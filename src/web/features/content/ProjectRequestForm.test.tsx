import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { answer } from '../../../../mocks/handlers';
import { server } from '../../../../mocks/node';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { ContactPage } from './ContactPage';

const SUBMIT_URL = '/api/website/request/submit/';

const budgets = answer('ListEstimatedBudgets', {
  status: 'success',
  message: 'OK',
  data: [
    { id: 1, slug: 'under-5000', label: 'Under $5,000', min: 0, max: 5000, currency: 'USD' },
    { id: 2, slug: '10000-to-25000', label: '$10,000 to $25,000', min: 10000, max: 25000, currency: 'USD' },
  ],
});

const receipt = {
  status: 'success',
  message: 'Thank you. We have received your request and will reply within one business day.',
  data: {
    id: '6c4e2a91-8b3d-4f7a-9e05-1d7b3c8a2f46',
    refId: 'WR-4H8N2K7P',
    status: 'received',
    serviceSlug: 'data-and-analytics/business',
    attachments: [],
    createdAt: '2026-04-14T13:26:09Z',
    expectedReplyBy: '2026-04-15T13:26:09Z',
  },
};

async function renderForm() {
  server.use(budgets);
  renderWithRouter(<ContactPage />, { path: '/contact-us/' });
  const form = await screen.findByRole('form', { name: 'Tell us about your project' });
  await within(form).findByRole('option', { name: '$10,000 to $25,000' });
  return form;
}

const user = () => userEvent.setup({ applyAccept: false });

async function fillIn(form: HTMLElement) {
  const u = user();
  await u.type(within(form).getByLabelText('Your name'), 'Elena Marquez');
  await u.type(within(form).getByLabelText('Email'), 'elena@solstice-outdoor.com');
  await u.type(within(form).getByLabelText(/^Phone/), '+1 303 555 0187');
  await u.selectOptions(within(form).getByLabelText('Service'), 'data-and-analytics/business');
  await u.selectOptions(within(form).getByLabelText(/^Budget/), '10000-to-25000');
  await u.type(within(form).getByLabelText('About your project'), 'Weekly sales and margin dashboards in Power BI.');
}

describe('the contact page’s project request form (W01)', () => {
  it('sends the fields and files and shows the WR- reference', async () => {
    let sent: FormData | null = null;
    server.use(
      http.post(SUBMIT_URL, async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json(receipt, { status: 201 });
      }),
    );
    const form = await renderForm();
    await fillIn(form);
    await user().upload(
      within(form).getByLabelText(/^Attachments/),
      new File(['%PDF-1.4 %%EOF'], 'brief.pdf', { type: 'application/pdf' }),
    );
    expect(within(form).getByRole('list', { name: 'Files to send' }).textContent).toContain('brief.pdf');
    await user().click(within(form).getByRole('button', { name: 'Send my request' }));

    const reference = await screen.findByText('WR-4H8N2K7P');
    expect(reference.closest('[role="status"]')?.textContent).toMatch(/Thank you, we have your request/);
    expect(screen.queryByRole('form', { name: 'Tell us about your project' })).toBeNull();
    const body = sent as unknown as FormData;
    expect(body.get('name')).toBe('Elena Marquez');
    expect(body.get('phone')).toBe('+13035550187');
    expect(body.get('serviceSlug')).toBe('data-and-analytics/business');
    expect(body.get('budget')).toBe('10000-to-25000');
    expect(body.has('company')).toBe(false);
    expect(body.getAll('attachments')).toHaveLength(1);
    // Text first: the server judges the fields before it stores a byte of the files.
    const names = [...body.keys()];
    expect(names.indexOf('attachments')).toBe(names.length - 1);
  });

  it('names what is missing before sending anything', async () => {
    let calls = 0;
    server.use(http.post(SUBMIT_URL, () => ((calls += 1), HttpResponse.json(receipt, { status: 201 }))));
    const form = await renderForm();
    await user().click(within(form).getByRole('button', { name: 'Send my request' }));
    expect(await within(form).findByText('Enter your name (at least 2 characters).')).toBeTruthy();
    expect(within(form).getByText('Choose the service you need.')).toBeTruthy();
    expect(within(form).getByText('Tell us a little more (at least 20 characters).')).toBeTruthy();
    expect(within(form).getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(form).getByLabelText('Your name'));
    expect(calls).toBe(0);
  });

  it('refuses a wrong type at once and keeps at most 5 files', async () => {
    const form = await renderForm();
    const picker = within(form).getByLabelText(/^Attachments/);
    await user().upload(picker, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect((await within(form).findByText(/logo\.svg is not a PDF/)).getAttribute('role')).toBe('alert');
    await user().click(within(form).getByRole('button', { name: 'Remove logo.svg' }));
    const six = Array.from({ length: 6 }, (_, i) => new File(['x'], `part-${i}.pdf`, { type: 'application/pdf' }));
    await user().upload(picker, six);
    expect(within(form).getByRole('list', { name: 'Files to send' }).querySelectorAll('li')).toHaveLength(5);
    expect(within(form).getByText('You can attach up to 5 files; one was left out.')).toBeTruthy();
    expect((picker as HTMLInputElement).disabled).toBe(true);
  });

  it('marks a file that would take the attachments over the 25 MB the server takes in all', async () => {
    const form = await renderForm();
    const picker = within(form).getByLabelText(/^Attachments/);
    const nineMegabytes = (name: string) => {
      const file = new File(['%PDF-1.4 %%EOF'], name, { type: 'application/pdf' });
      Object.defineProperty(file, 'size', { value: 9 * 1024 * 1024 });
      return file;
    };
    await user().upload(picker, [nineMegabytes('a.pdf'), nineMegabytes('b.pdf'), nineMegabytes('c.pdf')]);
    expect((await within(form).findByText('c.pdf would take the files over 25 MB in all.')).getAttribute('role')).toBe(
      'alert',
    );
    expect(within(form).getByText(/up to 10 MB each, 25 MB in all, 5 files at most/)).toBeTruthy();
  });

  it('shows the server’s field errors beside the fields and the files', async () => {
    server.use(
      http.post(SUBMIT_URL, () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'Please correct the highlighted fields.',
            code: 'validation_failed',
            errors: [
              { field: 'serviceSlug', message: 'is not a service we offer' },
              {
                field: 'attachments.0',
                message: 'must be a PDF, Word, Excel, PowerPoint, text, CSV, PNG, JPEG, WebP or ZIP file',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const form = await renderForm();
    await fillIn(form);
    await user().upload(
      within(form).getByLabelText(/^Attachments/),
      new File(['not really'], 'brief.pdf', { type: 'application/pdf' }),
    );
    await user().click(within(form).getByRole('button', { name: 'Send my request' }));
    expect(await within(form).findByText('This is not a service we offer.')).toBeTruthy();
    const files = within(form).getByRole('list', { name: 'Files to send' });
    await waitFor(() => expect(files.textContent).toMatch(/must be a PDF/));
  });
});
