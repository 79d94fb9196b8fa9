import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { projectPath } from './project-paths';

/** The built web app (`npm run build` writes it). */
const WEB_ROOT = projectPath('dist', 'web');
const PRERENDER_ENTRY = projectPath('dist', 'ssr', 'prerender.js');
/** A request still running after this long does not hold the shutdown any longer. */
const SHUTDOWN_GRACE_MS = 20_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
const app = await buildApp({ config, webRoot: WEB_ROOT, prerenderEntry: PRERENDER_ENTRY });

// Stop accepting, let requests in flight finish, close the database, leave with 0.
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: finishing requests in flight, then stopping`);
  setTimeout(() => {
    app.log.error('shutdown took too long; stopping now');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

try {
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Marketplace listening on ${address} (public URL ${config.publicUrl})`);
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  await app.close();
  process.exit(1);
}
