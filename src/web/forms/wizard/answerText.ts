import type { RJSFSchema } from '@rjsf/utils';
import { isJsonObject } from '@/forms/types';

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
    // The schema's order, not the stored one (a database may sort an object's keys).
    const declared = Object.keys(schema.properties ?? {}).filter((name) => name in value);
    const names = [...declared, ...Object.keys(value).filter((name) => !declared.includes(name))];
    return names
      .map((name) => [name, value[name]] as const)
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
