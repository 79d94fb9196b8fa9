import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { projectPath } from '../project-paths';
import { postgresListener, type PostgresListener } from './listen-connection';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the embedded PGlite or a PostgreSQL pool, behind the same drizzle API. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /**
   * PostgreSQL only: the process's one LISTEN connection, outside the pool, shared by the live
   * events and the cache invalidations; it connects when the first channel is listened to.
   */
  listener?: PostgresListener;
  /** PGlite only: LISTEN in this process; answers the function that stops listening. */
  listen?: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Applies the committed migrations that are not applied yet. */
  migrate(): Promise<void>;
  /**
   * PostgreSQL only: opens the pool's connections and has each read the tables' descriptions
   * (`WARM_CONNECTION`), once the server listens.
   */
  warm?: () => Promise<void>;
  close(): Promise<void>;
}

/** The extensions the migrations create; PGlite loads them only when told at start-up. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export const MIGRATIONS_FOLDER = projectPath('src', 'server', 'db', 'migrations');

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite persisted in `${dataDir}/pg`. */
export async function openDatabase(settings: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (settings.databaseUrl) {
    // Connections are kept while the server runs (pg's default closes one idle for 10 s): a new
    // connection reads every table's description again on its first query of it.
    return postgresDatabase(new pg.Pool({ connectionString: settings.databaseUrl, idleTimeoutMillis: 0 }));
  }
  mkdirSync(settings.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: join(settings.dataDir, 'pg'), extensions: PGLITE_EXTENSIONS });
  return pgliteDatabase(client);
}

export function pgliteDatabase(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    listen: (channel, callback) => client.listen(channel, callback),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/**
 * What a new PostgreSQL connection does before its first visitor: it plans a read of each table
 * of the schema, which loads the table's and its indexes' descriptions into the connection's
 * caches, and loads the text-search dictionaries (their stop-word files). A connection that has
 * not done so spends several milliseconds on each table the first time a query reads it: a
 * search that is the first of its kind on that connection pays for every table it reads.
 */
export const WARM_CONNECTION = `DO $warm$
DECLARE
  relation regclass;
BEGIN
  FOR relation IN
    SELECT c.oid FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('EXPLAIN SELECT 1 FROM %s', relation);
  END LOOP;
  PERFORM to_tsquery('english', 'warm'), to_tsquery('simple', 'warm');
END
$warm$`;

/**
 * Opens the pool's connections at once, each running `WARM_CONNECTION`, and gives them back:
 * those opened are given back even when another could not be, or the pool could not end.
 */
async function warmPool(pool: pg.Pool): Promise<void> {
  const opened = await Promise.allSettled(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
  const clients = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    await Promise.all(clients.map((client) => client.query(WARM_CONNECTION)));
  } finally {
    for (const client of clients) client.release();
  }
  const failed = opened.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * `migrationsSchema` keeps drizzle's bookkeeping beside the tables when they live in a schema
 * of their own (the API tests give each file one through the pool's search_path).
 */
export function postgresDatabase(pool: pg.Pool, options: { migrationsSchema?: string } = {}): DatabaseHandle {
  const db = drizzlePostgres({ client: pool, schema });
  const listener = postgresListener({ connection: pool.options, applicationName: 'marketplace-listen' });
  return {
    kind: 'postgres',
    db,
    listener,
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER, ...options }),
    warm: () => warmPool(pool),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
