import { AUTH_LIMITS } from '@/lib/limits';

/**
 * Field rules of the auth forms, with the contract's limits (lib/limits, generated from
 * openapi/components/auth.yaml and common.yaml) so most mistakes are caught before a round trip.
 * The server stays the judge: its field errors (a breached password, a taken email) are shown the
 * same way.
 */
export const LIMITS = AUTH_LIMITS;

// One @, something on each side, a dot in the domain: what `format: email` needs in practice.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The contract counts characters after NFC normalisation, by code point. */
export function characterCount(value: string): number {
  return Array.from(value.normalize('NFC')).length;
}

type Rule = (value: string) => string | undefined;

export function personName(label: string): Rule {
  return (value) => {
    const length = characterCount(value.trim());
    if (length < LIMITS.personName.min) return `Enter your ${label}.`;
    if (length > LIMITS.personName.max) return `Your ${label} must be at most ${LIMITS.personName.max} characters.`;
    return undefined;
  };
}

export const companyName: Rule = (value) => {
  const length = characterCount(value.trim());
  if (length === 0) return 'Enter your company name.';
  if (length < LIMITS.companyName.min)
    return `Your company name must be at least ${LIMITS.companyName.min} characters.`;
  if (length > LIMITS.companyName.max) return `Your company name must be at most ${LIMITS.companyName.max} characters.`;
  return undefined;
};

export const email: Rule = (value) => {
  const trimmed = value.trim();
  if (!trimmed) return 'Enter your email address.';
  if (trimmed.length > LIMITS.email.max) return `An email address can be at most ${LIMITS.email.max} characters.`;
  if (!EMAIL_PATTERN.test(trimmed)) return 'Enter a valid email address, like name@example.com.';
  return undefined;
};

/** A new password: 8 to 128 characters, and not the account's email. */
export function newPassword(value: string, accountEmail = ''): string | undefined {
  if (!value) return 'Enter a password.';
  const length = characterCount(value);
  if (length < LIMITS.password.min) return `Use at least ${LIMITS.password.min} characters.`;
  if (length > LIMITS.password.max) return `Use at most ${LIMITS.password.max} characters.`;
  if (accountEmail && value.trim().toLowerCase() === accountEmail.trim().toLowerCase()) {
    return 'Your password cannot be your email address.';
  }
  return undefined;
}

/** The password on the login form: any non-empty value; a wrong one is the server's to say. */
export const loginPassword: Rule = (value) => {
  if (!value) return 'Enter your password.';
  if (characterCount(value) > LIMITS.loginPassword.max) return `Use at most ${LIMITS.loginPassword.max} characters.`;
  return undefined;
};

export function confirmPassword(value: string, password: string): string | undefined {
  if (!value) return 'Enter the password again.';
  if (value !== password) return 'The passwords do not match.';
  return undefined;
}

export const heardAboutUs: Rule = (value) => (value ? undefined : 'Tell us how you heard about us.');

export const heardAboutUsOther: Rule = (value) => {
  const length = characterCount(value.trim());
  if (length < LIMITS.heardAboutUsOther.min) return 'Tell us where you heard about us.';
  if (length > LIMITS.heardAboutUsOther.max) return `Use at most ${LIMITS.heardAboutUsOther.max} characters.`;
  return undefined;
};

/** Drops the fields without an error, so `{}` means valid. */
export function collectErrors<K extends string>(errors: Record<K, string | undefined>): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const key of Object.keys(errors) as K[]) {
    const message = errors[key];
    if (message) found[key] = message;
  }
  return found;
}
