import { and, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { subscriptions } from '../../db/schema';
import { BUSINESS_PLANS } from './catalogue';

/**
 * A business's plan standing, for reads that list many businesses at once (the directory): which
 * businesses are sponsored now (`sponsoredBusinessIds`, to filter and order by), and the standing
 * of each business a listing shows (`standingOf`: sponsored, badge). A business has at most one
 * subscription that is not `ended` (the partial unique index on `business_id`).
 */

const slugs = (pick: (plan: (typeof BUSINESS_PLANS)[number]) => boolean) =>
  sql.join(
    BUSINESS_PLANS.filter(pick).map((plan) => sql`${plan.slug}`),
    sql`, `,
  );

/** Paid and in its period: active, or canceled but not yet at the end of what was paid. Past due is not. */
const paidNow = sql`(${subscriptions.status} = 'active' OR (${subscriptions.status} = 'canceling' AND ${subscriptions.currentPeriodEnd} > now()))`;

/** True while the business's plan gives a sponsored listing (Featured, paid now); false without a subscription. */
export const sponsoredSql = sql<boolean>`COALESCE(${subscriptions.planSlug} IN (${slugs(
  (plan) => plan.limits.featuredListing,
)}) AND ${paidNow}, false)`;

/** The plan's badge while paid now (`featured`, `pro`), else null. */
export const badgeSql = sql<'featured' | 'pro' | null>`CASE WHEN ${paidNow} AND ${subscriptions.planSlug} IN (${slugs(
  (plan) => plan.prices.month > 0,
)}) THEN ${subscriptions.planSlug} END`;

/**
 * The businesses whose listing is sponsored now: few (one per Featured subscription), read in one
 * query so a listing can filter on them as a list of ids, which the planner estimates well (a
 * subquery's `NOT IN` made it sort every match instead of walking the sort's index).
 */
export async function sponsoredBusinessIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ businessId: subscriptions.businessId })
    .from(subscriptions)
    .where(and(ne(subscriptions.status, 'ended'), sponsoredSql));
  return rows.map((row) => row.businessId);
}

export interface PlanStanding {
  sponsored: boolean;
  badge: 'featured' | 'pro' | null;
}

/**
 * The plan standing of the business `businessId` names, as one value a listing's statement reads
 * beside each of its rows (a lookup of its live subscription by the partial unique index, so a
 * page of cards needs no second query): null on the free plan.
 */
export const standingOf = (businessId: SQLWrapper) =>
  sql<PlanStanding | null>`(SELECT json_build_object('sponsored', ${sponsoredSql}, 'badge', ${badgeSql})
    FROM ${subscriptions} WHERE ${subscriptions.businessId} = ${businessId} AND ${subscriptions.status} <> 'ended')`;
