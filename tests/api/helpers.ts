import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type AppOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import {
  PGLITE_EXTENSIONS,
  pgliteDatabase,
  postgresDatabase,
  type Database,
  type DatabaseHandle,
} from '../../src/server/db/database';
import type { AccountType, UserRow } from '../../src/server/db/schema';
import { prefixesOf, prefixQuery } from '../../src/server/lib/search-text';
import { insertUser } from '../../src/server/modules/auth/queries';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/server/plugins/session';
import { latestEmailTo, type OutboxEmail } from '../support/outbox';

export type DatabaseKind = 'pglite' | 'postgres';

/** Always the embedded database; PostgreSQL too when DATABASE_URL is set (CI). */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

/** A fresh, migrated database: a copy of the migrated PGlite dump, or a PostgreSQL schema of its own. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      extensions: PGLITE_EXTENSIONS,
    });
    const handle = pgliteDatabase(client);
    return { handle, dispose: () => handle.close() };
  }
  const connectionString = process.env.DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  // `public` after the file's own schema: extensions such as pg_trgm live there (global-setup).
  const pool = new pg.Pool({ connectionString, options: `-c search_path=${schema},public`, max: 4 });
  const handle = postgresDatabase(pool, { migrationsSchema: schema });
  await handle.migrate();
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests hand the app its database, so nothing is written here.
    DATA_DIR: join(tmpdir(), 'marketplace-api-tests-unused'),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Where this app writes its emails (`DATA_DIR/outbox`). */
  outboxDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<AppOptions> {
  /** Extra environment for the app's configuration (`SMTP_URL`, `RATE_LIMIT_FACTOR`). */
  env?: Record<string, string>;
  /** An existing database (an app rebuilt on the same data); the caller disposes of it. */
  sharedDatabase?: TestDatabase;
}

/** The app on a fresh database of the given kind (and a data directory of its own), ready for `app.inject()`. */
export async function buildTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const { env = {}, sharedDatabase, ...appOptions } = options;
  const database = sharedDatabase ?? (await openTestDatabase(kind));
  const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-api-data-'));
  const config = testConfig({ DATA_DIR: dataDir, PUBLIC_URL: TEST_PUBLIC_URL, ...env });
  const app = await buildApp({ config, database: database.handle, ...appOptions });
  await app.ready();
  return {
    app,
    database,
    outboxDir: join(dataDir, 'outbox'),
    close: async () => {
      await app.close();
      if (!sharedDatabase) await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const TEST_PUBLIC_URL = 'http://market.test';

export interface SignedSession {
  cookie: string;
  csrfToken: string;
  /** Cookie and CSRF header, ready to spread into `inject({ headers })`. */
  headers: Record<string, string>;
}

/** What a browser does first: GET /api/csrf/, keeping the cookie and the token. */
export async function signedSession(app: FastifyInstance): Promise<SignedSession> {
  const response = await app.inject({ method: 'GET', url: '/api/csrf/' });
  if (response.statusCode !== 200) throw new Error(`GET /api/csrf/ answered ${response.statusCode}`);
  const csrfToken = (response.json() as { data: { csrfToken: string } }).data.csrfToken;
  return sessionFrom(cookieJar('', response), csrfToken);
}

/** The cookies a browser sends next: the ones it had, updated by what the response set or cleared. */
export function cookieJar(previous: string, response: LightMyRequestResponse): string {
  const jar = new Map(
    previous
      .split(';')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
  for (const cookie of response.cookies) {
    if (cookie.value === '') jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A session from its cookies, the CSRF token being the `csrf` cookie's unless given. */
function sessionFrom(cookie: string, csrfToken = new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? '') {
  return { cookie, csrfToken, headers: { cookie, 'x-csrf-token': csrfToken } };
}

/** The password of every account the helpers make; it passes the new-password rules. */
export const TEST_PASSWORD = 'Lantern-Orchard-58';

let testPasswordHash: Promise<string> | undefined;

export interface TestAccount {
  user: UserRow;
  email: string;
  password: string;
}

/** A unique address for one test's account. */
export const uniqueEmail = (label = 'user') => `${label}.${randomBytes(5).toString('hex')}@example.com`;

/** An account straight in the database (no rate limits, no email), unverified unless asked. */
export async function createAccount(
  app: FastifyInstance,
  accountType: AccountType,
  options: { email?: string; verified?: boolean; password?: string | null } = {},
): Promise<TestAccount> {
  testPasswordHash ??= app.passwords.hash(TEST_PASSWORD);
  const email = options.email ?? uniqueEmail(accountType);
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const suffix = randomBytes(4).toString('hex');
  const user = await insertUser(app.db, {
    accountType,
    email,
    passwordHash:
      password === null
        ? null
        : password === TEST_PASSWORD
          ? await testPasswordHash
          : await app.passwords.hash(password),
    emailVerifiedAt: options.verified ? new Date() : null,
    ...(accountType === 'business'
      ? { companyname: `Harbor Analytics ${suffix}`, companyId: `harbor-analytics-${suffix}`, heardAboutUs: 'linkedin' }
      : { firstname: 'Maya', lastname: `Okafor ${suffix}` }),
  });
  return { user, email, password: password ?? '' };
}

/** A signed-in session of a real account of the given type, made directly in the store. */
export async function signedInSession(
  app: FastifyInstance,
  accountType: AccountType,
  options: { verified?: boolean; persistent?: boolean; account?: TestAccount } = {},
): Promise<SignedSession & { account: TestAccount }> {
  const account = options.account ?? (await createAccount(app, accountType, { verified: options.verified }));
  const { token, session } = await app.sessions.create({
    userId: account.user.id,
    persistent: options.persistent ?? false,
    data: { accountType },
  });
  const csrfToken = app.csrfTokens.issue(session.id);
  return { ...sessionFrom(`${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrfToken}`), account };
}

/** A random address in TEST-NET-2, so sign-ups from different tests do not share a per-IP limit. */
const randomInt = (below: number) => Math.floor(Math.random() * below);

/**
 * A client address from 198.18.0.0/15 (reserved for tests, RFC 2544): 130,000 of them, so two
 * callers of one test file practically never share a per-IP rate-limit counter by chance (the
 * 254 addresses used before collided about once in forty runs of the reset-link limit test).
 */
export const randomAddress = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;

export interface RegistrationInput {
  firstname?: string;
  lastname?: string;
  companyname?: string;
  email?: string;
  password?: string;
  heardAboutUs?: string;
  heardAboutUsOther?: string | null;
}

export function registrationBody(accountType: AccountType, input: RegistrationInput = {}): Record<string, unknown> {
  const email = input.email ?? uniqueEmail(accountType);
  const password = input.password ?? TEST_PASSWORD;
  if (accountType === 'business') {
    return {
      companyname: input.companyname ?? 'Northwind Analytics',
      email,
      password,
      heardAboutUs: input.heardAboutUs ?? 'linkedin',
      ...(input.heardAboutUsOther !== undefined ? { heardAboutUsOther: input.heardAboutUsOther } : {}),
    };
  }
  return { firstname: input.firstname ?? 'Maya', lastname: input.lastname ?? 'Okafor', email, password };
}

export interface Registered {
  response: LightMyRequestResponse;
  /** The signed-in session after sign-up (the rotated cookie and its new CSRF token). */
  session: SignedSession;
  email: string;
  password: string;
}

/** Sign-up as a browser does it: GET /csrf/, then POST /auth/register/<type>/. */
export async function registerThroughApi(
  app: FastifyInstance,
  accountType: AccountType,
  input: RegistrationInput = {},
  options: { visitor?: SignedSession; remoteAddress?: string } = {},
): Promise<Registered> {
  const visitor = options.visitor ?? (await signedSession(app));
  const payload = registrationBody(accountType, input);
  const response = await app.inject({
    method: 'POST',
    url: `/api/auth/register/${accountType}/`,
    headers: visitor.headers,
    payload,
    remoteAddress: options.remoteAddress ?? randomAddress(),
  });
  return {
    response,
    session: sessionFrom(cookieJar(visitor.cookie, response)),
    email: payload.email as string,
    password: payload.password as string,
  };
}

/** Sign-in as a browser does it; the session is the rotated one (with its new CSRF token) on success. */
export async function loginThroughApi(
  app: FastifyInstance,
  credentials: { email: string; password: string; rememberMe?: boolean },
  options: { visitor?: SignedSession; remoteAddress?: string } = {},
): Promise<{ response: LightMyRequestResponse; session: SignedSession }> {
  const visitor = options.visitor ?? (await signedSession(app));
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    headers: visitor.headers,
    payload: credentials,
    // A fresh address unless asked: failed sign-ins of one file would add up to the per-IP limit.
    remoteAddress: options.remoteAddress ?? randomAddress(),
  });
  return { response, session: sessionFrom(cookieJar(visitor.cookie, response)) };
}

/** GET /api/auth/me/ with a session. */
export const getMe = (app: FastifyInstance, session: SignedSession) =>
  app.inject({ url: '/api/auth/me/', headers: { cookie: session.cookie } });

/** The newest email to an address, after any background sending has finished. */
export async function emailTo(testApp: TestApp, address: string): Promise<OutboxEmail> {
  await testApp.app.email.settled();
  const email = latestEmailTo(testApp.outboxDir, address);
  if (!email) throw new Error(`no email to ${address} in ${testApp.outboxDir}`);
  return email;
}

/** The token at the end of a link such as `/auth/verification/<token>/email/`. */
export function tokenFrom(link: string, kind: 'verification' | 'reset'): string {
  const pattern =
    kind === 'verification' ? /\/auth\/verification\/([\w-]+)\/email\/$/ : /\/auth\/reset-password\/([\w-]+)\/$/;
  const match = pattern.exec(new URL(link).pathname);
  if (!match) throw new Error(`not a ${kind} link: ${link}`);
  return match[1]!;
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie in the response');
  return `${cookie.name}=${cookie.value}`;
}

export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'csrf_failed',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'not_implemented',
  'internal',
];

/** The envelope of a failed answer, checked by hand (the Prism test checks it against the contract). */
export function expectErrorEnvelope(body: unknown): asserts body is {
  status: 'error';
  message: string;
  code: string;
  errors?: { field: string; message: string }[];
} {
  const envelope = body as Record<string, unknown>;
  const problems: string[] = [];
  if (envelope?.status !== 'error') problems.push('status is not "error"');
  if (typeof envelope?.message !== 'string' || envelope.message === '') problems.push('no message');
  if (!ERROR_CODES.includes(envelope?.code as string)) problems.push(`unknown code ${String(envelope?.code)}`);
  if (envelope?.errors !== undefined) {
    const errors = envelope.errors as unknown[];
    if (!Array.isArray(errors) || errors.some((e) => typeof (e as Record<string, unknown>)?.field !== 'string')) {
      problems.push('errors is not a list of {field, message}');
    }
  }
  const extra = Object.keys(envelope ?? {}).filter((key) => !['status', 'message', 'code', 'errors'].includes(key));
  if (extra.length > 0) problems.push(`unexpected keys ${extra.join(', ')}`);
  if (problems.length > 0) throw new Error(`not an error envelope (${problems.join('; ')}): ${JSON.stringify(body)}`);
}

/**
 * The words' query as the text search stems it, as lexeme prefixes (`dashboards` → `dashboard`),
 * read on its own: what the word indexes' reads must find as they stem the words in their own
 * statements. Null when it is not a query of prefixes.
 */
export async function wordPrefixes(db: Database, words: string[]): Promise<string[] | null> {
  if (words.length === 0) return null;
  const result = await db.execute(sql`SELECT ${prefixQuery(words)}::text AS query`);
  const [row] = (result as unknown as { rows: { query: string }[] }).rows;
  return prefixesOf(row?.query ?? '');
}
