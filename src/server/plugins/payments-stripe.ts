import Stripe from 'stripe';
import {
  parseEventJson,
  WebhookSignatureError,
  SIGNATURE_TOLERANCE_SECONDS,
  type CheckoutInput,
  type CreatedCheckout,
  type PaymentProvider,
  type PortalInput,
  type ProviderEvent,
  type ProviderSession,
} from './payments-port';

/** Where the client talks to: Stripe itself, or a local stand-in in tests. */
export interface StripeConnection {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
};

/** Stripe's hosted Checkout through the official package; events verified on the raw body. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    connection: StripeConnection = {},
  ) {
    this.stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...connection });
  }

  async createCheckoutSession(input: CheckoutInput): Promise<CreatedCheckout> {
    // Stripe takes an expiry of at most 24 hours from its own clock: leave it a minute.
    const expiresAt = Math.min(
      Math.floor(input.expiresAt.getTime() / 1000),
      Math.floor(Date.now() / 1000) + 24 * 60 * 60 - 60,
    );
    const subscription = input.mode === 'subscription';
    const session = await this.stripe.checkout.sessions.create({
      mode: input.mode,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amount,
            product_data: { name: input.description },
            ...(subscription && input.interval ? { recurring: { interval: input.interval } } : {}),
          },
        },
      ],
      client_reference_id: input.clientReferenceId,
      ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
      metadata: input.metadata,
      ...(subscription
        ? { subscription_data: { metadata: input.metadata } }
        : { payment_intent_data: { metadata: input.metadata } }),
      success_url: input.successUrl,
      // Stripe fills the session id in the success URL only: the cancel URL names the app's reference.
      cancel_url: input.cancelUrl.replaceAll('{CHECKOUT_SESSION_ID}', input.reference),
      expires_at: expiresAt,
    });
    if (!session.url) throw new Error('Stripe created a checkout session without a URL');
    return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
    return {
      id: session.id,
      status: (session.status ?? 'open') as ProviderSession['status'],
      paymentStatus: session.payment_status as ProviderSession['paymentStatus'],
      paymentId: idOf(session.payment_intent),
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
    };
  }

  async expireSession(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      // Already complete or expired: the caller reads the session again.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw error;
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(subscriptionId, { prorate: true });
  }

  async createPortalSession(input: PortalInput): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: session.url };
  }

  parseEvent(rawBody: Buffer | string, signature: string): ProviderEvent {
    try {
      this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      throw new WebhookSignatureError();
    }
    return parseEventJson(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  }
}
