import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { pgliteDatabase, postgresDatabase, type DatabaseHandle } from '../../src/server/db/database';
import type { SessionData } from '../../src/server/db/schema';
import { SESSION_COOKIE } from '../../src/server/plugins/session';

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
    const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    const handle = pgliteDatabase(client);
    return { handle, dispose: () => handle.close() };
  }
  const connectionString = process.env.DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const pool = new pg.Pool({ connectionString, options: `-c search_path=${schema}`, max: 4 });
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
  close(): Promise<void>;
}

/** The app on a fresh database of the given kind, ready for `app.inject()`. */
export async function buildTestApp(kind: DatabaseKind, options: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const app = await buildApp({ config: testConfig(), database: database.handle, ...options });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

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
  const cookie = sessionCookieOf(response);
  const csrfToken = (response.json() as { data: { csrfToken: string } }).data.csrfToken;
  return { cookie, csrfToken, headers: { cookie, 'x-csrf-token': csrfToken } };
}

/**
 * A signed-in session of the given account type, made directly in the store: sign-in does not
 * exist yet, and access checks only need the session's user and type.
 */
export async function signedInSession(
  app: FastifyInstance,
  accountType: NonNullable<SessionData['accountType']>,
  userId: string = crypto.randomUUID(),
): Promise<SignedSession> {
  const { token, session } = await app.sessions.create({ userId, data: { accountType } });
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { cookie, csrfToken: session.csrfToken, headers: { cookie, 'x-csrf-token': session.csrfToken } };
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
