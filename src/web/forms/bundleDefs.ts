import { isJsonObject, type JsonObject, type JsonValue } from './types';

/** `../../_defs/common.json#/$defs/title` → file `common.json`, definition `title`. */
const SHARED_REF = /(?:^|\/)_defs\/([^#/]+)#\/\$defs\/(.+)$/;

function rewriteRefs(node: JsonValue): JsonValue {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!isJsonObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    const match = key === '$ref' && typeof value === 'string' ? SHARED_REF.exec(value) : null;
    out[key] = match ? `#/$defs/${match[2]}` : rewriteRefs(value);
  }
  return out;
}

/**
 * RJSF resolves only local `$ref`s, so the shared definitions files are copied into the form's
 * own `$defs` and every reference to them made local. The shared files refer to their own
 * definitions as `#/$defs/...`, which stays right once they sit in the form's `$defs`.
 * A name defined twice is an error in the form files, not something to guess about.
 */
export function bundleDefs(schema: JsonObject, defsFiles: Record<string, JsonObject>): JsonObject {
  const merged: JsonObject = isJsonObject(schema.$defs) ? { ...schema.$defs } : {};
  for (const [file, content] of Object.entries(defsFiles)) {
    const defs = isJsonObject(content.$defs) ? content.$defs : {};
    for (const [name, definition] of Object.entries(defs)) {
      if (name in merged) throw new Error(`Definition "${name}" of _defs/${file} is defined twice`);
      merged[name] = definition;
    }
  }
  const bundled = rewriteRefs(schema) as JsonObject;
  return Object.keys(merged).length ? { ...bundled, $defs: rewriteRefs(merged) } : bundled;
}

/**
 * Definitions without a title are building blocks (`optionSlug`, `url`); their descriptions
 * speak to form authors ("The slug of an option of a catalogue list"), not to clients, so the
 * fields built on them show only what the field itself says.
 */
export function withoutAuthorNotes(schema: JsonObject): JsonObject {
  if (!isJsonObject(schema.$defs)) return schema;
  const defs = Object.fromEntries(
    Object.entries(schema.$defs).map(([name, definition]) => {
      if (!isJsonObject(definition) || 'title' in definition) return [name, definition];
      const { description: _note, ...rest } = definition;
      return [name, rest];
    }),
  );
  return { ...schema, $defs: defs };
}
