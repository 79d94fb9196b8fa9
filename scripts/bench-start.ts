/**
 * `npm run bench -- start`: milliseconds from spawning the server to its first answer to
 * GET /api/csrf/, on a data directory that exists already (one start creates and migrates it
 * first), median of BENCH_START_RUNS (default 5). Next to it, in the same run: a bare Fastify
 * process answering one route (the floor of `node` + Fastify on this machine), and the server
 * run from its TypeScript sources through tsx (how `npm start` ran before the build compiled it).
 * The target is `npm start` (the compiled server) within 2 s.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_START_RUNS ?? 5);
const PORT = 3399;

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/api/csrf/', async () => ({ status: 'success', message: 'OK', data: {} }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** Spawns `command`, polls until GET /api/csrf/ answers 200, stops it; the milliseconds it took. */
async function timeToFirstAnswer(command: string, args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr}`))),
  );
  try {
    for (;;) {
      const answered = await Promise.race([
        fetch(`http://127.0.0.1:${PORT}/api/csrf/`).then(
          (response) => response.status === 200,
          () => false,
        ),
        exited,
      ]);
      if (answered) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.removeAllListeners('exit');
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function medianOf(command: string, args: string[], env: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeToFirstAnswer(command, args, env));
  return median(times);
}

export async function startTime(): Promise<void> {
  if (!existsSync(join(root, 'dist/server/main.js'))) {
    console.log('\nStart time: skipped, the server is not built (`npm run build`).');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const env = {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  };
  try {
    // The first start creates the embedded database and applies the migrations.
    await timeToFirstAnswer(process.execPath, ['dist/server/main.js'], env);
    const bare = await medianOf(process.execPath, ['--input-type=module', '-e', BARE_SERVER], env);
    const built = await medianOf(process.execPath, ['dist/server/main.js'], env);
    const sources = await medianOf(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], env);
    console.log(
      `\nStart to first answer (median of ${runs}, existing ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} data)`,
    );
    const row = (ms: number) => ({ ms: Math.round(ms), 'ratio to reference': +(ms / bare).toFixed(2) });
    console.table({
      'bare Fastify process (reference)': row(bare),
      'npm start (dist/server/main.js)': row(built),
      'from the sources (tsx src/server/main.ts)': row(sources),
    });
    console.log(`target: npm start within 2000 ms: ${built <= 2000 ? 'met' : 'not met'}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
