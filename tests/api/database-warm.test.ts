import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase, WARM_CONNECTION, type DatabaseHandle } from '../../src/server/db/database';
import { buildTestApp, databaseKinds, type TestApp } from './helpers';

/**
 * A PostgreSQL connection reads a table's description on its first query of it: the server opens
 * and warms its pool's connections once it listens, so no visitor pays for that.
 */
describe.skipIf(!databaseKinds.includes('postgres'))('warming the PostgreSQL connections', () => {
  const connectionString = process.env.DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  const pool = new pg.Pool({ connectionString, options: `-c search_path=${schema},public`, max: 3 });
  let handle: DatabaseHandle;
  let testApp: TestApp;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    handle = postgresDatabase(pool, { migrationsSchema: schema });
    await handle.migrate();
    testApp = await buildTestApp('postgres', { sharedDatabase: { handle, dispose: async () => undefined } });
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
    await handle?.close();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('reads every table of the schema without an error', async () => {
    const client = await pool.connect();
    try {
      await expect(client.query(WARM_CONNECTION)).resolves.toBeDefined();
      // It read the schema's tables, not an empty list: a table of another schema is not there.
      const { rows } = await client.query<{ tables: number }>(
        `SELECT count(*)::int AS tables FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'`,
      );
      expect(rows[0]!.tables).toBeGreaterThan(20);
    } finally {
      client.release();
    }
  });

  it("opens and warms each of the pool's connections once the server listens", async () => {
    // Nothing is opened by building the app: only listening starts the warm-up.
    const before = pool.totalCount;
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => pool.totalCount === 3 && pool.idleCount === 3, { timeout: 10_000 }).toBe(true);
    expect(before).toBeLessThan(3);
    // Each connection's last statement, as the server saw it, was the warm-up.
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    const pids = clients.map((client) => (client as unknown as { processID: number }).processID);
    for (const client of clients) client.release();
    const { rows } = await admin.query<{ pid: number; query: string }>(
      'SELECT pid, query FROM pg_stat_activity WHERE pid = ANY($1::int[])',
      [pids],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.query).toBe(WARM_CONNECTION);
  });
});
