import { isJsonObject, type JsonObject, type JsonValue } from './types';

/**
 * The answer a widget's sibling field holds (the country beside a state): the widget's id is
 * `<prefix>_<path…>_<name>`, the path leading through the answers.
 */
export function siblingAnswer(
  answers: JsonObject,
  idPrefix: string,
  id: string,
  sibling: string,
): JsonValue | undefined {
  const path = id
    .slice(idPrefix.length + 1)
    .split('_')
    .slice(0, -1);
  let node: JsonValue | undefined = answers;
  for (const segment of path) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isJsonObject(node)) node = node[segment];
    else return undefined;
  }
  return isJsonObject(node) ? node[sibling] : undefined;
}

/** What `SchemaForm` hands every widget through RJSF's `formContext`. */
export interface FormAnswersContext {
  answers?: JsonObject;
  idPrefix?: string;
}
