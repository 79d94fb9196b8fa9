/** The shapes of the files in forms/ that the web app reads. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** One entry of forms/index.json. */
export interface FormEntry {
  id: string;
  group: string;
  kind: string;
  family: string;
  subFamily: string | null;
  title: string;
  path: string;
  operationId: string;
  /** Fields sent beside `answers` in the request body rather than inside it. */
  envelopeFields: string[];
}

export interface FormStep {
  id: string;
  title: string;
  fields: string[];
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
