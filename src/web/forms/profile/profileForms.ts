import { useQuery } from '@tanstack/react-query';
import { loadBodyForm, resolveSchema } from '@/forms/bodyForms';
import { isJsonObject, type JsonObject, type JsonValue } from '@/forms/types';

/** A profile section's files and compiled validators, loaded once per form. */
export function useBodyForm(formId: string) {
  return useQuery({
    queryKey: ['body-form', formId],
    queryFn: () => loadBodyForm(formId),
    staleTime: Infinity,
    retry: false,
  });
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
  const schema = resolveSchema(root, node);
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
