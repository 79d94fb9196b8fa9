import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root: the nearest folder above this module with a package.json. The server runs
 * from its sources (tsx, tests) and from the build (`dist/server/main.js`); files it reads at
 * start-up (the contract, forms, migrations, catalogue data, the built web app) are named from
 * here, so both find the same files.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('The project root (a folder with package.json) is not above the server');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();

/** A path inside the project, e.g. `projectPath('forms')`. */
export const projectPath = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
