import type { FieldError } from '../errors';
import type { JsonObject } from './dereference';

/**
 * The checks every value a caller sends goes through before Ajv, a handler or the database sees
 * it: body, query, path and multipart text fields alike. The walk is iterative (an explicit
 * stack), so no input, however deep, can exhaust the call stack, and it stops at the limits
 * below, so Ajv and the handlers never see a value they would have to recurse through.
 */
export const INPUT_LIMITS = {
  /** Objects and lists inside each other; the contract's deepest body is a handful of levels. */
  depth: 64,
  /** Values in one part of a request (a 1 MB JSON body could otherwise hold half a million). */
  nodes: 20_000,
  /** Faults reported per request: enough to name every field of a form, no more. */
  errors: 20,
} as const;

/**
 * The contract extension that lets a field hold line breaks: `x-multiline: true` on a string
 * schema, or on an object or list schema for every string inside it (the free-form `answers`
 * of a request form).
 */
export const MULTILINE_KEYWORD = 'x-multiline';

/** Where line breaks are allowed, field by field: built once per operation from its schema. */
export interface LineBreakRules {
  /** Every string at and below this field may hold tab, LF and CR. */
  all: boolean;
  /** Named properties (`properties`), and `*` for any other key (`additionalProperties`). */
  fields: Map<string, LineBreakRules>;
  /** The items of a list. */
  items?: LineBreakRules;
}

/** No field takes line breaks (query and path parameters, schemas without the extension). */
export const NO_LINE_BREAKS: LineBreakRules = { all: false, fields: new Map() };

const ANY_KEY = '*';

/**
 * The line-break rules of a dereferenced schema: where `x-multiline` is set, looking through
 * `allOf`/`oneOf`/`anyOf`/`if`/`then`/`else`. The contract's request schemas are finite (a
 * recursive one fails at start-up), so this walk ends.
 */
export function lineBreakRules(schema: JsonObject): LineBreakRules {
  const rules: LineBreakRules = { all: false, fields: new Map() };
  addRules(rules, schema);
  return rules;
}

function addRules(rules: LineBreakRules, schema: unknown): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as JsonObject;
  if (node[MULTILINE_KEYWORD] === true) rules.all = true;
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const branch of (node[keyword] as unknown[] | undefined) ?? []) addRules(rules, branch);
  }
  for (const keyword of ['if', 'then', 'else'] as const) addRules(rules, node[keyword]);
  const child = (key: string) => {
    let found = rules.fields.get(key);
    if (!found) rules.fields.set(key, (found = { all: false, fields: new Map() }));
    return found;
  };
  for (const [name, property] of Object.entries((node.properties as JsonObject | undefined) ?? {})) {
    addRules(child(name), property);
  }
  if (typeof node.additionalProperties === 'object') addRules(child(ANY_KEY), node.additionalProperties);
  if (node.items && typeof node.items === 'object')
    addRules((rules.items ??= { all: false, fields: new Map() }), node.items);
}

/** C0 controls, DEL and C1 controls (`\p{Cc}`): never text a person typed. */
const CONTROL = /\p{Cc}/u;
/** The same, less tab, LF and CR: what a field that takes line breaks refuses. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const MESSAGES = {
  control: 'must not contain control characters',
  controlInText: 'must not contain control characters other than line breaks and tabs',
  unicode: 'must be well-formed text (it holds half of a character pair)',
  depth: `must not be nested more than ${INPUT_LIMITS.depth} levels deep`,
  nodes: `must not hold more than ${INPUT_LIMITS.nodes} values`,
} as const;

/** Why a piece of text is refused, or undefined when it is fine. */
function textFault(text: string, lineBreaks: boolean): string | undefined {
  // PostgreSQL stores a lone surrogate in neither text nor jsonb.
  if (!text.isWellFormed()) return MESSAGES.unicode;
  if (lineBreaks ? CONTROL_BUT_LINE_BREAKS.test(text) : CONTROL.test(text)) {
    return lineBreaks ? MESSAGES.controlInText : MESSAGES.control;
  }
  return undefined;
}

const isPlainData = (value: object): boolean => {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as { constructor?: unknown } | null;
  // Fastify's query and params objects inherit from a prototype-less object of their own, so
  // they count as data; an uploaded file (a Buffer) or any other class instance is not text.
  return prototype === null || prototype === Object.prototype || prototype.constructor === undefined;
};

interface Pending {
  value: unknown;
  /** The field as the contract's errors name it: `answers.budget.min`, `query.q`, `path.refId`. */
  field: string;
  /** The field of the request part the value belongs to (`answers`), for depth faults. */
  top: string;
  depth: number;
  rules: LineBreakRules | undefined;
  lineBreaks: boolean;
}

/**
 * Every fault of one request part: text that is not well-formed Unicode or holds control
 * characters (tab, LF and CR only where `rules` allow line breaks), in keys as in values, and
 * values nested too deep or too many. `root` prefixes the field names (`query`, `path`; empty
 * for a body, whose fields are named bare). Stops at `INPUT_LIMITS.errors` faults.
 */
export function inspectInput(value: unknown, root: string, rules: LineBreakRules = NO_LINE_BREAKS): FieldError[] {
  const errors: FieldError[] = [];
  const rootField = root || 'body';
  const report = (field: string, message: string) => {
    if (!errors.some((error) => error.field === field && error.message === message)) errors.push({ field, message });
  };
  const stack: Pending[] = [{ value, field: root, top: rootField, depth: 0, rules, lineBreaks: rules.all }];
  let nodes = 0;
  while (stack.length > 0 && errors.length < INPUT_LIMITS.errors) {
    const { value: current, field, top, depth, rules: here, lineBreaks } = stack.pop()!;
    if (++nodes > INPUT_LIMITS.nodes) {
      report(rootField, MESSAGES.nodes);
      break;
    }
    if (typeof current === 'string') {
      const fault = textFault(current, lineBreaks);
      if (fault) report(field || rootField, fault);
      continue;
    }
    if (current === null || typeof current !== 'object' || !isPlainData(current)) continue;
    if (depth >= INPUT_LIMITS.depth) {
      report(top, MESSAGES.depth);
      continue;
    }
    const isList = Array.isArray(current);
    const size = isList ? current.length : Object.keys(current).length;
    if (nodes + stack.length + size > INPUT_LIMITS.nodes) {
      report(rootField, MESSAGES.nodes);
      break;
    }
    const entries: [string, unknown][] = isList
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current as Record<string, unknown>);
    // Pushed in reverse so faults come out in the order the caller wrote the fields.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      const keyFault = isList ? undefined : textFault(key, false);
      if (keyFault) report(field || rootField, keyFault);
      const childRules = isList ? here?.items : (here?.fields.get(key) ?? here?.fields.get(ANY_KEY));
      const childField = field ? `${field}.${key}` : key;
      stack.push({
        value: item,
        field: childField,
        // Depth faults name the body's top-level field; a list at the root is the body itself.
        top: depth === 0 && !isList ? childField : top,
        depth: depth + 1,
        rules: childRules,
        lineBreaks: lineBreaks || childRules?.all === true,
      });
    }
  }
  return errors.slice(0, INPUT_LIMITS.errors);
}
