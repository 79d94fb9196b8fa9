import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteDatabase } from '../../src/server/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a freshly migrated embedded database; every test file loads its own copy. */
    pgliteTemplate: string;
  }
}

/** PGlite starts cold in seconds; migrating once and loading the dump per file takes a fraction. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'marketplace-api-tests-'));
  const client = await PGlite.create();
  await pgliteDatabase(client).migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const template = join(dir, 'migrated.tar');
  writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', template);
  return () => rmSync(dir, { recursive: true, force: true });
}
