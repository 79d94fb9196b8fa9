import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getGetMeQueryKey, googleAccountChangeCallback } from '@/api/generated/auth/auth';
import { ApiError } from '@/api/mutator';
import { SESSION_FLAGS, sessionFlags } from '@/lib/browserFlags';
import { claimGoogleCode, googleReturnProblem, type GoogleReturn } from '@/lib/googleSignIn';
import { PATHS } from '@/lib/paths';
import { PRODUCT_NAME } from '@/ui/Logo';
import { DocumentTitle } from '@/ui/DocumentTitle';

/**
 * `/dashboard/settings/social-accounts/verify/google-oauth2/change/`: Google came back from a
 * change of the linked Google account. The server links it; Settings then shows the account, or
 * once the same-account warning (`same_account_warn`) or the failure (`account_change_error`).
 */
export function GoogleAccountChangeReturn({ result }: { result: GoogleReturn }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const toSettings = () => void navigate({ to: PATHS.settings, hash: 'google-account', replace: true });
    const fail = (message: string) => {
      sessionFlags.set(SESSION_FLAGS.accountChangeError, message);
      toSettings();
    };
    const problem = googleReturnProblem(result);
    if (problem) return fail(problem.replace('sign-in', 'account change'));
    if (!claimGoogleCode(result.code!)) return;
    googleAccountChangeCallback(encodeURIComponent(result.code!), { state: result.state! })
      .then((response) => {
        if (response.data.result === 'same-account') sessionFlags.set(SESSION_FLAGS.sameAccountWarn, 'true');
        queryClient.setQueryData(getGetMeQueryKey(), { status: 'success', message: 'OK', data: response.data.user });
        toSettings();
      })
      .catch((error: unknown) =>
        fail(error instanceof ApiError ? error.message : 'We could not link your Google account. Please try again.'),
      );
  }, [navigate, queryClient, result]);

  return (
    <div className="container settings-page">
      <DocumentTitle>{`Linking your Google account | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 className="settings-page__title">Linking your Google account</h1>
      <div className="google-return" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Checking your Google account…</p>
      </div>
    </div>
  );
}
