import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { loadForm, type LoadedForm } from '@/forms/formFiles';
import type { AnyFormIndexEntry } from '../../../shared/forms/entries';
import type { JsonObject, JsonValue } from '@/forms/types';

/*
 * The form files as they are on disk, for reading beside the rendered form. formFiles.ts loads
 * the same modules; these globs add the examples, which only the gallery shows.
 */
const FORMS_ROOT = '../../../../forms/';
const schemaFiles = import.meta.glob<JsonObject>('../../../../forms/*/*/schema.json', { import: 'default' });
const uiFiles = import.meta.glob<JsonObject>('../../../../forms/*/*/ui.json', { import: 'default' });
const exampleFiles = import.meta.glob<JsonValue>('../../../../forms/*/*/examples/*.json', { import: 'default' });

export type ExampleKind = 'valid' | 'invalid';

export interface CheckResult {
  valid: boolean;
  /** As RJSF reports them from Ajv: the field's path (`.budget.max`), the keyword and the message. */
  errors: RJSFValidationError[];
}

export interface FormExample {
  /** The file name, `valid-complete.json`. */
  name: string;
  /** What the name promises: `valid-*` must pass, `invalid-*` must fail. */
  expected: ExampleKind;
  data: JsonValue;
  result: CheckResult;
}

export interface GalleryForm {
  form: LoadedForm<AnyFormIndexEntry>;
  /** schema.json and ui.json as written. */
  schemaFile: JsonObject;
  uiFile: JsonObject | null;
  examples: FormExample[];
}

/** Answers checked against the whole form with its precompiled validator, as a submission is. */
export function checkAnswers(form: LoadedForm<AnyFormIndexEntry>, data: JsonValue): CheckResult {
  const { errors } = form.validators.form.validateFormData(data, form.schema as RJSFSchema);
  return { valid: errors.length === 0, errors };
}

/** The example files of a form, by name. */
export function exampleNames(entry: AnyFormIndexEntry): string[] {
  const prefix = `${FORMS_ROOT}${entry.path}/examples/`;
  return Object.keys(exampleFiles)
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length))
    .sort();
}

export async function loadGalleryForm(entry: AnyFormIndexEntry): Promise<GalleryForm> {
  const loadSchema = schemaFiles[`${FORMS_ROOT}${entry.path}/schema.json`];
  const loadUi = uiFiles[`${FORMS_ROOT}${entry.path}/ui.json`];
  const names = exampleNames(entry);
  const [form, schemaFile, uiFile, examples] = await Promise.all([
    loadForm(entry),
    loadSchema ? loadSchema() : Promise.resolve({}),
    loadUi ? loadUi() : Promise.resolve(null),
    Promise.all(names.map((name) => exampleFiles[`${FORMS_ROOT}${entry.path}/examples/${name}`]!())),
  ]);
  return {
    form,
    schemaFile,
    uiFile,
    examples: names.map((name, index) => {
      const data = examples[index]!;
      const expected: ExampleKind = name.startsWith('invalid-') ? 'invalid' : 'valid';
      return { name, expected, data, result: checkAnswers(form, data) };
    }),
  };
}

/** Forms of index.json by their `group`, in the index's order. */
export function groupForms<Entry extends AnyFormIndexEntry>(entries: Entry[]): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  return [...groups];
}
