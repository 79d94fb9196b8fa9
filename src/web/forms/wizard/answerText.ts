import type { RJSFSchema } from '@rjsf/utils';
import type { ServiceRequestBudget } from '@/api/generated/model';
import { isJsonObject, type JsonObject } from '@/forms/types';
import { formatBudget, formatDate, formatNumber } from '@/lib/format';

/** A choice's title from the schema's own `oneOf`/`enum`. */
function schemaChoice(schema: RJSFSchema, value: unknown): string | undefined {
  const match = schema.oneOf?.find((option) => typeof option === 'object' && option.const === value);
  return typeof match === 'object' && typeof match.title === 'string' ? match.title : undefined;
}

/** The shared budget (a type, a currency, amounts): written as "$5,000 – $9,000", not field by field. */
function isBudget(value: JsonObject): boolean {
  return (
    typeof value.type === 'string' &&
    typeof value.currency === 'string' &&
    ('min' in value || 'max' in value || value.type === 'not-sure')
  );
}

/**
 * An answer as text for the review. Catalogue values come with their labels (`labels`); a budget
 * reads "$5,000 – $9,000", a date "15 Dec 2026", a number "5,000"; other groups (contact details)
 * read as "Name: Ana · Email: ana@example.com".
 */
export function answerText(schema: RJSFSchema, value: unknown, labels?: Map<string, string>): string {
  if (value === undefined || value === null || value === '') return '';
  if (isJsonObject(value) && isBudget(value)) {
    const budget = value as unknown as ServiceRequestBudget;
    return formatBudget({ ...budget, min: budget.min ?? null, max: budget.max ?? null });
  }
  if (typeof value === 'number') return schemaChoice(schema, value) ?? formatNumber(value);
  if (typeof value === 'string' && schema.format === 'date') return formatDate(value) || value;
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
