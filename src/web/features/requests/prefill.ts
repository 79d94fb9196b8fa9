import { retrieveSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { JsonObject } from '@/forms/types';

/** The form's field that lists tools (`x-options: tool`), if it has one. */
function toolField(schema: JsonObject, validator: ValidatorType): { name: string; multiple: boolean } | null {
  const root = schema as RJSFSchema;
  for (const [name, raw] of Object.entries(root.properties ?? {})) {
    const field = retrieveSchema(validator, raw as RJSFSchema, root, undefined);
    if (field['x-options'] === 'tool') return { name, multiple: field.type === 'array' };
  }
  return null;
}

/** The answers with the tool picked in a search added to the form's tool field. */
export function withSelectedTool(
  schema: JsonObject,
  validator: ValidatorType,
  answers: JsonObject,
  toolId: number | null,
): JsonObject {
  const field = toolField(schema, validator);
  if (!field || toolId === null) return answers;
  if (!field.multiple) return { ...answers, [field.name]: toolId };
  const current = Array.isArray(answers[field.name]) ? (answers[field.name] as number[]) : [];
  return current.includes(toolId) ? answers : { ...answers, [field.name]: [...current, toolId] };
}
