import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetMeQueryKey, verifyAccount } from '@/api/generated/auth/auth';
import { ApiError } from '@/api/mutator';
import { useAuth } from '@/lib/auth';
import { SESSION_FLAGS, sessionFlags } from '@/lib/browserFlags';
import { PATHS } from '@/lib/paths';
import { FormAlert } from '@/ui/form/FormAlert';
import { apiErrorMessage } from '@/ui/toast';
import { AuthCard } from './AuthCard';
import { ResendVerification } from './ResendVerification';
import { ContinueAfterVerification } from './ContinueAfterVerification';

/** The page's own vocabulary (spec §2): the contract maps 200 to verified, 404 and 409 to expired. */
export type VerificationStatus = 'verifying' | 'verified' | 'expired';

/** A malformed token (400) is as dead as an unknown (404) or expired (409) one. */
function isExpired(error: unknown): boolean {
  return error instanceof ApiError && [400, 404, 409].includes(error.httpStatus);
}

/**
 * Verifies once per token: the call consumes the token, so React's development double effects
 * must not send it twice (the ref survives them).
 */
function useVerifyOnce(token: string) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const verification = useMutation({
    mutationKey: ['verifyAccount', token],
    mutationFn: () => verifyAccount(token),
    onSuccess: (response) => {
      sessionFlags.set(SESSION_FLAGS.verificationStatus, 'verified');
      const user = response.data.user;
      if (user) auth.signedIn(user);
      else if (auth.isAuthenticated) void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
    },
  });
  const sentFor = useRef<string | null>(null);
  const { mutate } = verification;
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate();
  }, [token, mutate]);
  return verification;
}

const DEAD_LINK_MESSAGE = 'This verification link is not valid or has expired. Request a new one.';

function expiredMessage(error: unknown): string {
  return error instanceof ApiError && error.httpStatus !== 400 && error.body.message
    ? error.body.message
    : DEAD_LINK_MESSAGE;
}

const ANNOUNCEMENTS: Record<VerificationStatus, string> = {
  verifying: 'Checking your verification link.',
  verified: 'Your email is verified.',
  expired: 'This verification link has expired.',
};

type Verification = ReturnType<typeof useVerifyOnce>;

function statusOf(verification: Verification): VerificationStatus | null {
  if (verification.isSuccess) return 'verified';
  if (verification.isError) return isExpired(verification.error) ? 'expired' : null;
  return 'verifying';
}

function VerificationView({ verification, next }: { verification: Verification; next?: string }) {
  const { isAuthenticated } = useAuth();

  if (verification.isSuccess) {
    return (
      <AuthCard
        title="Your email is verified"
        status={'verified' satisfies VerificationStatus}
        lead={<p>Thank you for confirming {verification.data.data.email}.</p>}
      >
        {isAuthenticated ? (
          <ContinueAfterVerification next={next} />
        ) : (
          <div className="auth-card__actions">
            <Link to={PATHS.login} className="button button--primary button--large">
              Log in to continue
            </Link>
          </div>
        )}
      </AuthCard>
    );
  }

  if (verification.isError && isExpired(verification.error)) {
    return (
      <AuthCard
        title="This verification link has expired"
        status={'expired' satisfies VerificationStatus}
        lead={<p>{expiredMessage(verification.error)}</p>}
      >
        {isAuthenticated ? (
          <ResendVerification />
        ) : (
          <div className="auth-card__actions">
            <Link
              to={PATHS.login}
              search={{ next: PATHS.verificationEmail }}
              className="button button--primary button--large"
            >
              Log in to get a new link
            </Link>
          </div>
        )}
      </AuthCard>
    );
  }

  if (verification.isError) {
    // Not an answer about the link (offline, server trouble): the link may still be good.
    return (
      <AuthCard title="We could not verify your email">
        <FormAlert>{apiErrorMessage(verification.error)}</FormAlert>
        <div className="auth-card__actions">
          <button type="button" className="button button--primary" onClick={() => verification.mutate()}>
            Try again
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Verifying your email" status={'verifying' satisfies VerificationStatus}>
      <p className="auth-card__status">
        <span className="spinner spinner--small" aria-hidden="true" /> Checking your verification link…
      </p>
    </AuthCard>
  );
}

/** `/auth/verification/{token}/email/`: opened from the email; works signed in or not. */
export function VerifyEmailTokenPage({ token, next }: { token: string; next?: string }) {
  const verification = useVerifyOnce(token);
  const status = statusOf(verification);
  return (
    <>
      <VerificationView verification={verification} next={next} />
      {/* Stays mounted while the card above changes, so each new status is announced. */}
      <p role="status" className="visually-hidden">
        {status ? ANNOUNCEMENTS[status] : ''}
      </p>
    </>
  );
}
