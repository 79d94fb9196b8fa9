import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresDatabase, WARM_CONNECTION, type DatabaseHandle } from '../../src/server/db/database';
import { buildTestApp, databaseKinds } from './helpers';

/**
 * A PostgreSQL connection reads a table's description on its first query of it: the server opens
 * and warms its pool's connections once it listens, so no visitor pays for that.
 */
describe.skipIf(!databaseKinds.includes('postgres'))('warming the PostgreSQL connections', () => {
  const connectionString = process.env.DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const options = `-c search_path=${schema},public`;
  const admin = new pg.Client({ connectionString });
  let handle: DatabaseHandle;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    handle = postgresDatabase(new pg.Pool({ connectionString, options, max: 2 }), { migrationsSchema: schema });
    await handle.migrate();
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('reads every table of the schema without an error', async () => {
    const client = new pg.Client({ connectionString, options });
    await client.connect();
    try {
      await expect(client.query(WARM_CONNECTION)).resolves.toBeDefined();
      // It read the schema's tables, not an empty list.
      const { rows } = await client.query<{ tables: number }>(
        `SELECT count(*)::int AS tables FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'`,
      );
      expect(rows[0]!.tables).toBeGreaterThan(20);
    } finally {
      await client.end();
    }
  });

  it("opens each of the pool's connections and warms it", async () => {
    const pool = new pg.Pool({ connectionString, options, max: 3 });
    const warmed = postgresDatabase(pool);
    try {
      await warmed.warm!();
      expect(pool.totalCount).toBe(3);
      expect(pool.idleCount).toBe(3);
      // Each connection's last statement, as the server saw it, was the warm-up.
      const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      const pids = clients.map((client) => (client as unknown as { processID: number }).processID);
      for (const client of clients) client.release();
      const { rows } = await admin.query<{ query: string }>(
        'SELECT query FROM pg_stat_activity WHERE pid = ANY($1::int[])',
        [pids],
      );
      expect(rows.map((row) => row.query)).toEqual([WARM_CONNECTION, WARM_CONNECTION, WARM_CONNECTION]);
    } finally {
      await warmed.close();
    }
  });

  it('warms them once the server listens, not before', async () => {
    const warm = vi.fn(async () => undefined);
    const testApp = await buildTestApp('postgres', {
      sharedDatabase: { handle: { ...handle, warm }, dispose: async () => undefined },
    });
    try {
      expect(warm).not.toHaveBeenCalled();
      await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      expect(warm).toHaveBeenCalledTimes(1);
    } finally {
      await testApp.close();
    }
  });
});
