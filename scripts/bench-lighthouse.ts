/**
 * Lighthouse (mobile, its default config: simulated slow 4G and a 4x slower CPU) on the built app:
 * the home page, the job board, the professionals directory, the sign-in page, the request
 * chooser and one public freelancer profile, seeded through the API. Each page is measured
 * BENCH_LIGHTHOUSE_RUNS times (default 3) and its row is the median run as Lighthouse picks it
 * (`computeMedianRun`: the run nearest the median FCP and time to interactive), as Lighthouse's
 * variability guide advises; the row also shows every run's score and the machine's speed as
 * Lighthouse measured it (`benchmarkIndex`), which moves the CPU figures. Runs the compiled server
 * (`node dist/server/main.js`, building first when dist/ has no build) on a free port with a
 * temporary data directory, and Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
 * through Playwright with a remote-debugging port for Lighthouse. Prints one row per page:
 * performance and accessibility scores, LCP, TBT, CLS and the JavaScript bytes transferred.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import sharp from 'sharp';
import { readOutbox } from '../tests/support/outbox';

const root = resolve(import.meta.dirname, '..');

/** Lighthouse runs per page; the row shown is their median run. */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);

type LighthouseResult = Parameters<typeof computeMedianRun>[0][number];

/** A run's performance score out of 100, as Lighthouse shows it. */
const performanceScore = (run: LighthouseResult) => Math.round((run.categories.performance?.score ?? NaN) * 100);

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${url}/api/csrf/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

/** A visitor of the API with one session cookie, calling as the web app does (CSRF header). */
class ApiVisitor {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly url: string) {}

  private get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The session and CSRF cookies, as a browser keeps them. */
  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const csrf = await fetch(`${this.url}/api/csrf/`, { headers: { cookie: this.cookie } });
    this.keepCookies(csrf);
    const { csrfToken } = ((await csrf.json()) as { data: { csrfToken: string } }).data;
    const headers: Record<string, string> = { cookie: this.cookie, 'x-csrf-token': csrfToken };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.url}${path}`, { method, headers, body: payload });
    this.keepCookies(response);
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: unknown }).data;
  }
}

const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/**
 * A verified freelancer who finished onboarding (primary service with a project and its image,
 * leads, another service, a photo): the public profile's path.
 */
async function seedFreelancerProfile(url: string, dataDir: string): Promise<string> {
  const visitor = new ApiVisitor(url);
  const email = `bench.profile.${Date.now()}@example.com`;
  await visitor.call('POST', '/api/auth/register/freelancer/', {
    firstname: 'Amelia',
    lastname: 'Hartley',
    email,
    password: 'Lantern-Orchard-58',
  });
  const deadline = Date.now() + 10_000;
  let token: string | undefined;
  while (!token && Date.now() < deadline) {
    const link = readOutbox(join(dataDir, 'outbox'))
      .filter((message) => message.to.includes(email))
      .flatMap((message) => message.links)
      .map((href) => new URL(href).pathname.match(/^\/auth\/verification\/([^/]+)\/email\/$/)?.[1])
      .find(Boolean);
    if (link) token = link;
    else await new Promise((done) => setTimeout(done, 100));
  }
  if (!token) throw new Error(`no verification email to ${email}`);
  await visitor.call('GET', `/api/auth/verify/account/${token}/`);

  const tools = (await visitor.call('GET', '/api/service/tool/all/')) as { id: number }[];
  await visitor.call('POST', '/api/account/provider/primary-service/set/', { serviceSlug: 'finance-transformation' });
  await visitor.call('POST', '/api/account/provider/leads-location/set/', { type: 'worldwide' });
  await visitor.call('PATCH', '/api/account/provider/other-service/update/', { serviceSlugs: ['data-and-analytics'] });
  const details = new FormData();
  details.set('serviceSlug', 'finance-transformation');
  details.set(
    'description',
    'I implement and optimise NetSuite for SaaS and services companies, from close to board reporting.',
  );
  details.set('hourlyRate', '95');
  details.set('currency', 'USD');
  details.set('yearsOfExperience', '9');
  details.set('tools', String(tools[0]!.id));
  details.set('projectTitle', 'Month-end close redesign');
  details.set('projectDescription', 'Redesigned the month-end close for a SaaS company, from eleven days to four.');
  details.set('projectStartedOn', '2025-09-01');
  details.set('images', new Blob([await png(1200, 800, '#d9822b')], { type: 'image/png' }), 'close.png');
  await visitor.call('POST', '/api/account/freelancer/service-details/set/', details);
  const photo = new FormData();
  photo.set('image', new Blob([await png(400, 400, '#2f6fb0')], { type: 'image/png' }), 'face.png');
  await visitor.call('POST', '/api/account/update/profile/', photo);
  const me = (await visitor.call('GET', '/api/auth/me/')) as { id: string };
  return `/freelancer/${me.id}/`;
}

interface LighthouseRow {
  performance: number;
  accessibility: number;
  'FCP (s)': number;
  'LCP (s)': number;
  'TBT (ms)': number;
  CLS: number;
  'JS (KB sent)': number;
  'JS files': number;
  'scores (runs)': string;
  'CPU index': string;
}

interface ResourceItem {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}

/** Attempts at one run: Chromium now and then records a trace without its navigation (NO_NAVSTART). */
const ATTEMPTS = 3;

/** One Lighthouse run of `url`, run again when Lighthouse could not record it. */
async function recordedRun(url: string, port: number): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${error.message}`);
    console.warn(`${url}: ${error.code ?? error.message}; running it again`);
  }
}

export async function lighthousePages(): Promise<void> {
  if (!existsSync(join(root, 'dist/web/index.html')) || !existsSync(join(root, 'dist/server/main.js')))
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Playwright's own headless switch would pick the old mode; Lighthouse wants the new one.
    headless: false,
    args: [
      '--headless=new',
      '--no-sandbox',
      `--remote-debugging-port=${debuggingPort}`,
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    await waitForServer(url, server);
    const profile = await seedFreelancerProfile(url, dataDir);
    const pages = ['/', '/find/jobs/', '/find/professionals/', '/auth/login/', '/request/new/', profile];
    const rows: Record<string, LighthouseRow> = {};
    for (const path of pages) {
      const runs: LighthouseResult[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await recordedRun(`${url}${path}`, debuggingPort));
      const lhr = computeMedianRun(runs);
      // BENCH_LIGHTHOUSE_REPORTS=dir keeps each page's median report, to see what its figures come from.
      const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (reports) {
        mkdirSync(reports, { recursive: true });
        writeFileSync(join(reports, `${path.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
      }
      const cpu = runs.map((run) => run.environment.benchmarkIndex);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const resources = (lhr.audits['resource-summary']?.details as { items?: ResourceItem[] } | undefined)?.items;
      const scripts = resources?.find((item) => item.resourceType === 'script');
      rows[path === profile ? '/freelancer/{uid}/' : path] = {
        performance: performanceScore(lhr),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? NaN) * 100),
        'FCP (s)': +(audit('first-contentful-paint') / 1000).toFixed(2),
        'LCP (s)': +(audit('largest-contentful-paint') / 1000).toFixed(2),
        'TBT (ms)': Math.round(audit('total-blocking-time')),
        CLS: +audit('cumulative-layout-shift').toFixed(3),
        'JS (KB sent)': +((scripts?.transferSize ?? 0) / 1024).toFixed(1),
        'JS files': scripts?.requestCount ?? 0,
        'scores (runs)': runs.map(performanceScore).join(' '),
        'CPU index': `${Math.round(Math.min(...cpu))}–${Math.round(Math.max(...cpu))}`,
      };
    }
    console.log(`\nLighthouse, mobile (simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs per page`);
    console.table(rows);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode !== null ? done(null) : server.once('exit', done)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
