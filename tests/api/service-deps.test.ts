import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncached } from '../../src/server/cache/invalidation';
import { directoryService } from '../../src/server/modules/directory/service';
import { uploads } from '../../src/server/db/schema';
import { sweepUnattachedUploads, UNATTACHED_MAX_AGE_MS } from '../../src/server/modules/uploads/sweeper';
import type { FileStorage } from '../../src/server/storage';
import { databaseKinds, openTestDatabase, type TestDatabase } from './helpers';

/** A service is built from the dependencies its factory names, without a Fastify app. */
describe.each(databaseKinds)('services from their declared dependencies (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('builds the directory service from the database and the caches alone, once per dependency object', async () => {
    const deps = { db: database.handle.db, caches: uncached() };
    const service = directoryService(deps);
    expect(directoryService(deps)).toBe(service);
    expect(directoryService({ db: database.handle.db, caches: uncached() })).not.toBe(service);

    const page = await service.professionals({});
    expect(page.items).toEqual([]);
    expect(page.pagination.total).toBe(0);
    // @ts-expect-error the directory service names the database it reads
    expect(() => directoryService({ caches: uncached() })).not.toThrow();
  });

  it('sweeps uploads with the database, the storage and a log, and nothing else', async () => {
    const db = database.handle.db;
    const old = new Date(Date.now() - 2 * UNATTACHED_MAX_AGE_MS);
    const [row] = await db
      .insert(uploads)
      .values({
        purpose: 'attachment',
        name: 'a.pdf',
        contentType: 'application/pdf',
        size: 1,
        storageKey: `attachment/${randomUUID()}`,
        createdAt: old,
      })
      .returning();
    const deleted: string[] = [];
    const storage = {
      delete: async (key: string) => void deleted.push(key),
    } as unknown as FileStorage;
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

    expect(await sweepUnattachedUploads({ db, storage, log })).toBe(1);
    expect(deleted).toEqual([row!.storageKey]);
    expect(await db.select().from(uploads).where(eq(uploads.id, row!.id))).toEqual([]);
  });
});
