import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { submitContactUs } from '@/api/generated/website/website';
import type { WebsiteContactInput, WebsiteContactReceipt, WebsiteContactTopic } from '@/api/generated/model';
import { FieldError, FieldHint } from '@/ui/form/FieldMessages';
import { FormAlert } from '@/ui/form/FormAlert';
import { SelectField } from '@/ui/form/SelectField';
import { TextField } from '@/ui/form/TextField';
import { useFieldAria } from '@/ui/form/fieldAria';
import { useForm, type FieldErrors } from '@/ui/form/useForm';
import { SenderFields, senderErrors } from './SenderFields';
import { useAuth } from '@/lib/auth';
import { CONTACT_LIMITS } from '@/lib/limits';

/** The contract's topics, in its order, as people read them. */
export const CONTACT_TOPICS: readonly { value: WebsiteContactTopic; label: string }[] = [
  { value: 'general', label: 'General question' },
  { value: 'account-and-login', label: 'Account and sign-in' },
  { value: 'billing-and-payments', label: 'Billing and payments' },
  { value: 'versigems', label: 'Versigems' },
  { value: 'business-listing', label: 'Business listing' },
  { value: 'partnerships', label: 'Partnerships' },
  { value: 'press', label: 'Press' },
  { value: 'report-a-problem', label: 'Report a problem' },
  { value: 'feedback', label: 'Feedback' },
];

const INITIAL = { name: '', email: '', topic: '', subject: '', message: '' };
type Values = typeof INITIAL;
const LIMITS = CONTACT_LIMITS;

function validate(values: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = senderErrors(values, LIMITS.name);
  if (!values.topic) errors.topic = 'Choose what your message is about.';
  const subject = values.subject.trim();
  if (subject.length < LIMITS.subject.min)
    errors.subject = `Enter a subject (at least ${LIMITS.subject.min} characters).`;
  else if (subject.length > LIMITS.subject.max)
    errors.subject = `A subject can be at most ${LIMITS.subject.max} characters.`;
  const message = values.message.trim();
  if (message.length < LIMITS.message.min)
    errors.message = `Tell us a little more (at least ${LIMITS.message.min} characters).`;
  else if (message.length > LIMITS.message.max)
    errors.message = `Your message can be at most ${LIMITS.message.max.toLocaleString('en-US')} characters.`;
  return errors;
}

const replyDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));

/**
 * W02, the contact form: support replies by email within two business days. A signed-in person's
 * address is filled in. The `website` field is a trap for bots: people never see it (hidden from
 * screen readers and the tab order too), and the server drops any message that fills it.
 */
export function ContactForm() {
  const { user } = useAuth();
  const form = useForm({ initialValues: { ...INITIAL, email: user?.email ?? '' }, validate });
  const [trap, setTrap] = useState('');
  const [receipt, setReceipt] = useState<WebsiteContactReceipt | null>(null);
  const messageAria = useFieldAria({ id: 'contact-message', hint: true, error: form.errors.message });

  const send = useMutation({
    mutationFn: (body: WebsiteContactInput) => submitContactUs(body),
    onSuccess: (response) => setReceipt(response.data),
    onError: (error) => form.showServerError(error),
  });

  if (receipt) {
    return (
      <div className="project-form__done contact-form__done" role="status">
        <h3 className="content-subheading">Thank you, your message is sent</h3>
        <p>
          Your reference is <strong className="project-form__ref">{receipt.reference}</strong>. We have emailed you a
          confirmation; quote the reference if you write to us again about this.
        </p>
        <p>Our support team will reply by email by {replyDay(receipt.expectedReplyBy)}.</p>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    send.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      topic: values.topic as WebsiteContactTopic,
      subject: values.subject.trim(),
      message: values.message.trim(),
      ...(trap ? { website: trap } : {}),
    });
  });

  return (
    <form
      ref={form.formRef}
      className="project-form contact-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
    >
      <FormAlert>{form.formError}</FormAlert>
      <SenderFields name={form.field('name')} email={form.field('email')} nameMax={LIMITS.name.max} />
      <div className="field-row">
        <SelectField
          label="Topic"
          placeholder="Choose a topic"
          options={CONTACT_TOPICS}
          id="contact-topic"
          {...form.field('topic')}
        />
        <TextField label="Subject" maxLength={LIMITS.subject.max} {...form.field('subject')} />
      </div>
      <div className="field">
        <label htmlFor={messageAria.controlId} className="field__label">
          Message
        </label>
        <FieldHint id={messageAria.hintId}>
          What happened, and any reference ID or profile name it is about. Never your card number.
        </FieldHint>
        <textarea
          name="message"
          rows={6}
          maxLength={LIMITS.message.max}
          className="field__control"
          value={form.values.message}
          onChange={(event) => form.setValue('message', event.target.value)}
          {...messageAria.controlProps}
        />
        <FieldError id={messageAria.errorId} message={form.errors.message} />
      </div>
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={trap}
          onChange={(event) => setTrap(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send my message'}
      </button>
    </form>
  );
}
