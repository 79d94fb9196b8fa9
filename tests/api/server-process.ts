import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import type { DatabaseKind } from './helpers';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
const TSX = resolve(PROJECT_ROOT, 'node_modules/.bin/tsx');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** `tsx src/server/main.ts` as production runs it, on a free port. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(TSX, ['src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const server: ServerProcess = { child, port, origin: `http://127.0.0.1:${port}`, output: () => output, exited };
  await waitUntilAnswering(server);
  return server;
}

async function waitUntilAnswering(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode}:\n${server.output()}`);
    try {
      const response = await fetch(`${server.origin}/api/csrf/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${server.output()}`);
}

export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** A database for a server process: a data directory for PGlite, or a PostgreSQL database of its own. */
export async function processDatabase(
  kind: DatabaseKind,
  dataDir: string,
): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> {
  if (kind === 'pglite') return { env: { DATA_DIR: dataDir }, dispose: async () => {} };
  const url = new URL(process.env.DATABASE_URL!);
  const name = `marketplace_process_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.href },
    dispose: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export const PROCESS_PASSWORD = 'violet-Harbour-2026!';

/** The `name=value` pairs a response sets, as a Cookie header. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');

export interface ProcessAccount {
  cookie: string;
  userId: string;
  csrfToken: string;
  email: string;
}

/** Signs a new freelancer up through a process's API; answers the session cookie, the user's id and email. */
export async function signUpThrough(origin: string): Promise<ProcessAccount> {
  const visitor = await fetch(`${origin}/api/csrf/`);
  const { csrfToken } = ((await visitor.json()) as { data: { csrfToken: string } }).data;
  const email = `maya.${randomBytes(8).toString('hex')}@example.com`;
  const response = await fetch(`${origin}/api/auth/register/freelancer/`, {
    method: 'POST',
    headers: { cookie: cookiesOf(visitor), 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ firstname: 'Maya', lastname: 'Chen', email, password: PROCESS_PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = cookiesOf(response);
  const me = (await (await fetch(`${origin}/api/auth/me/`, { headers: { cookie } })).json()) as {
    data: { id: string };
  };
  return { cookie, userId: me.data.id, csrfToken: await csrfTokenOf(origin, cookie), email };
}

/** The CSRF token for a session cookie, from a process. */
export async function csrfTokenOf(origin: string, cookie: string): Promise<string> {
  const response = await fetch(`${origin}/api/csrf/`, { headers: { cookie } });
  return ((await response.json()) as { data: { csrfToken: string } }).data.csrfToken;
}
