import { http, HttpResponse } from 'msw';
import type {
  PaymentsBusinessPlan,
  PaymentsBusinessSubscription,
  PaymentsCheckoutVerification,
  PaymentsLedgerEntry,
  PaymentsPlanInterval,
  PaymentsVersigemsBundle,
} from '@/api/generated/model';
import { ok } from '@/testing/apiFixtures';

export const FREE_ID = '0b3e7a1d-5c9f-4e26-8d40-a2f6c1e9b385';
export const PRO_ID = '6f2c9d4a-1b7e-4a53-9e08-c5d3b7f1a246';
export const FEATURED_ID = 'a9d4e2b7-3c6f-4d18-b0e5-7f1a8c3d6e92';
export const STARTER_ID = '2e8b4f1a-7d3c-4a96-b5e0-c1f9a6d2e473';
export const GROWTH_ID = '7a1d5c9e-3f6b-4e28-a0d4-9b2e7f3c1a56';
export const SESSION_ID = 'cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsT';
export const CHECKOUT_URL = `https://checkout.stripe.com/c/pay/${SESSION_ID}`;

const YEARLY = { free: 0, pro: 490, featured: 1490 };
const MONTHLY = { free: 0, pro: 49, featured: 149 };

/** The three plans of the contract's example, priced for `interval`; `currentId` marks one. */
export function plans(
  interval: PaymentsPlanInterval = 'month',
  currentId: string | null = null,
): PaymentsBusinessPlan[] {
  const prices = interval === 'year' ? YEARLY : MONTHLY;
  const monthly = (amount: number) => ({
    amount: interval === 'year' ? Math.round((amount / 12) * 100) / 100 : amount,
    currency: 'USD',
  });
  const plan = (
    id: string,
    slug: 'free' | 'pro' | 'featured',
    name: string,
    rest: Pick<PaymentsBusinessPlan, 'description' | 'features' | 'highlighted' | 'limits'>,
  ): PaymentsBusinessPlan => ({
    id,
    slug,
    name,
    price: { amount: prices[slug], currency: 'USD' },
    interval,
    monthlyEquivalent: monthly(prices[slug]),
    current: id === currentId,
    ...rest,
  });
  return [
    plan(FREE_ID, 'free', 'Free', {
      description: 'A public profile and a taste of the job board.',
      // As the server's catalogue (and the contract's example) list them: the limits' lines included.
      features: ['Public business profile', '5 proposals a month', '1 team seat'],
      highlighted: false,
      limits: { proposalsPerMonth: 5, featuredListing: false, teamSeats: 1 },
    }),
    plan(PRO_ID, 'pro', 'Pro', {
      description: 'For growing firms that answer requests every week.',
      features: ['30 proposals a month', 'Pro badge on your profile', '3 team seats', 'Priority support'],
      highlighted: true,
      limits: { proposalsPerMonth: 30, featuredListing: false, teamSeats: 3 },
    }),
    plan(FEATURED_ID, 'featured', 'Featured', {
      description: 'Top placement in the directory and on matching requests.',
      features: ['Unlimited proposals', 'Featured badge', '10 team seats', 'Dedicated account manager'],
      highlighted: false,
      limits: { proposalsPerMonth: null, featuredListing: true, teamSeats: 10 },
    }),
  ];
}

export function subscription(overrides: Partial<PaymentsBusinessSubscription> = {}): PaymentsBusinessSubscription {
  return {
    planId: PRO_ID,
    planSlug: 'pro',
    interval: 'month',
    status: 'active',
    currentPeriodEnd: '2026-04-23T11:05:48Z',
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}

/**
 * listBusinessPlans' answer for the interval asked, the plan of `sub` marked current for its
 * interval (Free when `sub` is null and the caller is a business); `seen` collects the intervals asked for.
 */
export function plansAnswer(
  sub: PaymentsBusinessSubscription | null = null,
  seen: string[] = [],
  { business = true } = {},
) {
  return ({ request }: { request: Request }) => {
    const interval = (new URL(request.url).searchParams.get('interval') ?? 'month') as PaymentsPlanInterval;
    seen.push(interval);
    // A business paying for no plan (or whose subscription ended) is on Free, monthly; nobody else has a plan.
    const free = business && interval === 'month' ? FREE_ID : null;
    const paying = sub && sub.status !== 'ended' ? sub : null;
    const currentId = paying ? (paying.interval === interval ? paying.planId : null) : free;
    return HttpResponse.json(ok({ items: plans(interval, currentId), subscription: sub }));
  };
}

/** listBusinessPlans answering with `plansAnswer`. */
export function servePlans(...args: Parameters<typeof plansAnswer>) {
  return http.get('*/api/payments/business/plans/', plansAnswer(...args));
}

export function bundles(): PaymentsVersigemsBundle[] {
  return [
    {
      id: STARTER_ID,
      slug: 'starter',
      name: 'Starter',
      gems: 20,
      bonusGems: 0,
      price: { amount: 9, currency: 'USD' },
      popular: false,
    },
    {
      id: GROWTH_ID,
      slug: 'growth',
      name: 'Growth',
      gems: 50,
      bonusGems: 5,
      price: { amount: 19, currency: 'USD' },
      popular: true,
    },
  ];
}

export const serveBundles = () =>
  http.get('*/api/payments/freelancer/plans/versigems/', () =>
    HttpResponse.json(ok({ items: bundles(), unlockCost: 5, maxQuantity: 10 })),
  );

export function entry(n: number, overrides: Partial<PaymentsLedgerEntry> = {}): PaymentsLedgerEntry {
  return {
    id: `d3a9f5c1-8e2b-4d67-b4a0-${String(n).padStart(12, '0')}`,
    delta: -2,
    reason: 'proposal',
    reference: {
      kind: 'service-request',
      id: '8f2a6d4c-3b7e-4c19-a5d8-1e6f9b3c7a20',
      label: `VR-9P3R5T7W · Job ${n}`,
    },
    balanceAfter: 8,
    createdAt: '2026-03-12T18:40:33Z',
    ...overrides,
  };
}

/** getVersigemsBalance: `pages` of ledger entries (page 1 given, later pages generated); `asked` collects the pages. */
export function serveBalance(
  firstPage: PaymentsLedgerEntry[],
  { balance = 8, totalPages = 1, asked = [] as number[] } = {},
) {
  return http.get('*/api/payments/freelancer/versigems/', ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page') ?? '1');
    asked.push(page);
    const items =
      page === 1
        ? firstPage
        : [
            entry(100 + page, {
              reference: { kind: 'service-request', id: 'x', label: `Older entry on page ${page}` },
            }),
          ];
    return HttpResponse.json(
      ok({
        balance,
        unlockCost: 5,
        ledger: { items, pagination: { page, pageSize: 10, total: totalPages * 10, totalPages } },
      }),
    );
  });
}

export function verification(overrides: Partial<PaymentsCheckoutVerification> = {}): PaymentsCheckoutVerification {
  return {
    sessionId: SESSION_ID,
    status: 'paid',
    kind: 'versigems',
    versigems: { gems: 110, balance: 145 },
    ...overrides,
  };
}

/** verifyCheckoutSession answering each call with the next of `answers` (the last repeats); `calls` records the paths. */
export function serveVerify(answers: PaymentsCheckoutVerification[], calls: string[] = []) {
  return http.get('*/api/payments/checkout/:sessionId/verify/:status/', ({ request }) => {
    calls.push(new URL(request.url).pathname);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return HttpResponse.json(ok(answer));
  });
}
