import type { PlanInterval } from '../db/schema';

/**
 * The payment provider port: a hosted checkout, what it became, and its signed events. Two
 * adapters: Stripe (`payments-stripe.ts`) and the sandbox served by the app itself
 * (`payments-sandbox.ts`). Both speak in Stripe's shapes (`cs_...` sessions, `evt_...` events whose
 * `data.object` is a Stripe object), so fulfilment is the same code for either.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  createCheckoutSession(input: CheckoutInput): Promise<CreatedCheckout>;
  /** The session as the provider has it now; null when it does not know the id. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /** Makes an open session unpayable (a buyer who came back through the cancel link). */
  expireSession(sessionId: string): Promise<void>;
  /** Ends a subscription at once (a plan replaced by another); unused time is the provider's to credit. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * A billing portal session for a customer (Stripe's customer portal): a page where the customer
   * replaces its card or cancels at the period's end, then comes back to `returnUrl`. Changes
   * arrive as the usual signed events (`customer.subscription.updated`, `...deleted`).
   */
  createPortalSession(input: PortalInput): Promise<{ url: string }>;
  /**
   * Verifies the signature header against the raw body (`t=...,v1=...`, at most five minutes
   * old) and returns the event; throws `WebhookSignatureError` otherwise.
   */
  parseEvent(rawBody: Buffer | string, signature: string): ProviderEvent;
}

export interface CheckoutInput {
  mode: 'payment' | 'subscription';
  /** Minor units: the whole price (bundle price × quantity, or the plan's price per interval). */
  amount: number;
  currency: string;
  /** What the buyer sees on the checkout page ("Growth × 2", "Pro plan, billed yearly"). */
  description: string;
  interval?: PlanInterval;
  /** The buyer's user id. */
  clientReferenceId: string;
  customerEmail?: string;
  metadata: Record<string, string>;
  /**
   * The app's own reference of the checkout (`co_` and 32 hex digits), which the return pages
   * may carry instead of the session id: a provider that fills `{CHECKOUT_SESSION_ID}` in the
   * success URL only (Stripe) puts it in the cancel URL.
   */
  reference: string;
  /** `{CHECKOUT_SESSION_ID}` in them is replaced with the session's id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface PortalInput {
  /** The provider's customer id (`cus_...`) the subscription was paid by. */
  customerId: string;
  returnUrl: string;
}

export interface CreatedCheckout {
  id: string;
  url: string;
  expiresAt: Date;
}

export interface ProviderSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  paymentId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
}

/** An event in Stripe's shape; fulfilment reads `id`, `type` and `data.object`. */
export interface ProviderEvent {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is invalid.') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** How old a signed event may be. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The body of a verified event: an object with a string `id` and `type` and an object `data.object`. */
export function parseEventJson(payload: string): ProviderEvent {
  let event: unknown;
  try {
    event = JSON.parse(payload);
  } catch {
    throw new WebhookSignatureError('The webhook body is not an event.');
  }
  const candidate = event as ProviderEvent;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.id !== 'string' ||
    typeof candidate.type !== 'string' ||
    typeof candidate.data?.object !== 'object' ||
    candidate.data.object === null
  ) {
    throw new WebhookSignatureError('The webhook body is not an event.');
  }
  return candidate;
}
