export type JsonObject = Record<string, unknown>;

/** Follows one local `$ref` (`#/components/...`), however many hops, without looking inside. */
export function resolveRef(document: JsonObject, value: unknown, seen: string[] = []): unknown {
  const ref = refOf(value);
  if (ref === undefined) return value;
  if (seen.includes(ref)) throw new Error(`Contract: $ref cycle through ${ref}`);
  return resolveRef(document, lookUp(document, ref), [...seen, ref]);
}

/**
 * Inlines every local `$ref` below `value`, so a request schema stands alone for Ajv. Siblings
 * of a `$ref` (allowed in OpenAPI 3.1) are kept beside it through `allOf`. A recursive schema
 * cannot be inlined: the contract's request bodies have none, and one would fail at start-up.
 */
export function dereference(document: JsonObject, value: unknown, path: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => dereference(document, item, path));
  if (!value || typeof value !== 'object') return value;
  const ref = refOf(value);
  if (ref !== undefined) {
    if (path.includes(ref)) throw new Error(`Contract: recursive schema through ${ref} cannot be used in a request`);
    const target = dereference(document, lookUp(document, ref), [...path, ref]);
    const { $ref: _ref, ...siblings } = value as JsonObject;
    return Object.keys(siblings).length === 0
      ? target
      : { ...(dereference(document, siblings, path) as JsonObject), allOf: [target] };
  }
  const copy: JsonObject = {};
  for (const [key, child] of Object.entries(value)) copy[key] = dereference(document, child, path);
  return copy;
}

function refOf(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const ref = (value as JsonObject).$ref;
  return typeof ref === 'string' ? ref : undefined;
}

function lookUp(document: JsonObject, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Contract: only local $refs are supported in the bundle, got ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as JsonObject)[key] : undefined;
    if (node === undefined) throw new Error(`Contract: $ref ${ref} points at nothing`);
  }
  return node;
}
