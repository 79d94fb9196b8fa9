import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** `<nonce>.<mac>`: 128 random bits and an HMAC-SHA256, both base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

/**
 * Signed double-submit CSRF tokens: a random nonce with an HMAC, under the server's secret, over
 * the nonce and what the token is bound to (the session id, or nothing for a visitor). Nothing is
 * stored: a visitor's token costs no database row, and a token made for one session (or for a
 * visitor) is worthless once the session id changes, so one planted before sign-in dies with it.
 */
export class CsrfTokens {
  constructor(private readonly secret: Buffer) {}

  /** A new token bound to `sessionId` (null for a visitor). */
  issue(sessionId: string | null): string {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${this.mac(nonce, sessionId)}`;
  }

  /** Whether the server made `token` for `sessionId` (null for a visitor); constant-time. */
  verify(token: string, sessionId: string | null): boolean {
    if (!TOKEN_PATTERN.test(token)) return false;
    const [nonce, mac] = token.split('.') as [string, string];
    return timingSafeEqual(Buffer.from(mac), Buffer.from(this.mac(nonce, sessionId)));
  }

  private mac(nonce: string, sessionId: string | null): string {
    return createHmac('sha256', this.secret)
      .update(`${sessionId ?? ''}\u0000${nonce}`)
      .digest('base64url');
  }
}
