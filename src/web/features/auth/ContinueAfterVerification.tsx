import { Link } from '@tanstack/react-router';
import { DEFAULT_LANDING_PATH } from '../../lib/paths';
import { safeNext } from '../../lib/safeNext';

/** The way on once the email is verified: to `next`, else the default landing (which resumes onboarding). */
export function ContinueAfterVerification({ next }: { next?: string }) {
  return (
    <div className="auth-card__actions">
      <Link to={safeNext(next) ?? DEFAULT_LANDING_PATH} className="button button--primary button--large">
        Continue
      </Link>
    </div>
  );
}
