import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  checkoutSessions,
  paymentEvents,
  payments,
  subscriptions,
  type CheckoutSessionRow,
  type SubscriptionRow,
  type SubscriptionStatus,
} from '../../db/schema';
import type { ProviderEvent } from '../../plugins/payments-port';
import { applyLedgerEntry, InsufficientVersigems, versigemsBalance, type Transaction } from '../versigems';
import { periodEnd } from './catalogue';

/** A checkout the provider says is paid, with the ids it gave the payment. */
export interface PaidCheckout {
  providerSessionId: string;
  paymentId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
}

/** What a transaction did that needs doing once it commits. */
export interface Effects {
  /** Checkouts fulfilled now (a receipt each). */
  fulfilled: CheckoutSessionRow[];
  /** Provider subscriptions replaced by a new plan, to cancel at the provider. */
  replacedSubscriptions: string[];
  /** Renewals paid (a receipt each). */
  renewals: { subscription: SubscriptionRow; amount: number; currency: string; paidAt: Date; reference: string }[];
}

export const noEffects = (): Effects => ({ fulfilled: [], replacedSubscriptions: [], renewals: [] });

const ledgerLabel = (checkout: CheckoutSessionRow) => `${checkout.itemName} × ${checkout.quantity}`;

/**
 * Fulfils one paid checkout, once: the checkout's row is locked and marked complete with its
 * payment; a checkout already complete is left as it is. Versigems are credited with keys
 * `checkout:<id>` and `checkout:<id>:bonus`, so even a second path that got past the row's
 * status could not credit twice; a plan becomes the business's subscription, ending the one it
 * replaces.
 */
export async function fulfilCheckout(tx: Transaction, paid: PaidCheckout, effects: Effects): Promise<void> {
  const [checkout] = await tx
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, paid.providerSessionId))
    .for('update');
  if (!checkout || checkout.status === 'complete') return;
  const now = new Date();
  const [completed] = await tx
    .update(checkoutSessions)
    .set({
      status: 'complete',
      completedAt: now,
      providerPaymentId: paid.paymentId,
      providerCustomerId: paid.customerId,
      providerSubscriptionId: paid.subscriptionId,
    })
    .where(eq(checkoutSessions.id, checkout.id))
    .returning();
  const gems = (checkout.gems + checkout.bonusGems) * checkout.quantity;
  await tx.insert(payments).values({
    checkoutSessionId: checkout.id,
    userId: checkout.userId,
    providerPaymentId: paid.paymentId,
    amount: checkout.amount,
    currency: checkout.currency,
    gemsCredited: checkout.kind === 'versigems' ? gems : 0,
  });
  if (checkout.kind === 'versigems') {
    const reference = {
      kind: 'checkout-session' as const,
      id: checkout.providerSessionId,
      label: ledgerLabel(checkout),
    };
    await applyLedgerEntry(tx, {
      userId: checkout.userId,
      delta: checkout.gems * checkout.quantity,
      reason: 'purchase',
      reference,
      idempotencyKey: `checkout:${checkout.providerSessionId}`,
    });
    if (checkout.bonusGems > 0) {
      await applyLedgerEntry(tx, {
        userId: checkout.userId,
        delta: checkout.bonusGems * checkout.quantity,
        reason: 'bonus',
        reference: { ...reference, label: `${reference.label} (bonus)` },
        idempotencyKey: `checkout:${checkout.providerSessionId}:bonus`,
      });
    }
  } else {
    const replaced = await tx
      .update(subscriptions)
      .set({ status: 'ended', updatedAt: now })
      .where(and(eq(subscriptions.businessId, checkout.userId), ne(subscriptions.status, 'ended')))
      .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
    effects.replacedSubscriptions.push(
      ...replaced.map((row) => row.providerSubscriptionId).filter((id) => id !== paid.subscriptionId),
    );
    await tx
      .insert(subscriptions)
      .values({
        businessId: checkout.userId,
        planId: checkout.itemId,
        planSlug: checkout.itemSlug,
        interval: checkout.interval ?? 'month',
        status: 'active',
        currentPeriodEnd: periodEnd(now, checkout.interval ?? 'month'),
        provider: checkout.provider,
        providerCustomerId: paid.customerId,
        providerSubscriptionId: paid.subscriptionId ?? `checkout:${checkout.providerSessionId}`,
        checkoutSessionId: checkout.id,
      })
      .onConflictDoUpdate({
        target: subscriptions.providerSubscriptionId,
        set: { status: 'active', businessId: checkout.userId, checkoutSessionId: checkout.id, updatedAt: now },
      });
  }
  effects.fulfilled.push(completed!);
}

/**
 * Applies one provider event, once: its id is written first (`ON CONFLICT DO NOTHING`), in the
 * transaction of its effects; an id already there means it was applied, and nothing is done.
 */
export async function applyEvent(
  tx: Transaction,
  event: ProviderEvent,
  effects: Effects,
): Promise<{ duplicate: boolean }> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type.slice(0, 100) })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (inserted.length === 0) return { duplicate: true };
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const paymentStatus = object.payment_status;
      if (paymentStatus !== 'paid' && paymentStatus !== 'no_payment_required') break;
      const providerSessionId = text(object.id);
      if (!providerSessionId) break;
      await fulfilCheckout(
        tx,
        {
          providerSessionId,
          paymentId: idOf(object.payment_intent),
          customerId: idOf(object.customer),
          subscriptionId: idOf(object.subscription),
        },
        effects,
      );
      break;
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const providerSessionId = text(object.id);
      if (!providerSessionId) break;
      await tx
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.providerSessionId, providerSessionId), eq(checkoutSessions.status, 'open')));
      break;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId =
        idOf(object.subscription) ?? idOf(nested(object, 'parent', 'subscription_details', 'subscription'));
      if (!subscriptionId) break;
      const subscription = await lockSubscription(tx, subscriptionId);
      if (!subscription || subscription.status === 'ended') break;
      if (event.type === 'invoice.paid') {
        const end = seconds(nested(object, 'lines', 'data', 0, 'period', 'end')) ?? seconds(object.period_end);
        await tx
          .update(subscriptions)
          .set({
            status: subscription.status === 'canceling' ? 'canceling' : 'active',
            ...(end && end > subscription.currentPeriodEnd ? { currentPeriodEnd: end } : {}),
            updatedAt: new Date(),
          })
          .where(eq(subscriptions.id, subscription.id));
        // The first invoice is the checkout's payment (its receipt is sent then); later ones are renewals.
        const amount = integer(object.amount_paid);
        if (object.billing_reason === 'subscription_cycle' && amount !== null && amount > 0) {
          effects.renewals.push({
            subscription: { ...subscription, currentPeriodEnd: end ?? subscription.currentPeriodEnd },
            amount,
            currency: text(object.currency)?.toUpperCase() ?? 'USD',
            paidAt: new Date(),
            reference: text(object.id) ?? event.id,
          });
        }
      } else if (subscription.status === 'active') {
        await setSubscriptionStatus(tx, subscription, 'past-due');
      }
      break;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscriptionId = text(object.id);
      if (!subscriptionId) break;
      const subscription = await lockSubscription(tx, subscriptionId);
      if (!subscription || subscription.status === 'ended') break;
      const status = event.type === 'customer.subscription.deleted' ? 'ended' : subscriptionStatus(object);
      if (!status) break;
      const end =
        seconds(object.current_period_end) ?? seconds(nested(object, 'items', 'data', 0, 'current_period_end'));
      await tx
        .update(subscriptions)
        .set({ status, ...(end ? { currentPeriodEnd: end } : {}), updatedAt: new Date() })
        .where(eq(subscriptions.id, subscription.id));
      break;
    }
    case 'charge.refunded': {
      const amount = integer(object.amount);
      const refunded = integer(object.amount_refunded);
      if (amount === null || refunded === null || amount <= 0) break;
      await takeBack(
        tx,
        event,
        [idOf(object.payment_intent), text(object.id)],
        (credited) => (refunded >= amount ? credited : Math.floor((credited * refunded) / amount)),
        'refunded',
        refunded,
      );
      break;
    }
    case 'charge.dispute.created': {
      await takeBack(tx, event, [idOf(object.payment_intent), idOf(object.charge)], (credited) => credited, 'disputed');
      break;
    }
    default:
      break;
  }
  return { duplicate: false };
}

/**
 * Takes back the versigems of a refunded or disputed purchase, up to `target(credited)` in all,
 * never below a balance of 0: what was already spent is recorded as the payment's shortfall
 * and named in the ledger entry's label.
 */
async function takeBack(
  tx: Transaction,
  event: ProviderEvent,
  paymentIds: (string | null)[],
  target: (credited: number) => number,
  why: 'refunded' | 'disputed',
  refundedAmount?: number,
): Promise<void> {
  const ids = paymentIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return;
  const [payment] = await tx.select().from(payments).where(inArray(payments.providerPaymentId, ids)).for('update');
  if (!payment) return;
  const [checkout] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, payment.checkoutSessionId));
  const claimed = payment.gemsTakenBack + payment.shortfall;
  const due = Math.max(0, Math.min(payment.gemsCredited, target(payment.gemsCredited)) - claimed);
  let taken = 0;
  if (due > 0) {
    // The first entry locks the balance; a spend that raced in between only makes the take smaller.
    let balance = await versigemsBalance(tx, payment.userId);
    for (let attempt = 0; attempt < 3 && taken === 0; attempt += 1) {
      const amount = Math.min(due, balance);
      if (amount <= 0) break;
      const label = checkout ? `${checkout.itemName} × ${checkout.quantity}` : 'Versigems purchase';
      try {
        await applyLedgerEntry(tx, {
          userId: payment.userId,
          delta: -amount,
          reason: 'refund',
          reference: {
            kind: 'checkout-session',
            id: checkout?.providerSessionId ?? payment.providerPaymentId ?? payment.id,
            label:
              amount < due
                ? `${label} · payment ${why} (${due - amount} versigems already spent)`
                : `${label} · payment ${why}`,
          },
          idempotencyKey: `refund:${event.id}`,
        });
        taken = amount;
      } catch (error) {
        if (!(error instanceof InsufficientVersigems)) throw error;
        balance = error.balance;
      }
    }
  }
  await tx
    .update(payments)
    .set({
      gemsTakenBack: payment.gemsTakenBack + taken,
      shortfall: payment.shortfall + (due - taken),
      ...(refundedAmount !== undefined ? { refundedAmount: Math.max(payment.refundedAmount, refundedAmount) } : {}),
      ...(why === 'disputed' ? { disputed: true } : {}),
    })
    .where(eq(payments.id, payment.id));
}

async function lockSubscription(tx: Transaction, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .for('update');
  return row;
}

async function setSubscriptionStatus(tx: Transaction, row: SubscriptionRow, status: SubscriptionStatus) {
  await tx.update(subscriptions).set({ status, updatedAt: new Date() }).where(eq(subscriptions.id, row.id));
}

/** A Stripe subscription's status in the contract's words; null for one that is not started. */
function subscriptionStatus(object: Record<string, unknown>): SubscriptionStatus | null {
  const canceling = object.cancel_at_period_end === true || typeof object.cancel_at === 'number';
  switch (object.status) {
    case 'active':
    case 'trialing':
      return canceling ? 'canceling' : 'active';
    case 'past_due':
      return canceling ? 'canceling' : 'past-due';
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
      return 'ended';
    default:
      return null;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length <= 200 ? value : null);
const idOf = (value: unknown): string | null =>
  text(value) ?? (value && typeof value === 'object' ? text((value as { id?: unknown }).id) : null);
const integer = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
const seconds = (value: unknown): Date | null => {
  const number = integer(value);
  return number === null ? null : new Date(number * 1000);
};
function nested(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
