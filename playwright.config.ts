import { defineConfig, devices } from '@playwright/test';
import {
  E2E_DATA_DIR,
  E2E_GOOGLE_CLIENT_ID,
  E2E_GOOGLE_CLIENT_SECRET,
  E2E_GOOGLE_ISSUER,
  E2E_ORIGIN,
  E2E_PORT,
} from './tests/e2e/settings';

// End-to-end tests drive Debian's Chromium against the real server (built web app + API on a
// throw-away embedded database). No browser is ever downloaded.
const port = E2E_PORT;
const dataDir = E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_ORIGIN,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npm run build && rm -rf ${dataDir} && node --enable-source-maps dist/server/main.js`,
    url: `http://127.0.0.1:${port}/api/csrf/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    // Links in emails point at the same origin the browser uses, so the session cookie follows.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: E2E_ORIGIN,
      NODE_ENV: 'production',
      // Checkout goes through the sandbox provider served by the app itself (test cards only).
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'warn',
      // Every browser test signs up from 127.0.0.1; a kept server (local reruns) would hit the
      // hourly sign-up limit. The limits themselves are tested in the API tests.
      RATE_LIMIT_FACTOR: '20',
      // Google sign-in against the OpenID provider google-signin.spec.ts runs on 127.0.0.1.
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: E2E_GOOGLE_CLIENT_SECRET,
      GOOGLE_ISSUER_URL: E2E_GOOGLE_ISSUER,
    },
  },
});
