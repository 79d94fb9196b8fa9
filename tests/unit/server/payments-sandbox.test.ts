// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../../src/server/plugins/payments-port';
import { CARD_MESSAGES, checkCard } from '../../../src/server/plugins/payments-sandbox';
import { signPayload, verifySignature } from '../../../src/server/plugins/payments-signature';

const NOW = new Date('2026-11-26T10:00:00Z');
const good = { cardNumber: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '123', name: 'Maya Okafor' };

describe('the sandbox card checks', () => {
  it('pays with 4242 until the end of its expiry month, with a 3 or 4 digit CVC', () => {
    expect(checkCard(good, NOW)).toBeNull();
    expect(checkCard({ ...good, expiry: '12/2030', cvc: '1234' }, NOW)).toBeNull();
    expect(checkCard({ ...good, expiry: '10 / 26' }, NOW)).toEqual({ field: 'expiry', message: CARD_MESSAGES.expiry });
    expect(checkCard({ ...good, expiry: '13 / 30' }, NOW)?.field).toBe('expiry');
    expect(checkCard({ ...good, expiry: '' }, NOW)?.field).toBe('expiry');
    expect(checkCard({ ...good, cvc: '12' }, NOW)).toEqual({ field: 'cvc', message: CARD_MESSAGES.cvc });
    expect(checkCard({ ...good, cvc: '12345' }, NOW)?.field).toBe('cvc');
    expect(checkCard({ ...good, name: ' ' }, NOW)?.field).toBe('name');
  });

  it('declines 0002, has no funds on 9995, and refuses numbers that fail the check digit', () => {
    expect(checkCard({ ...good, cardNumber: '4000 0000 0000 0002' }, NOW)?.message).toBe('Your card was declined.');
    expect(checkCard({ ...good, cardNumber: '4000000000009995' }, NOW)?.message).toBe(
      'Your card has insufficient funds.',
    );
    expect(checkCard({ ...good, cardNumber: '4242 4242 4242 4241' }, NOW)?.message).toBe(CARD_MESSAGES.invalidNumber);
    expect(checkCard({ ...good, cardNumber: 'abcd' }, NOW)?.message).toBe(CARD_MESSAGES.invalidNumber);
    // Another valid number is not a test card that pays.
    expect(checkCard({ ...good, cardNumber: '5555 5555 5555 4444' }, NOW)?.message).toBe(CARD_MESSAGES.declined);
  });
});

describe('event signatures', () => {
  const secret = 'a-sandbox-secret-of-at-least-32-characters';
  const body = '{"id":"evt_1","type":"invoice.paid","data":{"object":{}}}';
  const now = 1_790_000_000;

  it('accepts its own signature, and any v1 of several', () => {
    const header = signPayload(body, secret, now);
    expect(() => verifySignature(body, header, secret, now + 299)).not.toThrow();
    const rolled = `${header},v1=${'0'.repeat(64)}`;
    expect(() =>
      verifySignature(body, `t=${now},v1=${'0'.repeat(64)},${header.split(',')[1]}`, secret, now),
    ).not.toThrow();
    expect(() => verifySignature(body, rolled, secret, now)).not.toThrow();
  });

  it('refuses another body, another secret, an old or a malformed header', () => {
    const header = signPayload(body, secret, now);
    expect(() => verifySignature(`${body} `, header, secret, now)).toThrow(WebhookSignatureError);
    expect(() => verifySignature(body, header, `${secret}x`, now)).toThrow(WebhookSignatureError);
    expect(() => verifySignature(body, header, secret, now + 301)).toThrow('The webhook signature is too old.');
    for (const bad of ['', 'v1=abc', `t=${now}`, `t=x,v1=abc`, `t=${now},t=${now},v1=abc`]) {
      expect(() => verifySignature(body, bad, secret, now)).toThrow(WebhookSignatureError);
    }
  });
});
