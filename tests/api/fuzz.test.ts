import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRef, type JsonObject } from '../../src/server/contract/dereference';
import { loadContract, type ContractOperation } from '../../src/server/contract/document';
import {
  appMeta,
  businessLocations,
  productRequests,
  providerProjects,
  providerReferences,
  providerServices,
  serviceRequests,
  uploads,
  users,
} from '../../src/server/db/schema';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import { allOperationHandlers } from '../../src/server/modules';
import { SESSION_COOKIE } from '../../src/server/plugins/session';
import { submissionOf } from '../../src/shared/forms/submission';
import type { JsonSchema } from '../../src/shared/forms/bundle';
import { contractProblem, streamAnswerProblem } from './contract-responses';
import { describeRequest, requestArbitrary, type FuzzRequest, type KnownValues, type Role } from './fuzz-requests';
import {
  buildTestApp,
  databaseKinds,
  cookieJar,
  expectErrorEnvelope,
  randomAddress,
  signedInSession,
  type DatabaseKind,
  type TestAccount,
  type TestApp,
} from './helpers';
import { listedBusiness, listedFreelancer } from './provider-fixtures';
import { injectSettled } from './stream-inject';
import { multipart, pdf, storedFiles, uploadsDirOf } from './upload-files';

/**
 * The contract fuzzer: for every operation, as every role, requests generated from the
 * operation's schemas (valid, boundary and mutated; see fuzz-requests.ts) go through the real app,
 * and each answer must be below 500, inside the envelope and valid against the contract; a
 * refused write must leave no row and no file behind.
 *
 * FUZZ_CASES sets the number of cases on the first database (20,000 by default; the second,
 * PostgreSQL in CI, runs a quarter of it), FUZZ_SEED the seed (fixed by default, so CI is
 * reproducible; any other value explores other cases), FUZZ_OPERATIONS a comma-separated list of
 * operationIds to fuzz alone (to reproduce a failure with the seed it printed), FUZZ_SECOND_SHARE
 * the second database's share (1 runs as many cases there).
 */

const contract = loadContract();
const implemented = new Set(Object.keys(allOperationHandlers()));

const TOTAL_CASES = Number(process.env.FUZZ_CASES ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);
/** The second database runs this share of the cases: the same code paths, another driver. */
const SECOND_DATABASE_SHARE = Number(process.env.FUZZ_SECOND_SHARE ?? 0.25);
const ONLY = new Set((process.env.FUZZ_OPERATIONS ?? '').split(',').filter(Boolean));
const operations = contract.operations.filter((op) => ONLY.size === 0 || ONLY.has(op.operationId));

/**
 * Tables whose rows a refused call may legitimately add, left out of the footprint:
 * `rate_limits` counts attempts, refused ones included (a failed sign-in is what the counter is
 * for); `sessions` gets the fresh session each case is sent with, and the CSRF call's.
 */
const BOOKKEEPING_TABLES = new Set(['rate_limits', 'sessions']);

interface Caller {
  cookie: string;
  csrfToken: string;
}

interface FailureClass {
  operationId: string;
  check: string;
  status: number;
  kind: string;
  count: number;
  example: string;
}

interface OperationTally {
  cases: number;
  statuses: Map<number, number>;
  milliseconds: number;
}

describe.each(databaseKinds)('contract fuzzer (%s)', (kind: DatabaseKind) => {
  const share = kind === databaseKinds[0] ? 1 : SECOND_DATABASE_SHARE;
  const casesPerWeight = (TOTAL_CASES * share) / operations.reduce((sum, op) => sum + weightOf(op), 0);
  const casesOf = (operation: ContractOperation) => Math.max(1, Math.ceil(casesPerWeight * weightOf(operation)));
  const seed = SEED + databaseKinds.indexOf(kind);
  let testApp: TestApp;
  const accounts = {} as Record<Exclude<Role, 'visitor'>, TestAccount>;
  const callers = new Map<Role, Caller>();
  const known: KnownValues = { pathValues: [] };
  let countRows: () => Promise<Record<string, number>>;
  const tallies = new Map<string, OperationTally>();
  const failures: FailureClass[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10000' } });
    countRows = await rowCounter(testApp);
    await seedRows();
  }, 120_000);

  afterAll(async () => {
    printSummary(kind, seed, tallies, failures);
    await testApp?.close();
  });

  /** Real rows the path parameters can point at: owned by the callers below and by others. */
  async function seedRows() {
    const { app } = testApp;
    accounts.freelancer = await listedFreelancer(app);
    accounts.business = await listedBusiness(app);
    accounts.client = (await signedInSession(app, 'client', { verified: true })).account;
    // Others' rows: what a caller does not own.
    await listedFreelancer(app);
    await listedBusiness(app);
    const otherClient = await signedInSession(app, 'client', { verified: true });
    for (const session of [await signedInSession(app, 'client', { account: accounts.client }), otherClient]) {
      await postServiceRequest(session.headers);
      const form = multipart({}, [{ field: 'file', name: 'brief.pdf', type: 'application/pdf', bytes: pdf() }]);
      const upload = await app.inject({
        method: 'POST',
        url: '/api/uploads/attachments/',
        headers: { ...session.headers, ...form.headers },
        payload: form.payload,
      });
      expect(upload.statusCode, upload.body).toBe(201);
    }
    for (const type of ['freelancer', 'business'] as const) {
      const session = await signedInSession(app, type, { account: accounts[type] });
      const ask = await app.inject({
        method: 'POST',
        url: '/api/account/provider/review-and-references/ask/',
        headers: session.headers,
        payload: exampleBody(operationById('askForReview')),
      });
      expect(ask.statusCode, ask.body).toBe(201);
    }
    const product = await app.inject({
      method: 'POST',
      url: '/api/products/request/new/',
      headers: (await signedInSession(app, 'client', { account: accounts.client })).headers,
      payload: exampleBody(operationById('createNetsuiteProductRequest')),
      remoteAddress: randomAddress(),
    });
    expect(product.statusCode, product.body).toBe(201);
    known.pathValues = await realPathValues();
  }

  /** A service request from the first valid example of the request forms that the catalogue accepts. */
  async function postServiceRequest(headers: Record<string, string>) {
    for (const form of requestForms().values()) {
      const dir = join(FORMS_DIR, form.entry.path, 'examples');
      for (const file of readdirSync(dir).filter((name) => name.startsWith('valid-'))) {
        const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JsonSchema;
        const body = {
          family: form.entry.family,
          subFamily: form.entry.subFamily,
          formId: form.entry.id,
          ...submissionOf(form.entry.envelopeFields, data),
        };
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/service/request/new/',
          headers,
          payload: body,
        });
        if (response.statusCode === 201) return;
      }
    }
    throw new Error('no example of the request forms was accepted');
  }

  /** Ids, slugs, public ids and names of the seeded rows. */
  async function realPathValues(): Promise<string[]> {
    const db = testApp.app.db;
    const values = [
      ...(await db.select({ a: users.id, b: users.companyId }).from(users)).flatMap((row) => [row.a, row.b]),
      ...(
        await db
          .select({ a: serviceRequests.id, b: serviceRequests.refId, c: serviceRequests.slug })
          .from(serviceRequests)
      ).flatMap((row) => [row.a, row.b, row.c]),
      ...(await db.select({ a: productRequests.id }).from(productRequests)).map((row) => row.a),
      ...(await db.select({ a: providerProjects.id }).from(providerProjects)).map((row) => row.a),
      ...(await db.select({ a: providerServices.family }).from(providerServices)).map((row) => row.a),
      ...(await db.select({ a: businessLocations.id }).from(businessLocations)).map((row) => row.a),
      ...(await db.select({ a: providerReferences.id }).from(providerReferences)).map((row) => row.a),
      ...(await db.select({ a: uploads.id, b: uploads.name }).from(uploads)).flatMap((row) => [row.a, row.b]),
    ];
    return [
      ...new Set(
        values.filter((value): value is string => typeof value === 'string' || typeof value === 'number').map(String),
      ),
    ];
  }

  /**
   * A session of the role's account made in the store (a visitor has none), with the CSRF
   * cookie and token a browser gets from GET /api/csrf/ for it.
   */
  async function newCaller(role: Role): Promise<Caller> {
    const { app } = testApp;
    const sessionCookie =
      role === 'visitor'
        ? ''
        : `${SESSION_COOKIE}=${
            (
              await app.sessions.create({
                userId: accounts[role].user.id,
                persistent: false,
                data: { accountType: role },
              })
            ).token
          }`;
    const response = await app.inject({
      method: 'GET',
      url: '/api/csrf/',
      headers: sessionCookie ? { cookie: sessionCookie } : {},
    });
    const csrfToken = (response.json() as { data: { csrfToken: string } }).data.csrfToken;
    return { cookie: cookieJar(sessionCookie, response), csrfToken };
  }

  async function callerFor(role: Role): Promise<Caller> {
    let caller = callers.get(role);
    if (!caller) {
      caller = await newCaller(role);
      callers.set(role, caller);
    }
    return caller;
  }

  async function send(operation: ContractOperation, request: FuzzRequest): Promise<LightMyRequestResponse> {
    const caller = await callerFor(request.role);
    const csrfHeader =
      request.csrf === 'valid'
        ? { 'x-csrf-token': caller.csrfToken }
        : request.csrf === 'wrong'
          ? { 'x-csrf-token': 'not-the-token' }
          : {};
    // An `x-stream` operation's open stream is read for its status and headers only, then left.
    const response = await injectSettled(testApp.app, {
      method: operation.method.toUpperCase() as 'GET',
      url: request.url,
      headers: { cookie: caller.cookie, ...csrfHeader, ...request.headers },
      payload: request.payload,
      remoteAddress: randomAddress(),
    });
    // A call that got through may have ended or replaced the session (sign-out, sign-in, sign-up).
    if (response.statusCode < 300 && (operation.method !== 'get' || operation.tag === 'auth'))
      callers.delete(request.role);
    return response;
  }

  it('sees a row and a file a call leaves behind (the footprint check is not blind)', async () => {
    const before = await footprint();
    await testApp.app.db.insert(appMeta).values({ key: 'fuzz-footprint-probe', value: 'x' });
    mkdirSync(uploadsDirOf(testApp), { recursive: true });
    writeFileSync(join(uploadsDirOf(testApp), 'fuzz-probe'), 'x');
    try {
      expect(leftBehind(before, await footprint())).toBe('app_meta +1, file fuzz-probe');
    } finally {
      await testApp.app.db.delete(appMeta).where(eq(appMeta.key, 'fuzz-footprint-probe'));
      rmSync(join(uploadsDirOf(testApp), 'fuzz-probe'));
    }
    expect(leftBehind(before, await footprint())).toBeUndefined();
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s',
    async (_id, operation) => {
      const started = performance.now();
      const operationSeed = seed + contract.operations.indexOf(operation) * 7919;
      const casesPerOperation = casesOf(operation);
      const requests = fc.sample(requestArbitrary(operation, known), {
        seed: operationSeed,
        numRuns: casesPerOperation,
      });
      const tally: OperationTally = { cases: 0, statuses: new Map(), milliseconds: 0 };
      tallies.set(operation.operationId, tally);
      const found = new Map<string, FailureClass>();
      const record = (check: string, status: number, request: FuzzRequest, detail: string) => {
        const key = `${check}|${status}|${request.kind}`;
        const existing = found.get(key);
        if (existing) existing.count += 1;
        else
          found.set(key, {
            operationId: operation.operationId,
            check,
            status,
            kind: request.kind,
            count: 1,
            example: `${describeRequest(operation, request)}\n    -> ${detail}`,
          });
      };
      // Writes: the rows and files after each call, compared with those before it when it was refused.
      let before = operation.method !== 'get' ? await footprint() : undefined;
      for (const request of requests) {
        const response = await send(operation, request);
        tally.cases += 1;
        tally.statuses.set(response.statusCode, (tally.statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode < 300 && carriesNul(request)) {
          record('NUL accepted', response.statusCode, request, response.body.slice(0, 200));
        }
        for (const [check, detail] of answerProblems(operation, response)) {
          record(check, response.statusCode, request, detail);
        }
        if (before) {
          const after = await footprint();
          const left = response.statusCode >= 400 ? leftBehind(before, after) : undefined;
          if (left) record('refused call left something behind', response.statusCode, request, left);
          before = after;
        }
      }
      await testApp.app.email.settled();
      tally.milliseconds = performance.now() - started;
      failures.push(...found.values());
      const report = [...found.values()].map(
        (failure) =>
          `${failure.check} (${failure.status}, ${failure.count}x) [${failure.kind}]\n    ${failure.example}`,
      );
      expect(report, `seed ${operationSeed} (FUZZ_SEED=${SEED}), ${casesPerOperation} cases`).toEqual([]);
    },
    300_000,
  );

  async function footprint() {
    return { rows: await countRows(), files: storedFiles(testApp) };
  }
});

/**
 * Whether the address or a JSON body carries the NUL character, which the server refuses
 * everywhere (PostgreSQL stores it in neither text nor jsonb): such a call must not succeed.
 */
function carriesNul(request: FuzzRequest): boolean {
  const json = typeof request.payload === 'string' && request.headers['content-type'] === 'application/json';
  return /%00/.test(request.url) || (json && (request.payload as string).includes('\\u0000'));
}

/**
 * How many shares of the cases an operation gets: one for an operation without inputs (a
 * catalogue list: only unexpected queries and bodies to try), three for one with parameters or a body.
 */
function weightOf(operation: ContractOperation): number {
  return operation.parameters.length > 0 || operation.requestBody ? 3 : 1;
}

/** What is wrong with one answer: [check, detail] pairs. */
function answerProblems(operation: ContractOperation, response: LightMyRequestResponse): [string, string][] {
  const status = response.statusCode;
  const excerpt = response.body.slice(0, 300);
  const unimplemented = status === 501 && !implemented.has(operation.operationId);
  const problems: [string, string][] = [];
  if (status >= 500 && !unimplemented) problems.push(['server error', excerpt]);
  // An event stream stays open: its status and headers are all there is to check.
  if (status < 300 && operation.stream) {
    const problem = streamAnswerProblem(operation.operationId, status, response.headers);
    if (problem) problems.push(['event stream breaks the contract', problem]);
    return problems;
  }
  // A download answers with the file itself; the contract declares no JSON for it.
  if (status < 300 && operation.responses[status] === undefined) return problems;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    problems.push(['answer is not JSON', `${String(response.headers['content-type'])}: ${excerpt}`]);
    return problems;
  }
  const envelope = body as { status?: unknown; data?: unknown };
  if (status < 400) {
    if (envelope?.status !== 'success' || !('data' in (envelope as object)))
      problems.push(['answer outside the envelope', excerpt]);
  } else {
    try {
      expectErrorEnvelope(body);
    } catch (error) {
      problems.push(['answer outside the envelope', (error as Error).message.slice(0, 300)]);
    }
  }
  // A 500 is a failure already; an unimplemented operation's 501 is declared by no operation.
  if (status >= 500) return problems;
  const problem = contractProblem(operation.operationId, status, body);
  // Every status a caller can get is one the contract declares for the operation (the ones every
  // write or upload shares are added to each by the contract's bundle step).
  if (problem === 'undeclared') problems.push(['status not declared by the contract', excerpt]);
  else if (problem) problems.push(['answer breaks the contract', `${problem.slice(0, 300)}: ${excerpt}`]);
  return problems;
}

/**
 * Counts the rows of every table of the app's schema in one statement (the footprint is taken
 * around every write, so it must be cheap), bookkeeping tables left out.
 */
async function rowCounter(testApp: TestApp): Promise<() => Promise<Record<string, number>>> {
  const db = testApp.app.db;
  const listed = (await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const tables = listed.rows.map((row) => row.table_name).filter((name) => !BOOKKEEPING_TABLES.has(name));
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const statement = sql.raw(
    `SELECT json_build_object(${tables.map((name) => `'${name}', (SELECT count(*) FROM ${quote(name)})`).join(', ')}) AS counts`,
  );
  return async () => {
    const result = (await db.execute(statement)) as unknown as { rows: { counts: Record<string, number> | string }[] };
    const counts = result.rows[0]!.counts;
    return typeof counts === 'string' ? (JSON.parse(counts) as Record<string, number>) : counts;
  };
}

function leftBehind(
  before: { rows: Record<string, number>; files: string[] },
  after: { rows: Record<string, number>; files: string[] },
): string | undefined {
  const rows = Object.keys(after.rows)
    .filter((table) => Number(after.rows[table]) > Number(before.rows[table]))
    .map((table) => `${table} +${Number(after.rows[table]) - Number(before.rows[table])}`);
  const files = after.files.filter((file) => !before.files.includes(file));
  if (rows.length === 0 && files.length === 0) return undefined;
  return [...rows, ...files.map((file) => `file ${file}`)].join(', ');
}

function operationById(operationId: string): ContractOperation {
  const operation = contract.operations.find((op) => op.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  return operation;
}

/** The contract's example of an operation's JSON body. */
function exampleBody(operation: ContractOperation): Record<string, unknown> {
  const paths = contract.document.paths as Record<string, JsonObject>;
  const raw = (resolveRef(contract.document, paths[operation.path]) as JsonObject)[operation.method] as JsonObject;
  const body = resolveRef(contract.document, raw.requestBody) as JsonObject;
  const media = (body.content as Record<string, JsonObject>)['application/json']!;
  return media.example as Record<string, unknown>;
}

function printSummary(
  kind: DatabaseKind,
  seed: number,
  tallies: Map<string, OperationTally>,
  failures: FailureClass[],
) {
  const rows = [...tallies].map(([operationId, tally]) => {
    const statuses = [...tally.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}:${count}`)
      .join(' ');
    return `${operationId.padEnd(36)} ${String(tally.cases).padStart(6)} ${String(Math.round(tally.milliseconds)).padStart(7)} ms  ${statuses}`;
  });
  const total = [...tallies.values()].reduce((sum, tally) => sum + tally.cases, 0);
  const milliseconds = [...tallies.values()].reduce((sum, tally) => sum + tally.milliseconds, 0);
  const lines = [
    `contract fuzzer on ${kind}: ${total} cases in ${(milliseconds / 1000).toFixed(1)} s (${Math.round((total * 1000) / Math.max(1, milliseconds))}/s), seed ${seed}`,
    `${'operation'.padEnd(36)} ${'cases'.padStart(6)} ${'time'.padStart(10)}  statuses`,
    ...rows,
    `${failures.length} failure classes${failures.length ? ':' : ''}`,
    ...failures.map((f) => `  ${f.operationId}: ${f.check} (${f.status}, ${f.count}x) [${f.kind}]`),
  ];
  console.log(lines.join('\n'));
}
