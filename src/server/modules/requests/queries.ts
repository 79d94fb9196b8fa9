import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
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
 * Open and in-review requests whose closing time passed become `expired` (the contract's
 * lifecycle), at most `batch` of them: a short statement that never holds many rows locked.
 * Returns how many it changed.
 */
export async function expireLapsed(db: Database, now: Date, batch = 1000): Promise<number> {
  const lapsed = db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(and(sql`${serviceRequests.status} in ('open', 'in-review')`, lt(serviceRequests.closesAt, now)))
    .limit(batch);
  const expired = await db
    .update(serviceRequests)
    .set({ status: 'expired', closesAt: null, updatedAt: now })
    .where(and(inArray(serviceRequests.id, lapsed), sql`${serviceRequests.status} in ('open', 'in-review')`))
    .returning({ id: serviceRequests.id });
  return expired.length;
}
