/**
 * Turning a form file into what RJSF and the server's Ajv consume. Browser-safe: no Node APIs.
 *
 * Form files reference the shared definitions in `forms/_defs/` by relative `$ref`, but RJSF
 * only resolves references inside the schema it is given (`#/...`). `bundleFormSchema` copies
 * the referenced definitions into the form's own `$defs` so the same schema validates in Ajv and
 * renders in RJSF. `injectCatalogueOptions` then turns each `x-options` field into a choice of
 * the catalogue's current options, which is both what the web app renders as a select or
 * checkboxes and what the server validates a submission against.
 */

export type JsonSchema = Record<string, unknown>;

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'x-steps']);

function mapSchemas(node: unknown, visit: (schema: JsonSchema) => JsonSchema): unknown {
  if (Array.isArray(node)) return node.map((child) => mapSchemas(child, visit));
  if (!isObject(node)) return node;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(node))
    copy[key] = DATA_KEYWORDS.has(key) ? value : mapSchemas(value, visit);
  return visit(copy);
}

/** `common` for `https://…/forms/_defs/common.json`: the prefix of the copied definitions' names. */
function docName(id: string): string {
  return (id.split('/').pop() ?? id).replace(/\.json$/, '');
}

/**
 * A self-contained copy of `form`: every `$ref` into a shared file becomes `#/$defs/<file>.<name>`
 * (e.g. `#/$defs/common.budget`), with the definition, and what it references, copied in.
 */
export function bundleFormSchema(form: JsonSchema, shared: JsonSchema[]): JsonSchema {
  const formId = String(form.$id);
  const docs = new Map(shared.map((doc) => [String(doc.$id), doc]));
  const defs: JsonSchema = isObject(form.$defs) ? { ...form.$defs } : {};
  const pending: { key: string; schema: unknown; base: string }[] = [];

  const rewrite = (base: string) => (schema: JsonSchema) => {
    if (typeof schema.$ref !== 'string') return schema;
    const url = new URL(schema.$ref, base);
    const hash = decodeURIComponent(url.hash);
    url.hash = '';
    if (url.href === formId) return { ...schema, $ref: `#${hash.slice(1)}` };
    const doc = docs.get(url.href);
    const name = /^#\/\$defs\/([^/]+)$/.exec(hash)?.[1];
    if (!doc || !name || !isObject(doc.$defs) || !isObject(doc.$defs[name])) {
      throw new Error(`${formId}: cannot bundle $ref ${schema.$ref}`);
    }
    const key = `${docName(url.href)}.${name}`;
    if (!(key in defs)) {
      defs[key] = true;
      pending.push({ key, schema: doc.$defs[name], base: url.href });
    }
    return { ...schema, $ref: `#/$defs/${key}` };
  };

  const { $defs: _ownDefs, ...rest } = form;
  const body = mapSchemas(rest, rewrite(formId)) as JsonSchema;
  for (const [key, value] of Object.entries(defs)) {
    if (value !== true) defs[key] = mapSchemas(value, rewrite(formId));
  }
  while (pending.length > 0) {
    const next = pending.shift()!;
    defs[next.key] = mapSchemas(next.schema, rewrite(next.base));
  }
  return Object.keys(defs).length > 0 ? { ...body, $defs: defs } : body;
}

/** A field whose options come from the catalogue, by its path in the answers. */
export interface CatalogueField {
  /** Property names from the root, e.g. `['budget', 'currency']`. */
  path: string[];
  /** The catalogue list, e.g. `web-design-and-development/features`. */
  list: string;
  /** True when the answer is a list of options. */
  multiple: boolean;
}

function deref(root: JsonSchema, schema: JsonSchema): JsonSchema {
  let current = schema;
  const merged: JsonSchema = {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const { $ref, ...siblings } = current;
    // The outermost keyword wins: a field's own title overrides the shared definition's.
    for (const [key, value] of Object.entries(siblings)) if (!(key in merged)) merged[key] = value;
    const target = ($ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), root);
    if (!isObject(target)) break;
    current = target;
  }
  return { ...current, ...merged };
}

/**
 * The `x-options` fields of a bundled form, through nested objects: what the web app fetches
 * to fill the choices and what the server checks against the database.
 */
export function catalogueFields(bundled: JsonSchema): CatalogueField[] {
  const fields: CatalogueField[] = [];
  const visit = (schema: JsonSchema, path: string[]) => {
    const view = deref(bundled, schema);
    if (typeof view['x-options'] === 'string') {
      fields.push({ path, list: view['x-options'], multiple: typeTags(view).has('array') });
      return;
    }
    if (isObject(view.properties)) {
      for (const [name, child] of Object.entries(view.properties)) if (isObject(child)) visit(child, [...path, name]);
    }
  };
  visit(bundled, []);
  return fields;
}

function typeTags(schema: JsonSchema): Set<string> {
  if (Array.isArray(schema.type)) return new Set(schema.type.map(String));
  return new Set(typeof schema.type === 'string' ? [schema.type] : []);
}

/** One catalogue option as the lookup endpoints return it (slug lists, currencies, countries, languages, tools). */
export interface CatalogueOption {
  slug?: string;
  code?: string;
  id?: number;
  label?: string;
  name?: string;
}

/** A copy with every `$ref` replaced by what it names (the forms have no recursive definitions). */
function inlineRefs(root: JsonSchema, node: unknown, depth = 0): unknown {
  if (depth > 50) throw new Error('forms: $ref nesting too deep (a recursive definition?)');
  if (Array.isArray(node)) return node.map((child) => inlineRefs(root, child, depth + 1));
  if (!isObject(node)) return node;
  const view = typeof node.$ref === 'string' ? deref(root, node) : node;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(view)) {
    copy[key] = DATA_KEYWORDS.has(key) ? value : inlineRefs(root, value, depth + 1);
  }
  return copy;
}

/**
 * A copy of a bundled form, every reference inlined, where each `x-options` field whose list is
 * given accepts only that list's options, titled with their labels. Lists not given are left
 * open (the tool picker, for one, searches instead of listing every tool).
 */
export function injectCatalogueOptions(bundled: JsonSchema, lists: Record<string, CatalogueOption[]>): JsonSchema {
  const { $defs: _defs, ...body } = inlineRefs(bundled, bundled) as JsonSchema;
  return mapSchemas(body, (schema) => {
    const list = schema['x-options'];
    if (typeof list !== 'string' || !lists[list]) return schema;
    const choices: JsonSchema[] = lists[list].map((option) => ({
      const: option.slug ?? option.code ?? option.id,
      title: option.label ?? option.name ?? String(option.slug ?? option.code ?? option.id),
    }));
    const types = typeTags(schema);
    if (types.has('array'))
      return { ...schema, items: { ...(isObject(schema.items) ? schema.items : {}), oneOf: choices } };
    return { ...schema, oneOf: types.has('null') ? [...choices, { const: null, title: 'Not specified' }] : choices };
  }) as JsonSchema;
}
