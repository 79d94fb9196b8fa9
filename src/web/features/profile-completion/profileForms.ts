import { useQuery } from '@tanstack/react-query';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { allFormEntries, loadForm, type LoadedForm } from '../../forms/formFiles';
import { isJsonObject, type JsonObject, type JsonValue } from '../../forms/types';
import { isBodyFormEntry, type BodyFormIndexEntry } from '../../../shared/forms/entries';

/** The profile sections and onboarding steps of forms/index.json, by id (`profile/freelancer-about`). */
export function bodyFormEntry(formId: string): BodyFormIndexEntry | undefined {
  return allFormEntries()
    .filter(isBodyFormEntry)
    .find((entry) => entry.id === formId);
}

export type LoadedBodyForm = LoadedForm<BodyFormIndexEntry>;

/** A profile section's files and compiled validators, loaded once per form. */
export function useBodyForm(formId: string) {
  const entry = bodyFormEntry(formId);
  return useQuery({
    queryKey: ['body-form', formId],
    queryFn: () => {
      if (!entry) throw new Error(`forms/index.json has no form ${formId}`);
      return loadForm(entry);
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** A schema node with its local `$ref`s followed, the siblings of a `$ref` refining it. */
export function resolveNode(root: JsonObject, node: JsonValue | undefined): JsonObject {
  let current = node;
  for (let hops = 0; isJsonObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
    const name = /^#\/\$defs\/(.+)$/.exec(current.$ref)?.[1];
    const target = name && isJsonObject(root.$defs) ? root.$defs[name] : undefined;
    const { $ref: _ref, ...siblings } = current;
    current = isJsonObject(target) ? { ...target, ...siblings } : siblings;
  }
  return isJsonObject(current) ? current : {};
}

const allowsNull = (node: JsonObject) =>
  node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'));

/**
 * Answers shaped to the form: only the fields the schema defines (a read answers more: ids,
 * names, dates), and an emptied or missing field that may be null sent as null. The sections
 * are replaced whole, so a nullable field the body requires must be there even when blank.
 */
export function conformToSchema(
  root: JsonObject,
  value: JsonValue | undefined,
  node: JsonValue = root,
): JsonValue | undefined {
  const schema = resolveNode(root, node);
  if (isJsonObject(schema.properties)) {
    const source = isJsonObject(value) ? value : {};
    const out: JsonObject = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      const fitted = conformToSchema(root, source[name], property);
      if (fitted !== undefined) out[name] = fitted;
    }
    return out;
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    const items = schema.items;
    return value.map((item) => conformToSchema(root, item, items) ?? null);
  }
  const blank = value === undefined || value === null || value === '';
  if (blank && allowsNull(schema)) return null;
  // A null read for a field the form asks as a plain value (a project's role): not answered.
  if (blank) return undefined;
  return value as JsonValue;
}

/** The same, for a whole form's answers. */
export function conformAnswers(form: { schema: JsonObject }, answers: JsonValue | undefined): JsonObject {
  const fitted = conformToSchema(form.schema, answers);
  return isJsonObject(fitted) ? fitted : {};
}

/**
 * The schema RJSF renders and the validator it is given. RJSF rewrites the `$ref`s of a draft
 * 2020-12 schema with an `$id` into absolute ones, which the precompiled validator no longer
 * recognises as its own schema; so RJSF gets the schema without `$schema`, and the validator is
 * told of the original whenever RJSF names that copy. (The onboarding forms do the same.)
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
