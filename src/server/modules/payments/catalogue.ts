import type { PlanInterval } from '../../db/schema';
import { FREE_PLAN_PROPOSALS_PER_MONTH } from '../versigems';

/**
 * What can be bought, priced by the server only: a browser never sends an amount. Prices are in
 * minor units (cents) of `CURRENCY`. The contract's examples show these plans and bundles; change
 * them there and here together.
 */
export const CURRENCY = 'USD';

/** The most bundles of one kind a checkout may buy (`maxQuantity`). */
export const MAX_BUNDLE_QUANTITY = 10;

/** How long a checkout stays payable. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface PlanLimits {
  /** Proposals a business may send per calendar month (UTC); null for unlimited. */
  proposalsPerMonth: number | null;
  featuredListing: boolean;
  teamSeats: number;
}

export interface BusinessPlan {
  id: string;
  slug: 'free' | 'pro' | 'featured';
  name: string;
  description: string;
  /** Minor units per interval; 0 for the free plan. */
  prices: Record<PlanInterval, number>;
  features: string[];
  highlighted: boolean;
  limits: PlanLimits;
}

/** Cheapest first. A year costs ten months. */
export const BUSINESS_PLANS: readonly BusinessPlan[] = [
  {
    id: '0b3e7a1d-5c9f-4e26-8d40-a2f6c1e9b385',
    slug: 'free',
    name: 'Free',
    description: 'A public profile and a taste of the job board.',
    prices: { month: 0, year: 0 },
    features: ['Public business profile', '5 proposals a month', '1 team seat'],
    highlighted: false,
    limits: { proposalsPerMonth: FREE_PLAN_PROPOSALS_PER_MONTH, featuredListing: false, teamSeats: 1 },
  },
  {
    id: '6f2c9d4a-1b7e-4a53-9e08-c5d3b7f1a246',
    slug: 'pro',
    name: 'Pro',
    description: 'For growing firms that answer requests every week.',
    prices: { month: 4900, year: 49000 },
    features: ['30 proposals a month', 'Pro badge on your profile', '3 team seats', 'Priority support'],
    highlighted: true,
    limits: { proposalsPerMonth: 30, featuredListing: false, teamSeats: 3 },
  },
  {
    id: 'a9d4e2b7-3c6f-4d18-b0e5-7f1a8c3d6e92',
    slug: 'featured',
    name: 'Featured',
    description: 'Top placement in the directory and on matching requests, with unlimited proposals.',
    prices: { month: 14900, year: 149000 },
    features: [
      'Unlimited proposals',
      'Listed first in the business directory',
      'Featured badge',
      '10 team seats',
      'Dedicated account manager',
    ],
    highlighted: false,
    limits: { proposalsPerMonth: null, featuredListing: true, teamSeats: 10 },
  },
];

export const FREE_PLAN = BUSINESS_PLANS[0]!;

export interface VersigemsBundle {
  id: string;
  slug: string;
  name: string;
  gems: number;
  bonusGems: number;
  /** Minor units for one bundle. */
  price: number;
  popular: boolean;
}

/** Smallest first. */
export const VERSIGEMS_BUNDLES: readonly VersigemsBundle[] = [
  {
    id: '2e8b4f1a-7d3c-4a96-b5e0-c1f9a6d2e473',
    slug: 'starter',
    name: 'Starter',
    gems: 20,
    bonusGems: 0,
    price: 900,
    popular: false,
  },
  {
    id: '7a1d5c9e-3f6b-4e28-a0d4-9b2e7f3c1a56',
    slug: 'growth',
    name: 'Growth',
    gems: 50,
    bonusGems: 5,
    price: 1900,
    popular: true,
  },
  {
    id: 'c5f3a8d1-6e2b-4b70-9c14-e8a0d4b7f329',
    slug: 'pro',
    name: 'Pro',
    gems: 120,
    bonusGems: 20,
    price: 3900,
    popular: false,
  },
  {
    id: '9d6b2e4f-1a8c-4f35-b7e2-3c0f5a9d1b68',
    slug: 'agency',
    name: 'Agency',
    gems: 300,
    bonusGems: 60,
    price: 8900,
    popular: false,
  },
];

export const planById = (id: string) => BUSINESS_PLANS.find((plan) => plan.id === id);
export const planBySlug = (slug: string) => BUSINESS_PLANS.find((plan) => plan.slug === slug);
export const bundleById = (id: string) => VERSIGEMS_BUNDLES.find((bundle) => bundle.id === id);

/** Minor units to the contract's `Money` (major units, two decimals). */
export const money = (minor: number, currency = CURRENCY) => ({ amount: Math.round(minor) / 100, currency });

/** The price per month: a yearly price divided by 12, rounded to cents. */
export const monthlyEquivalent = (plan: BusinessPlan, interval: PlanInterval) =>
  interval === 'year' ? Math.round(plan.prices.year / 12) : plan.prices.month;

/** When a period that starts at `from` ends. */
export function periodEnd(from: Date, interval: PlanInterval): Date {
  const end = new Date(from);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
