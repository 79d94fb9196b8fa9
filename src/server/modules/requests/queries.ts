import { and, asc, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Executor } from '../versigems';
import {
  proposals,
  serviceRequests,
  type NewServiceRequestRow,
  type ServiceRequestRow,
  type ServiceRequestStatus,
} from '../../db/schema';

export async function insertServiceRequest(db: Database, values: NewServiceRequestRow): Promise<ServiceRequestRow> {
  const [row] = await db.insert(serviceRequests).values(values).returning();
  return row!;
}

export async function findServiceRequest(db: Database, id: string): Promise<ServiceRequestRow | null> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row ?? null;
}

export async function findByIdempotencyKey(
  db: Database,
  clientId: string,
  key: string,
): Promise<ServiceRequestRow | null> {
  const [row] = await db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.clientId, clientId), eq(serviceRequests.idempotencyKey, key)));
  return row ?? null;
}

const ofClient = (clientId: string, status?: ServiceRequestStatus): SQL =>
  and(eq(serviceRequests.clientId, clientId), status === undefined ? undefined : eq(serviceRequests.status, status))!;

/** Newest first; the id breaks ties so pages never overlap. */
export const listClientRequests = (
  db: Database,
  clientId: string,
  options: { status?: ServiceRequestStatus; limit: number; offset: number },
): Promise<ServiceRequestRow[]> =>
  db
    .select()
    .from(serviceRequests)
    .where(ofClient(clientId, options.status))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(options.limit)
    .offset(options.offset);

export async function countClientRequests(
  db: Database,
  clientId: string,
  status?: ServiceRequestStatus,
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(serviceRequests).where(ofClient(clientId, status));
  return Number(row?.total ?? 0);
}

export async function releaseIdempotencyKey(db: Database, id: string): Promise<void> {
  await db
    .update(serviceRequests)
    .set({ idempotencyKey: null, idempotencyHash: null })
    .where(eq(serviceRequests.id, id));
}

/**
 * True once any proposal row exists for the request, whatever its status (withdrawn included):
 * an existence test on the proposals' request index, never a count.
 */
export async function anyProposal(db: Executor, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(eq(proposals.requestId, requestId))
    .limit(1);
  return row !== undefined;
}

/** The request, its row locked until the caller's transaction ends (changes to one request queue up). */
export async function lockServiceRequest(tx: Executor, id: string): Promise<ServiceRequestRow | null> {
  const [row] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).for('update');
  return row ?? null;
}

export async function updateServiceRequest(
  tx: Executor,
  id: string,
  values: Partial<NewServiceRequestRow>,
): Promise<ServiceRequestRow> {
  const [row] = await tx.update(serviceRequests).set(values).where(eq(serviceRequests.id, id)).returning();
  return row!;
}

const PUBLIC = sql`${serviceRequests.status} in ('open', 'in-review')`;

/**
 * Where the expiry job is in the lapsed requests, oldest closing time first: the last one seen,
 * its closing time as PostgreSQL's text (microseconds, which a JavaScript date would cut).
 */
export interface LapsedCursor {
  closesAt: string;
  id: string;
}

/**
 * Open and in-review requests whose closing time passed, oldest closing time first, after
 * `cursor` (the last one seen), at most `limit`. Reads only: `expireRequest` decides.
 */
export function lapsedRequests(
  db: Executor,
  now: Date,
  cursor: LapsedCursor | null,
  limit: number,
): Promise<LapsedCursor[]> {
  return db
    .select({ id: serviceRequests.id, closesAt: sql<string>`${serviceRequests.closesAt}::text` })
    .from(serviceRequests)
    .where(
      and(
        PUBLIC,
        lt(serviceRequests.closesAt, now),
        cursor
          ? sql`(${serviceRequests.closesAt}, ${serviceRequests.id}) > (${cursor.closesAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(serviceRequests.closesAt), asc(serviceRequests.id))
    .limit(limit);
}

/**
 * Marks one lapsed request `expired` inside the caller's transaction and answers it, or null when
 * it is not lapsed (any more) or another process holds it (that process is expiring it; if it
 * fails, the next run finds the request again). The row stays locked until the caller commits.
 */
export async function expireRequest(tx: Executor, id: string, now: Date): Promise<ServiceRequestRow | null> {
  const [locked] = await tx
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, id), PUBLIC, lt(serviceRequests.closesAt, now)))
    .for('update', { skipLocked: true });
  if (!locked) return null;
  return updateServiceRequest(tx, id, { status: 'expired', closesAt: null, updatedAt: now });
}
