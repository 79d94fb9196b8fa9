/**
 * `npm run bench`: figures as ratios against a reference measured in the same run, because
 * absolute numbers on a shared machine wander.
 *   1. requests per second of GET /api/csrf/ (an existing session: cookie lookup + CSRF token)
 *      and of GET /api/auth/me/ signed in (session lookup + the user's row), each next to a bare
 *      Fastify route answering a small envelope, all on 127.0.0.1;
 *   2. gzip bytes of the JavaScript the home page loads, as Chromium fetches it.
 * Bounded: each load runs BENCH_SECONDS (default 5) with 10 connections. `npm run bench -- api`
 * (or `-- web`) measures one part only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { chromium } from '@playwright/test';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const root = resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function apiThroughput(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PORT: '0',
  });
  const app = await buildApp({ config });
  const bare = Fastify({ logger: false });
  const token = 'x'.repeat(43);
  bare.get('/bare/', async () => ({ status: 'success', message: 'OK', data: { csrfToken: token } }));
  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const first = await fetch(`${appUrl}/api/csrf/`);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
    if (!cookie.startsWith('sid=')) throw new Error('GET /api/csrf/ set no session cookie');
    const signedInCookie = await signUp(appUrl);

    // Reference before and after, so drift during the run shows up in the spread.
    const bareBefore = await requestsPerSecond(`${bareUrl}/bare/`);
    const csrf = await requestsPerSecond(`${appUrl}/api/csrf/`, { cookie });
    const me = await requestsPerSecond(`${appUrl}/api/auth/me/`, { cookie: signedInCookie });
    const bareAfter = await requestsPerSecond(`${bareUrl}/bare/`);
    const baseline = (bareBefore + bareAfter) / 2;
    console.log(
      `\nRequests per second (${seconds} s each, 10 connections, ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    );
    const row = (rps: number) => ({ rps: Math.round(rps), 'ratio to reference': +(rps / baseline).toFixed(3) });
    console.table({
      'bare Fastify route (reference)': { rps: Math.round(baseline), 'ratio to reference': 1 },
      'GET /api/csrf/ (signed session)': row(csrf),
      'GET /api/auth/me/ (signed in)': row(me),
    });
    console.log(`reference spread: ${Math.round(bareBefore)} before, ${Math.round(bareAfter)} after`);
  } finally {
    await bare.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signs a new client up through the API, as the web app does; returns the signed-in session cookie. */
async function signUp(appUrl: string): Promise<string> {
  const visitor = await fetch(`${appUrl}/api/csrf/`);
  const cookie = (visitor.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrfToken } = ((await visitor.json()) as { data: { csrfToken: string } }).data;
  const response = await fetch(`${appUrl}/api/auth/register/client/`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({
      firstname: 'Bench',
      lastname: 'Mark',
      email: `bench.${Date.now()}@example.com`,
      password: 'Lantern-Orchard-58',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

/** Every JavaScript file the home page fetches in Chromium (entry, preloads, the route's lazy chunk). */
async function homePageJavaScript(): Promise<void> {
  const webRoot = join(root, 'dist/web');
  if (!existsSync(join(webRoot, 'index.html'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PORT: '0',
  });
  const app = await buildApp({ config, webRoot });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script')
        scripts.set(new URL(response.url()).pathname, await response.body());
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const rows = [...scripts].map(([file, bytes]) => ({
      file,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    }));
    console.log('\nJavaScript the home page loads in Chromium (gzip level 9)');
    console.table(rows);
    console.log(
      `total: ${rows.reduce((n, r) => n + r.gzip, 0)} bytes gzip, ${rows.reduce((n, r) => n + r.raw, 0)} raw`,
    );
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npm run bench -- api` or `-- web` runs one part only.
const part = process.argv[2];
if (part !== 'web') await apiThroughput();
if (part !== 'api') await homePageJavaScript();
