import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { googleSignInCallback } from '@/api/generated/auth/auth';
import { ApiError } from '@/api/mutator';
import { LOCAL_FLAGS, SESSION_FLAGS, localFlags, sessionFlags } from '@/lib/browserFlags';
import { claimGoogleCode, googleReturnProblem, type GoogleReturn } from '@/lib/googleSignIn';
import { PATHS, POST_LOGIN_PATH } from '@/lib/paths';
import { isAccountType } from './accountTypes';
import { AuthCard } from './AuthCard';
import { useAfterSignIn } from './useAfterSignIn';

const FAILED = 'We could not sign you in with Google. Please try again.';

/**
 * `/auth/social-accounts/verify/google-oauth2/`: Google came back with a code. The server
 * checks it against the flow this browser started and signs in (or up, as the account type
 * picked on the sign-up pages). A failure leaves its message in `auth_error` for the login page
 * (or the sign-up chooser, when a new account needs a type) and goes there.
 */
export function GoogleSignInReturn({ result }: { result: GoogleReturn }) {
  const afterSignIn = useAfterSignIn();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string, needsAccountType = false) => {
      sessionFlags.set(SESSION_FLAGS.authError, message);
      void navigate({ to: needsAccountType ? PATHS.signup : PATHS.login, replace: true });
    };
    const problem = googleReturnProblem(result);
    if (problem) return fail(problem);
    if (!claimGoogleCode(result.code!)) return;
    const accountType = sessionFlags.get(SESSION_FLAGS.accountType);
    googleSignInCallback(encodeURIComponent(result.code!), {
      state: result.state!,
      ...(isAccountType(accountType) ? { accountType } : {}),
      rememberMe: localFlags.get(LOCAL_FLAGS.rememberMe) === 'true',
    })
      .then((response) => afterSignIn(response.data, () => void navigate({ to: POST_LOGIN_PATH, replace: true })))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) return fail(FAILED);
        fail(error.message, error.fieldError('query.accountType') !== undefined);
      });
  }, [afterSignIn, navigate, result]);

  return (
    <AuthCard title="Signing in with Google">
      <div className="google-return" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Checking your Google account…</p>
      </div>
    </AuthCard>
  );
}
