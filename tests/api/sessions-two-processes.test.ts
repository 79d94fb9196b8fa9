import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookiesOf,
  csrfTokenOf,
  PROCESS_PASSWORD,
  processDatabase,
  signUpThrough,
  startServer,
  stopServer,
  type ProcessAccount,
  type ServerProcess,
} from './server-process';

interface Me {
  id: string;
  firstname: string;
  versigems: number | null;
}

/**
 * Sessions in the database, or in Redis (TEST_REDIS_URL, set by CI) under a prefix of this run's.
 */
const modes = [
  { name: 'sessions in PostgreSQL', env: {} },
  ...(process.env.TEST_REDIS_URL
    ? [
        {
          name: 'sessions and rate limits in Redis',
          env: { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:` },
        },
      ]
    : []),
];

/**
 * Two real server processes on one PostgreSQL database, each keeping `GET /auth/me/` answers (and,
 * without Redis, sessions) in memory: a change made through one is seen through the other on the
 * very next call. PostgreSQL only: on the embedded database there is one process.
 */
describe.skipIf(!process.env.DATABASE_URL).each(modes)('two server processes, $name', ({ env: modeEnv }) => {
  let dataDirs: string[];
  let database: Awaited<ReturnType<typeof processDatabase>>;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    dataDirs = [mkdtempSync(join(tmpdir(), 'marketplace-sess-a-')), mkdtempSync(join(tmpdir(), 'marketplace-sess-b-'))];
    database = await processDatabase('postgres', dataDirs[0]!);
    const env = { ...database.env, ...modeEnv, CSRF_SECRET: 'k'.repeat(40), LOG_LEVEL: 'warn' };
    a = await startServer({ ...env, DATA_DIR: dataDirs[0]! });
    b = await startServer({ ...env, DATA_DIR: dataDirs[1]! });
  }, 180_000);

  afterAll(async () => {
    if (a) await stopServer(a);
    if (b) await stopServer(b);
    await database?.dispose();
    for (const dir of dataDirs ?? []) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const me = async (server: ServerProcess, cookie: string) => {
    const response = await fetch(`${server.origin}/api/auth/me/`, { headers: { cookie } });
    return { status: response.status, data: ((await response.json()) as { data: Me }).data };
  };

  /** Reads `me` on a process twice, so the second answer comes from its memory. */
  const warm = async (server: ServerProcess, account: ProcessAccount) => {
    expect((await me(server, account.cookie)).status).toBe(200);
    return me(server, account.cookie);
  };

  const signIn = async (server: ServerProcess, email: string) => {
    const visitor = await fetch(`${server.origin}/api/csrf/`);
    const { csrfToken } = ((await visitor.json()) as { data: { csrfToken: string } }).data;
    const response = await fetch(`${server.origin}/api/auth/login/`, {
      method: 'POST',
      headers: { cookie: cookiesOf(visitor), 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PROCESS_PASSWORD, rememberMe: false }),
    });
    expect(response.status).toBe(200);
    const cookie = cookiesOf(response);
    return { cookie, csrfToken: await csrfTokenOf(server.origin, cookie) };
  };

  it('refuses a session on B on the first call after it signed out on A', async () => {
    const account = await signUpThrough(a!.origin);
    expect((await warm(b!, account)).data.id).toBe(account.userId);
    const out = await fetch(`${a!.origin}/api/auth/logout/`, {
      headers: { cookie: account.cookie, 'x-csrf-token': account.csrfToken },
    });
    expect(out.status).toBe(200);
    expect((await me(b!, account.cookie)).status).toBe(401);
    expect((await me(a!, account.cookie)).status).toBe(401);
  }, 60_000);

  it("ends the account's other sessions on B at once when its password changes on A, keeping A's", async () => {
    const account = await signUpThrough(a!.origin);
    const elsewhere = await signIn(b!, account.email);
    expect((await warm(b!, { ...account, ...elsewhere })).status).toBe(200);
    const changed = await fetch(`${a!.origin}/api/auth/change-password/`, {
      method: 'PATCH',
      headers: { cookie: account.cookie, 'x-csrf-token': account.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: PROCESS_PASSWORD, newPassword: 'Quartz-Meadow-7731!' }),
    });
    expect(changed.status).toBe(200);
    expect((await me(b!, elsewhere.cookie)).status).toBe(401);
    // A's session got a new id: the new cookie works on both, the old one on neither.
    const rotated = cookiesOf(changed);
    expect((await me(b!, rotated)).status).toBe(200);
    expect((await me(a!, account.cookie)).status).toBe(401);
  }, 60_000);

  it("shows on B a name changed on A, on B's next read", async () => {
    const account = await signUpThrough(a!.origin);
    const before = await warm(b!, account);
    expect(before.data).toMatchObject({ firstname: 'Maya', versigems: 10 });
    const form = new FormData();
    form.set('firstname', 'Marisol');
    form.set('lastname', 'Chen');
    const renamed = await fetch(`${a!.origin}/api/account/update/profile/`, {
      method: 'POST',
      headers: { cookie: account.cookie, 'x-csrf-token': account.csrfToken },
      body: form,
    });
    expect(renamed.status).toBe(200);
    expect((await me(b!, account.cookie)).data.firstname).toBe('Marisol');
    expect((await me(a!, account.cookie)).data.firstname).toBe('Marisol');
  }, 60_000);

  it('shows a balance another program changed in the database, on both processes, within a second', async () => {
    const account = await signUpThrough(a!.origin);
    await warm(a!, account);
    await warm(b!, account);
    const admin = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('UPDATE versigems_balances SET balance = 37 WHERE user_id = $1', [account.userId]);
    } finally {
      await admin.end();
    }
    for (const server of [a!, b!]) {
      await expect.poll(async () => (await me(server, account.cookie)).data.versigems, { timeout: 1_000 }).toBe(37);
    }
  }, 60_000);

  it("shows a request another program posted on both processes' job boards at once", async () => {
    const account = await signUpThrough(a!.origin);
    const title = `Tide tables app ${randomBytes(4).toString('hex')}`;
    const board = async (server: ServerProcess) => {
      const response = await fetch(`${server.origin}/api/service/public/requests/all?pageSize=50`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { items: { title: string }[] } }).data.items.map((item) => item.title);
    };
    // Each process keeps a visitor's answer: read twice, the second comes from memory.
    for (const server of [a!, b!]) {
      await board(server);
      expect(await board(server)).not.toContain(title);
    }
    const admin = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(
        `INSERT INTO service_requests (ref_id, client_id, family, form_id, title, slug, summary, answers)
         VALUES ($1, $2, 'mobile-app', 'requests/mobile-app', $3, 'tide-tables-app', 'An app for tide tables.', '{}')`,
        [`R-${randomBytes(4).toString('hex')}`, account.userId, title],
      );
    } finally {
      await admin.end();
    }
    // Sooner than the second a kept answer lives: the notification, not the expiry, emptied it.
    for (const server of [a!, b!]) {
      await expect.poll(async () => (await board(server)).includes(title), { timeout: 500 }).toBe(true);
    }
  }, 60_000);

  it('counts failed sign-ins for one email on both processes together', async () => {
    const account = await signUpThrough(a!.origin);
    const attempt = async (server: ServerProcess) => {
      const visitor = await fetch(`${server.origin}/api/csrf/`);
      const { csrfToken } = ((await visitor.json()) as { data: { csrfToken: string } }).data;
      const response = await fetch(`${server.origin}/api/auth/login/`, {
        method: 'POST',
        headers: { cookie: cookiesOf(visitor), 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: 'not-the-password-1', rememberMe: false }),
      });
      return response.status;
    };
    // Five wrong passwords are allowed per email and address, whichever process answers them.
    const statuses = [];
    for (const server of [a!, b!, a!, b!, a!, b!]) statuses.push(await attempt(server));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);
});
