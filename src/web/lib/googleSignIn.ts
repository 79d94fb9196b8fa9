import { startGoogleSignIn, useGetSignInOptions } from '@/api/generated/auth/auth';
import type { AuthGoogleStartInputIntent } from '@/api/generated/model';

/** Whether this site offers Google sign-in; false while the answer is on its way (no button flashes in). */
export function useGoogleSignInEnabled(): boolean {
  const options = useGetSignInOptions({ query: { staleTime: 5 * 60 * 1000, retry: false } });
  return options.data?.data.google === true;
}

/**
 * Starts a Google flow on the server (state, nonce and PKCE verifier stay there, bound to this
 * browser) and leaves for Google's consent page; Google then comes back to the intent's page.
 */
export async function goToGoogle(intent: AuthGoogleStartInputIntent): Promise<void> {
  const started = await startGoogleSignIn({ intent });
  window.location.assign(started.data.authorizationUrl);
}

/** What Google put in the return page's address. */
export interface GoogleReturn {
  code?: string;
  state?: string;
  error?: string;
}

export function googleReturnSearch(search: Record<string, unknown>): GoogleReturn {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { code: text(search.code), state: text(search.state), error: text(search.error) };
}

/** The message for a return without a code: the person cancelled, or Google refused. */
export function googleReturnProblem(result: GoogleReturn): string | null {
  if (result.error === 'access_denied') return 'Google sign-in was cancelled.';
  if (result.error || !result.code || !result.state) return 'Google did not complete the sign-in. Please try again.';
  return null;
}

const claimed = new Set<string>();

/**
 * True the first time a return page asks for a code, false after: a code is good for one
 * exchange, and a page mounted twice (development's strict mode, a re-render) must not spend it twice.
 */
export function claimGoogleCode(code: string): boolean {
  if (claimed.has(code)) return false;
  claimed.add(code);
  return true;
}

/** Forgets the codes claimed: what a new page load starts from (each test is one). */
export function forgetClaimedGoogleCodes(): void {
  claimed.clear();
}
