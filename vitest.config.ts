import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { formValidators } from './scripts/vite-form-validators';
import { webAlias } from './vite.config';

// Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The tests
// wait on jsdom, PGlite and PostgreSQL as much as on the CPU, so one worker per core is faster.
const workers = Math.max(2, availableParallelism());

// Three projects: `unit` (components and web code, jsdom, MSW from mocks/node), `api`
// (server integration tests in Node) and `fuzz` (the contract fuzzer, on the API tests' setup). Kept apart from vite.config.ts, whose root is src/web.
export default defineConfig({
  test: {
    projects: [
      {
        // The request forms validate with validators compiled from forms/, as in the build.
        plugins: [formValidators(import.meta.dirname)],
        resolve: { alias: webAlias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          maxWorkers: workers,
          // A worker's files share one module graph: importing the app once per file took longer
          // than the tests themselves. A file may therefore not mock modules (eslint refuses
          // vi.mock), and the setup file resets the browser's state and what modules keep for a
          // page's life (the CSRF token, claimed sign-in codes) around each test.
          isolate: false,
          // Page tests render the whole app (router, lazy routes, forms); on a busy 2-core machine
          // the first render of a file alone can take several seconds, and over ten when the
          // machine is shared (a settings test took 19 s): the limit is for hangs, not for speed.
          testTimeout: 45_000,
        },
      },
      {
        resolve: { alias: webAlias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          exclude: ['tests/api/fuzz.test.ts'],
          // Migrates the embedded database once and dumps it; each file starts from the dump.
          globalSetup: ['tests/api/global-setup.ts'],
          // Fails a test that runs queries in parallel on one PostgreSQL client.
          setupFiles: ['tests/api/setup.ts'],
          maxWorkers: workers,
          // Files run side by side, one per core: each has its own embedded database and its own
          // PostgreSQL schema, and every server process a test starts listens on a free port.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The contract fuzzer (tests/api/fuzz.test.ts): the API tests' database setup, minutes not seconds.
        resolve: { alias: webAlias },
        test: {
          name: 'fuzz',
          environment: 'node',
          include: ['tests/api/fuzz.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
