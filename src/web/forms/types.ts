/** The shapes of the files in forms/ that the web app reads. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** One entry of forms/index.json (its shape is checked by the forms check). */
export type { FormIndexEntry as FormEntry } from '../../shared/forms/check';

export interface FormStep {
  id: string;
  title: string;
  fields: string[];
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
