import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/server/contract/document';
import { buildApp } from '../../src/server/app';
import type { OperationHandlers } from '../../src/server/contract/handlers';
import { buildTestApp, testConfig, type TestApp } from './helpers';

/** `METHOD /url` for every route Fastify holds, read from its own route tree (children print relative). */
function routeTable(app: TestApp['app']): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? prefixes[depth - 1]! : '') + match[2]!;
    prefixes[depth] = url;
    for (const method of match[3]?.split(',') ?? []) routes.push(`${method.trim()} ${url}`);
  }
  return routes;
}

describe('the route table is the contract', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp('pglite');
  });
  afterAll(() => testApp.close());

  it('registers every operation at /api + its path, trailing slashes as written, and nothing else under /api', () => {
    const contract = loadContract();
    const expected = contract.operations.map((op) => `${op.method.toUpperCase()} ${op.url}`).sort();
    const actual = routeTable(testApp.app)
      .filter((route) => route.split(' ')[1]!.startsWith('/api'))
      .sort();
    expect(contract.operations.length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
  });

  it('keeps the trailing slash distinct: /api/csrf answers 404, /api/csrf/ answers 200', async () => {
    expect((await testApp.app.inject({ url: '/api/csrf' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: '/api/csrf/' })).statusCode).toBe(200);
  });

  it('refuses to start with a handler for an operation the contract does not have', async () => {
    await expect(
      buildApp({
        config: testConfig(),
        database: testApp.database.handle,
        handlers: {
          getCsrfToken: async () => ({ csrfToken: 'x' }),
          approveEverything: async () => ({}),
        } as OperationHandlers,
      }),
    ).rejects.toThrow(/approveEverything/);
  });
});
