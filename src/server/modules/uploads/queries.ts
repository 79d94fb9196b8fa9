import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNull,
  lt,
  ne,
  notExists,
  notInArray,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import { profiles, uploads, type NewUploadRow, type UploadRow } from '../../db/schema';

export async function insertUploads(db: Database, values: NewUploadRow[]): Promise<UploadRow[]> {
  if (values.length === 0) return [];
  return db.insert(uploads).values(values).returning();
}

/** The name of the upload `id` names, as a column a listing's statement reads beside each row. */
export const uploadNameOf = (id: SQLWrapper) =>
  sql<string | null>`(SELECT ${uploads.name} FROM ${uploads} WHERE ${uploads.id} = ${id})`;

export async function findUpload(db: Database, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}

/**
 * One conditional UPDATE: only the owner's files of that purpose that nothing has claimed yet.
 * Two transactions claiming one file serialise on its row; the second finds it attached and
 * gets it back from nowhere.
 */
export function claimUploads(
  db: Database,
  options: {
    ownerId: string;
    purpose: string;
    ids: string[];
    type: string;
    targetId: string;
    /** Files already attached to this same target count as free (a request being changed). */
    orAttachedToTarget?: boolean;
  },
): Promise<{ id: string }[]> {
  return db
    .update(uploads)
    .set({ attachedToType: options.type, attachedToId: options.targetId })
    .where(
      and(
        eq(uploads.ownerId, options.ownerId),
        eq(uploads.purpose, options.purpose),
        freeFor(options.orAttachedToTarget ? { type: options.type, id: options.targetId } : undefined),
        inArray(uploads.id, options.ids),
      ),
    )
    .returning({ id: uploads.id });
}

/** Unattached, or (given a target) attached to that target already. */
const freeFor = (target?: { type: string; id: string }) =>
  target
    ? or(
        isNull(uploads.attachedToId),
        and(eq(uploads.attachedToType, target.type), eq(uploads.attachedToId, target.id)),
      )
    : isNull(uploads.attachedToId);

export function findUnattached(
  db: Database,
  options: { ownerId: string; purpose: string; ids: string[]; orAttachedTo?: { type: string; id: string } },
): Promise<{ id: string }[]> {
  return db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerId, options.ownerId),
        eq(uploads.purpose, options.purpose),
        freeFor(options.orAttachedTo),
        inArray(uploads.id, options.ids),
      ),
    );
}

/** Detaches from `target` every upload attached to it whose id is not in `keep`. */
export async function releaseAttachedExcept(db: Database, target: { type: string; id: string }, keep: string[]) {
  await db
    .update(uploads)
    .set({ attachedToType: null, attachedToId: null })
    .where(
      and(
        eq(uploads.attachedToType, target.type),
        eq(uploads.attachedToId, target.id),
        keep.length > 0 ? notInArray(uploads.id, keep) : undefined,
      ),
    );
}

/** Oldest first, the id breaking ties, so a list reads in the order the files were added. */
export function listAttachedTo(db: Database, type: string, id: string): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.attachedToType, type), eq(uploads.attachedToId, id)))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
}

/** The uploads attached to any of the given objects of one type, oldest first. */
export function listAttachedToAny(db: Database, type: string, ids: readonly string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.attachedToType, type), inArray(uploads.attachedToId, [...ids])))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
}

/** Files attached to each of the given objects of one type, for the ones that have any. */
export async function countAttachedTo(
  db: Database,
  type: string,
  ids: readonly string[],
): Promise<{ id: string; total: number }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: uploads.attachedToId, total: count() })
    .from(uploads)
    .where(and(eq(uploads.attachedToType, type), inArray(uploads.attachedToId, [...ids])))
    .groupBy(uploads.attachedToId);
  return rows.map((row) => ({ id: row.id!, total: Number(row.total) }));
}

/** Whether some account shows this upload as its profile image. */
export async function isProfileImage(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.imageId, id)).limit(1);
  return row !== undefined;
}

/**
 * Deletes up to `limit` uploads used by nothing (attached to nothing, nobody's profile image)
 * that were uploaded before `before`; answers their storage keys, whose bytes are to go next.
 * The outer condition is checked again on each row, so a file attached meanwhile stays.
 */
export async function deleteUnattached(db: Database, before: Date, limit: number): Promise<string[]> {
  const stale = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        isNull(uploads.attachedToId),
        lt(uploads.createdAt, before),
        notExists(db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.imageId, uploads.id))),
      ),
    )
    .orderBy(asc(uploads.createdAt))
    .limit(limit);
  const rows = await db
    .delete(uploads)
    .where(and(inArray(uploads.id, stale), isNull(uploads.attachedToId)))
    .returning({ storageKey: uploads.storageKey });
  return rows.map((row) => row.storageKey);
}

export function findUploads(db: Database, ids: readonly string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(uploads)
    .where(inArray(uploads.id, [...ids]));
}

/** Which uploads one delete may take: any of `ids` that also match every condition given. */
export interface UploadMatch {
  ids: readonly string[];
  ownerId?: string;
  purposes?: readonly string[];
  attachedTo?: { type: string; id: string };
}

export function deleteUploads(db: Database, match: UploadMatch): Promise<UploadRow[]> {
  if (match.ids.length === 0) return Promise.resolve([]);
  return db
    .delete(uploads)
    .where(
      and(
        inArray(uploads.id, [...match.ids]),
        match.ownerId === undefined ? undefined : eq(uploads.ownerId, match.ownerId),
        match.purposes === undefined ? undefined : inArray(uploads.purpose, [...match.purposes]),
        match.attachedTo === undefined ? undefined : eq(uploads.attachedToType, match.attachedTo.type),
        match.attachedTo === undefined ? undefined : eq(uploads.attachedToId, match.attachedTo.id),
      ),
    )
    .returning();
}

export async function attachUploads(db: Database, ids: readonly string[], target: { type: string; id: string }) {
  if (ids.length === 0) return;
  await db
    .update(uploads)
    .set({ attachedToType: target.type, attachedToId: target.id })
    .where(inArray(uploads.id, [...ids]));
}

/** The image types stored uploads may be (images are stored re-encoded, as WebP). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * Attaches `uploadId` to `target` when it is an image `ownerId` uploaded that is free or already
 * attached there. One conditional UPDATE, so two writes racing for one file cannot both get it.
 */
export async function claimImage(
  db: Database,
  ownerId: string,
  uploadId: string,
  target: { type: string; id: string },
): Promise<UploadRow | null> {
  const [row] = await db
    .update(uploads)
    .set({ attachedToType: target.type, attachedToId: target.id })
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.ownerId, ownerId),
        inArray(uploads.contentType, IMAGE_TYPES),
        or(
          isNull(uploads.attachedToId),
          and(eq(uploads.attachedToType, target.type), eq(uploads.attachedToId, target.id)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function releaseAttached(db: Database, target: { type: string; id: string }, keep: string | null) {
  await db
    .update(uploads)
    .set({ attachedToType: null, attachedToId: null })
    .where(
      and(
        eq(uploads.attachedToType, target.type),
        eq(uploads.attachedToId, target.id),
        keep ? ne(uploads.id, keep) : undefined,
      ),
    );
}
