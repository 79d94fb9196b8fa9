import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { AuthUserResponse } from '@/api/generated/model';
import { LOCAL_FLAGS, localFlags, SESSION_FLAGS, sessionFlags } from '@/lib/browserFlags';
import { PATHS } from '@/lib/paths';
import { safeNext } from '@/lib/safeNext';
import { useAfterSignIn } from './useAfterSignIn';

/**
 * A sign-up call: on success the new (unverified) user is signed in here, the verification
 * page is told an email was just sent, and the user goes there (contract: register*).
 */
export function useSignUp<Input>(register: (input: Input) => Promise<AuthUserResponse>, next?: string) {
  const afterSignIn = useAfterSignIn();
  const navigate = useNavigate();
  return useMutation({
    // Only the input: the mutation's second argument is no request option.
    mutationFn: (input: Input) => register(input),
    onSuccess: (response) => {
      sessionFlags.set(SESSION_FLAGS.verificationEmail, 'resend');
      const destination = safeNext(next);
      if (destination) localFlags.set(LOCAL_FLAGS.afterVerification, destination);
      else localFlags.remove(LOCAL_FLAGS.afterVerification);
      afterSignIn(
        response.data,
        () =>
          void navigate({
            to: PATHS.verificationEmail,
            search: destination ? { next: destination } : {},
            replace: true,
          }),
      );
    },
  });
}
