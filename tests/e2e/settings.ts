/** Where the browser tests' server listens and keeps its throw-away data (read by the config and the tests). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `./data/e2e-${E2E_PORT}`;
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
