/**
 * The browser-stored flags of spec §4 that the accounts flows use. Session flags live for the
 * tab (sessionStorage); `remember_me` outlives it (localStorage). Storage can be disabled or
 * full: then a flag simply reads as absent, and nothing throws.
 */
export const SESSION_FLAGS = {
  /** The account type picked on the chooser: client, freelancer or business. */
  accountType: 'account_type',
  /** A message for the login page to show once (a failed Google sign-in, for example). */
  authError: 'auth_error',
  /** A message for Settings to show once: changing the linked Google account failed. */
  accountChangeError: 'account_change_error',
  /** `true`: the Google account chosen on a change was already the linked one; Settings warns once. */
  sameAccountWarn: 'same_account_warn',
  /** `resend`: a verification email was just sent from this tab (sign-up or Resend). */
  verificationEmail: 'verification_email',
  /** `verified`: this tab just verified the email; the verification pages then move on. */
  verificationStatus: 'verification_status',
} as const;

export const LOCAL_FLAGS = {
  /** `true` while "Remember me" is ticked on the login form. */
  rememberMe: 'remember_me',
  /**
   * Where a new account goes once its email is verified (a same-site path): kept in localStorage
   * because the verification link usually opens in another tab.
   */
  afterVerification: 'after_verification_next',
} as const;

export type SessionFlag = (typeof SESSION_FLAGS)[keyof typeof SESSION_FLAGS];
export type LocalFlag = (typeof LOCAL_FLAGS)[keyof typeof LOCAL_FLAGS];

function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

function flagStore<Key extends string>(kind: 'session' | 'local') {
  return {
    get(key: Key): string | null {
      try {
        return storage(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: Key, value: string): void {
      try {
        storage(kind)?.setItem(key, value);
      } catch {
        // Private mode or a full quota: the flows work without the flag.
      }
    },
    remove(key: Key): void {
      try {
        storage(kind)?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

export const sessionFlags = flagStore<SessionFlag>('session');
export const localFlags = flagStore<LocalFlag>('local');
