/**
 * Derives everything typed from the contract:
 *   openapi/ -> openapi/generated/openapi.yaml (one bundled document, read by every tool and the server)
 *            -> src/web/api/generated (orval: client + React Query hooks) and mocks/generated (MSW handlers)
 *            -> src/server/generated/api.d.ts (openapi-typescript)
 *            -> src/web/api/generated/limits.ts (the lengths and upload types the web forms check)
 *
 * `--check` regenerates into a temporary copy of the project and fails when the committed
 * generated code differs, so the contract and the code can never silently disagree.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { writeLimits } from './codegen-limits';

const root = resolve(import.meta.dirname, '..');
export const GENERATED = ['openapi/generated', 'src/web/api/generated', 'mocks/generated', 'src/server/generated'];
const INPUTS = [
  'openapi',
  'codegen.config.ts',
  'redocly.yaml',
  'src/web/api/mutator.ts',
  'package.json',
  '.prettierrc.json',
  'tsconfig.json', // orval reads it to type the mutator's second parameter
];

function bin(name: string): string {
  return join(root, 'node_modules', '.bin', name);
}

function run(cwd: string, name: string, args: string[]): void {
  execFileSync(bin(name), args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
}

export function generate(cwd: string): void {
  run(cwd, 'redocly', [
    'bundle',
    'openapi/openapi.yaml',
    '-o',
    'openapi/generated/openapi.yaml',
    '--config',
    'redocly.yaml',
  ]);
  run(cwd, 'orval', ['--config', 'codegen.config.ts']);
  writeLimits(cwd);
  run(cwd, 'openapi-typescript', []); // output path from redocly.yaml (x-openapi-ts)
  run(cwd, 'prettier', ['--log-level', 'warn', '--write', ...GENERATED.filter((d) => d !== 'openapi/generated')]);
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function check(): number {
  const scratch = mkdtempSync(join(tmpdir(), 'codegen-check-'));
  try {
    for (const input of INPUTS)
      if (existsSync(join(root, input))) cpSync(join(root, input), join(scratch, input), { recursive: true });
    rmSync(join(scratch, 'openapi/generated'), { recursive: true, force: true });
    symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));
    generate(scratch);
    const differences: string[] = [];
    for (const dir of GENERATED) {
      const fresh = new Set(listFiles(join(scratch, dir)).map((f) => relative(scratch, f)));
      const committed = new Set(listFiles(join(root, dir)).map((f) => relative(root, f)));
      for (const file of new Set([...fresh, ...committed])) {
        if (!fresh.has(file)) differences.push(`${file}: committed but no longer generated`);
        else if (!committed.has(file)) differences.push(`${file}: generated but not committed`);
        else if (readFileSync(join(scratch, file), 'utf8') !== readFileSync(join(root, file), 'utf8'))
          differences.push(`${file}: differs`);
      }
    }
    if (differences.length) {
      console.error(
        `The generated code does not match the contract (${differences.length} files). Run \`npm run codegen\` and commit:`,
      );
      for (const d of differences.slice(0, 40)) console.error(`  ${d}`);
      return 1;
    }
    console.log(`codegen:check: the generated code matches the contract (${GENERATED.join(', ')}).`);
    return 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv.includes('--check')) process.exit(check());
generate(root);
console.log(`Generated ${GENERATED.join(', ')} from openapi/.`);
