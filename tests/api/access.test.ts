import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/server/contract/document';
import { accessDecision } from '../../src/server/plugins/access';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';

const ACCOUNT_TYPES = ['client', 'freelancer', 'business'] as const;

describe.each(databaseKinds)('who may call what, from x-access (%s)', (kind) => {
  let testApp: TestApp;
  const callers: Record<string, SignedSession> = {};
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    callers.visitor = await signedSession(testApp.app);
    for (const type of ACCOUNT_TYPES) callers[type] = await signedInSession(testApp.app, type);
  });
  afterAll(() => testApp.close());

  it('answers every operation as a visitor and as each account type: 401, 403 or through', async () => {
    const contract = loadContract();
    const mismatches: string[] = [];
    for (const operation of contract.operations) {
      for (const [caller, session] of Object.entries(callers)) {
        const viewer =
          caller === 'visitor' ? null : { userId: 'u', accountType: caller as (typeof ACCOUNT_TYPES)[number] };
        const expected = accessDecision(operation.access, viewer);
        const response = await testApp.app.inject({
          method: operation.method.toUpperCase() as 'GET',
          url: operation.url.replace(/:(\w+)/g, 'x'),
          headers: session.headers,
        });
        const body = response.json();
        if (response.statusCode >= 400) expectErrorEnvelope(body);
        const got = response.statusCode === 401 || response.statusCode === 403 ? response.statusCode : 'allow';
        const codeOk = got === 'allow' || body.code === (got === 401 ? 'unauthenticated' : 'forbidden');
        if (got !== expected || !codeOk) {
          mismatches.push(
            `${operation.operationId} as ${caller}: expected ${expected}, got ${response.statusCode} ${body.code}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('decides by the rules: anonymous lets visitors in; signed-in or the type lets accounts in', () => {
    const client = { userId: 'u', accountType: 'client' as const };
    expect(accessDecision(['anonymous'], null)).toBe('allow');
    expect(accessDecision(['signed-in'], null)).toBe(401);
    expect(accessDecision(['freelancer', 'business'], null)).toBe(401);
    expect(accessDecision(['signed-in'], client)).toBe('allow');
    expect(accessDecision(['client', 'owner'], client)).toBe('allow');
    expect(accessDecision(['freelancer', 'business'], client)).toBe(403);
    expect(accessDecision(['anonymous', 'freelancer', 'business'], client)).toBe(403);
  });
});
