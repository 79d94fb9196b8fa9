import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import type { JsonObject } from '../../forms/types';
import { formValidator } from '../../forms/validator';

/** The form's field that lists tools (`x-options: tool`), if it has one. */
function toolField(schema: JsonObject): { name: string; multiple: boolean } | null {
  const root = schema as RJSFSchema;
  for (const [name, raw] of Object.entries(root.properties ?? {})) {
    const field = retrieveSchema(formValidator, raw as RJSFSchema, root, undefined);
    if (field['x-options'] === 'tool') return { name, multiple: field.type === 'array' };
  }
  return null;
}

/** The answers with the tool picked in a search added to the form's tool field. */
export function withSelectedTool(schema: JsonObject, answers: JsonObject, toolId: number | null): JsonObject {
  const field = toolField(schema);
  if (!field || toolId === null) return answers;
  if (!field.multiple) return { ...answers, [field.name]: toolId };
  const current = Array.isArray(answers[field.name]) ? (answers[field.name] as number[]) : [];
  return current.includes(toolId) ? answers : { ...answers, [field.name]: [...current, toolId] };
}
