import { Link } from '@tanstack/react-router';
import { LOCAL_FLAGS, localFlags } from '@/lib/browserFlags';
import { DEFAULT_LANDING_PATH } from '@/lib/paths';
import { safeNext } from '@/lib/safeNext';

/**
 * The way on once the email is verified: to `next`, else to where the sign-up was heading (a
 * request draft waiting to be posted), else the default landing (which resumes onboarding).
 */
export function ContinueAfterVerification({ next }: { next?: string }) {
  const pending = safeNext(localFlags.get(LOCAL_FLAGS.afterVerification) ?? undefined);
  return (
    <div className="auth-card__actions">
      <Link
        to={safeNext(next) ?? pending ?? DEFAULT_LANDING_PATH}
        onClick={() => localFlags.remove(LOCAL_FLAGS.afterVerification)}
        className="button button--primary button--large"
      >
        Continue
      </Link>
    </div>
  );
}
