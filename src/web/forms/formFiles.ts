import type { UiSchema } from '@rjsf/utils';
import { bundleDefs, withoutAuthorNotes } from './bundleDefs';
import { withCatalogueWidgets } from './catalogueUi';
import type { FormValidators } from './precompiled';
import { readSteps, stepSchema } from './steps';
import { isBodyFormEntry, type AnyFormIndexEntry } from '../../shared/forms/entries';
import { isJsonObject, type FormEntry, type FormStep, type JsonObject } from './types';

/*
 * The files of forms/ (outside Vite's root, which fs.allow opens). The index is small and
 * needed by every chooser, so it is bundled; each form's schema and UI schema load on demand.
 */
const indexFile = import.meta.glob<{ forms: AnyFormIndexEntry[] }>('../../../forms/index.json', {
  eager: true,
  import: 'default',
});
const defsFiles = import.meta.glob<JsonObject>('../../../forms/_defs/*.json', { import: 'default' });
const schemaFiles = import.meta.glob<JsonObject>('../../../forms/*/*/schema.json', { import: 'default' });
const uiFiles = import.meta.glob<JsonObject>('../../../forms/*/*/ui.json', { import: 'default' });

const FORMS_ROOT = '../../../forms/';

/** Every form forms/index.json lists, in its order. */
export function allFormEntries(): AnyFormIndexEntry[] {
  return Object.values(indexFile)[0]?.forms ?? [];
}

/** The request forms forms/index.json lists (not the onboarding steps and profile sections), in its order. */
export function formEntries(): FormEntry[] {
  return allFormEntries().filter((entry): entry is FormEntry => !isBodyFormEntry(entry));
}

export interface LoadedForm<Entry extends AnyFormIndexEntry = FormEntry> {
  entry: Entry;
  /** Shared definitions bundled in; `x-options` and `x-steps` kept. */
  schema: JsonObject;
  uiSchema: UiSchema;
  steps: FormStep[];
  /** Each step's schema, in order, as the wizard validates them. */
  stepSchemas: JsonObject[];
  validators: FormValidators;
}

async function loadJson(files: Record<string, () => Promise<JsonObject>>, path: string): Promise<JsonObject> {
  const load = files[`${FORMS_ROOT}${path}`];
  if (!load) throw new Error(`forms/${path} is missing`);
  return load();
}

async function loadDefs(): Promise<Record<string, JsonObject>> {
  const entries = await Promise.all(
    Object.entries(defsFiles).map(async ([path, load]) => [path.split('/').pop() ?? path, await load()] as const),
  );
  return Object.fromEntries(entries);
}

/** A form's own files and the shared definitions (`_defs/*.json`, by file name), as read from forms/. */
export interface FormFileSet {
  schema: JsonObject;
  ui: JsonObject;
  defs: Record<string, JsonObject>;
}

/** A loaded form but its validators, which the build compiles from exactly these schemas. */
export type FormLayout<Entry extends AnyFormIndexEntry = FormEntry> = Omit<LoadedForm<Entry>, 'validators'>;

/**
 * What the wizard, the review and the answers view render, made from a form's files alone: no
 * file list or form name is built in, so any folder of forms gives its forms the same way.
 */
export function formLayout<Entry extends AnyFormIndexEntry = FormEntry>(
  entry: Entry,
  files: FormFileSet,
): FormLayout<Entry> {
  const schema = withoutAuthorNotes(bundleDefs(files.schema, files.defs));
  const uiSchema = withCatalogueWidgets(schema, files.ui);
  const steps = readSteps(schema);
  const stepSchemas = steps.map((step) => stepSchema(schema, step));
  return { entry, schema, uiSchema, steps, stepSchemas };
}

/** A form's files, ready for RJSF. */
export async function loadForm<Entry extends AnyFormIndexEntry = FormEntry>(entry: Entry): Promise<LoadedForm<Entry>> {
  const [rawSchema, rawUi, defs] = await Promise.all([
    loadJson(schemaFiles, `${entry.path}/schema.json`),
    uiFiles[`${FORMS_ROOT}${entry.path}/ui.json`] ? loadJson(uiFiles, `${entry.path}/ui.json`) : Promise.resolve({}),
    loadDefs(),
  ]);
  const layout = formLayout(entry, { schema: rawSchema, ui: isJsonObject(rawUi) ? rawUi : {}, defs });
  // The validator runtime (RJSF's AJV glue) loads with the first form, not with the form index.
  const { loadFormValidators } = await import('./precompiled');
  const validators = await loadFormValidators(entry.path, [layout.schema, ...layout.stepSchemas]);
  return { ...layout, validators };
}
