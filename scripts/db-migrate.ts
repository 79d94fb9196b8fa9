/**
 * `npm run db:migrate`: applies the committed migrations (src/server/db/migrations) to the
 * database the environment names: PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * database in `${DATA_DIR}/pg`, then writes the catalogue data files (src/server/catalogue-data)
 * into it. The server does both at start-up.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { loadCatalogueData } from '../src/server/modules/catalogue/data-files';
import { syncCatalogueData } from '../src/server/modules/catalogue/sync';

try {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const sync = await syncCatalogueData(database.db, loadCatalogueData(), { lock: database.kind === 'postgres' });
    if (!sync.skipped) console.log(`db:migrate: catalogue data written ${JSON.stringify(sync.changes)}`);
    console.log(
      `db:migrate: ${database.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${config.dataDir}/pg`} is up to date`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
