import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  proposals,
  serviceRequests,
  users,
  type NewProposalRow,
  type ProposalRow,
  type ProposalStatus,
  type ServiceRequestRow,
} from '../../db/schema';
import type { Executor } from '../versigems';

/** What a proposal needs of its request: the title shown beside it and what the checks read. */
export type RequestFacts = Pick<
  ServiceRequestRow,
  'id' | 'refId' | 'title' | 'clientId' | 'status' | 'budgetType' | 'budgetCurrency' | 'proposalCount'
>;

const requestColumns = {
  id: serviceRequests.id,
  refId: serviceRequests.refId,
  title: serviceRequests.title,
  clientId: serviceRequests.clientId,
  status: serviceRequests.status,
  budgetType: serviceRequests.budgetType,
  budgetCurrency: serviceRequests.budgetCurrency,
  proposalCount: serviceRequests.proposalCount,
};

/** The statuses the client acts on and that a request's end declines. */
export const OPEN_PROPOSAL_STATUSES: readonly ProposalStatus[] = ['submitted', 'shortlisted'];

export async function findRequest(db: Executor, id: string): Promise<RequestFacts | null> {
  const [row] = await db.select(requestColumns).from(serviceRequests).where(eq(serviceRequests.id, id));
  return row ?? null;
}

/** The request row locked for the rest of the transaction: status changes on it go one at a time. */
export async function lockRequest(db: Executor, id: string): Promise<RequestFacts | null> {
  const [row] = await db.select(requestColumns).from(serviceRequests).where(eq(serviceRequests.id, id)).for('update');
  return row ?? null;
}

export async function requestsByIds(db: Executor, ids: readonly string[]): Promise<Map<string, RequestFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(requestColumns)
    .from(serviceRequests)
    .where(inArray(serviceRequests.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findProposal(db: Executor, id: string): Promise<ProposalRow | null> {
  const [row] = await db.select().from(proposals).where(eq(proposals.id, id));
  return row ?? null;
}

export async function lockProposal(db: Executor, id: string): Promise<ProposalRow | null> {
  const [row] = await db.select().from(proposals).where(eq(proposals.id, id)).for('update');
  return row ?? null;
}

export async function findByRequestAndProvider(
  db: Executor,
  requestId: string,
  providerId: string,
): Promise<ProposalRow | null> {
  const [row] = await db
    .select()
    .from(proposals)
    .where(and(eq(proposals.requestId, requestId), eq(proposals.providerId, providerId)));
  return row ?? null;
}

/** The provider's proposal on each of the requests that has one, by request: one query for a page of cards. */
export async function proposalIdsOf(
  db: Executor,
  providerId: string,
  requestIds: readonly string[],
): Promise<Map<string, string>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({ id: proposals.id, requestId: proposals.requestId })
    .from(proposals)
    .where(and(eq(proposals.providerId, providerId), inArray(proposals.requestId, [...requestIds])));
  return new Map(rows.map((row) => [row.requestId, row.id]));
}

export async function insertProposal(db: Executor, values: NewProposalRow): Promise<ProposalRow> {
  const [row] = await db.insert(proposals).values(values).returning();
  return row!;
}

export async function updateProposal(
  db: Executor,
  id: string,
  values: Partial<Omit<NewProposalRow, 'id' | 'requestId' | 'providerId'>>,
): Promise<ProposalRow> {
  const [row] = await db
    .update(proposals)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(proposals.id, id))
    .returning();
  return row!;
}

/** Moves the request's proposal count by `delta` (+1 on a submit, -1 on a withdrawal). */
export async function bumpProposalCount(db: Executor, requestId: string, delta: 1 | -1): Promise<void> {
  await db
    .update(serviceRequests)
    .set({ proposalCount: sql`greatest(${serviceRequests.proposalCount} + ${delta}, 0)` })
    .where(eq(serviceRequests.id, requestId));
}

/** The client's first look at a proposal: `open` becomes `in-review`, once. */
export async function markInReview(db: Executor, requestId: string): Promise<void> {
  await db
    .update(serviceRequests)
    .set({ status: 'in-review', updatedAt: new Date() })
    .where(and(eq(serviceRequests.id, requestId), eq(serviceRequests.status, 'open')));
}

export async function awardRequest(db: Executor, requestId: string): Promise<void> {
  await db
    .update(serviceRequests)
    .set({ status: 'awarded', closesAt: null, updatedAt: new Date() })
    .where(eq(serviceRequests.id, requestId));
}

/** Declines the request's `submitted`/`shortlisted` proposals but `except`; answers who they were. */
export async function declineOpenProposals(
  db: Executor,
  requestId: string,
  except?: string,
): Promise<{ proposalId: string; providerId: string }[]> {
  return db
    .update(proposals)
    .set({ status: 'declined', updatedAt: new Date() })
    .where(
      and(
        eq(proposals.requestId, requestId),
        inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]),
        except === undefined ? undefined : ne(proposals.id, except),
      ),
    )
    .returning({ proposalId: proposals.id, providerId: proposals.providerId });
}

/** Proposals of the request whose versigems go back when it ends with nobody hired. */
export function refundableProposals(db: Executor, requestId: string): Promise<ProposalRow[]> {
  return db
    .select()
    .from(proposals)
    .where(
      and(
        eq(proposals.requestId, requestId),
        gt(proposals.gemsSpent, 0),
        notInArray(proposals.status, ['accepted', 'withdrawn']),
      ),
    )
    .orderBy(asc(proposals.createdAt), asc(proposals.id));
}

/** Locks the user's row: a business's submits in one month go one at a time. */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The provider's proposals (every status) created in [from, to). */
export async function countSentBetween(db: Executor, providerId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(proposals)
    .where(and(eq(proposals.providerId, providerId), gte(proposals.createdAt, from), lt(proposals.createdAt, to)));
  return Number(row?.total ?? 0);
}

export interface Page {
  page: number;
  pageSize: number;
}

export async function providerPage(
  db: Database,
  providerId: string,
  status: ProposalStatus | undefined,
  page: Page,
): Promise<{ rows: ProposalRow[]; total: number }> {
  const where = and(eq(proposals.providerId, providerId), status ? eq(proposals.status, status) : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(proposals)
      .where(where)
      .orderBy(desc(proposals.createdAt), desc(proposals.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(proposals).where(where),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

export type ProposalSort = 'newest' | 'price-low' | 'price-high';

export async function requestPage(
  db: Database,
  requestId: string,
  options: { status?: ProposalStatus; sort: ProposalSort } & Page,
): Promise<{ rows: ProposalRow[]; total: number }> {
  const where = and(
    eq(proposals.requestId, requestId),
    options.status ? eq(proposals.status, options.status) : ne(proposals.status, 'withdrawn'),
  );
  const order: SQL[] =
    options.sort === 'price-low'
      ? [asc(proposals.amount), desc(proposals.createdAt), desc(proposals.id)]
      : options.sort === 'price-high'
        ? [desc(proposals.amount), desc(proposals.createdAt), desc(proposals.id)]
        : [desc(proposals.createdAt), desc(proposals.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(proposals)
      .where(where)
      .orderBy(...order)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(proposals).where(where),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

/** How many of the request's proposals are in each status. */
export async function statusCounts(db: Database, requestId: string): Promise<Map<ProposalStatus, number>> {
  const rows = await db
    .select({ status: proposals.status, total: count() })
    .from(proposals)
    .where(eq(proposals.requestId, requestId))
    .groupBy(proposals.status);
  return new Map(rows.map((row) => [row.status, Number(row.total)]));
}

/** Accepted proposals per provider: the `hires` of each. */
export async function hiresOf(db: Database, providerIds: readonly string[]): Promise<Map<string, number>> {
  if (providerIds.length === 0) return new Map();
  const rows = await db
    .select({ providerId: proposals.providerId, total: count() })
    .from(proposals)
    .where(and(inArray(proposals.providerId, [...providerIds]), eq(proposals.status, 'accepted')))
    .groupBy(proposals.providerId);
  return new Map(rows.map((row) => [row.providerId, Number(row.total)]));
}

export async function usersByIds(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
}
