import { useState } from 'react';
import { ApiError } from '@/api/mutator';
import type { AccountType } from '@/lib/auth';
import { SESSION_FLAGS, sessionFlags } from '@/lib/browserFlags';
import { goToGoogle, useGoogleSignInEnabled } from '@/lib/googleSignIn';
import { FormAlert } from '@/ui/form/FormAlert';
import { GoogleButton } from '@/ui/GoogleButton';

/**
 * "Continue with Google" above an auth form, shown only when the site offers it. On a sign-up
 * page the page's account type is kept (`account_type`), so a new Google account gets that type;
 * `beforeStart` lets the login form keep its "Remember me" choice.
 */
export function ContinueWithGoogle({
  accountType,
  beforeStart,
}: {
  accountType?: AccountType;
  beforeStart?: () => void;
}) {
  const enabled = useGoogleSignInEnabled();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!enabled) return null;

  const onClick = () => {
    setBusy(true);
    setError(null);
    beforeStart?.();
    if (accountType) sessionFlags.set(SESSION_FLAGS.accountType, accountType);
    goToGoogle('sign-in').catch((problem: unknown) => {
      setBusy(false);
      setError(problem instanceof ApiError ? problem.message : 'We could not reach Google. Please try again.');
    });
  };

  return (
    <div className="auth-social">
      <GoogleButton busy={busy} onClick={onClick}>
        {busy ? 'Opening Google…' : 'Continue with Google'}
      </GoogleButton>
      <FormAlert>{error}</FormAlert>
      <p className="auth-social__divider">or</p>
    </div>
  );
}
