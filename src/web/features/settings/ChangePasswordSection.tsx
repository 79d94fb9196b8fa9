import { useState } from 'react';
import { useChangePassword, useSendPasswordResetLink } from '@/api/generated/auth/auth';
import { useAuth } from '@/lib/auth';
import { FormAlert } from '@/ui/form/FormAlert';
import { apiErrorMessage } from '@/ui/toast';
import { PasswordField } from '@/ui/form/PasswordField';
import { useForm } from '@/ui/form/useForm';
import { collectErrors, confirmPassword, LIMITS, newPassword } from '@/ui/form/validation';

type ChangePasswordValues = { currentPassword: string; newPassword: string; confirm: string };

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirm: '' };

function validateFor(accountEmail: string) {
  return (values: ChangePasswordValues) =>
    collectErrors({
      currentPassword: values.currentPassword ? undefined : 'Enter your current password.',
      newPassword:
        newPassword(values.newPassword, accountEmail) ??
        (values.newPassword === values.currentPassword
          ? 'Choose a password different from the current one.'
          : undefined),
      confirm: confirmPassword(values.confirm, values.newPassword),
    });
}

/**
 * Settings › Password. The server signs out every other device on success and keeps this one;
 * an account made with Google has no password to change and sets one through the reset link.
 */
export function ChangePasswordSection() {
  const { user } = useAuth();
  const accountEmail = user?.email ?? '';
  const [validate] = useState(() => validateFor(accountEmail));
  const form = useForm({ initialValues: EMPTY, validate });
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);

  const onValid = (values: ChangePasswordValues) => {
    setDone(null);
    change.mutate(
      { data: { currentPassword: values.currentPassword, newPassword: values.newPassword } },
      {
        onSuccess: (response) => {
          for (const name of Object.keys(EMPTY) as (keyof ChangePasswordValues)[]) form.setValue(name, '');
          setDone(response.message || 'Your password is changed.');
        },
        onError: form.showServerError,
      },
    );
  };

  return (
    <section className="settings-section" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title" className="settings-section__title">
        Password
      </h2>
      {user && !user.hasPassword ? (
        <SetFirstPassword email={accountEmail} />
      ) : (
        <>
          <p className="settings-section__lead">
            Changing your password signs you out on every other device. This one stays signed in.
          </p>
          <form ref={form.formRef} className="auth-form settings-form" noValidate onSubmit={form.handleSubmit(onValid)}>
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              required
              {...form.field('currentPassword')}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              required
              hint={`At least ${LIMITS.password.min} characters.`}
              {...form.field('newPassword')}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              required
              {...form.field('confirm')}
            />
            <FormAlert>{form.formError}</FormAlert>
            <FormAlert tone="success">{done}</FormAlert>
            <button type="submit" className="button button--primary settings-form__submit" disabled={change.isPending}>
              {change.isPending ? 'Changing…' : 'Change password'}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

/**
 * An account made with Google has no password: a link to the account's email sets one (the
 * link proves the mailbox, which a session alone does not).
 */
function SetFirstPassword({ email }: { email: string }) {
  const send = useSendPasswordResetLink();
  return (
    <>
      <p className="settings-section__lead">
        Your account signs in with Google and has no password yet. To add one, we email <strong>{email}</strong> a link
        to set it; the link is valid for 60 minutes.
      </p>
      {send.isSuccess ? (
        <p className="settings-section__lead" role="status">
          We sent the link to <strong>{email}</strong>. Open it to choose your password.
        </p>
      ) : (
        <>
          <FormAlert>{send.isError ? apiErrorMessage(send.error) : null}</FormAlert>
          <button
            type="button"
            className="button button--primary"
            disabled={send.isPending}
            onClick={() => send.mutate({ data: { email } })}
          >
            {send.isPending ? 'Sending…' : 'Email me a link to set a password'}
          </button>
        </>
      )}
    </>
  );
}
