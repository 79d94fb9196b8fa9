import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_TOLERANCE_SECONDS, WebhookSignatureError } from './payments-port';

/** Stripe's signature scheme: `t=<unix time>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Checks a `t=...,v1=...` header against the raw body; any `v1` may match (a secret being rolled). */
export function verifySignature(
  payload: string,
  header: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): void {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamps = parts.filter(([key]) => key === 't').map(([, value]) => value ?? '');
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  const timestamp = timestamps.length === 1 && /^\d{1,12}$/.test(timestamps[0]!) ? Number(timestamps[0]) : NaN;
  if (!Number.isFinite(timestamp) || signatures.length === 0) throw new WebhookSignatureError();
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex'));
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError();
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('The webhook signature is too old.');
  }
}
