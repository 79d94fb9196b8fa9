/** Where the browser tests' server listens and keeps its throw-away data (read by the config and the tests). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `./data/e2e-${E2E_PORT}`;
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The OpenID provider standing in for Google in the browser tests (google-signin.spec.ts starts
 * it on this port; the server is configured to use it as its Google issuer).
 */
export const E2E_GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT ?? 3390);
export const E2E_GOOGLE_ISSUER = `http://127.0.0.1:${E2E_GOOGLE_PORT}`;
export const E2E_GOOGLE_CLIENT_ID = 'marketplace-e2e';
export const E2E_GOOGLE_CLIENT_SECRET = 'marketplace-e2e-secret';
