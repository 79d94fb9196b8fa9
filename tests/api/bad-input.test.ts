import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRef, type JsonObject } from '../../src/server/contract/dereference';
import { loadContract, type ContractOperation } from '../../src/server/contract/document';
import { allOperationHandlers } from '../../src/server/modules';
import { badInputCases, pathWith, requiredQuery } from './bad-input-cases';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import { injectSettled } from './stream-inject';

const contract = loadContract();
const implemented = new Set(Object.keys(allOperationHandlers()));

/** The request-body examples of an operation, by media type. */
function examplesOf(operation: ContractOperation): Record<string, unknown> {
  const paths = contract.document.paths as Record<string, JsonObject>;
  const pathItem = resolveRef(contract.document, paths[operation.path]) as JsonObject;
  const raw = pathItem[operation.method] as JsonObject;
  const body = resolveRef(contract.document, raw.requestBody) as JsonObject | undefined;
  const content = (body?.content ?? {}) as Record<string, JsonObject>;
  return Object.fromEntries(Object.entries(content).map(([type, media]) => [type, media.example]));
}

describe.each(databaseKinds)('bad input to every operation never breaks the server (%s)', (kind) => {
  let testApp: TestApp;
  const callers: Record<string, SignedSession> = {};
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    callers.visitor = await signedSession(testApp.app);
    for (const type of ['client', 'freelancer', 'business'] as const)
      callers[type] = await signedInSession(testApp.app, type);
  });
  afterAll(() => testApp.close());

  /**
   * Someone the operation lets in, so the input itself is what gets judged. Implemented
   * operations get a fresh caller per request: a sign-up, sign-in, sign-out or password change
   * that gets through replaces the caller's session.
   */
  const allowedCaller = async (operation: ContractOperation): Promise<SignedSession> => {
    const type = operation.access.includes('anonymous')
      ? 'visitor'
      : ((['client', 'freelancer', 'business'] as const).find(
          (t) => operation.access.includes('signed-in') || operation.access.includes(t),
        ) ?? 'client');
    if (!implemented.has(operation.operationId)) return callers[type]!;
    return type === 'visitor' ? signedSession(testApp.app) : signedInSession(testApp.app, type);
  };

  it.each(contract.operations.map((op) => [op.operationId, op] as const))('%s', async (_id, operation) => {
    const failures: string[] = [];
    for (const badInput of badInputCases(operation, examplesOf(operation))) {
      const caller = await allowedCaller(operation);
      const query = badInput.query ?? requiredQuery(operation).toString();
      // An event stream that lets a case through is read for its status and headers only.
      const response = await injectSettled(testApp.app, {
        method: operation.method.toUpperCase() as 'POST',
        url: `/api${badInput.path ?? pathWith(operation)}${query ? `?${query}` : ''}`,
        headers: { ...caller.headers, ...badInput.headers },
        payload: badInput.payload,
      });
      const status = response.statusCode;
      const where = `${badInput.name}: ${status} ${response.body.slice(0, 200)}`;
      if (status >= 500 && !(status === 501 && !implemented.has(operation.operationId))) failures.push(where);
      if (badInput.expect !== undefined && status !== badInput.expect)
        failures.push(`expected ${badInput.expect}, ${where}`);
      if (status >= 400) {
        try {
          expectErrorEnvelope(response.json());
        } catch (error) {
          failures.push(`${badInput.name}: ${(error as Error).message.slice(0, 200)}`);
        }
      }
    }
    await testApp.app.email.settled();
    expect(failures).toEqual([]);
  });
});
