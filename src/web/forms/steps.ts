import { isJsonObject, type FormStep, type JsonObject } from './types';

function propertyNames(schema: JsonObject): string[] {
  return isJsonObject(schema.properties) ? Object.keys(schema.properties) : [];
}

/** The form's `x-steps`; a form without them is one step holding every field. */
export function readSteps(schema: JsonObject): FormStep[] {
  const declared = Array.isArray(schema['x-steps']) ? schema['x-steps'] : [];
  const steps = declared.flatMap((step): FormStep[] => {
    if (!isJsonObject(step) || typeof step.id !== 'string' || !Array.isArray(step.fields)) return [];
    const fields = step.fields.filter((field): field is string => typeof field === 'string');
    return [{ id: step.id, title: typeof step.title === 'string' ? step.title : step.id, fields }];
  });
  if (steps.length) return steps;
  const title = typeof schema.title === 'string' ? schema.title : 'Your request';
  return [{ id: 'request', title, fields: propertyNames(schema) }];
}

/**
 * The schema of one step: only its fields, and only their required flags, so validating it
 * says nothing about the other steps. Top-level conditionals may tie fields of several steps
 * together, so they are left to the final check of the whole form. `$id` goes too: the
 * validator caches compiled schemas by it, and a step is not the form.
 */
export function stepSchema(schema: JsonObject, step: FormStep): JsonObject {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const picked = Object.fromEntries(Object.entries(properties).filter(([name]) => step.fields.includes(name)));
  const rest = { ...schema };
  for (const key of ['$id', 'additionalProperties', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'x-steps']) {
    delete rest[key];
  }
  return {
    ...rest,
    properties: picked,
    required: required.filter((name) => typeof name === 'string' && step.fields.includes(name)),
  };
}
