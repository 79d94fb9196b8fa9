import { useAuth } from '@/lib/auth';
import { SESSION_FLAGS, sessionFlags } from '@/lib/browserFlags';
import { useSignOut } from '@/lib/useSignOut';
import { AuthCard } from './AuthCard';
import { ResendVerification } from './ResendVerification';
import { ContinueAfterVerification } from './ContinueAfterVerification';

function MailIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="5.5" width="18" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="m3.8 7 8.2 6 8.2-6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * `/auth/verification/email/`: a signed-in user whose email is not verified yet. If the email
 * gets verified meanwhile (in another tab), the page says so and offers the way on.
 */
export function VerificationInboxPage({ next }: { next?: string }) {
  const { user } = useAuth();
  const { signOut, signingOut } = useSignOut();
  const justSent = sessionFlags.get(SESSION_FLAGS.verificationEmail) === 'resend';
  if (!user) return null;

  if (user.verified) {
    return (
      <AuthCard title="Your email is verified" status="verified" lead={<p>Thank you. Your account is ready to use.</p>}>
        <ContinueAfterVerification next={next} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify your email"
      footer={
        <p>
          Signed in as {user.email}.{' '}
          <button type="button" className="link-button" onClick={() => void signOut()} disabled={signingOut}>
            Sign out
          </button>
        </p>
      }
    >
      <div className="auth-card__icon">
        <MailIcon />
      </div>
      <div className="auth-card__body">
        <p>
          {justSent ? 'We have sent you a verification link. ' : ''}
          Check your inbox for <strong>{user.email}</strong> and open the link to activate your account.
        </p>
        <p className="auth-card__note">The link is valid for 24 hours. Nothing there? Look in your spam folder.</p>
      </div>
      <ResendVerification />
    </AuthCard>
  );
}
