import type { RJSFSchema } from '@rjsf/utils';
import { isJsonObject } from '../../forms/types';

/** A choice's title from the schema's own `oneOf`/`enum`. */
function schemaChoice(schema: RJSFSchema, value: unknown): string | undefined {
  const match = schema.oneOf?.find((option) => typeof option === 'object' && option.const === value);
  return typeof match === 'object' && typeof match.title === 'string' ? match.title : undefined;
}

/**
 * An answer as text for the review. Catalogue values come with their labels (`labels`);
 * groups (the budget) read as "From: 2000 · Up to: 5000 · Currency: USD".
 */
export function answerText(schema: RJSFSchema, value: unknown, labels?: Map<string, string>): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) {
    const itemSchema = isJsonObject(schema.items) ? (schema.items as RJSFSchema) : {};
    return value.map((item) => labels?.get(String(item)) ?? answerText(itemSchema, item)).join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isJsonObject(value)) {
    return Object.entries(value)
      .map(([name, inner]) => {
        const innerSchema = (schema.properties?.[name] ?? {}) as RJSFSchema;
        const text = answerText(innerSchema, inner);
        return text ? `${innerSchema.title ?? name}: ${text}` : '';
      })
      .filter(Boolean)
      .join(' · ');
  }
  return labels?.get(String(value)) ?? schemaChoice(schema, value) ?? String(value);
}
