import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createFormsAjv } from '../../../shared/forms/ajv';
import type { JsonSchema } from '../../../shared/forms/bundle';
import { loadForms, type LoadedForm } from '../../../shared/forms/load';
import type { FieldError } from '../../errors';

export const FORMS_DIR = fileURLToPath(new URL('../../../../forms', import.meta.url));

export interface RequestForm extends LoadedForm {
  validate: ValidateFunction;
  /** The top-level field holding the shared budget object, when the form asks for one. */
  budgetField: string | null;
  /** Top-level fields marked `x-private`: left out of the public job board's answers. */
  privateFields: string[];
}

const cache = new Map<string, Map<string, RequestForm>>();

/**
 * The forms posted through createServiceRequest, read and compiled once per folder: the same
 * files the web app renders, so a field added to a schema is validated here without code.
 */
export function requestForms(formsDir: string = FORMS_DIR): Map<string, RequestForm> {
  let forms = cache.get(formsDir);
  if (forms) return forms;
  const ajv = createFormsAjv();
  forms = new Map();
  for (const [id, form] of loadForms(formsDir)) {
    if (form.entry.operationId !== 'createServiceRequest') continue;
    forms.set(id, {
      ...form,
      validate: ajv.compile(form.schema),
      budgetField: budgetFieldOf(form.schema),
      privateFields: privateFieldsOf(form.schema),
    });
  }
  cache.set(formsDir, forms);
  return forms;
}

function privateFieldsOf(schema: JsonSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const isPrivate = (property: JsonSchema): boolean => {
    if (property['x-private'] === true) return true;
    const ref = typeof property.$ref === 'string' ? property.$ref : '';
    const target = ref.startsWith('#/$defs/') ? defs[ref.slice('#/$defs/'.length)] : undefined;
    return target !== undefined && target['x-private'] === true;
  };
  return Object.entries(properties)
    .filter(([, property]) => isPrivate(property))
    .map(([name]) => name);
}

function budgetFieldOf(schema: JsonSchema): string | null {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    if (property.$ref === '#/$defs/common.budget') return name;
  }
  return null;
}

/** `/budget/min` in the form data to the contract's field name (`answers.budget.min`, `title`). */
export function fieldName(envelopeFields: readonly string[], segments: readonly (string | number)[]): string {
  const [first, ...rest] = segments.map(String);
  if (first === undefined) return 'answers';
  const head = envelopeFields.includes(first) ? first : `answers.${first}`;
  return [head, ...rest].join('.');
}

const pointerSegments = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'oneOf':
    case 'enum':
      return 'must be one of the listed choices';
    case 'additionalProperties':
      return 'is not a field of this form';
    case 'required':
      return 'is required';
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Ajv's errors as the envelope's field list, one entry per field. A choice (`oneOf` of consts)
 * fails once per branch and an `if`/`then` once more for the branch: only the meaningful error
 * of each field is kept.
 */
export function formErrors(envelopeFields: readonly string[], errors: readonly ErrorObject[]): FieldError[] {
  const choicePaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  const seen = new Map<string, FieldError>();
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    if (error.keyword === 'const' && choicePaths.has(error.instancePath)) continue;
    const segments = pointerSegments(error.instancePath);
    if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
    if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
    const field = fieldName(envelopeFields, segments);
    if (!seen.has(field)) seen.set(field, { field, message: messageOf(error) });
  }
  return [...seen.values()];
}
