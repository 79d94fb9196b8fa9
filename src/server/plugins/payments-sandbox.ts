import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  paymentSandboxPortalSessions,
  paymentSandboxSessions,
  paymentSandboxSubscriptions,
  type PaymentSandboxPortalSessionRow,
  type PaymentSandboxSessionRow,
  type PaymentSandboxSubscriptionRow,
} from '../db/schema';
import {
  parseEventJson,
  type CheckoutInput,
  type CreatedCheckout,
  type PaymentProvider,
  type PortalInput,
  type ProviderEvent,
  type ProviderSession,
} from './payments-port';
import { signPayload, verifySignature } from './payments-signature';

/** Where the sandbox serves its hosted checkout page (outside `/api`, like a provider's own site). */
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';
/** Where the sandbox serves its billing portal (Stripe's customer portal). */
export const SANDBOX_PORTAL_PATH = '/sandbox/billing';
/** How long a billing portal link works. */
export const PORTAL_SESSION_LIFETIME_MS = 60 * 60 * 1000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A Stripe-like id: `cs_test_` and 32 random letters and digits. */
export function sandboxId(prefix: string, length = 32): string {
  const bytes = randomBytes(length);
  return `${prefix}${Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

/** Stripe's test cards and what each does. */
export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is invalid.',
  expiry: "Your card's expiration date is incomplete or in the past.",
  cvc: "Your card's security code is incomplete.",
  name: 'Enter the name on the card.',
} as const;

export interface CardInput {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

export type PayOutcome =
  | { kind: 'paid'; redirect: string }
  | { kind: 'refused'; field: keyof CardInput; message: string }
  | { kind: 'not-open'; session: PaymentSandboxSessionRow; status: 'complete' | 'expired' }
  | { kind: 'unknown' };

/** What the billing portal's forms did. */
export type PortalOutcome =
  | { kind: 'done'; notice: 'card' | 'canceled' | 'renewed' | 'ended' }
  | { kind: 'refused'; field: keyof CardInput; message: string }
  | { kind: 'unknown' };

/** Luhn's check digit. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The first refusal a card gets, as Stripe words them; null when it pays. */
export function checkCard(card: CardInput, now = new Date()): { field: keyof CardInput; message: string } | null {
  const number = (card.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number))
    return { field: 'cardNumber', message: CARD_MESSAGES.invalidNumber };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? (expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  // A card is good until the end of its expiry month.
  if (!expiry || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now) {
    return { field: 'expiry', message: CARD_MESSAGES.expiry };
  }
  if (!/^\d{3,4}$/.test((card.cvc ?? '').trim())) return { field: 'cvc', message: CARD_MESSAGES.cvc };
  if ((card.name ?? '').trim() === '') return { field: 'name', message: CARD_MESSAGES.name };
  if (number === TEST_CARDS.pays) return null;
  if (number === TEST_CARDS.insufficientFunds) return { field: 'cardNumber', message: CARD_MESSAGES.insufficientFunds };
  return { field: 'cardNumber', message: CARD_MESSAGES.declined };
}

export const withSessionId = (url: string, sessionId: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);

/** Delivers a signed event to the app's webhook code, in-process. */
export type DeliverEvent = (rawBody: string, signature: string) => Promise<unknown>;

/**
 * The sandbox provider: sessions in its own table, a hosted checkout page served by the app
 * (`payments-sandbox-page.ts`), Stripe's test cards, and events signed the way Stripe signs them, handed
 * to the same webhook code as Stripe's.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly secret: string;

  constructor(
    private readonly deps: {
      db: Database;
      publicUrl: string;
      secret?: string;
      deliver: DeliverEvent;
      /** A delivery that failed (the return page's verify call still fulfils the purchase). */
      onDeliveryError?: (error: unknown, type: string) => void;
    },
  ) {
    this.secret = deps.secret ?? randomBytes(32).toString('hex');
  }

  async createCheckoutSession(input: CheckoutInput): Promise<CreatedCheckout> {
    const id = sandboxId('cs_test_');
    await this.deps.db.insert(paymentSandboxSessions).values({
      id,
      mode: input.mode,
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      description: input.description,
      interval: input.interval ?? null,
      clientReferenceId: input.clientReferenceId,
      metadata: input.metadata,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      expiresAt: input.expiresAt,
    });
    return { id, url: `${this.deps.publicUrl}${SANDBOX_CHECKOUT_PATH}/${id}`, expiresAt: input.expiresAt };
  }

  /** The session's row with an open one past its time read as expired. */
  async session(sessionId: string): Promise<PaymentSandboxSessionRow | null> {
    const [row] = await this.deps.db
      .select()
      .from(paymentSandboxSessions)
      .where(eq(paymentSandboxSessions.id, sessionId));
    if (!row) return null;
    return row.status === 'open' && row.expiresAt <= new Date() ? { ...row, status: 'expired' } : row;
  }

  async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
    const row = await this.session(sessionId);
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      paymentStatus: row.status === 'complete' ? 'paid' : 'unpaid',
      paymentId: row.paymentId,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
    };
  }

  async expireSession(sessionId: string): Promise<void> {
    await this.deps.db
      .update(paymentSandboxSessions)
      .set({ status: 'expired' })
      .where(and(eq(paymentSandboxSessions.id, sessionId), eq(paymentSandboxSessions.status, 'open')));
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    await this.deps.db
      .update(paymentSandboxSubscriptions)
      .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: new Date() })
      .where(eq(paymentSandboxSubscriptions.id, subscriptionId));
    await this.emit({
      type: 'customer.subscription.deleted',
      object: {
        id: subscriptionId,
        object: 'subscription',
        status: 'canceled',
        cancel_at_period_end: false,
        ended_at: now,
      },
    });
  }

  async createPortalSession(input: PortalInput): Promise<{ url: string }> {
    const id = sandboxId('bps_test_', 24);
    await this.deps.db.insert(paymentSandboxPortalSessions).values({
      id,
      customerId: input.customerId,
      returnUrl: input.returnUrl,
      expiresAt: new Date(Date.now() + PORTAL_SESSION_LIFETIME_MS),
    });
    return { url: `${this.deps.publicUrl}${SANDBOX_PORTAL_PATH}/${id}` };
  }

  /** A billing portal session still valid, with its customer's subscriptions that are not over. */
  async portal(
    portalId: string,
  ): Promise<{ session: PaymentSandboxPortalSessionRow; subscriptions: PaymentSandboxSubscriptionRow[] } | null> {
    const [session] = await this.deps.db
      .select()
      .from(paymentSandboxPortalSessions)
      .where(
        and(eq(paymentSandboxPortalSessions.id, portalId), gt(paymentSandboxPortalSessions.expiresAt, sql`now()`)),
      );
    if (!session) return null;
    const subscriptions = await this.deps.db
      .select()
      .from(paymentSandboxSubscriptions)
      .where(
        and(
          eq(paymentSandboxSubscriptions.customerId, session.customerId),
          eq(paymentSandboxSubscriptions.status, 'active'),
        ),
      )
      .orderBy(asc(paymentSandboxSubscriptions.createdAt));
    return { session, subscriptions };
  }

  /** The portal's "Update card": the same test-card checks as the checkout; the customer's subscriptions bill the new card. */
  async replaceCard(portalId: string, card: CardInput): Promise<PortalOutcome> {
    const portal = await this.portal(portalId);
    if (!portal) return { kind: 'unknown' };
    const refusal = checkCard(card);
    if (refusal) return { kind: 'refused', ...refusal };
    const last4 = (card.cardNumber ?? '').replace(/[\s-]/g, '').slice(-4);
    await this.deps.db
      .update(paymentSandboxSubscriptions)
      .set({ cardLast4: last4, updatedAt: new Date() })
      .where(eq(paymentSandboxSubscriptions.customerId, portal.session.customerId));
    await this.emit({
      type: 'payment_method.attached',
      object: {
        id: sandboxId('pm_sandbox_', 24),
        object: 'payment_method',
        type: 'card',
        customer: portal.session.customerId,
        card: { brand: 'visa', last4 },
      },
    });
    return { kind: 'done', notice: 'card' };
  }

  /**
   * The portal's subscription actions, as Stripe's portal does them: `cancel` at the period's end
   * (`customer.subscription.updated` with `cancel_at_period_end`), `renew` (undo that), and the
   * sandbox's own `end-period`, which plays the period ending now for a canceled one
   * (`customer.subscription.deleted`, what Stripe sends on that day).
   */
  async changeSubscription(
    portalId: string,
    subscriptionId: string,
    action: 'cancel' | 'renew' | 'end-period',
  ): Promise<PortalOutcome> {
    const portal = await this.portal(portalId);
    const subscription = portal?.subscriptions.find((row) => row.id === subscriptionId);
    if (!subscription) return { kind: 'unknown' };
    if (action === 'end-period') {
      if (!subscription.cancelAtPeriodEnd) return { kind: 'unknown' };
      const [ended] = await this.deps.db
        .update(paymentSandboxSubscriptions)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(
          and(eq(paymentSandboxSubscriptions.id, subscription.id), eq(paymentSandboxSubscriptions.status, 'active')),
        )
        .returning();
      if (!ended) return { kind: 'unknown' };
      await this.emit({
        type: 'customer.subscription.deleted',
        object: { ...subscriptionObject(ended), ended_at: Math.floor(Date.now() / 1000) },
      });
      return { kind: 'done', notice: 'ended' };
    }
    const cancel = action === 'cancel';
    const [changed] = await this.deps.db
      .update(paymentSandboxSubscriptions)
      .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
      .where(eq(paymentSandboxSubscriptions.id, subscription.id))
      .returning();
    await this.emit({
      type: 'customer.subscription.updated',
      object: {
        ...subscriptionObject(changed!),
        previous_attributes: { cancel_at_period_end: !cancel },
      },
    });
    return { kind: 'done', notice: cancel ? 'canceled' : 'renewed' };
  }

  parseEvent(rawBody: Buffer | string, signature: string): ProviderEvent {
    const payload = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
    verifySignature(payload, signature, this.secret);
    return parseEventJson(payload);
  }

  /** Signs an event body with the sandbox's secret (the header its deliveries carry). */
  sign(payload: string, timestamp?: number): string {
    return signPayload(payload, this.secret, timestamp);
  }

  /**
   * The hosted page's Pay button: checks the card, completes the session once (a second tab or a
   * stale one finds it paid), delivers the events, and answers where to send the browser.
   */
  async pay(sessionId: string, card: CardInput): Promise<PayOutcome> {
    const session = await this.session(sessionId);
    if (!session) return { kind: 'unknown' };
    if (session.status !== 'open') return { kind: 'not-open', session, status: session.status };
    const refusal = checkCard(card);
    if (refusal) return { kind: 'refused', ...refusal };
    const subscription = session.mode === 'subscription';
    const [paid] = await this.deps.db
      .update(paymentSandboxSessions)
      .set({
        status: 'complete',
        paymentId: sandboxId('pi_sandbox_', 24),
        customerId: subscription ? sandboxId('cus_sandbox_', 14) : null,
        subscriptionId: subscription ? sandboxId('sub_sandbox_', 24) : null,
      })
      .where(
        and(
          eq(paymentSandboxSessions.id, sessionId),
          eq(paymentSandboxSessions.status, 'open'),
          gt(paymentSandboxSessions.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!paid) {
      const now = await this.session(sessionId);
      return { kind: 'not-open', session: now ?? session, status: now?.status === 'complete' ? 'complete' : 'expired' };
    }
    if (subscription && paid.subscriptionId && paid.customerId) {
      await this.deps.db.insert(paymentSandboxSubscriptions).values({
        id: paid.subscriptionId,
        customerId: paid.customerId,
        description: paid.description,
        amount: paid.amount,
        currency: paid.currency,
        interval: paid.interval ?? 'month',
        currentPeriodEnd: periodEndFrom(new Date(), paid.interval ?? 'month'),
        cardLast4: (card.cardNumber ?? '').replace(/[\s-]/g, '').slice(-4),
      });
    }
    await this.deliverPaid(paid);
    return { kind: 'paid', redirect: withSessionId(paid.successUrl, paid.id) };
  }

  private async deliverPaid(session: PaymentSandboxSessionRow): Promise<void> {
    await this.emit({ type: 'checkout.session.completed', object: sessionObject(session) });
    if (session.mode === 'subscription' && session.subscriptionId) {
      const start = new Date();
      const end = periodEndFrom(start, session.interval ?? 'month');
      await this.emit({
        type: 'invoice.paid',
        object: {
          id: sandboxId('in_sandbox_', 24),
          object: 'invoice',
          billing_reason: 'subscription_create',
          customer: session.customerId,
          subscription: session.subscriptionId,
          amount_paid: session.amount,
          currency: session.currency,
          period_end: Math.floor(end.getTime() / 1000),
          lines: {
            data: [{ period: { start: Math.floor(start.getTime() / 1000), end: Math.floor(end.getTime() / 1000) } }],
          },
        },
      });
    }
  }

  /** Signs and delivers one event; a failure is the webhook's (the verify call fulfils anyway). */
  async emit(event: { type: string; object: Record<string, unknown> }): Promise<void> {
    const body = JSON.stringify({
      id: sandboxId('evt_sandbox_', 24),
      object: 'event',
      type: event.type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: event.object },
    });
    await this.deps
      .deliver(body, this.sign(body))
      .catch((error: unknown) => this.deps.onDeliveryError?.(error, event.type));
  }
}

/** When a period that starts at `from` ends (a month or a year later). */
function periodEndFrom(from: Date, interval: string): Date {
  const end = new Date(from);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** A sandbox subscription as Stripe's `subscription` object. */
export function subscriptionObject(row: PaymentSandboxSubscriptionRow): Record<string, unknown> {
  const periodEnd = Math.floor(row.currentPeriodEnd.getTime() / 1000);
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    cancel_at: row.cancelAtPeriodEnd ? periodEnd : null,
    current_period_end: periodEnd,
    items: { data: [{ current_period_end: periodEnd }] },
  };
}

/** A sandbox session as Stripe's `checkout.session` object. */
export function sessionObject(session: PaymentSandboxSessionRow): Record<string, unknown> {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    status: session.status,
    payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
    amount_total: session.amount,
    currency: session.currency,
    client_reference_id: session.clientReferenceId,
    metadata: session.metadata,
    payment_intent: session.mode === 'payment' ? session.paymentId : null,
    customer: session.customerId,
    subscription: session.subscriptionId,
    expires_at: Math.floor(session.expiresAt.getTime() / 1000),
  };
}
