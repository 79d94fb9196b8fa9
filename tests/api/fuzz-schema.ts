import fc from 'fast-check';
import type { JsonObject } from '../../src/server/contract/dereference';

/**
 * fast-check arbitraries of values a JSON Schema accepts, over the subset the contract uses:
 * type (one or several), const, enum, format, pattern, length and range limits, items,
 * uniqueItems, properties, required, allOf, oneOf and anyOf. `if`/`then` and cross-field rules
 * are not followed: a value they refuse is one more invalid case, which the fuzzer wants anyway.
 * (The published JSON Schema to fast-check mappers are archived or cover less than this.)
 */

/** Deeper than any body of the contract; keeps a recursive or odd schema from generating forever. */
const MAX_DEPTH = 8;
/** Lists stay short: the contract's limits are checked by the mutations, not by long valid lists. */
const MAX_ITEMS = 4;
/** Free text stays short too, unless the schema asks for more. */
const TEXT_LENGTH = 40;

/** Printable text, some of it beyond ASCII (accents, other scripts, emoji): what people type. */
const textUnit = fc.oneof(
  { arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-_.,'), weight: 6 },
  { arbitrary: fc.constantFrom('é', 'ß', 'ñ', 'Ω', '中', 'م', '😀', '\u200d', '\ufeff'), weight: 1 },
);

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** allOf folded into one schema: properties merged, required joined, the other keywords of the last branch kept. */
export function flattenAllOf(schema: JsonObject): JsonObject {
  const branches = asArray(schema.allOf as JsonObject[] | undefined);
  if (branches.length === 0) return schema;
  const { allOf: _allOf, ...own } = schema;
  let merged: JsonObject = {};
  for (const branch of [...branches.map(flattenAllOf), own]) {
    merged = {
      ...merged,
      ...branch,
      properties: { ...((merged.properties as JsonObject) ?? {}), ...((branch.properties as JsonObject) ?? {}) },
      required: [...asArray(merged.required as string[]), ...asArray(branch.required as string[])],
    };
  }
  return merged;
}

/** The schema's own keywords applied to each branch of a oneOf/anyOf, so each branch is whole. */
function branchesOf(schema: JsonObject): JsonObject[] {
  const branches = [...asArray(schema.oneOf as JsonObject[]), ...asArray(schema.anyOf as JsonObject[])];
  const { oneOf: _oneOf, anyOf: _anyOf, ...own } = schema;
  return branches.map((branch) => flattenAllOf({ allOf: [own, branch] }));
}

/** Calendar dates (`format: date`) around today, as YYYY-MM-DD. */
const dates = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/**
 * A pattern open at its end (`^https?://(www\\.)?github\\.com/`) would be followed by any
 * characters at all; a tail of URL-safe ones keeps the value inside the field's `format` too.
 */
function anchoredPattern(pattern: string): RegExp {
  return new RegExp(pattern.endsWith('$') ? pattern : `(?:${pattern})[a-z0-9/-]{0,20}$`);
}

/** Web addresses (`format: uri`); fast-check's own webUrl is slow to generate inside larger records. */
const webUrls = fc.stringMatching(
  /^https?:\/\/(www\.)?[a-z0-9-]{1,20}\.(com|org|io|co\.uk)(\/[A-Za-z0-9._~%-]{0,12}){0,3}$/,
  {
    size: 'small',
  },
);

function stringArbitrary(schema: JsonObject): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, (schema.maxLength as number | undefined) ?? Math.max(minLength, TEXT_LENGTH));
  const fits = (value: string) => {
    const length = [...value].length;
    return length >= minLength && length <= maxLength;
  };
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(anchoredPattern(schema.pattern), { size: 'small' }).filter(fits);
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress({ size: 'small' }).filter(fits);
    case 'uri':
      return webUrls.filter(fits);
    case 'date':
      return dates;
    case 'uuid':
      return fc.uuid();
  }
  const upTo = Math.min(maxLength, minLength + TEXT_LENGTH);
  return fc.string({ unit: textUnit, minLength, maxLength: upTo });
}

function numberArbitrary(schema: JsonObject, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const exclusiveMax = schema.exclusiveMaximum as number | undefined;
  const min = (schema.minimum as number | undefined) ?? (exclusiveMin !== undefined ? exclusiveMin : undefined);
  const max = (schema.maximum as number | undefined) ?? (exclusiveMax !== undefined ? exclusiveMax : undefined);
  const outside = (n: number) => n !== exclusiveMin && n !== exclusiveMax;
  if (integer) {
    const low = Math.ceil(min ?? -1_000_000);
    return fc.integer({ min: low, max: Math.floor(max ?? Math.max(low, 1_000_000)) }).filter(outside);
  }
  return fc
    .double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true })
    .filter((n) => outside(n) && !Object.is(n, -0));
}

function arrayArbitrary(schema: JsonObject, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = (schema.minItems as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? MAX_ITEMS, MAX_ITEMS));
  const items = valueArbitrary((schema.items as JsonObject | undefined) ?? {}, depth + 1);
  return schema.uniqueItems === true
    ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
    : fc.array(items, { minLength, maxLength });
}

function objectArbitrary(schema: JsonObject, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties as Record<string, JsonObject> | undefined) ?? {};
  const required = asArray(schema.required as string[]).filter((name) => name in properties);
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueArbitrary(property, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: required });
}

/** Any small JSON value, for a schema that says nothing. */
const anyJson = fc.jsonValue({ maxDepth: 2, depthSize: 'small' });

/** Values the schema accepts (as far as the keywords above go). */
export function valueArbitrary(input: JsonObject, depth = 0): fc.Arbitrary<unknown> {
  const schema = flattenAllOf(input);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.oneOf || schema.anyOf)
    return fc.oneof(...branchesOf(schema).map((branch) => valueArbitrary(branch, depth)));
  if (depth > MAX_DEPTH) return fc.constant(null);
  const types = asArray(schema.type as string | string[] | undefined);
  if (types.length > 1) return fc.oneof(...types.map((type) => valueArbitrary({ ...schema, type }, depth)));
  switch (types[0] ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, depth);
    case 'object':
      return objectArbitrary(schema, depth);
    default:
      return anyJson;
  }
}

/** The JSON type names a schema allows (none: any). */
export function typesOf(input: JsonObject): string[] {
  const schema = flattenAllOf(input);
  if (schema.const !== undefined) return [jsonTypeOf(schema.const)];
  if (Array.isArray(schema.enum)) return [...new Set((schema.enum as unknown[]).map(jsonTypeOf))];
  if (schema.oneOf || schema.anyOf) return [...new Set(branchesOf(schema).flatMap(typesOf))];
  return asArray(schema.type as string | string[] | undefined);
}

export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
