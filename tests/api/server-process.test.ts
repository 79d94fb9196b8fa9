import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, expectErrorEnvelope } from './helpers';
import { PROJECT_ROOT, processDatabase, startServer, stopServer, type ServerProcess } from './server-process';

interface Answer {
  status: number;
  body: string;
}

/** Sends a JSON body in two halves with a pause between, so the request is in flight for a while. */
function slowPost(
  origin: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  whileInFlight: () => Promise<void>,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const url = new URL(path, origin);
    const req = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => done({ status: response.statusCode ?? 0, body: text }));
    });
    req.on('error', fail);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    setTimeout(() => {
      whileInFlight()
        .then(() => req.end(body.slice(half)))
        .catch(fail);
    }, 300);
  });
}

describe.each(databaseKinds)('the real server process (%s)', (kind) => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof processDatabase>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'marketplace-process-'));
    database = await processDatabase(kind, dataDir);
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a request in flight on SIGTERM, exits 0, and keeps sessions across a restart', async () => {
    // With a configured key, CSRF tokens outlive the process too.
    const env = { ...database.env, CSRF_SECRET: 'k'.repeat(40) };
    /** `name=value` pairs of every Set-Cookie, ready for a Cookie header. */
    const cookiesOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0]!)
        .join('; ');
    server = await startServer(env);
    expect(server.output()).toContain(`listening on http://127.0.0.1:${server.port}`);

    const first = await fetch(`${server.origin}/api/csrf/`);
    const visitorCookie = cookiesOf(first);
    const { csrfToken: visitorToken } = ((await first.json()) as { data: { csrfToken: string } }).data;
    const credentials = { email: `maya.${Date.now()}@example.com`, password: 'violet-Harbour-2026!' };
    const signUp = await fetch(`${server.origin}/api/auth/register/freelancer/`, {
      method: 'POST',
      headers: { cookie: visitorCookie, 'x-csrf-token': visitorToken, 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: 'Maya', lastname: 'Chen', ...credentials }),
    });
    expect(signUp.status).toBe(201);
    const signUpCookie = cookiesOf(signUp);
    const csrfToken = /csrf=([^;]*)/.exec(signUpCookie)![1]!;

    const running = server;
    const started = Date.now();
    const answer = await slowPost(
      running.origin,
      '/api/auth/login/',
      { cookie: signUpCookie, 'x-csrf-token': csrfToken },
      JSON.stringify(credentials),
      async () => {
        running.child.kill('SIGTERM');
        await new Promise((done) => setTimeout(done, 300));
      },
    );
    // The sign-in was read to the end and answered, not cut off. A signed-in session may not
    // sign in again: 403 proves the handler chain ran on the draining server.
    expect(answer.status).toBe(403);
    expectErrorEnvelope(JSON.parse(answer.body));
    expect(await running.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(running.output()).toContain('SIGTERM');
    // Requests were logged, but never the session secret, the CSRF token or the password.
    expect(running.output()).toContain('/api/auth/login/');
    expect(running.output()).not.toContain(/sid=([^;]*)/.exec(signUpCookie)![1]!);
    for (const token of [visitorToken, csrfToken]) expect(running.output()).not.toContain(token);
    expect(running.output()).not.toContain(credentials.password);
    // Without SMTP the verification link is logged for whoever runs the server.
    expect(running.output()).toContain(`Email to ${credentials.email}: Verify your email for Versimarket — `);
    server = undefined;

    server = await startServer(env);
    const again = await fetch(`${server.origin}/api/csrf/`, { headers: { cookie: signUpCookie } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(((await again.json()) as { data: { csrfToken: string } }).data.csrfToken).toBe(csrfToken);
    const me = await fetch(`${server.origin}/api/auth/me/`, { headers: { cookie: signUpCookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(credentials.email);
    expect(await stopServer(server)).toBe(0);
    server = undefined;
  }, 120_000); // two cold starts of the real process, each migrating a fresh database
});

describe('configuration errors', () => {
  it('stop the start-up with a message naming the bad variable', () => {
    const result = spawnSync(resolve(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://localhost/db', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).not.toContain('mysql://localhost/db');
  });
});
