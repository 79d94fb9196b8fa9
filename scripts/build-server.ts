/**
 * Compiles the server for `npm start` (run by `npm run build`, after the web app):
 * - `dist/server/main.js`: src/server bundled into one ES module by esbuild; packages stay in
 *   node_modules, so native ones (sharp, argon2, PGlite's wasm) load as they do from the sources;
 * - `dist/server/openapi.json`: the bundled contract as JSON with the hash of the YAML it came
 *   from, so the server reads it with JSON.parse and falls back to the YAML when they differ.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { CONTRACT_PATH, contractCache, contractSourceHash } from '../src/server/contract/document';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(root, 'dist/server');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const result = await build({
  entryPoints: [resolve(root, 'src/server/main.ts')],
  outfile: resolve(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});

const yamlText = readFileSync(CONTRACT_PATH, 'utf8');
const cache = contractCache();
writeFileSync(cache, JSON.stringify({ source: contractSourceHash(yamlText), document: parse(yamlText) }));

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `server compiled: dist/server/main.js (${Math.round(bytes / 1024)} KiB with its source map), contract cache ${cache}`,
);
