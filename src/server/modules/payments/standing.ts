import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { BUSINESS_PLANS } from './catalogue';

/**
 * A business's plan standing as SQL, for reads that list many businesses at once (the directory):
 * join `subscriptions` with `liveSubscriptionOn`, at most one row per business (the partial unique
 * index on `business_id` where the status is not `ended`), then read `sponsoredSql` and `badgeSql`.
 */

const slugs = (pick: (plan: (typeof BUSINESS_PLANS)[number]) => boolean) =>
  sql.join(
    BUSINESS_PLANS.filter(pick).map((plan) => sql`${plan.slug}`),
    sql`, `,
  );

/** Paid and in its period: active, or canceled but not yet at the end of what was paid. Past due is not. */
const paidNow = sql`(${subscriptions.status} = 'active' OR (${subscriptions.status} = 'canceling' AND ${subscriptions.currentPeriodEnd} > now()))`;

/** The join condition of a business's live subscription (written as the partial unique index's predicate). */
export const liveSubscriptionOn = (businessId: AnyColumn): SQL =>
  sql`${subscriptions.businessId} = ${businessId} AND ${subscriptions.status} <> 'ended'`;

/** True while the business's plan gives a sponsored listing (Featured, paid now); false without a subscription. */
export const sponsoredSql = sql<boolean>`COALESCE(${subscriptions.planSlug} IN (${slugs(
  (plan) => plan.limits.featuredListing,
)}) AND ${paidNow}, false)`;

/** The plan's badge while paid now (`featured`, `pro`), else null. */
export const badgeSql = sql<'featured' | 'pro' | null>`CASE WHEN ${paidNow} AND ${subscriptions.planSlug} IN (${slugs(
  (plan) => plan.prices.month > 0,
)}) THEN ${subscriptions.planSlug} END`;

export { subscriptions as subscriptionsTable };
