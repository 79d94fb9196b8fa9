import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { getGetMeQueryKey, useResetPassword, useVerifyPasswordResetToken } from '@/api/generated/auth/auth';
import { ApiError } from '@/api/mutator';
import { PATHS } from '@/lib/paths';
import { FormAlert } from '@/ui/form/FormAlert';
import { PasswordField } from '@/ui/form/PasswordField';
import { useForm } from '@/ui/form/useForm';
import { apiErrorMessage, notify } from '@/ui/toast';
import { AuthCard } from './AuthCard';
import { collectErrors, confirmPassword, LIMITS, newPassword } from '@/ui/form/validation';

const INVALID_LINK_MESSAGE = 'This reset link is not valid or has expired. Request a new one.';

/** 400 (malformed), 404 (unknown) and 409 (expired or used): the link itself is no good. */
function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && [400, 404, 409].includes(error.httpStatus);
}

function deadLinkMessage(error: unknown): string {
  return error instanceof ApiError && error.httpStatus !== 400 && error.body.message
    ? error.body.message
    : INVALID_LINK_MESSAGE;
}

function DeadLink({ message }: { message: string }) {
  return (
    <AuthCard title="This reset link cannot be used">
      <FormAlert>{message}</FormAlert>
      <div className="auth-card__actions">
        <Link to={PATHS.forgotPassword} className="button button--primary button--large">
          Request a new link
        </Link>
      </div>
    </AuthCard>
  );
}

type ResetValues = { password: string; confirm: string };

const validate = (values: ResetValues) =>
  collectErrors({ password: newPassword(values.password), confirm: confirmPassword(values.confirm, values.password) });

function ResetPasswordForm({
  token,
  maskedEmail,
  onDeadLink,
}: {
  token: string;
  maskedEmail: string;
  onDeadLink: (message: string) => void;
}) {
  const navigate = useNavigate();
  const form = useForm({ initialValues: { password: '', confirm: '' }, validate });
  const reset = useResetPassword();
  const queryClient = useQueryClient();

  const onValid = (values: ResetValues) =>
    reset.mutate(
      { data: { token, password: values.password } },
      {
        onSuccess: async (response) => {
          notify.info(response.message || 'Your password is changed. Please log in with the new password.');
          // The reset ended every session of the account: this tab's too when it was signed in to it.
          await queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
          void navigate({ to: PATHS.login, replace: true });
        },
        onError: (error) => (isDeadLink(error) ? onDeadLink(deadLinkMessage(error)) : form.showServerError(error)),
      },
    );

  const busy = reset.isPending || reset.isSuccess;
  return (
    <AuthCard
      title="Choose a new password"
      lead={
        <p>
          For the account <strong>{maskedEmail}</strong>. Other devices signed in to it will be signed out.
        </p>
      }
    >
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.handleSubmit(onValid)}>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          hint={`At least ${LIMITS.password.min} characters.`}
          {...form.field('password')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...form.field('confirm')} />
        <FormAlert>{form.formError}</FormAlert>
        <button type="submit" className="button button--primary button--large auth-form__submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save new password'}
        </button>
      </form>
    </AuthCard>
  );
}

/** `/auth/reset-password/{token}/`: checks the link first, then asks for the new password. */
export function ResetPasswordPage({ token }: { token: string }) {
  const check = useVerifyPasswordResetToken(token, {
    query: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
  });
  const [deadLink, setDeadLink] = useState<string | null>(null);

  if (deadLink) return <DeadLink message={deadLink} />;
  if (check.isPending) {
    return (
      <AuthCard title="Choose a new password">
        <p role="status" className="auth-card__status">
          <span className="spinner spinner--small" aria-hidden="true" /> Checking your reset link…
        </p>
      </AuthCard>
    );
  }
  if (check.isError) {
    if (isDeadLink(check.error)) return <DeadLink message={deadLinkMessage(check.error)} />;
    return (
      <AuthCard title="Choose a new password">
        <FormAlert>{apiErrorMessage(check.error)}</FormAlert>
        <div className="auth-card__actions">
          <button type="button" className="button button--primary" onClick={() => void check.refetch()}>
            Try again
          </button>
        </div>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} maskedEmail={check.data.data.email} onDeadLink={setDeadLink} />;
}
