import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { uniqueViolation } from '../../db/errors';
import type { AccountType, UserRow } from '../../db/schema';
import { resetPassword as resetPasswordEmail } from '../../email/templates/reset-password';
import { verifyEmail as verifyEmailEmail } from '../../email/templates/verify-email';
import {
  ApiError,
  conflict,
  forbidden,
  notFound,
  unauthenticated,
  validationFailed,
  type FieldError,
} from '../../errors';
import type { components } from '../../generated/api';
import type { Email } from '../../plugins/email';
import { newPasswordProblem, normalisePassword, type Passwords } from '../../plugins/passwords';
import type { RateLimits } from '../../plugins/rate-limits';
import { TOKEN_LIFETIME_MS, tokenState, type AccountTokens } from '../../plugins/tokens';
import type { Sessions } from '../../sessions/session-store';
import type { GoogleProfile } from './google';
import {
  companyIdsLike,
  findUserByEmail,
  findUserByGoogleSubject,
  findUserById,
  insertUser,
  linkGoogleAccount,
  markEmailVerified,
  setPassword,
} from './queries';
import { perApp, type AppDeps } from '../../lib/per-app';
import { applyLedgerEntry, VERSIGEMS_PRICES, type Transaction } from '../versigems';

type AuthUser = components['schemas']['AuthUser'];
type HeardAboutUs = components['schemas']['AuthHeardAboutUs'];

export const SIGN_IN_FAILED = 'The email or password is incorrect.';
export const EMAIL_TAKEN = 'An account with this email already exists.';
const VERIFY_LINK_UNKNOWN = 'This verification link is not valid. Request a new one.';
const VERIFY_LINK_EXPIRED = 'This verification link has expired. Request a new one.';
const RESET_LINK_UNKNOWN = 'This reset link is not valid. Request a new one.';
const RESET_LINK_SPENT = 'This reset link has expired or was already used. Request a new one.';
/** The contract's `resendAvailableAt`: one verification email a minute. */
const RESEND_INTERVAL_MS = 60 * 1000;
const COMPANY_ID_ATTEMPTS = 5;
export const GOOGLE_EMAIL_UNVERIFIED =
  'Google has not verified the email address of this Google account, so we cannot use it to sign you in. Verify it with Google, or sign in with your email and password.';
export const GOOGLE_EMAIL_LINKED_ELSEWHERE =
  'This email is already linked to another Google account. Sign in with your password.';
export const GOOGLE_LINKED_ELSEWHERE = 'This Google account is already linked to another account.';

export type Registration =
  | { accountType: 'client' | 'freelancer'; firstname: string; lastname: string; email: string; password: string }
  | {
      accountType: 'business';
      companyname: string;
      email: string;
      password: string;
      heardAboutUs: HeardAboutUs;
      heardAboutUsOther?: string | null;
    };

export interface AuthServiceDeps {
  db: Database;
  tokens: AccountTokens;
  email: Email;
  passwords: Passwords;
  rateLimits: RateLimits;
  sessions: Sessions;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The rules of accounts: sign-up, sign-in, email verification and passwords. HTTP stays in routes.ts. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * Creates the account and its first verification link in one transaction, then sends the
   * email. A failed send does not undo the account: it is complete and signed in, and the
   * verification page's "resend" sends a new link (`emailSent: false` tells the caller).
   */
  async register(input: Registration, ip: string): Promise<{ user: UserRow; emailSent: boolean }> {
    await this.deps.rateLimits.consume('signUp', ip);
    const errors: FieldError[] = [];
    const text = (field: string, value: string | null | undefined, min: number, max: number) =>
      cleanText(errors, field, value, min, max);
    const profile =
      input.accountType === 'business'
        ? {
            companyname: text('companyname', input.companyname, 2, 120),
            heardAboutUs: input.heardAboutUs,
            heardAboutUsOther:
              input.heardAboutUs === 'other' ? text('heardAboutUsOther', input.heardAboutUsOther, 1, 200) : null,
          }
        : { firstname: text('firstname', input.firstname, 1, 100), lastname: text('lastname', input.lastname, 1, 100) };
    const passwordProblem = newPasswordProblem(input.password, input.email);
    if (passwordProblem) errors.push({ field: 'password', message: passwordProblem });
    if (errors.length > 0) throw validationFailed(errors);

    // Saves an argon2 hash on the common mistake; the unique index still decides races.
    if (await findUserByEmail(this.db, input.email)) throw conflict(EMAIL_TAKEN);
    const passwordHash = await this.deps.passwords.hash(input.password);
    const { user, secret } = await this.createAccount({
      accountType: input.accountType,
      email: input.email,
      passwordHash,
      ...profile,
    });

    try {
      await this.deps.email.send(this.verificationEmail(user, secret!));
      return { user, emailSent: true };
    } catch (error) {
      this.deps.log.error({ err: error }, 'the verification email of a new account could not be sent');
      return { user, emailSent: false };
    }
  }

  /**
   * A new freelancer's welcome versigems are written with the account, so an account never
   * exists without them.
   *
   * A business's company id is picked from the ids taken at that moment; when another sign-up
   * takes the same one first, the unique index refuses it and the whole transaction is tried
   * again with a fresh pick.
   */
  private async createAccount(values: {
    accountType: AccountType;
    email: string;
    passwordHash: string | null;
    firstname?: string;
    lastname?: string;
    companyname?: string;
    heardAboutUs?: string;
    heardAboutUsOther?: string | null;
    /** Set for a Google sign-up: the account starts verified and gets no verification link. */
    emailVerifiedAt?: Date;
    googleSubject?: string;
    googleEmail?: string | null;
    googlePicture?: string | null;
  }): Promise<{ user: UserRow; secret: string | null }> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.db.transaction(async (tx) => {
          const companyId =
            values.accountType === 'business' ? await freeCompanyId(tx, companySlug(values.companyname!)) : null;
          const user = await insertUser(tx, { ...values, companyId });
          if (user.accountType === 'freelancer') await grantWelcomeBonus(tx, user.id);
          if (user.emailVerifiedAt) return { user, secret: null };
          const { secret } = await this.deps.tokens.in(tx).issue(user.id, 'verify-email');
          return { user, secret };
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'users_email_unique') throw conflict(EMAIL_TAKEN);
        if (constraint === 'users_google_subject_unique') throw conflict(GOOGLE_LINKED_ELSEWHERE);
        if (constraint === 'users_company_id_unique' && attempt < COMPANY_ID_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /**
   * Unknown email, wrong password and an account without a password get the same answer after
   * the same work (one argon2 verification). Only failures count toward the limits: a success
   * clears the one per email and IP, while the one per IP across emails keeps counting.
   */
  async signIn(email: string, password: string, ip: string): Promise<UserRow> {
    const limitKey = [email.toLowerCase(), ip];
    await this.deps.rateLimits.ensureAllowed('signInFailuresPerIp', ip);
    await this.deps.rateLimits.consume('signIn', ...limitKey);
    const user = await findUserByEmail(this.db, email);
    const matches = await this.deps.passwords.verify(user?.passwordHash, password);
    if (!user || !matches) {
      await this.deps.rateLimits.penalise('signInFailuresPerIp', ip);
      throw new ApiError(401, 'unauthenticated', SIGN_IN_FAILED);
    }
    await this.deps.rateLimits.reset('signIn', ...limitKey);
    return user;
  }

  /**
   * Google vouched for `profile` (the callback checked the ID token). The account linked to this
   * Google account signs in; else the account with its (verified) email gets linked (an
   * unverified one loses the password nobody proved the address for); else a new verified
   * account of `accountType`, without a password, is made.
   */
  async signInWithGoogle(
    profile: GoogleProfile,
    accountType: AccountType | undefined,
    ip: string,
  ): Promise<{ user: UserRow; created: boolean }> {
    const now = new Date();
    const google = googleLink(profile);
    const linked = await findUserByGoogleSubject(this.db, profile.subject);
    if (linked) {
      const user = await linkGoogleAccount(this.db, linked.id, google, now, { verifyEmail: false });
      return { user: user ?? linked, created: false };
    }
    if (!profile.email || !profile.emailVerified) throw forbidden(GOOGLE_EMAIL_UNVERIFIED);
    const existing = await findUserByEmail(this.db, profile.email);
    if (existing) {
      if (existing.googleSubject !== null) throw conflict(GOOGLE_EMAIL_LINKED_ELSEWHERE);
      // An unverified account may have been opened by someone else with this address before its
      // owner came: the owner's Google sign-in takes it over, so that password and its sessions end.
      const unproven = existing.emailVerifiedAt === null;
      const user = await linkedElsewhereAsConflict(
        this.db.transaction(async (tx) => {
          const linked = await linkGoogleAccount(tx, existing.id, google, now, {
            verifyEmail: true,
            dropPassword: unproven && existing.passwordHash !== null,
          });
          if (unproven) {
            await this.deps.tokens.in(tx).revokeAll(existing.id, 'reset-password', now);
            await this.deps.sessions.destroyAllForUser(existing.id, { transaction: tx });
          }
          return linked;
        }),
      );
      return { user: user ?? existing, created: false };
    }
    if (!accountType) {
      throw validationFailed(
        [{ field: 'query.accountType', message: 'is required to create an account: client, freelancer or business' }],
        'There is no account for this Google account yet. Choose an account type to sign up.',
      );
    }
    await this.deps.rateLimits.consume('signUp', ip);
    const { user } = await this.createAccount({
      accountType,
      email: profile.email,
      passwordHash: null,
      ...googleNames(profile, accountType),
      emailVerifiedAt: now,
      googleSubject: profile.subject,
      googleEmail: profile.email,
      googlePicture: profile.picture,
    });
    return { user, created: true };
  }

  /**
   * Links the Google account to the signed-in account, replacing any earlier link; `same-account`
   * when it already was the linked one (its email and picture are refreshed).
   */
  async changeGoogleAccount(
    userId: string,
    profile: GoogleProfile,
  ): Promise<{ result: 'linked' | 'same-account'; user: UserRow }> {
    const user = await findUserById(this.db, userId);
    if (!user) throw unauthenticated();
    const result = user.googleSubject === profile.subject ? 'same-account' : 'linked';
    if (result === 'linked' && (await findUserByGoogleSubject(this.db, profile.subject))) {
      throw conflict(GOOGLE_LINKED_ELSEWHERE);
    }
    const updated = await linkedElsewhereAsConflict(
      linkGoogleAccount(this.db, user.id, googleLink(profile), new Date(), { verifyEmail: false }),
    );
    return { result, user: updated ?? user };
  }

  currentUser(userId: string): Promise<UserRow | null> {
    return findUserById(this.db, userId);
  }

  /**
   * `already-verified` for any link of an account verified before (a second click, or an old
   * link after a newer one worked); 409 for a link that can no longer verify an unverified
   * account; 404 for a link nobody issued.
   */
  async verifyEmail(secret: string): Promise<{ status: 'verified' | 'already-verified'; user: UserRow }> {
    const token = await this.deps.tokens.find(secret, 'verify-email');
    const owner = token && (await findUserById(this.db, token.userId));
    if (!token || !owner) throw notFound(VERIFY_LINK_UNKNOWN);
    if (owner.emailVerifiedAt) return { status: 'already-verified', user: owner };
    if (tokenState(token) !== 'usable') throw conflict(VERIFY_LINK_EXPIRED);

    const now = new Date();
    const verified = await this.db.transaction(async (tx) =>
      (await this.deps.tokens.in(tx).consume(token.id, now)) ? markEmailVerified(tx, owner.id, now) : null,
    );
    if (verified) return { status: 'verified', user: verified };
    // Another request used the link a moment earlier.
    const latest = await findUserById(this.db, owner.id);
    if (latest?.emailVerifiedAt) return { status: 'already-verified', user: latest };
    throw conflict(VERIFY_LINK_EXPIRED);
  }

  /** A new link (older ones stop working at once), at most one a minute and five an hour. */
  async resendVerificationEmail(userId: string) {
    const user = await findUserById(this.db, userId);
    if (!user) throw unauthenticated();
    if (user.emailVerifiedAt) throw conflict('Your email is already verified.');
    await this.deps.rateLimits.consume('verificationEmailPerMinute', user.id);
    await this.deps.rateLimits.consume('verificationEmailPerHour', user.id);
    const sentAt = new Date();
    const { secret, token } = await this.db.transaction((tx) =>
      this.deps.tokens.in(tx).issue(user.id, 'verify-email', sentAt),
    );
    await this.deps.email.send(this.verificationEmail(user, secret));
    return {
      email: user.email,
      sentAt,
      expiresAt: token.expiresAt,
      resendAvailableAt: new Date(sentAt.getTime() + RESEND_INTERVAL_MS),
    };
  }

  /**
   * The limits count every address, known or not, and the account look-up, the link and the
   * email happen after the answer: neither the answer nor its timing tells whether the address
   * has an account.
   */
  async sendPasswordResetLink(email: string, ip: string): Promise<{ linkValidForMinutes: number }> {
    await this.deps.rateLimits.consume('resetEmailPerIp', ip);
    await this.deps.rateLimits.consume('resetEmailPerAddress', email.toLowerCase());
    this.deps.email.sendInBackground(async () => {
      const user = await findUserByEmail(this.db, email);
      if (!user) return null;
      const { secret } = await this.db.transaction((tx) => this.deps.tokens.in(tx).issue(user.id, 'reset-password'));
      const link = `${this.deps.publicUrl}/auth/reset-password/${secret}/`;
      return { to: user.email, ...resetPasswordEmail({ name: nameOf(user), link }) };
    });
    return { linkValidForMinutes: TOKEN_LIFETIME_MS['reset-password'] / 60_000 };
  }

  async checkPasswordResetToken(secret: string, ip: string): Promise<{ maskedEmail: string; expiresAt: Date }> {
    await this.deps.rateLimits.consume('resetTokenPerIp', ip);
    const { token, user } = await this.usableResetToken(secret);
    return { maskedEmail: maskEmail(user.email), expiresAt: token.expiresAt };
  }

  /**
   * Uses the token (once: of two racing requests one gets 409), sets the password, verifies the
   * email (the link proved access to it) and ends every session of the account, all in one
   * transaction.
   */
  async resetPassword(secret: string, password: string, ip: string) {
    await this.deps.rateLimits.consume('resetTokenPerIp', ip);
    const { token, user } = await this.usableResetToken(secret);
    const problem = newPasswordProblem(password, user.email);
    if (problem) throw validationFailed([{ field: 'password', message: problem }]);
    const passwordHash = await this.deps.passwords.hash(password);
    const now = new Date();
    const sessionsEnded = await this.db.transaction(async (tx) => {
      const tokens = this.deps.tokens.in(tx);
      if (!(await tokens.consume(token.id, now))) return null;
      await setPassword(tx, user.id, passwordHash, now, { verifyEmail: true });
      await tokens.revokeAll(user.id, 'reset-password', now);
      return this.deps.sessions.destroyAllForUser(user.id, { transaction: tx });
    });
    if (sessionsEnded === null) throw conflict(RESET_LINK_SPENT);
    return { passwordChangedAt: now, sessionsEnded };
  }

  private async usableResetToken(secret: string) {
    const token = await this.deps.tokens.find(secret, 'reset-password');
    const user = token && (await findUserById(this.db, token.userId));
    if (!token || !user) throw notFound(RESET_LINK_UNKNOWN);
    if (tokenState(token) !== 'usable') throw conflict(RESET_LINK_SPENT);
    return { token, user };
  }

  /**
   * Wrong current passwords count toward a limit (a right one clears it). Every other session
   * of the account ends and outstanding reset links stop working; the caller rotates its own
   * session afterwards.
   */
  async changePassword(userId: string, sessionId: string, currentPassword: string, newPassword: string) {
    const user = await findUserById(this.db, userId);
    if (!user) throw unauthenticated();
    if (!user.passwordHash) throw conflict('Your account has no password yet. Use "Forgot password" to set one.');
    await this.deps.rateLimits.consume('wrongCurrentPassword', user.id);
    if (!(await this.deps.passwords.verify(user.passwordHash, currentPassword))) {
      throw validationFailed([{ field: 'currentPassword', message: 'is not your current password' }]);
    }
    await this.deps.rateLimits.reset('wrongCurrentPassword', user.id);
    if (normalisePassword(newPassword) === normalisePassword(currentPassword)) {
      throw validationFailed([{ field: 'newPassword', message: 'must be different from your current password' }]);
    }
    const problem = newPasswordProblem(newPassword, user.email);
    if (problem) throw validationFailed([{ field: 'newPassword', message: problem }]);
    const passwordHash = await this.deps.passwords.hash(newPassword);
    const now = new Date();
    const otherSessionsEnded = await this.db.transaction(async (tx) => {
      await setPassword(tx, user.id, passwordHash, now, { verifyEmail: false });
      await this.deps.tokens.in(tx).revokeAll(user.id, 'reset-password', now);
      return this.deps.sessions.destroyAllForUser(user.id, { exceptSessionId: sessionId, transaction: tx });
    });
    return { passwordChangedAt: now, otherSessionsEnded };
  }

  private verificationEmail(user: UserRow, secret: string) {
    const link = `${this.deps.publicUrl}/auth/verification/${secret}/email/`;
    return { to: user.email, ...verifyEmailEmail({ name: nameOf(user), link }) };
  }
}

/** The app's account service, made on first use from the shared plugins. */
/** What the account service uses (its constructor takes the public URL out of `config`). */
export type AuthDeps = Pick<
  AppDeps,
  'db' | 'tokens' | 'email' | 'passwords' | 'rateLimits' | 'sessions' | 'config' | 'log'
>;

export const authService = perApp(
  (deps: AuthDeps) =>
    new AuthService({
      db: deps.db,
      tokens: deps.tokens,
      email: deps.email,
      passwords: deps.passwords,
      rateLimits: deps.rateLimits,
      sessions: deps.sessions,
      publicUrl: deps.config.publicUrl,
      log: deps.log,
    }),
);

/**
 * The versigems every new freelancer account starts with: a `bonus` entry without a reference,
 * written at most once per account (its idempotency key), inside the sign-up's transaction.
 */
export async function grantWelcomeBonus(tx: Transaction, userId: string): Promise<void> {
  await applyLedgerEntry(tx, {
    userId,
    delta: VERSIGEMS_PRICES.welcomeBonus,
    reason: 'bonus',
    reference: null,
    idempotencyKey: `welcome:${userId}`,
  });
}

/** How emails and greetings address the account. */
export function nameOf(user: UserRow): string {
  return user.accountType === 'business' ? user.companyname! : user.firstname!;
}

/**
 * The signed-in user as the web app's guards read it, with empty onboarding fields; the routes
 * fill those from the provider profile (`authProgress`) and the freelancer's versigems balance.
 */
export function authUser(user: UserRow, rememberMe: boolean): AuthUser {
  const business = user.accountType === 'business';
  const pending = { completed: false };
  return {
    id: user.id,
    accountType: user.accountType,
    email: user.email,
    verified: user.emailVerifiedAt !== null,
    firstname: business ? null : user.firstname,
    lastname: business ? null : user.lastname,
    companyname: business ? user.companyname : null,
    displayName: business ? user.companyname! : `${user.firstname} ${user.lastname ?? ''}`.trim(),
    createdAt: user.createdAt.toISOString(),
    hasPassword: user.passwordHash !== null,
    profile: { image: null },
    social: user.googleSubject
      ? { image: user.googlePicture, provider: 'google', email: user.googleEmail }
      : { image: null, provider: null, email: null },
    primaryService: null,
    leadsLocation: null,
    otherServices: [],
    business: business
      ? {
          companyId: user.companyId!,
          details: pending,
          personalContact: pending,
          about: pending,
          locations: [],
          socialProfiles: pending,
          competitors: pending,
          reviewAndReferences: pending,
        }
      : null,
    versigems: user.accountType === 'freelancer' ? 0 : null,
    rememberMe,
  };
}

/** What an account keeps of its linked Google account. */
const googleLink = (profile: GoogleProfile) => ({
  subject: profile.subject,
  email: profile.email,
  picture: profile.picture,
});

/** A link that lost the race to the same Google account linked elsewhere answers the 409 the check gives. */
async function linkedElsewhereAsConflict<T>(linking: Promise<T>): Promise<T> {
  try {
    return await linking;
  } catch (error) {
    if (uniqueViolation(error) === 'users_google_subject_unique') throw conflict(GOOGLE_LINKED_ELSEWHERE);
    throw error;
  }
}

/**
 * A Google sign-up's names: a person's given and family names (else the full name split at the
 * first space, else the email's local part); a business's company name is the profile's name.
 */
function googleNames(profile: GoogleProfile, accountType: AccountType) {
  const local = profile.email!.split('@')[0]!.slice(0, 100);
  if (accountType === 'business') {
    const name = profile.name ?? local;
    const companyname = [...name].length >= 2 ? name.slice(0, 120) : `${name} company`;
    return { companyname, heardAboutUs: 'other', heardAboutUsOther: null };
  }
  const [first, ...rest] = (profile.name ?? '').split(/\s+/).filter(Boolean);
  return {
    firstname: profile.givenName ?? first ?? local,
    lastname: profile.familyName ?? (rest.join(' ').slice(0, 100) || ''),
  };
}

/** `m***@brightlane.io`: enough for the owner to recognise, too little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Trims, then checks length in characters, as the contract counts. Control characters never get
 * this far: the contract's input guard refuses them in every body.
 */
function cleanText(
  errors: FieldError[],
  field: string,
  value: string | null | undefined,
  min: number,
  max: number,
): string {
  const trimmed = (value ?? '').trim();
  const length = [...trimmed].length;
  if (length === 0) errors.push({ field, message: 'must not be empty' });
  else if (length < min) errors.push({ field, message: `must be at least ${min} characters` });
  else if (length > max) errors.push({ field, message: `must be at most ${max} characters` });
  return trimmed;
}

/** Room for `-<n>` within the contract's 80 characters. */
const COMPANY_SLUG_MAX = 72;

/** `Northwind Analytics, Inc.` → `northwind-analytics-inc`; names with no Latin letters or digits → `business`. */
export function companySlug(companyname: string): string {
  const slug = companyname
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, COMPANY_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug.length >= 2 ? slug : 'business';
}

/** `base`, else `base-2`, `base-3`, … the first one not taken. */
async function freeCompanyId(db: Database, base: string): Promise<string> {
  const taken = new Set(await companyIdsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
