import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/mutator';
import { useSendEmailChangeCode, useVerifyEmailChangeCode } from '@/api/generated/account/account';
import { getGetMeQueryKey } from '@/api/generated/auth/auth';
import { useAuth } from '@/lib/auth';
import { FormAlert } from '@/ui/form/FormAlert';
import { TextField } from '@/ui/form/TextField';
import { useForm } from '@/ui/form/useForm';
import { apiErrorMessage, notify } from '@/ui/toast';
import { collectErrors, email } from '@/ui/form/validation';

type AddressValues = { newEmail: string };
type CodeValues = { code: string };

interface SentCode {
  newEmail: string;
  sentTo: string;
  expiresAt: string;
  resendAvailableAt: string;
}

function time(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'it expires';
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** Seconds until `iso`, ticking each second; 0 once it has passed. */
function useSecondsUntil(iso: string | undefined): number {
  const left = () => (iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!iso) return;
    const timer = window.setInterval(() => setSeconds(left()), 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `iso`
  }, [iso]);
  return seconds;
}

/** The contract's refusals of C08 in words beside the address, or for the whole form. */
function sendProblem(error: unknown): { field?: string; form?: string } {
  if (!(error instanceof ApiError)) return { form: apiErrorMessage(error) };
  const onField = error.fieldError('newEmail');
  if (onField) return { field: /^(is|must)\b/.test(onField) ? `This address ${onField}.` : onField };
  if (error.httpStatus === 409) return { field: error.message || 'Another account already uses this address.' };
  if (error.httpStatus === 429) {
    return { form: error.message || 'You asked for codes too often. Wait a minute and try again.' };
  }
  return { form: apiErrorMessage(error) };
}

/**
 * Settings › Email address (C08, C09): a 6-digit code goes to the new address, and the change
 * happens once that code is entered here. A wrong code is said beside the code; an expired or
 * used one offers a new code.
 */
export function EmailChangeSection() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<SentCode | null>(null);
  const [codeExpired, setCodeExpired] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const send = useSendEmailChangeCode();
  const verify = useVerifyEmailChangeCode();
  const codeHeading = useRef<HTMLParagraphElement>(null);
  const resendIn = useSecondsUntil(sent?.resendAvailableAt);
  const current = user?.email ?? '';

  const address = useForm<AddressValues>({
    initialValues: { newEmail: '' },
    validate: (values) =>
      collectErrors({
        newEmail:
          email(values.newEmail) ??
          (values.newEmail.trim().toLowerCase() === current.toLowerCase()
            ? 'This is already your email address.'
            : undefined),
      }),
  });
  const code = useForm<CodeValues>({
    initialValues: { code: '' },
    validate: (values) =>
      collectErrors({ code: /^\d{6}$/.test(values.code.trim()) ? undefined : 'Enter the 6 digits of the code.' }),
  });

  useEffect(() => {
    if (sent) codeHeading.current?.focus();
  }, [sent]);

  const sendCode = (newEmail: string) => {
    setDone(null);
    setCodeExpired(null);
    send.mutate(
      { data: { newEmail } },
      {
        onSuccess: (response) => {
          code.setValue('code', '');
          setSent({ newEmail, ...response.data });
        },
        onError: (error) => {
          const problem = sendProblem(error);
          if (sent) {
            setCodeExpired(problem.field ?? problem.form ?? apiErrorMessage(error));
            return;
          }
          if (problem.field) {
            address.showServerError(
              new ApiError(400, {
                status: 'error',
                message: problem.field,
                errors: [{ field: 'newEmail', message: problem.field }],
              }),
            );
          } else address.setFormError(problem.form ?? null);
        },
      },
    );
  };

  const confirm = (values: CodeValues) => {
    if (!sent) return;
    setCodeExpired(null);
    verify.mutate(
      { data: { newEmail: sent.newEmail, code: values.code.trim() } },
      {
        onSuccess: (response) => {
          setSent(null);
          address.setValue('newEmail', '');
          setDone(response.message || `Your email is now ${response.data.email}.`);
          notify.info(response.message || 'Your email address is changed.');
          void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.httpStatus === 409) {
            setCodeExpired(error.message || 'This code can no longer be used. Ask for a new one.');
          } else if (error instanceof ApiError && error.httpStatus === 400) {
            // A wrong code: said on the code field, in a sentence ("is not the code we sent").
            const onField = error.fieldError('code') ?? error.message;
            const message = onField
              ? /^(is|must)\b/.test(onField)
                ? `This code ${onField}.`
                : onField
              : 'This code is not right.';
            code.showServerError(new ApiError(400, { status: 'error', message, errors: [{ field: 'code', message }] }));
          } else code.showServerError(error);
        },
      },
    );
  };

  const startOver = () => {
    setSent(null);
    setCodeExpired(null);
  };

  return (
    <section className="settings-section" id="email" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title" className="settings-section__title">
        Email address
      </h2>
      <p className="settings-section__lead">
        You sign in and receive notices at <strong>{current}</strong>. To change it, we send a code to the new address.
      </p>
      {!sent ? (
        <form
          ref={address.formRef}
          className="auth-form settings-form"
          noValidate
          onSubmit={address.handleSubmit((values) => sendCode(values.newEmail.trim()))}
        >
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            required
            {...address.field('newEmail')}
          />
          <FormAlert>{address.formError}</FormAlert>
          <FormAlert tone="success">{done}</FormAlert>
          <button type="submit" className="button button--primary settings-form__submit" disabled={send.isPending}>
            {send.isPending ? 'Sending the code…' : 'Send a code'}
          </button>
        </form>
      ) : (
        <form ref={code.formRef} className="auth-form settings-form" noValidate onSubmit={code.handleSubmit(confirm)}>
          <p ref={codeHeading} tabIndex={-1} className="settings-email__sent">
            We sent a 6-digit code to <strong>{sent.sentTo}</strong>. It works until {time(sent.expiresAt)}.
          </p>
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            hint="Check the inbox of the new address, and its spam folder."
            {...code.field('code')}
          />
          <FormAlert>{code.formError}</FormAlert>
          <FormAlert>
            {codeExpired ? (
              <>
                <p>{codeExpired}</p>
              </>
            ) : null}
          </FormAlert>
          <div className="settings-email__actions">
            <button type="submit" className="button button--primary" disabled={verify.isPending}>
              {verify.isPending ? 'Checking…' : 'Change my email'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={send.isPending || resendIn > 0}
              onClick={() => sendCode(sent.newEmail)}
            >
              {send.isPending ? 'Sending…' : resendIn > 0 ? `Send a new code (${resendIn} s)` : 'Send a new code'}
            </button>
            <button type="button" className="link-button" onClick={startOver}>
              Use a different address
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
