/**
 * Compiles the request forms' validators at build time (and in the dev server and tests), so
 * the browser validates with plain functions and the CSP can forbid `new Function`.
 *
 *   virtual:form-validators          { '<form path>': () => import('virtual:form-validators/<form path>') }
 *   virtual:form-validators/<path>   [whole form, step 1, step 2, ...] as maps of validate functions
 *
 * The schemas compiled here are made by the same functions the web app uses at run time
 * (bundleDefs, withoutAuthorNotes, readSteps, stepSchema), because a precompiled validator
 * only accepts the exact schema it was compiled from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';
import type { RJSFSchema } from '@rjsf/utils';
import type { Plugin } from 'vite';
import { bundleDefs, withoutAuthorNotes } from '../src/web/forms/bundleDefs';
import { readSteps, stepSchema } from '../src/web/forms/steps';
import type { JsonObject } from '../src/web/forms/types';
import { FORM_VALIDATOR_OPTIONS } from '../src/web/forms/validatorOptions';

const VIRTUAL = 'virtual:form-validators';
const RESOLVED = `\0${VIRTUAL}`;

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonObject;

/** The CommonJS modules Ajv's standalone code requires, imported once per module. */
const RUNTIME_MODULES: Record<string, string> = {
  'ajv/dist/runtime/ucs2length': 'ajvUcs2length',
  'ajv/dist/runtime/equal': 'ajvEqual',
  'ajv/dist/runtime/uri': 'ajvUri',
  'ajv/dist/runtime/timestamp': 'ajvTimestamp',
  'ajv/dist/runtime/quote': 'ajvQuote',
  'ajv-formats/dist/formats': 'ajvFormats',
};

/** The whole form's schema and each step's, as the wizard builds them. */
export function formSchemas(formsDir: string, formPath: string): JsonObject[] {
  const defsDir = join(formsDir, '_defs');
  const defs = Object.fromEntries(readdirSync(defsDir).map((name) => [name, readJson(join(defsDir, name))]));
  const schema = withoutAuthorNotes(bundleDefs(readJson(join(formsDir, formPath, 'schema.json')), defs));
  return [schema, ...readSteps(schema).map((step) => stepSchema(schema, step))];
}

/** Ajv's CommonJS output, run in a function scope with `require` answered from ES imports. */
function moduleCode(schemas: JsonObject[]): string {
  const used = new Set<string>();
  const bodies = schemas.map((schema, index) => {
    const code = compileSchemaValidatorsCode(schema as RJSFSchema, FORM_VALIDATOR_OPTIONS);
    for (const match of code.matchAll(/require\("([^"]+)"\)/g)) {
      if (!RUNTIME_MODULES[match[1]!]) throw new Error(`form validators: unexpected runtime module ${match[1]}`);
      used.add(match[1]!);
    }
    return `const validators${index} = (() => {\n  const exports = {};\n${code}\n  return exports;\n})();`;
  });
  const imports = [...used].map((name) => `import * as ${RUNTIME_MODULES[name]} from '${name}';`);
  const requireMap = [...used].map((name) => `  '${name}': ${RUNTIME_MODULES[name]},`);
  return [
    ...imports,
    // Ajv reads `.default` of its runtime helpers and named exports of the formats.
    `const runtime = {\n${requireMap.join('\n')}\n};`,
    'const require = (name) => { const mod = runtime[name]; return mod.default && mod.default.default ? mod.default : mod; };',
    ...bodies,
    `export default [${schemas.map((_, index) => `validators${index}`).join(', ')}];`,
  ].join('\n');
}

export function formValidators(root: string): Plugin {
  const formsDir = resolve(root, 'forms');
  return {
    name: 'form-validators',
    resolveId(id) {
      return id === VIRTUAL || id.startsWith(`${VIRTUAL}/`) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === RESOLVED) {
        const { forms } = readJson(join(formsDir, 'index.json')) as { forms: { path: string }[] };
        this.addWatchFile(join(formsDir, 'index.json'));
        const entries = forms.map((form) => `  '${form.path}': () => import('${VIRTUAL}/${form.path}'),`);
        return `export default {\n${entries.join('\n')}\n};`;
      }
      if (id.startsWith(`${RESOLVED}/`)) {
        const formPath = id.slice(RESOLVED.length + 1);
        this.addWatchFile(join(formsDir, formPath, 'schema.json'));
        for (const name of readdirSync(join(formsDir, '_defs'))) this.addWatchFile(join(formsDir, '_defs', name));
        return moduleCode(formSchemas(formsDir, formPath));
      }
      return undefined;
    },
  };
}
