import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSendPasswordResetLink } from '@/api/generated/auth/auth';
import { PATHS } from '@/lib/paths';
import { FormAlert } from '@/ui/form/FormAlert';
import { TextField } from '@/ui/form/TextField';
import { useForm } from '@/ui/form/useForm';
import { AuthCard } from './AuthCard';
import { collectErrors, email } from '@/ui/form/validation';

type ForgotValues = { email: string };

const validate = (values: ForgotValues) => collectErrors({ email: email(values.email) });

/** How long a link stays valid when the answer does not say (contract: 60 minutes). */
const DEFAULT_LINK_MINUTES = 60;

/**
 * The same confirmation whether or not an account has this email: the page must not reveal
 * which emails are registered.
 */
export function confirmationText(address: string, minutes: number): string {
  return `If an account exists for ${address}, we have sent it a link to reset the password. The link is valid for ${minutes} minutes.`;
}

export function ForgotPasswordForm() {
  const form = useForm({ initialValues: { email: '' }, validate });
  const sendLink = useSendPasswordResetLink();
  const [sentTo, setSentTo] = useState<{ address: string; minutes: number } | null>(null);

  const onValid = (values: ForgotValues) => {
    const address = values.email.trim();
    sendLink.mutate(
      { data: { email: address } },
      {
        onSuccess: (response) =>
          setSentTo({ address, minutes: response.data.linkValidForMinutes ?? DEFAULT_LINK_MINUTES }),
        onError: form.showServerError,
      },
    );
  };

  return (
    <AuthCard
      title="Forgot your password?"
      lead={!sentTo && <p>Enter the email of your account and we will send you a link to choose a new password.</p>}
      footer={
        <p>
          Remembered it? <Link to={PATHS.login}>Back to log in</Link>
        </p>
      }
    >
      <FormAlert tone="success">{sentTo && confirmationText(sentTo.address, sentTo.minutes)}</FormAlert>
      {sentTo ? (
        <div className="auth-card__actions">
          <p className="auth-card__note">Nothing arrived? Check your spam folder, or send the link again.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              sendLink.reset();
              setSentTo(null);
            }}
          >
            Send another link
          </button>
        </div>
      ) : (
        <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.handleSubmit(onValid)}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            required
            {...form.field('email')}
          />
          <FormAlert>{form.formError}</FormAlert>
          <button
            type="submit"
            className="button button--primary button--large auth-form__submit"
            disabled={sendLink.isPending}
          >
            {sendLink.isPending ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
