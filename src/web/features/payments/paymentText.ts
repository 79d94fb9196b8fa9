import type {
  PaymentsBusinessPlan,
  PaymentsBusinessSubscriptionStatus,
  PaymentsLedgerEntry,
  PaymentsLedgerReason,
  PaymentsPlanInterval,
} from '@/api/generated/model';
import { countOf, formatPrice } from '@/lib/format';

/** The toggle's words for each billing interval. */
export const INTERVAL_LABELS: Record<PaymentsPlanInterval, string> = {
  month: 'Monthly',
  year: 'Yearly',
};

/** "billed monthly", "billed yearly". */
export const BILLED: Record<PaymentsPlanInterval, string> = {
  month: 'billed monthly',
  year: 'billed yearly',
};

/** The business subscription's state, in plain words. */
export const SUBSCRIPTION_STATUS_LABELS: Record<PaymentsBusinessSubscriptionStatus, string> = {
  active: 'Active',
  'past-due': 'Payment due',
  canceling: 'Ends at the end of the period',
  ended: 'Ended',
};

/** Why the versigems balance moved (the ledger's reasons), in plain words. */
export const LEDGER_REASON_LABELS: Record<PaymentsLedgerReason, string> = {
  purchase: 'Purchase',
  bonus: 'Bonus',
  unlock: 'Request unlocked',
  proposal: 'Proposal sent',
  'proposal-return': 'Proposal returned',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

/** The ledger row's description: the reference's line, or what the reason alone says. */
export function ledgerDescription(entry: PaymentsLedgerEntry): string {
  if (entry.reference) return entry.reference.label;
  switch (entry.reason) {
    case 'bonus':
      // The welcome bonus is the account's first entry: a credit from an empty balance.
      return entry.balanceAfter === entry.delta ? 'Welcome bonus' : 'Bonus versigems';
    case 'adjustment':
      return 'Correction by support';
    default:
      return LEDGER_REASON_LABELS[entry.reason];
  }
}

/** "+10", "−2": a ledger change with its sign (a true minus sign). */
export function signedDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : `\u2212${Math.abs(delta)}`;
}

/** "$49 / month", "$490 / year". */
export function planPrice(plan: PaymentsBusinessPlan): string {
  return `${formatPrice(plan.price)} / ${plan.interval}`;
}

/** The plan's allowances as short lines: proposals, directory placement, seats. */
export function planLimits(plan: PaymentsBusinessPlan): string[] {
  const { proposalsPerMonth, featuredListing, teamSeats } = plan.limits;
  return [
    proposalsPerMonth === null ? 'Unlimited proposals' : `${countOf(proposalsPerMonth, 'proposal')} a month`,
    featuredListing ? 'Sponsored placement: listed first in the directory' : 'Standard directory listing',
    countOf(teamSeats, 'team seat'),
  ];
}

/**
 * The plan's selling points that its limits do not already say: the catalogue lists "30 proposals
 * a month" among the features too, and the card shows the limits in a list of their own.
 */
export function planExtras(plan: PaymentsBusinessPlan): string[] {
  const limits = new Set(planLimits(plan).map((line) => line.trim().toLowerCase()));
  return plan.features.filter((feature) => !limits.has(feature.trim().toLowerCase()));
}

/** "50 versigems + 5 bonus". */
export function bundleGems(gems: number, bonusGems: number): string {
  return bonusGems > 0 ? `${countOf(gems, 'versigem')} + ${bonusGems} bonus` : countOf(gems, 'versigem');
}
