import { and, asc, eq, inArray, isNull, lt, notExists } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { profiles, uploads, type NewUploadRow, type UploadRow } from '../../db/schema';

export async function insertUploads(db: Database, values: NewUploadRow[]): Promise<UploadRow[]> {
  if (values.length === 0) return [];
  return db.insert(uploads).values(values).returning();
}

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
  options: { ownerId: string; purpose: string; ids: string[]; type: string; targetId: string },
): Promise<{ id: string }[]> {
  return db
    .update(uploads)
    .set({ attachedToType: options.type, attachedToId: options.targetId })
    .where(
      and(
        eq(uploads.ownerId, options.ownerId),
        eq(uploads.purpose, options.purpose),
        isNull(uploads.attachedToId),
        inArray(uploads.id, options.ids),
      ),
    )
    .returning({ id: uploads.id });
}

export function findUnattached(
  db: Database,
  options: { ownerId: string; purpose: string; ids: string[] },
): Promise<{ id: string }[]> {
  return db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerId, options.ownerId),
        eq(uploads.purpose, options.purpose),
        isNull(uploads.attachedToId),
        inArray(uploads.id, options.ids),
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
