import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { allFormEntries, loadForm, type LoadedForm } from './formFiles';
import { isJsonObject, type JsonObject, type JsonValue } from './types';
import { isBodyFormEntry, type BodyFormIndexEntry } from '../../shared/forms/entries';

/** An onboarding step or profile section of forms/: its files and compiled validators. */
export type LoadedBodyForm = LoadedForm<BodyFormIndexEntry>;

/** The profile sections and onboarding steps of forms/index.json, by id (`profile/freelancer-about`). */
export function bodyFormEntry(formId: string): BodyFormIndexEntry | undefined {
  return allFormEntries()
    .filter(isBodyFormEntry)
    .find((entry) => entry.id === formId);
}

/** A body form by id, ready for RJSF, as a route loader or a query reads it. */
export async function loadBodyForm(formId: string): Promise<LoadedBodyForm> {
  const entry = bodyFormEntry(formId);
  if (!entry) throw new Error(`forms/index.json lists no ${formId}`);
  return loadForm(entry);
}

/** A schema node with its local `$ref`s followed, the siblings of a `$ref` refining its target (as RJSF merges them). */
export function resolveSchema(root: JsonObject, node: JsonValue | undefined): JsonObject {
  let current = node;
  for (let hops = 0; isJsonObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    const name = /^#\/\$defs\/(.+)$/.exec(current.$ref)?.[1];
    const target = name && isJsonObject(root.$defs) ? root.$defs[name] : undefined;
    const { $ref: _ref, ...siblings } = current;
    current = isJsonObject(target) ? { ...target, ...siblings } : siblings;
  }
  return isJsonObject(current) ? current : {};
}

/** UI schema entries of a page (widgets it provides, fields it hides) laid over the form's own. */
export function mergeUiSchema(base: UiSchema, overrides: UiSchema | undefined): UiSchema {
  if (!overrides) return base;
  const out: UiSchema = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = out[key] as unknown;
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? mergeUiSchema(current as UiSchema, value as UiSchema)
        : value;
  }
  return out;
}

/**
 * The schema RJSF renders and the validator it is given. A form is rendered whole (its `if`/`then`
 * included), not as the wizard's steps; RJSF rewrites the `$ref`s of a draft 2020-12 schema with an
 * `$id` into absolute ones, which the precompiled validator would no longer recognise as its own
 * schema. So RJSF gets the schema without `$schema` (left as it is), and the validator hears of
 * the original whenever RJSF names that copy.
 */
export function renderableForm(form: LoadedBodyForm): { schema: JsonObject; validator: ValidatorType } {
  const { $schema: _draft, ...schema } = form.schema;
  const base = form.validators.form;
  const original = (candidate: unknown) => (candidate === schema ? form.schema : candidate) as RJSFSchema;
  const validator = Object.create(base) as ValidatorType;
  validator.validateFormData = (formData, target, ...rest) =>
    base.validateFormData(formData, original(target), ...rest);
  validator.isValid = (target, formData, rootSchema) => base.isValid(original(target), formData, original(rootSchema));
  validator.rawValidation = (target, formData) => base.rawValidation(original(target), formData);
  return { schema, validator };
}
