import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  checkoutSessions,
  subscriptions,
  users,
  type CheckoutSessionRow,
  type PlanInterval,
  type SubscriptionRow,
} from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../errors';
import type { components } from '../../generated/api';
import { perApp, type AppDeps } from '../../lib/per-app';
import { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from '../../plugins/payments-port';
import type { Viewer } from '../../plugins/session';
import { versigemsBalance, VERSIGEMS_PRICES } from '../versigems';
import {
  BUSINESS_PLANS,
  bundleById,
  CHECKOUT_LIFETIME_MS,
  CURRENCY,
  FREE_PLAN,
  MAX_BUNDLE_QUANTITY,
  money,
  monthlyEquivalent,
  planById,
  planBySlug,
  VERSIGEMS_BUNDLES,
  type BusinessPlan,
  type PlanLimits,
} from './catalogue';
import { paymentReceipt } from './email';
import { applyEvent, fulfilCheckout, noEffects, type Effects } from './fulfilment';

type Schemas = components['schemas'];

export type PaymentDeps = Pick<AppDeps, 'db' | 'email' | 'config' | 'rateLimits' | 'log'> & {
  payments: PaymentProvider;
};

/** The app's own reference of a checkout: `co_` and its id's 32 hex digits (a session id's characters). */
export const checkoutReference = (checkoutId: string) => `co_${checkoutId.replaceAll('-', '')}`;
function checkoutIdOf(reference: string): string | null {
  const hex = /^co_([0-9a-f]{32})$/.exec(reference)?.[1];
  return hex ? hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5') : null;
}

const INTERVAL_WORDS: Record<PlanInterval, string> = { month: 'billed monthly', year: 'billed yearly' };
const LIVE: readonly string[] = ['active', 'past-due', 'canceling'];

/** The business's subscription that is not over, if any. */
async function liveSubscription(db: Database, businessId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.businessId, businessId), ne(subscriptions.status, 'ended')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/**
 * The plan a business is on now: its subscription's while active, past due or canceling (until
 * the period ends), else the free plan.
 */
export async function businessPlan(db: Database, businessId: string, now = new Date()): Promise<BusinessPlan> {
  const subscription = await liveSubscription(db, businessId);
  if (!subscription || !LIVE.includes(subscription.status)) return FREE_PLAN;
  if (subscription.status === 'canceling' && subscription.currentPeriodEnd <= now) return FREE_PLAN;
  return planById(subscription.planId) ?? planBySlug(subscription.planSlug) ?? FREE_PLAN;
}

/** What the business's plan allows (the proposals module's monthly allowance). */
export async function businessPlanLimits(db: Database, businessId: string): Promise<PlanLimits> {
  return (await businessPlan(db, businessId)).limits;
}

export class PaymentService {
  constructor(private readonly deps: PaymentDeps) {}

  private get db() {
    return this.deps.db;
  }

  private returnUrls() {
    const base = `${this.deps.config.publicUrl}/payments/checkout`;
    return {
      successUrl: `${base}/success/?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/canceled/?session_id={CHECKOUT_SESSION_ID}`,
    };
  }

  // ------------------------------------------------------------------ Y01, Y04: catalogue

  async listPlans(
    viewer: Viewer | null,
    interval: PlanInterval,
  ): Promise<Schemas['PaymentsBusinessPlanListResponse']['data']> {
    const subscription =
      viewer?.accountType === 'business' ? await liveSubscription(this.db, viewer.userId) : undefined;
    const current = viewer?.accountType === 'business' ? await businessPlan(this.db, viewer.userId) : undefined;
    return {
      items: BUSINESS_PLANS.map((plan) => ({
        id: plan.id,
        slug: plan.slug,
        name: plan.name,
        description: plan.description,
        price: money(plan.prices[interval]),
        interval,
        monthlyEquivalent: money(monthlyEquivalent(plan, interval)),
        features: [...plan.features],
        highlighted: plan.highlighted,
        limits: { ...plan.limits },
        current:
          current !== undefined &&
          current.id === plan.id &&
          (plan.id === FREE_PLAN.id || subscription?.interval === interval),
      })),
      subscription: subscription
        ? {
            planId: subscription.planId,
            planSlug: subscription.planSlug,
            interval: subscription.interval,
            status: subscription.status,
            currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
            cancelAtPeriodEnd: subscription.status === 'canceling',
          }
        : null,
    };
  }

  listBundles(): Schemas['PaymentsVersigemsBundleListResponse']['data'] {
    return {
      items: VERSIGEMS_BUNDLES.map((bundle) => ({
        id: bundle.id,
        slug: bundle.slug,
        name: bundle.name,
        gems: bundle.gems,
        bonusGems: bundle.bonusGems,
        price: money(bundle.price),
        popular: bundle.popular,
      })),
      unlockCost: VERSIGEMS_PRICES.unlock,
      maxQuantity: MAX_BUNDLE_QUANTITY,
    };
  }

  // ------------------------------------------------------------------ Y02, Y05: checkout

  async createPlanCheckout(
    viewer: Viewer,
    input: { planId: string; interval: PlanInterval },
  ): Promise<Schemas['PaymentsCheckoutSession']> {
    const plan = planById(input.planId);
    if (!plan || plan.prices[input.interval] === 0) {
      throw validationFailed([{ field: 'planId', message: 'is not a paid plan' }]);
    }
    const subscription = await liveSubscription(this.db, viewer.userId);
    if (subscription && subscription.planId === plan.id && subscription.interval === input.interval) {
      throw conflict(`You are already on the ${plan.name} plan, ${INTERVAL_WORDS[input.interval]}.`);
    }
    await this.deps.rateLimits.consume('checkoutSession', viewer.userId);
    return this.startCheckout(viewer, {
      kind: 'plan',
      mode: 'subscription',
      itemId: plan.id,
      itemSlug: plan.slug,
      itemName: plan.name,
      interval: input.interval,
      quantity: 1,
      gems: 0,
      bonusGems: 0,
      amount: plan.prices[input.interval],
      description: `${plan.name} plan, ${INTERVAL_WORDS[input.interval]}`,
    });
  }

  async createVersigemsCheckout(
    viewer: Viewer,
    input: { bundleId: string; quantity: number },
  ): Promise<Schemas['PaymentsCheckoutSession']> {
    const bundle = bundleById(input.bundleId);
    if (!bundle) throw validationFailed([{ field: 'bundleId', message: 'is not a versigems bundle' }]);
    if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_BUNDLE_QUANTITY) {
      throw validationFailed([{ field: 'quantity', message: `must be from 1 to ${MAX_BUNDLE_QUANTITY}` }]);
    }
    await this.deps.rateLimits.consume('checkoutSession', viewer.userId);
    return this.startCheckout(viewer, {
      kind: 'versigems',
      mode: 'payment',
      itemId: bundle.id,
      itemSlug: bundle.slug,
      itemName: bundle.name,
      interval: null,
      quantity: input.quantity,
      gems: bundle.gems,
      bonusGems: bundle.bonusGems,
      amount: bundle.price * input.quantity,
      description: `${bundle.name} versigems × ${input.quantity} (${(bundle.gems + bundle.bonusGems) * input.quantity} versigems)`,
    });
  }

  private async startCheckout(
    viewer: Viewer,
    item: Pick<
      CheckoutSessionRow,
      'kind' | 'itemId' | 'itemSlug' | 'itemName' | 'interval' | 'quantity' | 'gems' | 'bonusGems' | 'amount'
    > & { mode: 'payment' | 'subscription'; description: string },
  ): Promise<Schemas['PaymentsCheckoutSession']> {
    const checkoutId = randomUUID();
    const [user] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, viewer.userId));
    const created = await this.deps.payments.createCheckoutSession({
      mode: item.mode,
      amount: item.amount,
      currency: CURRENCY,
      description: item.description,
      ...(item.interval ? { interval: item.interval } : {}),
      clientReferenceId: viewer.userId,
      reference: checkoutReference(checkoutId),
      ...(user ? { customerEmail: user.email } : {}),
      metadata: {
        kind: item.kind,
        checkoutId,
        itemId: item.itemId,
        quantity: String(item.quantity),
        ...(item.interval ? { interval: item.interval } : {}),
      },
      ...this.returnUrls(),
      expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
    });
    await this.db.insert(checkoutSessions).values({
      id: checkoutId,
      userId: viewer.userId,
      kind: item.kind,
      itemId: item.itemId,
      itemSlug: item.itemSlug,
      itemName: item.itemName,
      interval: item.interval,
      quantity: item.quantity,
      gems: item.gems,
      bonusGems: item.bonusGems,
      amount: item.amount,
      currency: CURRENCY,
      provider: this.deps.payments.name,
      providerSessionId: created.id,
      expiresAt: created.expiresAt,
    });
    return { sessionId: created.id, checkoutUrl: created.url, expiresAt: created.expiresAt.toISOString() };
  }

  // ------------------------------------------------------------------ billing portal

  /**
   * A billing portal session at the provider for the business's live subscription (change card,
   * cancel at the period's end); its changes come back as events. 409 without a subscription the
   * provider knows (free plan, ended, or a plan fulfilled without a provider subscription).
   */
  async createPortal(viewer: Viewer): Promise<Schemas['PaymentsBillingPortalSession']> {
    const subscription = await liveSubscription(this.db, viewer.userId);
    const customerId =
      subscription && !subscription.providerSubscriptionId.startsWith('checkout:')
        ? subscription.providerCustomerId
        : null;
    if (!subscription || !customerId) {
      throw conflict('You are on the free plan, so there is no billing to manage. Choose a paid plan first.');
    }
    if (subscription.provider !== this.deps.payments.name) {
      throw conflict('This plan was paid with another payment provider, so its billing cannot be managed here.');
    }
    await this.deps.rateLimits.consume('billingPortal', viewer.userId);
    return this.deps.payments.createPortalSession({
      customerId,
      returnUrl: `${this.deps.config.publicUrl}/dashboard/business/pricing/`,
    });
  }

  // ------------------------------------------------------------------ Y03: the return page

  /**
   * Where the caller's checkout is, from the provider (never from `status`): paid is fulfilled
   * here if the webhook has not done it yet; unpaid and back through the cancel link is expired
   * at the provider, so a stale tab cannot pay it later.
   */
  async verify(
    viewer: Viewer,
    sessionIdOrReference: string,
    returnStatus: 'success' | 'canceled',
  ): Promise<{ data: Schemas['PaymentsCheckoutVerification']; message: string }> {
    const checkout = await this.ownCheckout(viewer, sessionIdOrReference);
    const providerSessionId = checkout.providerSessionId;
    if (checkout.status === 'open') {
      let session = await this.deps.payments.retrieveSession(providerSessionId);
      if (session && session.status === 'open' && returnStatus === 'canceled') {
        await this.deps.payments.expireSession(providerSessionId);
        // Paid in the meantime (another tab): the payment wins over the cancel link.
        session = await this.deps.payments.retrieveSession(providerSessionId);
        if (session?.status !== 'complete') {
          await this.db
            .update(checkoutSessions)
            .set({ status: 'canceled' })
            .where(and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'open')));
        }
      }
      if (session?.status === 'complete' && session.paymentStatus !== 'unpaid') {
        await this.runEffects(
          await this.inTransaction((tx, effects) =>
            fulfilCheckout(
              tx,
              {
                providerSessionId,
                paymentId: session!.paymentId,
                customerId: session!.customerId,
                subscriptionId: session!.subscriptionId,
              },
              effects,
            ),
          ),
        );
      } else if (session?.status === 'expired') {
        await this.db
          .update(checkoutSessions)
          .set({ status: 'expired' })
          .where(and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'open')));
      }
    }
    return this.verification(viewer, await this.ownCheckout(viewer, providerSessionId));
  }

  /** The caller's checkout by the provider's session id or the app's own reference (`co_...`). */
  private async ownCheckout(viewer: Viewer, sessionIdOrReference: string): Promise<CheckoutSessionRow> {
    const id = checkoutIdOf(sessionIdOrReference);
    const [checkout] = await this.db
      .select()
      .from(checkoutSessions)
      .where(
        and(
          id ? eq(checkoutSessions.id, id) : eq(checkoutSessions.providerSessionId, sessionIdOrReference),
          eq(checkoutSessions.userId, viewer.userId),
        ),
      );
    if (!checkout) throw notFound('We could not find this checkout.');
    return checkout;
  }

  private async verification(
    viewer: Viewer,
    checkout: CheckoutSessionRow,
  ): Promise<{ data: Schemas['PaymentsCheckoutVerification']; message: string }> {
    const expired = checkout.status === 'open' && checkout.expiresAt <= new Date();
    const status =
      checkout.status === 'complete'
        ? 'paid'
        : checkout.status === 'canceled'
          ? 'canceled'
          : checkout.status === 'expired' || expired
            ? 'expired'
            : 'open';
    const paid = status === 'paid';
    const base = { sessionId: checkout.providerSessionId, status, kind: checkout.kind } as const;
    const messages = {
      open: 'Your payment is not complete yet. Check again in a moment.',
      expired: 'This checkout expired unpaid. Nothing was charged.',
      canceled: 'Checkout canceled. Nothing was charged.',
    };
    if (checkout.kind === 'versigems') {
      const gems = paid ? (checkout.gems + checkout.bonusGems) * checkout.quantity : 0;
      return {
        data: { ...base, versigems: { gems, balance: await versigemsBalance(this.db, viewer.userId) } },
        message: paid ? `Payment received. ${gems} versigems were added to your balance.` : messages[status as 'open'],
      };
    }
    const plan = planById(checkout.itemId) ?? FREE_PLAN;
    const [subscription] = paid
      ? await this.db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, checkout.id))
      : [];
    return {
      data: {
        ...base,
        plan: {
          id: plan.id,
          slug: plan.slug,
          name: plan.name,
          interval: checkout.interval ?? 'month',
          price: money(checkout.amount, checkout.currency),
          subscriptionStatus: subscription?.status ?? null,
          currentPeriodEnd: subscription?.currentPeriodEnd.toISOString() ?? null,
        },
      },
      message: paid ? `Payment received. You are on the ${plan.name} plan.` : messages[status as 'open'],
    };
  }

  // ------------------------------------------------------------------ webhook

  /** A verified event applied once; `duplicate` when its id was applied before. */
  async receiveEvent(event: ProviderEvent): Promise<{ duplicate: boolean }> {
    let duplicate = false;
    const effects = await this.inTransaction(async (tx, effects) => {
      ({ duplicate } = await applyEvent(tx, event, effects));
    });
    await this.runEffects(effects);
    return { duplicate };
  }

  private async inTransaction(
    work: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], effects: Effects) => Promise<void>,
  ): Promise<Effects> {
    return this.db.transaction(async (tx) => {
      const effects = noEffects();
      await work(tx, effects);
      return effects;
    });
  }

  /** After the commit: a receipt per fulfilled checkout, and replaced subscriptions canceled at the provider. */
  private async runEffects(effects: Effects): Promise<void> {
    for (const checkout of effects.fulfilled) this.sendReceipt(checkout);
    for (const renewal of effects.renewals) this.sendRenewalReceipt(renewal);
    for (const subscriptionId of effects.replacedSubscriptions) {
      if (subscriptionId.startsWith('checkout:')) continue;
      await this.deps.payments.cancelSubscription(subscriptionId).catch((error: unknown) => {
        this.deps.log.error({ err: error, subscriptionId }, 'could not cancel a replaced subscription');
      });
    }
  }

  private sendRenewalReceipt(renewal: Effects['renewals'][number]): void {
    this.deps.email.sendInBackground(async () => {
      const [user] = await this.db.select().from(users).where(eq(users.id, renewal.subscription.businessId));
      if (!user) return null;
      const plan = planById(renewal.subscription.planId) ?? planBySlug(renewal.subscription.planSlug);
      const name = plan?.name ?? renewal.subscription.planSlug;
      return {
        to: user.email,
        ...paymentReceipt({
          name: user.companyname ?? user.firstname ?? 'there',
          item: `the ${name} plan, ${INTERVAL_WORDS[renewal.subscription.interval]}`,
          amount: renewal.amount,
          currency: renewal.currency,
          paidAt: renewal.paidAt,
          reference: renewal.reference,
          outcome: `Your ${name} plan is renewed until ${renewal.subscription.currentPeriodEnd.toISOString().slice(0, 10)}.`,
          link: `${this.deps.config.publicUrl}/dashboard/business/pricing/`,
        }),
      };
    });
  }

  private sendReceipt(checkout: CheckoutSessionRow): void {
    this.deps.email.sendInBackground(async () => {
      const [user] = await this.db.select().from(users).where(eq(users.id, checkout.userId));
      if (!user) return null;
      const name =
        user.accountType === 'business'
          ? (user.companyname ?? 'there')
          : (user.firstname ?? user.companyname ?? 'there');
      const gems = (checkout.gems + checkout.bonusGems) * checkout.quantity;
      const item =
        checkout.kind === 'versigems'
          ? `${checkout.itemName} versigems × ${checkout.quantity}`
          : `the ${checkout.itemName} plan, ${INTERVAL_WORDS[checkout.interval ?? 'month']}`;
      return {
        to: user.email,
        ...paymentReceipt({
          name,
          item,
          amount: checkout.amount,
          currency: checkout.currency,
          paidAt: checkout.completedAt ?? new Date(),
          reference: checkout.providerSessionId,
          outcome:
            checkout.kind === 'versigems'
              ? `${gems} versigems were added to your balance.`
              : `Your ${checkout.itemName} plan is on. It renews automatically until you cancel it.`,
          link: `${this.deps.config.publicUrl}${
            checkout.kind === 'versigems' ? '/dashboard/plans/versigems/buy/' : '/dashboard/business/pricing/'
          }`,
        }),
      };
    });
  }
}

export const paymentService = perApp((deps: PaymentDeps) => new PaymentService(deps));

/**
 * The webhook's one path, for the provider's deliveries and the sandbox's in-process ones alike:
 * the signature checked on the raw body, then the event applied once.
 */
export async function receiveSignedEvent(
  deps: PaymentDeps,
  rawBody: Buffer | string,
  signature: string,
): Promise<{ duplicate: boolean }> {
  let event: ProviderEvent;
  try {
    event = deps.payments.parseEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw validationFailed([{ field: 'header.Stripe-Signature', message: error.message }], error.message);
    }
    throw error;
  }
  return paymentService(deps).receiveEvent(event);
}
