import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetMeQueryKey, resendVerificationEmail } from '@/api/generated/auth/auth';
import { ApiError } from '@/api/mutator';
import { SESSION_FLAGS, sessionFlags } from '@/lib/browserFlags';
import { apiErrorMessage } from '@/ui/toast';

/** The contract allows one verification email a minute (429 before). */
export const RESEND_COOLDOWN_SECONDS = 60;

export interface ResendNotice {
  tone: 'success' | 'error' | 'info';
  text: string;
}

function secondsUntil(isoTime: string | undefined): number {
  const at = isoTime ? Date.parse(isoTime) : Number.NaN;
  if (Number.isNaN(at)) return RESEND_COOLDOWN_SECONDS;
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * "Resend" on the verification pages (contract: resendVerificationEmail). A sent email and a
 * 429 both start a cooldown; a 409 means the email is verified already, so the user is
 * reloaded and the page shows the verified state.
 */
export function useResendVerification() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<ResendNotice | null>(null);
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const mutation = useMutation({
    mutationFn: () => resendVerificationEmail(),
    onSuccess: (response) => {
      sessionFlags.set(SESSION_FLAGS.verificationEmail, 'resend');
      setNotice({ tone: 'success', text: response.message || `We have sent a new link to ${response.data.email}.` });
      setCooldown(secondsUntil(response.data.resendAvailableAt));
    },
    onError: (error) => {
      setNotice({ tone: 'error', text: apiErrorMessage(error) });
      if (!(error instanceof ApiError)) return;
      if (error.httpStatus === 429) setCooldown(RESEND_COOLDOWN_SECONDS);
      if (error.httpStatus === 409) {
        setNotice({ tone: 'info', text: apiErrorMessage(error) });
        sessionFlags.set(SESSION_FLAGS.verificationStatus, 'verified');
      }
      // Verified already, or signed out meanwhile: the user to show has changed.
      if (error.httpStatus === 409 || error.httpStatus === 401) {
        void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
      }
    },
  });

  return {
    resend: () => mutation.mutate(),
    sending: mutation.isPending,
    notice,
    cooldown,
  };
}
