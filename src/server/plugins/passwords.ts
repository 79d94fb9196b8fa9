import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import fp from 'fastify-plugin';

/**
 * argon2id with OWASP's baseline cost (19 MiB, 2 passes, 1 lane): about 70 ms a hash on this
 * kind of machine, which is the price of every sign-up, sign-in and password change.
 */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const TOO_COMMON = 'is one of the most common passwords, so it is easy to guess; choose another';

/** zxcvbn's list of common and breached passwords (about 49,000, all lower case). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** The same password typed on two keyboards can differ in composition; NFC makes them one. */
export const normalisePassword = (password: string) => password.normalize('NFC');

/** The first rule a new password breaks, as the field's message; null when it may be used. */
export function newPasswordProblem(password: string, email: string): string | null {
  const normal = normalisePassword(password);
  const length = [...normal].length;
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (normal.trim().toLowerCase() === email.trim().toLowerCase()) return 'must not be your email address';
  if (COMMON_PASSWORDS.has(normal.toLowerCase())) return TOO_COMMON;
  return null;
}

export interface Passwords {
  hash(password: string): Promise<string>;
  /**
   * Whether the password matches the stored hash. Without a hash (no such account, or an
   * account without a password) it still spends one verification on a dummy hash, so the answer
   * takes as long as a wrong password does.
   */
  verify(storedHash: string | null | undefined, password: string): Promise<boolean>;
}

export function createPasswords(): Passwords {
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS));
  const check = async (storedHash: string, password: string) => {
    try {
      return await verify(storedHash, normalisePassword(password));
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(normalisePassword(password), ARGON2_OPTIONS),
    verify: async (storedHash, password) => {
      if (storedHash) return check(storedHash, password);
      await check(await dummyHash(), password);
      return false;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    passwords: Passwords;
  }
}

export default fp(
  async (app) => {
    const passwords = createPasswords();
    app.decorate('passwords', passwords);
    // The dummy hash is made before the first visitor signs in, not during that request.
    app.addHook('onReady', async () => {
      await passwords.verify(null, '');
    });
  },
  { name: 'passwords' },
);
