// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { companySlug, maskEmail } from '../../../src/server/modules/auth/service';
import { createPasswords, newPasswordProblem, TOO_COMMON } from '../../../src/server/plugins/passwords';
import { tokenState } from '../../../src/server/plugins/tokens';
import { uniqueViolation } from '../../../src/server/db/errors';

describe('new-password rules', () => {
  it('takes 8 to 128 characters counted after NFC, not the email, not a common password', () => {
    expect(newPasswordProblem('Lantern-Orchard-58', 'maya@example.com')).toBeNull();
    expect(newPasswordProblem('short', 'maya@example.com')).toBe('must be at least 8 characters');
    expect(newPasswordProblem('x'.repeat(129), 'maya@example.com')).toBe('must be at most 128 characters');
    // Eight "é" written as "e" + combining accent: 16 code points, 8 characters after NFC.
    expect(newPasswordProblem('e\u0301'.repeat(8), 'maya@example.com')).toBeNull();
    expect(newPasswordProblem('e\u0301'.repeat(7), 'maya@example.com')).toBe('must be at least 8 characters');
    expect(newPasswordProblem('Maya@Example.com', 'maya@example.com')).toBe('must not be your email address');
    for (const common of ['password', 'Password1', 'QWERTYUIOP', 'iloveyou', '12345678'])
      expect(newPasswordProblem(common, 'maya@example.com'), common).toBe(TOO_COMMON);
    expect(newPasswordProblem('spaces are fine here', 'maya@example.com')).toBeNull();
  });

  it('hashes with argon2id and verifies NFC-equal passwords; a missing hash never verifies', async () => {
    const passwords = createPasswords();
    const hash = await passwords.hash('Caf\u00e9-Lantern-58');
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await passwords.verify(hash, 'Cafe\u0301-Lantern-58')).toBe(true);
    expect(await passwords.verify(hash, 'Cafe-Lantern-58')).toBe(false);
    expect(await passwords.verify(null, 'Caf\u00e9-Lantern-58')).toBe(false);
    expect(await passwords.verify('not a hash', 'anything')).toBe(false);
  });
});

describe('company ids', () => {
  it.each([
    ['Northwind Analytics', 'northwind-analytics'],
    ['  Acme Data & AI, Inc. ', 'acme-data-and-ai-inc'],
    ['Café Déjà Vu', 'cafe-deja-vu'],
    ['東京 株式会社', 'business'],
    ['X', 'business'],
    ['a'.repeat(120), 'a'.repeat(72)],
  ])('%s → %s', (name, slug) => {
    expect(companySlug(name)).toBe(slug);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('small rules', () => {
  it('masks an email for the reset page', () => {
    expect(maskEmail('maya.okafor@brightlane.io')).toBe('m***@brightlane.io');
  });

  it('tells the state of a link token', () => {
    const now = new Date('2026-03-09T12:00:00Z');
    const token = {
      id: 't',
      userId: 'u',
      purpose: 'verify-email',
      tokenHash: 'h',
      createdAt: now,
      expiresAt: new Date('2026-03-10T12:00:00Z'),
      usedAt: null,
      revokedAt: null,
    };
    expect(tokenState(token, now)).toBe('usable');
    expect(tokenState({ ...token, expiresAt: now }, now)).toBe('expired');
    expect(tokenState({ ...token, revokedAt: now }, now)).toBe('revoked');
    expect(tokenState({ ...token, usedAt: now, revokedAt: now }, now)).toBe('used');
  });

  it('finds a unique violation bare or wrapped by drizzle', () => {
    const driverError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_email_unique' });
    expect(uniqueViolation(driverError)).toBe('users_email_unique');
    expect(uniqueViolation(Object.assign(new Error('Failed query'), { cause: driverError }))).toBe(
      'users_email_unique',
    );
    expect(uniqueViolation(Object.assign(new Error('x'), { code: '23505' }))).toBe('');
    expect(uniqueViolation(Object.assign(new Error('x'), { code: '23503' }))).toBeNull();
    expect(uniqueViolation('nothing')).toBeNull();
  });
});
