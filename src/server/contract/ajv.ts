import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options } from 'ajv';
import addFormats from 'ajv-formats';

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
