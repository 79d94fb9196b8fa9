import { afterEach } from 'vitest';

/**
 * node-postgres warns when a query is sent on a client that is still running one: two queries
 * in parallel on a transaction's single connection (a `Promise.all` over `tx`). The next major
 * version makes it an error, so any API test that causes it fails now.
 */
const CONCURRENT_QUERY = 'the client is already executing a query';
const concurrentQueries: string[] = [];

process.on('warning', (warning) => {
  if (warning.message.includes(CONCURRENT_QUERY)) concurrentQueries.push(warning.stack ?? warning.message);
});

afterEach(async () => {
  // Warnings are emitted on the next tick; let any pending one arrive first.
  await new Promise((resolve) => setImmediate(resolve));
  const found = concurrentQueries.splice(0);
  if (found.length > 0) throw new Error(`queries ran in parallel on one PostgreSQL client:\n${found.join('\n')}`);
});
