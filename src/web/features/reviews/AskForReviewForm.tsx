import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/mutator';
import { getListFreelancerReviewsAndReferencesQueryKey } from '@/api/generated/freelancer/freelancer';
import { useAskForReview } from '@/api/generated/provider/provider';
import { FormAlert } from '@/ui/form/FormAlert';
import { TextField } from '@/ui/form/TextField';
import { useForm } from '@/ui/form/useForm';
import { apiErrorMessage } from '@/ui/toast';
import { collectErrors, email } from '@/ui/form/validation';
import { TextAreaField } from './fields';

type AskValues = { name: string; email: string; company: string; message: string };

const EMPTY: AskValues = { name: '', email: '', company: '', message: '' };

/** The contract's limits of ProviderReviewAskInput. */
const ASK_LIMITS = { name: { min: 2, max: 100 }, company: { max: 120 }, message: { max: 1000 } } as const;

function validate(values: AskValues) {
  const name = values.name.trim();
  return collectErrors({
    name: !name
      ? 'Enter the name of the person you ask.'
      : name.length < ASK_LIMITS.name.min
        ? `Write at least ${ASK_LIMITS.name.min} characters.`
        : undefined,
    email: email(values.email) === 'Enter your email address.' ? 'Enter their email address.' : email(values.email),
    company: values.company.trim().length > ASK_LIMITS.company.max ? 'Keep it under 121 characters.' : undefined,
    message: values.message.trim().length > ASK_LIMITS.message.max ? 'Keep it under 1,001 characters.' : undefined,
  });
}

/** A field error as a sentence: the API writes "is your own email…", said here of the address. */
function sentence(message: string): string {
  return /^(is|must)\b/.test(message) ? `This address ${message}.` : message;
}

/**
 * "Ask for a review" (G09): emails the person a single-use link to leave a review. A 409 (asked
 * in the last 30 days, or the account's own address) is said beside the email.
 */
export function AskForReviewForm({ idPrefix = 'ask-review' }: { idPrefix?: string }) {
  const queryClient = useQueryClient();
  const form = useForm<AskValues>({ initialValues: EMPTY, validate });
  const ask = useAskForReview();
  const [sent, setSent] = useState<string | null>(null);

  const onValid = (values: AskValues) => {
    setSent(null);
    ask.mutate(
      {
        data: {
          name: values.name.trim(),
          email: values.email.trim(),
          company: values.company.trim() || null,
          message: values.message.trim() || null,
        },
      },
      {
        onSuccess: (response) => {
          for (const name of Object.keys(EMPTY) as (keyof AskValues)[]) form.setValue(name, '');
          setSent(response.message || `We emailed ${response.data.name} a link to leave a review.`);
          void queryClient.invalidateQueries({ queryKey: getListFreelancerReviewsAndReferencesQueryKey() });
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            form.setFormError('We could not reach our server. Check your connection and try again.');
          } else if (error.httpStatus === 409 || error.fieldError('email')) {
            const message = sentence(error.fieldError('email') ?? error.message);
            const rest = (error.body.errors ?? []).filter((item) => item.field !== 'email');
            form.showServerError(
              new ApiError(400, {
                status: 'error',
                message,
                errors: [{ field: 'email', message }, ...rest],
              }),
            );
          } else if (error.httpStatus === 429) {
            form.setFormError(apiErrorMessage(error));
          } else form.showServerError(error);
        },
      },
    );
  };

  return (
    <form
      ref={form.formRef}
      className="auth-form settings-form ask-review"
      noValidate
      onSubmit={form.handleSubmit(onValid)}
      aria-labelledby={`${idPrefix}-title`}
    >
      <h3 id={`${idPrefix}-title`} className="reviews-subtitle">
        Ask for a review
      </h3>
      <p className="reviews-note">
        We email them a link to leave a review. It works once, for 30 days, and they need no account.
      </p>
      <div className="field-row review-row">
        <TextField
          id={`${idPrefix}-name`}
          label="Their name"
          required
          autoComplete="off"
          maxLength={ASK_LIMITS.name.max}
          {...form.field('name')}
        />
        <TextField
          id={`${idPrefix}-email`}
          label="Their email"
          type="email"
          required
          autoComplete="off"
          {...form.field('email')}
        />
      </div>
      <TextField
        id={`${idPrefix}-company`}
        label="Their company (optional)"
        autoComplete="off"
        maxLength={ASK_LIMITS.company.max}
        {...form.field('company')}
      />
      <TextAreaField
        id={`${idPrefix}-message`}
        label="A personal note (optional)"
        rows={4}
        maxLength={ASK_LIMITS.message.max}
        hint="Quoted in the email, e.g. what you worked on together."
        {...form.field('message')}
      />
      <FormAlert>{form.formError}</FormAlert>
      <FormAlert tone="success">{sent}</FormAlert>
      <button type="submit" className="button button--primary settings-form__submit" disabled={ask.isPending}>
        {ask.isPending ? 'Sending…' : 'Send the request'}
      </button>
    </form>
  );
}
