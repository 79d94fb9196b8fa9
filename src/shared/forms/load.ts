import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleFormSchema, catalogueFields, type CatalogueField, type JsonSchema } from './bundle';
import { readFormIndex, type FormIndexEntry } from './check';

export interface FormStep {
  id: string;
  title: string;
  fields: string[];
}

export interface LoadedForm {
  entry: FormIndexEntry;
  /** Self-contained (shared definitions copied in): compiles in a fresh Ajv and renders in RJSF. */
  schema: JsonSchema;
  ui: JsonSchema;
  /** One step holding every field when the form declares none. */
  steps: FormStep[];
  catalogueFields: CatalogueField[];
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;

/**
 * Every form of index.json, keyed by id (`requests/mobile-app`), read from disk at start-up.
 * Run `checkForms` (or `npm run forms:check`) for readable faults; this trusts the files.
 */
export function loadForms(formsDir: string): Map<string, LoadedForm> {
  const defsDir = path.join(formsDir, '_defs');
  const shared = readdirSync(defsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => readJson(path.join(defsDir, name)));
  const forms = new Map<string, LoadedForm>();
  for (const entry of readFormIndex(formsDir)) {
    const dir = path.join(formsDir, entry.path);
    const schema = bundleFormSchema(readJson(path.join(dir, 'schema.json')), shared);
    const declared = schema['x-steps'] as FormStep[] | undefined;
    const steps = declared ?? [
      { id: 'form', title: String(schema.title), fields: Object.keys(schema.properties as JsonSchema) },
    ];
    forms.set(entry.id, {
      entry,
      schema,
      ui: readJson(path.join(dir, 'ui.json')),
      steps,
      catalogueFields: catalogueFields(schema),
    });
  }
  return forms;
}
