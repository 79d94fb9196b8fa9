import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createFormsAjv } from '../../shared/forms/ajv';
import { bundleFormSchema, type JsonSchema } from '../../shared/forms/bundle';
import { readBodyFormIndex, type BodyFormIndexEntry } from '../../shared/forms/check';
import { toFieldErrors } from '../contract/validation-errors';
import type { FieldError } from '../errors';
import { FORMS_DIR } from '../modules/requests/forms';

/** An onboarding step or profile section: the whole request body of each of its operations. */
export interface BodyForm {
  entry: BodyFormIndexEntry;
  /** Self-contained (shared definitions copied in), as the web app renders it. */
  schema: JsonSchema;
  validate: ValidateFunction;
}

export interface BodyForms {
  byId: Map<string, BodyForm>;
  byOperation: Map<string, BodyForm>;
}

const cache = new Map<string, BodyForms>();

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;

/**
 * The onboarding and profile forms of forms/index.json, read and compiled once per folder with
 * the Ajv the request forms use: the files the web app renders are the rules the server applies.
 */
export function bodyForms(formsDir: string = FORMS_DIR): BodyForms {
  const cached = cache.get(formsDir);
  if (cached) return cached;
  const defsDir = path.join(formsDir, '_defs');
  const shared = readdirSync(defsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => readJson(path.join(defsDir, name)));
  const ajv = createFormsAjv();
  const forms: BodyForms = { byId: new Map(), byOperation: new Map() };
  for (const entry of readBodyFormIndex(formsDir)) {
    const schema = bundleFormSchema(readJson(path.join(formsDir, entry.path, 'schema.json')), shared);
    const form: BodyForm = { entry, schema, validate: ajv.compile(schema) };
    forms.byId.set(entry.id, form);
    for (const operationId of entry.operationIds) {
      const other = forms.byOperation.get(operationId);
      if (other) throw new Error(`forms/index.json: ${operationId} is the body of ${other.entry.id} and ${entry.id}`);
      forms.byOperation.set(operationId, form);
    }
  }
  cache.set(formsDir, forms);
  return forms;
}

/** The form with this id (`onboarding/business-details`) or whose body this operation takes. */
export function bodyFormOf(formsDir: string, formIdOrOperationId: string): BodyForm | undefined {
  const forms = bodyForms(formsDir);
  return forms.byId.get(formIdOrOperationId) ?? forms.byOperation.get(formIdOrOperationId);
}

/**
 * Ajv's errors named the way the contract's own validation names them (`companyName`,
 * `locations.0.city`, `body`). A choice (`oneOf` of consts) fails once per option and an
 * `if`/`then` once more for the branch: each field keeps its one meaningful error.
 */
function bodyErrors(errors: readonly ErrorObject[]): FieldError[] {
  const choicePaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  const meaningful = errors
    .filter((error) => !(error.keyword === 'const' && choicePaths.has(error.instancePath)))
    .map((error) => (error.keyword === 'oneOf' ? { ...error, message: 'must be one of the listed choices' } : error));
  return toFieldErrors(meaningful, 'body');
}

/**
 * Validates a request body (for a multipart operation: its parsed non-file fields) against the
 * form of `formIdOrOperationId`. Null when it passes, else the envelope's field errors. An id
 * that names no form is a programming error and throws.
 */
export function validateFormBody(formsDir: string, formIdOrOperationId: string, body: unknown): FieldError[] | null {
  const form = bodyFormOf(formsDir, formIdOrOperationId);
  if (!form) throw new Error(`No onboarding or profile form for ${formIdOrOperationId}`);
  if (form.validate(body)) return null;
  return bodyErrors(form.validate.errors ?? []);
}
