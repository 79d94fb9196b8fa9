import { useEffect, useState } from 'react';
import { ApiError } from '@/api/mutator';
import { useAuth } from '@/lib/auth';
import { SESSION_FLAGS, sessionFlags, type SessionFlag } from '@/lib/browserFlags';
import { goToGoogle, useGoogleSignInEnabled } from '@/lib/googleSignIn';
import { FormAlert } from '@/ui/form/FormAlert';
import { GoogleButton } from '@/ui/GoogleButton';
import { SettingsSection } from './SettingsSection';

export const SAME_ACCOUNT_WARNING =
  'This Google account is already linked to your account. To link another one, choose it on Google’s page.';

/** A one-time flag left by the change page: read once, then removed. */
function useFlag(flag: SessionFlag): string | null {
  const [value] = useState(() => sessionFlags.get(flag));
  useEffect(() => {
    if (value !== null) sessionFlags.remove(flag);
  }, [flag, value]);
  return value;
}

/**
 * Settings › Google account (when the site offers Google sign-in): the linked Google account's
 * picture and email, and a button to link one or change it. The change page leaves
 * `account_change_error` (a failure) or `same_account_warn` for this section to show once.
 */
export function GoogleAccountSection() {
  const enabled = useGoogleSignInEnabled();
  const { user } = useAuth();
  const changeError = useFlag(SESSION_FLAGS.accountChangeError);
  const sameAccount = useFlag(SESSION_FLAGS.sameAccountWarn);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pictureFailed, setPictureFailed] = useState(false);
  if (!enabled || !user) return null;

  const linked = user.social.provider === 'google';
  const onClick = () => {
    setBusy(true);
    setError(null);
    goToGoogle('change').catch((problem: unknown) => {
      setBusy(false);
      setError(problem instanceof ApiError ? problem.message : 'We could not reach Google. Please try again.');
    });
  };

  return (
    <SettingsSection
      anchor="google-account"
      title="Google account"
      lead={
        linked
          ? 'You can sign in with this Google account. Your email address here stays the same.'
          : 'Link a Google account to sign in with it instead of your password.'
      }
    >
      {sameAccount && <FormAlert tone="info">{SAME_ACCOUNT_WARNING}</FormAlert>}
      {changeError && <FormAlert>{changeError}</FormAlert>}
      {linked && (
        <div className="google-account" data-testid="linked-google-account">
          <span className="google-account__picture" aria-hidden="true">
            {user.social.image && !pictureFailed ? (
              <img src={user.social.image} alt="" referrerPolicy="no-referrer" onError={() => setPictureFailed(true)} />
            ) : (
              (user.social.email ?? 'G').slice(0, 1).toUpperCase()
            )}
          </span>
          <span className="google-account__text">
            <strong>{user.social.email ?? 'Google account'}</strong>
            <span>Linked</span>
          </span>
        </div>
      )}
      {!user.hasPassword && (
        <p className="settings-section__lead">
          Your account has no password yet: you sign in with Google. Password, below, says how to set one.
        </p>
      )}
      <div>
        <GoogleButton busy={busy} onClick={onClick}>
          {busy ? 'Opening Google…' : linked ? 'Change Google account' : 'Link a Google account'}
        </GoogleButton>
      </div>
      <FormAlert>{error}</FormAlert>
    </SettingsSection>
  );
}
