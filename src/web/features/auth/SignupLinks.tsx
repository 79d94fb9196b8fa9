import { Link } from '@tanstack/react-router';
import { PATHS } from '@/lib/paths';

/** Under every sign-up form: sign in instead, or pick another account type. */
export function SignupLinks({ otherTypesLabel }: { otherTypesLabel: string }) {
  return (
    <>
      <p>
        Already have an account? <Link to={PATHS.login}>Log in</Link>
      </p>
      <p>
        <Link to={PATHS.signup}>{otherTypesLabel}</Link>
      </p>
    </>
  );
}
