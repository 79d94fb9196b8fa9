import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../../src/server/db/database';
import { loadCatalogueData } from '../../src/server/modules/catalogue/data-files';
import { syncCatalogueData } from '../../src/server/modules/catalogue/sync';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a freshly migrated embedded database; every test file loads its own copy. */
    pgliteTemplate: string;
  }
}

/** PGlite starts cold in seconds; migrating once and loading the dump per file takes a fraction. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'marketplace-api-tests-'));
  if (process.env.DATABASE_URL) await installPostgresExtensions(process.env.DATABASE_URL);
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const migrated = pgliteDatabase(client);
  await migrated.migrate();
  // As a start-up does it; the stored hash lets each file's app skip the same work.
  await syncCatalogueData(migrated.db, loadCatalogueData(), { lock: false });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const template = join(dir, 'migrated.tar');
  writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', template);
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Extensions are per database, not per schema: installed once in `public` here, before the test
 * files migrate their own schemas in parallel, they are shared by all of them and survive each
 * file's DROP SCHEMA ... CASCADE (which would drop an extension created inside that schema).
 */
async function installPostgresExtensions(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  } finally {
    await client.end();
  }
}
