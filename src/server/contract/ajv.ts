import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';

/** OpenAPI keywords that carry no validation meaning; Ajv must accept and ignore them. */
const OPENAPI_ANNOTATIONS = ['example', 'discriminator', 'xml', 'externalDocs'];

/** OpenAPI's own formats, beyond JSON Schema's. File parts are checked outside Ajv, so `binary` always passes. */
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const OPENAPI_FORMATS = {
  int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= INT32.min && n <= INT32.max },
  int64: { type: 'number', validate: (n: number) => Number.isInteger(n) },
  float: { type: 'number', validate: (n: number) => Number.isFinite(n) },
  double: { type: 'number', validate: (n: number) => Number.isFinite(n) },
  byte: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  binary: true,
  password: true,
} as const;

/**
 * One Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses) for request bodies and one that coerces
 * strings for path, query, header and multipart text fields. Unknown properties stay visible
 * (`removeAdditional: false`) so `additionalProperties: false` rejects them with a name.
 * `extensionKeywords` are the contract's `x-*` keys, accepted as annotations.
 */
export function createContractAjv(coerce: boolean, extensionKeywords: string[]): Ajv2020 {
  const options: Options = {
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
  };
  const ajv = new Ajv2020(options);
  addFormats(ajv);
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, format);
  ajv.addVocabulary([...OPENAPI_ANNOTATIONS, ...extensionKeywords]);
  return ajv;
}

/** What Fastify calls to validate a request part: Ajv's signature, compiled or not yet. */
export interface LazyValidator {
  (data: unknown, context?: object): boolean;
  errors?: ValidateFunction['errors'];
  /** Truthy, so Fastify passes the parent context Ajv needs to coerce a root value. */
  schemaEnv: true;
  /** Compiles now (tests check that every schema of the contract compiles). */
  compile(): ValidateFunction;
}

/**
 * A validator that compiles its schema on its first call. The contract has a few hundred
 * request schemas; compiling them all at start-up is most of a second, and a process that
 * serves a handful of calls pays only for those.
 */
export function lazyValidator(ajv: Ajv2020, schema: object): LazyValidator {
  let compiled: ValidateFunction | undefined;
  const compile = () => (compiled ??= ajv.compile(schema));
  const validator = ((data: unknown, context?: object) => {
    const validate = compile();
    // The contract has no `$async` schema, so Ajv answers synchronously.
    const valid = (context === undefined ? validate(data) : validate(data, context as never)) as boolean;
    validator.errors = validate.errors;
    return valid;
  }) as LazyValidator;
  validator.schemaEnv = true;
  validator.compile = compile;
  return validator;
}

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that only describe a schema: a `null` branch carrying only these accepts null and nothing else. */
const ANNOTATIONS = new Set(['type', 'description', 'title', 'example', 'examples']);

const isNullBranch = (branch: unknown): boolean =>
  isObject(branch) && branch.type === 'null' && Object.keys(branch).every((key) => ANNOTATIONS.has(key));

/** A branch fast-json-stringify can write by its one type, with nothing that chooses between branches. */
const isPlainBranch = (branch: unknown): branch is Schema =>
  isObject(branch) &&
  typeof branch.type === 'string' &&
  branch.type !== 'null' &&
  !('oneOf' in branch || 'anyOf' in branch || 'allOf' in branch || 'if' in branch || 'not' in branch);

/**
 * The schema as fast-json-stringify writes it fastest, meaning the same: a value that is a schema
 * or null (`oneOf`/`anyOf` of one plain branch and `{ type: 'null' }`, as the contract writes a
 * nullable object) becomes that branch with `type: [its type, 'null']`. For a `oneOf` or `anyOf`,
 * fast-json-stringify validates each value against the branches with Ajv as it writes; a list of
 * types is a `typeof` check (a page of twenty job-board cards is written in a quarter less time).
 * What is written is the same.
 */
export function serializableSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializableSchema);
  if (!isObject(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = serializableSchema(value);
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = copy[keyword];
    if (!Array.isArray(branches) || branches.length !== 2 || 'type' in copy) continue;
    const nulls = branches.filter(isNullBranch);
    const [branch] = branches.filter(isPlainBranch);
    if (nulls.length !== 1 || !branch) continue;
    const { [keyword]: _branches, ...annotations } = copy;
    return { ...annotations, ...branch, type: [branch.type, 'null'] };
  }
  return copy;
}

/** Fastify's own serializer (fast-json-stringify, as its default compiler builds it), compiled on its first answer. */
export function lazySerializer(schema: object): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= fastJsonStringify(serializableSchema(schema) as object))(data);
}
