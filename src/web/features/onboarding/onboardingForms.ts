import { loadBodyForm, resolveSchema, type LoadedBodyForm } from '@/forms/bodyForms';
import type { ServerFieldError } from '@/forms/serverErrors';
import { isJsonObject, type JsonObject, type JsonValue } from '@/forms/types';

export type OnboardingForm = LoadedBodyForm;

/** A step's form (forms/onboarding/<id>/), ready for RJSF, as a route loader reads it. */
export function loadOnboardingForm(formId: string): Promise<OnboardingForm> {
  return loadBodyForm(`onboarding/${formId}`);
}

function typeIs(schema: JsonObject, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** The properties of an object schema, its `$ref` followed. */
export function propertiesOf(root: JsonObject, node: JsonValue | undefined): Record<string, JsonObject> {
  const schema = resolveSchema(root, node);
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, resolveSchema(root, value)]));
}

/** Yes/no questions start as "no": an unticked box is an answer, not a missing one. */
function withBooleans(root: JsonObject, node: JsonValue | undefined, value: JsonObject): JsonObject {
  const out = { ...value };
  for (const [name, property] of Object.entries(propertiesOf(root, node))) {
    if (typeIs(property, 'boolean') && out[name] === undefined) out[name] = false;
  }
  return out;
}

/**
 * The answers the form starts from: what is known, and one blank entry in each required list of
 * entries (an office, a competitor) so the first one is asked for at once. The blank entry's
 * yes/no questions are "no".
 */
export function startingAnswers(root: JsonObject, known: JsonObject): JsonObject {
  const required = Array.isArray(root.required) ? root.required : [];
  const out = withBooleans(root, root, known);
  for (const [name, property] of Object.entries(propertiesOf(root, root))) {
    if (!typeIs(property, 'array')) continue;
    const item = resolveSchema(root, property.items);
    if (!typeIs(item, 'object')) continue;
    const list = Array.isArray(out[name]) ? out[name] : [];
    const filled = list.map((entry) => (isJsonObject(entry) ? withBooleans(root, property.items, entry) : entry));
    out[name] = filled.length === 0 && required.includes(name) ? [withBooleans(root, property.items, {})] : filled;
  }
  return out;
}

/** Whether the server named a field the form does not show (the message then says it on top). */
export function fieldsOutsideForm(root: JsonObject, errors: readonly ServerFieldError[], shown: string[]) {
  const names = new Set([...Object.keys(propertiesOf(root, root)), ...shown]);
  return errors.filter((error) => !names.has(error.field.split('.')[0] ?? ''));
}

export { siblingAnswer } from '@/forms/siblings';

/** The answers without empty strings and nulls of optional fields, as the body leaves them out. */
export function withoutBlanks(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [name, item] of Object.entries(value)) {
    if (item === '' || item === undefined) continue;
    out[name] = Array.isArray(item)
      ? item.map((entry) => (isJsonObject(entry) ? withoutBlanks(entry) : entry))
      : isJsonObject(item)
        ? withoutBlanks(item)
        : item;
  }
  return out;
}

/** What a step's form asks, as the lead under the step's title (the schema's description). */
export const descriptionOf = (form: OnboardingForm) =>
  typeof form.schema.description === 'string' ? form.schema.description : undefined;
