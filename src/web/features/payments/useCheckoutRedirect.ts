import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/api/mutator';

/** The words shown when a checkout cannot be opened: the error envelope's message, and its fields'. */
export function checkoutErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'We could not reach the server. Check your connection and try again.';
  const details = error.body.errors?.map((item) => item.message).filter((text) => text !== error.message) ?? [];
  return [error.message, ...details].join(' ');
}

/** How the page leaves for the provider's checkout page (one object, so a test can watch it). */
export const checkoutNavigation = {
  open(address: string): void {
    window.location.assign(address);
  },
};

/** Only a web address is followed: the provider's hosted page (or the sandbox's, on this site). */
function checkoutAddress(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Opens a page at the payment provider (a checkout, or the billing portal): `start` asks the
 * server for it and answers its address, then the browser goes there. `pendingKey` names what is
 * being opened (a plan, a bundle, the portal) from the click until the browser leaves, so its
 * button can say so and the others wait; `error` is what went wrong, in the server's words.
 */
export function useCheckoutRedirect<Input>(start: (input: Input) => Promise<string>, keyOf: (input: Input) => string) {
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: start,
    onMutate: (input) => {
      setError(null);
      setPendingKey(keyOf(input));
    },
    onSuccess: (url) => {
      const address = checkoutAddress(url);
      if (!address) {
        setPendingKey(null);
        setError('The payment page could not be opened. Please try again.');
        return;
      }
      // The key stays set: the page is leaving for the provider's page.
      checkoutNavigation.open(address);
    },
    onError: (failure) => {
      setPendingKey(null);
      setError(checkoutErrorMessage(failure));
    },
  });
  // Back from the provider's page, a browser may show this page as it was left (its back/forward
  // cache): the buttons would still wait for a checkout that is already open elsewhere.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingKey(null);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  return { begin: (input: Input) => mutation.mutate(input), pendingKey, error };
}
