/**
 * `npm run db:migrate`: applies the committed migrations (src/server/db/migrations) to the
 * database the environment names: PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * database in `${DATA_DIR}/pg`. The server applies the same migrations at start-up.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';

try {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
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
