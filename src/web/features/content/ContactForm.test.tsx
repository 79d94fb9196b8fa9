import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { badRequest, ok, recordJson } from '@/testing/apiFixtures';
import { renderWithRouter } from '@/testing/renderWithRouter';
import { CONTACT_TOPICS } from './ContactForm';
import { ContactPage } from './ContactPage';

const SUBMIT = '*/api/website/contact-us/';
const RECEIPT = ok(
  {
    id: '0b9d3f62-4e1a-4c85-a7d2-5f8e1c6b9a03',
    reference: 'CS-7Q2M9X4D',
    topic: 'billing-and-payments',
    createdAt: '2026-04-20T09:12:44Z',
    expectedReplyBy: '2026-04-22T09:12:44Z',
  },
  'Thank you for your message. We will reply within two business days.',
);

async function renderForm() {
  renderWithRouter(<ContactPage />, { path: '/contact-us/' });
  return screen.findByRole('form', { name: 'Send us a message' });
}

async function fillIn(form: HTMLElement) {
  const u = userEvent.setup();
  await u.type(within(form).getByLabelText('Your name'), 'Tomasz Nowak');
  await u.type(within(form).getByLabelText('Email'), 'tomasz.nowak@vistula-data.pl');
  await u.selectOptions(within(form).getByLabelText('Topic'), 'billing-and-payments');
  await u.type(within(form).getByLabelText('Subject'), 'Invoice for the Growth plan');
  await u.type(within(form).getByLabelText('Message'), 'Could you send the March invoice again with our VAT number?');
  return u;
}

const errorOfField = (form: HTMLElement, label: string) => {
  const control = within(form).getByLabelText(label);
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('ContactForm (W02)', () => {
  it('offers every topic of the contract', async () => {
    const form = await renderForm();
    const options = within(within(form).getByLabelText('Topic'))
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(options).toEqual(['', ...CONTACT_TOPICS.map((topic) => topic.value)]);
    expect(CONTACT_TOPICS).toHaveLength(9);
  });

  it('says what is missing before sending anything', async () => {
    const send = recordJson('post', SUBMIT, () => HttpResponse.json(RECEIPT, { status: 201 }));
    server.use(send.handler);
    const form = await renderForm();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Send my message' }));
    expect(errorOfField(form, 'Your name')).toContain('Enter your name');
    expect(errorOfField(form, 'Topic')).toContain('Choose what your message is about.');
    expect(errorOfField(form, 'Subject')).toContain('Enter a subject');
    expect(errorOfField(form, 'Message')).toContain('Tell us a little more');
    expect(send.bodies).toHaveLength(0);
  });

  it('sends the message without the bot trap and shows the reference', async () => {
    const send = recordJson('post', SUBMIT, () => HttpResponse.json(RECEIPT, { status: 201 }));
    server.use(send.handler);
    const form = await renderForm();
    const u = await fillIn(form);
    await u.click(within(form).getByRole('button', { name: 'Send my message' }));

    const done = await screen.findByText(/Thank you, your message is sent/);
    expect(done.closest('[role="status"]')?.textContent).toContain('CS-7Q2M9X4D');
    expect(send.bodies).toEqual([
      {
        name: 'Tomasz Nowak',
        email: 'tomasz.nowak@vistula-data.pl',
        topic: 'billing-and-payments',
        subject: 'Invoice for the Growth plan',
        message: 'Could you send the March invoice again with our VAT number?',
      },
    ]);
  });

  it('keeps the trap out of reach of people: hidden from assistive technology and the tab order', async () => {
    const form = await renderForm();
    const trap = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(form).queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
  });

  it('shows the fields the server refused beside them', async () => {
    server.use(
      recordJson('post', SUBMIT, () => badRequest([{ field: 'subject', message: 'must be at least 3 characters' }]))
        .handler,
    );
    const form = await renderForm();
    const u = await fillIn(form);
    await u.click(within(form).getByRole('button', { name: 'Send my message' }));
    await waitFor(() => expect(errorOfField(form, 'Subject')).toMatch(/at least 3 characters/i));
    expect(screen.queryByText(/Thank you, your message is sent/)).toBeNull();
  });
});
