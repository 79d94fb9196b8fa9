import fc from 'fast-check';
import type { JsonObject } from '../../src/server/contract/dereference';
import type { ContractOperation, ContractParameter } from '../../src/server/contract/document';
import { flattenAllOf, typesOf, valueArbitrary } from './fuzz-schema';
import { jpeg, pdf, png, zipOf } from './upload-files';

/**
 * Requests to one operation of the contract, as fast-check arbitraries: valid ones derived from
 * the operation's schemas, boundary ones, and mutated ones (wrong types, deep nesting, huge
 * strings and numbers, lone surrogates, NUL and control characters, unknown fields, missing and
 * duplicated parts, wrong content types). Each request names what was done to it (`kind`), so a
 * failure reads as a class ("body: lone surrogate") rather than as one odd input.
 */

export const ROLES = ['visitor', 'client', 'freelancer', 'business'] as const;
export type Role = (typeof ROLES)[number];

export interface FuzzRequest {
  role: Role;
  /** What the generator did: `valid`, `body: deep nesting`, `query: duplicated`... */
  kind: string;
  /** Path and query, as sent (already percent-encoded). */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Whether the caller's CSRF token goes with the request (a mutation leaves it out or spoils it). */
  csrf: 'valid' | 'missing' | 'wrong';
}

/** Values of real rows (ids, slugs, tokens, names) a path parameter may take: the fuzzer's seeded data. */
export interface KnownValues {
  pathValues: string[];
}

/** 1 MB and a little more: over the JSON body limit. */
const HUGE_STRING_LENGTH = 1024 * 1024 + 16;
/** Deep enough to exhaust any recursive walk that does not limit itself. */
const DEEP = 5000;

/** Raw JSON number tokens no JavaScript number holds exactly: overflow, underflow, -0, big integers. */
const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '123456789012345678901234567890',
  '-9007199254740993',
  '1.0e+2',
];
/** Raw JSON string tokens with lone surrogates (valid JSON, invalid Unicode). */
const RAW_SURROGATES = ['"\\ud800"', '"a\\udfffb"', '"\\udc00\\ud800"', '"x\\ud83d"'];
/** Characters no form field expects: NUL, C0 and C1 controls, line and paragraph separators, bidi overrides. */
const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
];

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A string with control characters somewhere in it. */
const controlText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 8 }))
  .map(([before, control, after]) => before + control + after);

/** A JSON value of another type than the schema allows. */
function wrongTypeArbitrary(schema: JsonObject): fc.Arbitrary<unknown> {
  const allowed = new Set(typesOf(schema));
  if (allowed.has('number')) allowed.add('integer');
  const candidates: [string, unknown][] = [
    ['string', 'not-what-was-asked'],
    ['integer', 42],
    ['number', 4.2],
    ['boolean', true],
    ['null', null],
    ['array', ['a', 1]],
    ['object', { nested: 'object' }],
  ];
  const others = candidates.filter(([type]) => !allowed.has(type)).map(([, value]) => value);
  return others.length > 0 ? fc.constantFrom(...others) : fc.constant(Symbol.for('no wrong type'));
}

// ---------------------------------------------------------------------------------------------
// Raw JSON: values spliced into serialised text, for what JSON.stringify cannot write.

/** A placeholder string replaced by a raw JSON token after serialising. */
const RAW_MARK = '\u0000fuzz-raw\u0000';

function serialiseWithRaw(value: unknown, raw: string): string {
  return JSON.stringify(value).replace(JSON.stringify(RAW_MARK), raw);
}

/** Every place in a JSON value (as a path of keys), the root included, at most a few levels down. */
function placesIn(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[][] {
  const places = [path];
  if (depth >= 3 || value === null || typeof value !== 'object') return places;
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  for (const [key, child] of entries) places.push(...placesIn(child, [...path, key], depth + 1));
  return places;
}

/** A deep copy of the value with the place replaced (the root: the replacement itself). */
function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1)!] = replacement;
  return copy;
}

function deepJson(kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(DEEP) + ']'.repeat(DEEP) : '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);
}

/** A leaf place of the value: where a wrong type or an odd string does the most (the field's own check). */
const placeArbitrary = (value: unknown) => {
  const places = placesIn(value);
  const leaves = places.filter((path) => path.length > 0);
  return fc.constantFrom(...(leaves.length > 0 ? leaves : places));
};

interface Body {
  kind: string;
  payload: string | Buffer | undefined;
  contentType: string | undefined;
}

const json = (kind: string, payload: string, contentType = 'application/json'): Body => ({
  kind,
  payload,
  contentType,
});

/** JSON bodies: valid from the schema, then mutated one way each. */
function jsonBodyArbitrary(schema: JsonObject): fc.Arbitrary<Body> {
  const flat = flattenAllOf(schema);
  const valid = valueArbitrary(schema);
  const required = asArray(flat.required as string[]);
  const mutated = valid.chain((value) =>
    placeArbitrary(value).chain((place) =>
      fc.oneof(
        wrongTypeArbitrary(schemaAt(schema, place)).map((wrong) =>
          json('body: wrong type', JSON.stringify(replaceAt(value, place, wrong))),
        ),
        fc
          .tuple(
            fc.constantFrom<'array' | 'object'>('array', 'object'),
            fc.constantFrom(...placesIn(value)),
            fc.boolean(),
          )
          .map(([kind, anyPlace, asExtra]) =>
            json(
              'body: deep nesting',
              asExtra
                ? withExtraKey(value, 'nested', RAW_MARK).replace(JSON.stringify(RAW_MARK), deepJson(kind))
                : serialiseWithRaw(replaceAt(value, anyPlace, RAW_MARK), deepJson(kind)),
            ),
          ),
        fc
          .constantFrom(HUGE_STRING_LENGTH, 200_000)
          .map((length) => json('body: huge string', JSON.stringify(replaceAt(value, place, 'x'.repeat(length))))),
        fc
          .constantFrom(...RAW_NUMBERS)
          .map((raw) => json('body: huge number', serialiseWithRaw(replaceAt(value, place, RAW_MARK), raw))),
        fc
          .constantFrom(...RAW_SURROGATES)
          .map((raw) => json('body: lone surrogate', serialiseWithRaw(replaceAt(value, place, RAW_MARK), raw))),
        controlText.map((text) => json('body: control characters', JSON.stringify(replaceAt(value, place, text)))),
        fc
          .tuple(
            fc.constantFrom('unexpectedField', '__proto__', 'constructor', 'x'.repeat(300)),
            fc.jsonValue({ maxDepth: 1 }),
          )
          .map(([name, extra]) => json('body: unknown field', withExtraKey(value, name, extra))),
        fc.jsonValue({ maxDepth: 1 }).map((extra) => json('body: duplicated key', withDuplicatedKey(value, extra))),
      ),
    ),
  );
  const missing =
    required.length > 0
      ? valid.chain((value) =>
          fc
            .subarray(required, { minLength: 1 })
            .map((names) => json('body: missing required', JSON.stringify(withoutKeys(value, names)))),
        )
      : undefined;
  const malformed = fc.oneof(
    valid.map((value) => json('body: truncated', JSON.stringify(value).slice(0, -1))),
    fc
      .constantFrom('', 'null', '[]', '"text"', '42', '{', '{"a":1,}', "{'a':1}", '\ufeff{}')
      .map((text) => json('body: not an object', text)),
    valid.map((value) => json('body: wrong content type', JSON.stringify(value), 'text/plain')),
    valid.map((value) => json('body: wrong content type', JSON.stringify(value), 'application/x-www-form-urlencoded')),
    valid.map((value) => json('body: wrong content type', JSON.stringify(value), 'multipart/form-data; boundary=x')),
    valid.map((value) => json('body: charset', JSON.stringify(value), 'application/json; charset=utf-16')),
    valid.map((value): Body => ({
      kind: 'body: no content type',
      payload: JSON.stringify(value),
      contentType: undefined,
    })),
  );
  return fc.oneof(
    { arbitrary: valid.map((value) => json('valid', JSON.stringify(value))), weight: 4 },
    { arbitrary: mutated, weight: 8 },
    ...(missing ? [{ arbitrary: missing, weight: 1 }] : []),
    { arbitrary: malformed, weight: 2 },
  );
}

/** The schema of the value at a place (through properties, items, allOf and the first branch of oneOf). */
function schemaAt(schema: JsonObject, place: (string | number)[]): JsonObject {
  let at = flattenAllOf(schema);
  for (const key of place) {
    const branch = asArray(at.oneOf as JsonObject[])[0] ?? asArray(at.anyOf as JsonObject[])[0];
    if (branch) at = flattenAllOf({ allOf: [branch] });
    const next =
      typeof key === 'number'
        ? (at.items as JsonObject | undefined)
        : ((at.properties as Record<string, JsonObject> | undefined) ?? {})[key];
    at = flattenAllOf(next ?? {});
  }
  return at;
}

function withExtraKey(value: unknown, name: string, extra: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify({ [name]: extra });
  // Written by hand: `{ __proto__: x }` in an object literal would set the prototype, not a key.
  const text = JSON.stringify(value);
  const separator = text === '{}' ? '' : ',';
  return `{${JSON.stringify(name)}:${JSON.stringify(extra)}${separator}${text.slice(1)}`;
}

/** The object with one of its keys written twice, the first time with another value (the last one wins in JSON.parse). */
function withDuplicatedKey(value: unknown, extra: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0) {
    return `{"a":${JSON.stringify(extra)},"a":1}`;
  }
  const [first] = Object.keys(value);
  const text = JSON.stringify(value);
  return `{${JSON.stringify(first)}:${JSON.stringify(extra)},${text.slice(1)}`;
}

function withoutKeys(value: unknown, names: string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !names.includes(key)));
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies: text fields from the schema, small files, some of the wrong type.

interface Part {
  name: string;
  value?: string;
  file?: { filename: string; type: string; bytes: Buffer };
}

const BOUNDARY = '----fuzz-boundary-1f6a2c';

const encodePart = (part: Part): Buffer[] =>
  part.file
    ? [
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}\r\n\r\n`,
        ),
        part.file.bytes,
        Buffer.from('\r\n'),
      ]
    : [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)];

function multipartPayload(parts: Part[], closed = true): Buffer {
  return Buffer.concat([...parts.flatMap(encodePart), Buffer.from(closed ? `--${BOUNDARY}--\r\n` : '')]);
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** Small files: real images and documents, and files whose bytes are not what their name and type say. */
const files = fc.constantFrom(
  { filename: 'photo.png', type: 'image/png', bytes: png() },
  { filename: 'photo.jpg', type: 'image/jpeg', bytes: jpeg() },
  { filename: 'brief.pdf', type: 'application/pdf', bytes: pdf() },
  { filename: 'notes.txt', type: 'text/plain', bytes: Buffer.from('plain notes\n') },
  { filename: 'fake.png', type: 'image/png', bytes: Buffer.from('not an image at all') },
  { filename: 'page.pdf', type: 'application/pdf', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
  { filename: 'archive.zip', type: 'application/zip', bytes: zipOf([['a.txt', 'a']]) },
  { filename: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) },
  { filename: 'run.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ\x90\x00\x03', 'latin1') },
);

const isBinary = (schema: JsonObject | undefined) => schema?.format === 'binary';

/** Form parts for one valid value of the schema: lists repeat their field, files become file parts. */
function partsArbitrary(schema: JsonObject): fc.Arbitrary<Part[]> {
  const flat = flattenAllOf(schema);
  const properties = (flat.properties as Record<string, JsonObject> | undefined) ?? {};
  const textSchema: JsonObject = {
    ...flat,
    properties: Object.fromEntries(
      Object.entries(properties).filter(([, p]) => !isBinary(p) && !isBinary(p.items as JsonObject)),
    ),
    required: asArray(flat.required as string[]).filter((name) => {
      const p = properties[name];
      return p && !isBinary(p) && !isBinary(p.items as JsonObject);
    }),
  };
  const fileFields = Object.entries(properties).filter(([, p]) => isBinary(p) || isBinary(p.items as JsonObject));
  const fileParts = fc.tuple(
    ...fileFields.map(([name, p]) => {
      const required = asArray(flat.required as string[]).includes(name);
      const most = isBinary(p) ? 1 : Math.min((p.maxItems as number | undefined) ?? 3, 3);
      return fc
        .array(files, { minLength: required ? 1 : 0, maxLength: most })
        .map((list) => list.map((file): Part => ({ name, file })));
    }),
  );
  return fc.tuple(valueArbitrary(textSchema), fileParts).map(([value, filePartLists]) => [
    ...Object.entries((value ?? {}) as Record<string, unknown>).flatMap(([name, field]) =>
      asArray(field as unknown[]).map((item): Part => ({
        name,
        value: typeof item === 'string' ? item : JSON.stringify(item),
      })),
    ),
    ...filePartLists.flat(),
  ]);
}

function multipartBodyArbitrary(schema: JsonObject): fc.Arbitrary<Body> {
  const flat = flattenAllOf(schema);
  const required = asArray(flat.required as string[]);
  const form = (kind: string, parts: Part[], closed = true): Body => ({
    kind,
    payload: multipartPayload(parts, closed),
    contentType: MULTIPART,
  });
  const valid = partsArbitrary(schema);
  const pick = (parts: Part[]) => fc.nat({ max: Math.max(0, parts.length - 1) });
  const mutated = valid.chain((parts) =>
    fc.oneof(
      fc
        .tuple(pick(parts), controlText)
        .map(([index, text]) => form('multipart: control characters in a value', setValue(parts, index, text))),
      fc
        .tuple(pick(parts), controlText)
        .map(([index, text]) => form('multipart: control characters in a name', renamePart(parts, index, text))),
      fc
        .tuple(pick(parts), fc.constantFrom(...RAW_NUMBERS, 'abc', '', 'true', '[]', '{"a":1}'))
        .map(([index, text]) => form('multipart: wrong type', setValue(parts, index, text))),
      fc
        .tuple(fc.constantFrom('unexpectedField', '__proto__', 'constructor'), fc.boolean())
        .map(([name, asFile]) =>
          form('multipart: unknown field', [
            ...parts,
            asFile
              ? { name, file: { filename: 'x.png', type: 'image/png', bytes: png() } }
              : { name, value: 'surprise' },
          ]),
        ),
      pick(parts).map((index) => form('multipart: duplicated field', parts.length ? [...parts, parts[index]!] : parts)),
      pick(parts).map((index) => form('multipart: file as text or text as file', swapKind(parts, index))),
      pick(parts).map((index) => form('multipart: huge value', setValue(parts, index, 'x'.repeat(200_000)))),
      fc.constant(
        form('multipart: too many parts', [
          ...parts,
          ...Array.from({ length: 120 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
        ]),
      ),
      fc.constant(form('multipart: truncated', parts, false)),
      fc.constant<Body>({
        kind: 'multipart: invalid UTF-8',
        payload: Buffer.concat(invalidUtf8Parts(parts)),
        contentType: MULTIPART,
      }),
      fc.constant<Body>({
        kind: 'multipart: no boundary',
        payload: multipartPayload(parts),
        contentType: 'multipart/form-data',
      }),
      fc.constant<Body>({ kind: 'multipart: as JSON', payload: '{}', contentType: 'application/json' }),
    ),
  );
  const missing =
    required.length > 0
      ? fc.tuple(valid, fc.subarray(required, { minLength: 1 })).map(([parts, names]) =>
          form(
            'multipart: missing required',
            parts.filter((part) => !names.includes(part.name)),
          ),
        )
      : undefined;
  return fc.oneof(
    { arbitrary: valid.map((parts) => form('valid', parts)), weight: 4 },
    { arbitrary: mutated, weight: 8 },
    ...(missing ? [{ arbitrary: missing, weight: 1 }] : []),
  );
}

function setValue(parts: Part[], index: number, text: string): Part[] {
  if (parts.length === 0) return [{ name: 'unexpectedField', value: text }];
  return parts.map((part, i) =>
    i !== index ? part : part.file ? { ...part, file: { ...part.file, filename: text } } : { ...part, value: text },
  );
}

function renamePart(parts: Part[], index: number, text: string): Part[] {
  if (parts.length === 0) return [{ name: text, value: 'x' }];
  return parts.map((part, i) => (i === index ? { ...part, name: part.name + text } : part));
}

function swapKind(parts: Part[], index: number): Part[] {
  return parts.map((part, i) =>
    i !== index
      ? part
      : part.file
        ? { name: part.name, value: part.file.filename }
        : {
            name: part.name,
            file: { filename: `${part.value ?? 'x'}.txt`, type: 'text/plain', bytes: Buffer.from(part.value ?? '') },
          },
  );
}

/** The parts with bytes that are not UTF-8 (a lone surrogate encoded as CESU-8, a stray continuation byte) in each text value. */
function invalidUtf8Parts(parts: Part[]): Buffer[] {
  const bad = Buffer.from([0xed, 0xa0, 0x80, 0x80, 0xff]);
  return [
    ...parts.flatMap((part) =>
      part.file
        ? encodePart(part)
        : [
            Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`),
            bad,
            Buffer.from('\r\n'),
          ],
    ),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ];
}

// ---------------------------------------------------------------------------------------------
// Path and query parameters.

/** Path segments no route expects, already percent-encoded. */
const GARBAGE_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%uD800',
  '%ZZ',
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  'x'.repeat(3000),
  '1e400',
  '-0',
  '99999999999999999999999999',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%0A%0D',
  "'%20OR%201=1--",
];

function pathValueArbitrary(
  parameter: ContractParameter,
  known: KnownValues,
): fc.Arbitrary<{ value: string; garbage: boolean }> {
  const valid = valueArbitrary(parameter.schema).map((value) => ({
    value: encodeURIComponent(String(value)),
    garbage: false,
  }));
  const real =
    known.pathValues.length > 0
      ? fc.constantFrom(...known.pathValues).map((value) => ({ value: encodeURIComponent(value), garbage: false }))
      : valid;
  return fc.oneof(
    { arbitrary: real, weight: 3 },
    { arbitrary: valid, weight: 2 },
    { arbitrary: fc.constantFrom(...GARBAGE_SEGMENTS).map((value) => ({ value, garbage: true })), weight: 1 },
    { arbitrary: controlText.map((text) => ({ value: encodeURIComponent(text), garbage: true })), weight: 1 },
  );
}

/** The query string: valid values for some or all parameters, and one way of going wrong. */
function queryArbitrary(parameters: ContractParameter[]): fc.Arbitrary<{ query: string; kind?: string }> {
  const model = Object.fromEntries(parameters.map((p) => [p.name, valueArbitrary(p.schema)]));
  const requiredKeys = parameters.filter((p) => p.required).map((p) => p.name);
  const valid = fc.record(model, { requiredKeys }).map((values) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) {
      for (const item of asArray(value as unknown[])) query.append(name, String(item));
    }
    return query.toString();
  });
  if (parameters.length === 0) {
    return fc.oneof(
      { arbitrary: fc.constant({ query: '' }), weight: 6 },
      { arbitrary: fc.constant({ query: 'unexpected=1', kind: 'query: unknown parameter' }), weight: 1 },
    );
  }
  const names = fc.constantFrom(...parameters.map((p) => p.name));
  const mutated = fc.tuple(valid, names).chain(([query, name]) => {
    const withValue = (kind: string) => (raw: string) => ({ query: `${query}${query ? '&' : ''}${name}=${raw}`, kind });
    const replaced = (kind: string) => (raw: string) => {
      const rest = new URLSearchParams(query);
      rest.delete(name);
      const text = rest.toString();
      return { query: `${text}${text ? '&' : ''}${name}=${raw}`, kind };
    };
    return fc.oneof(
      fc.constantFrom('a', '1', '').map(withValue('query: duplicated')),
      fc.constantFrom('%00', 'a%00b').map(replaced('query: NUL')),
      fc.constantFrom('%ED%A0%80', '%uD800', '%ZZ', '%').map(replaced('query: bad encoding')),
      controlText.map((text) => replaced('query: control characters')(encodeURIComponent(text))),
      fc
        .constantFrom(...RAW_NUMBERS, 'abc', 'true', '[]', '{}')
        .map((raw) => replaced('query: wrong type')(encodeURIComponent(raw))),
      fc.constant('x'.repeat(100_000)).map(replaced('query: huge')),
      fc.constant({ query: `${query}${query ? '&' : ''}unexpected=1`, kind: 'query: unknown parameter' }),
      fc.constant({ query: `${query}&${'a'.repeat(10)}[b]=c&__proto__[x]=1`, kind: 'query: nested keys' }),
    );
  });
  const missing =
    requiredKeys.length > 0 ? fc.constant({ query: '', kind: 'query: missing required' }) : fc.constant({ query: '' });
  return fc.oneof(
    { arbitrary: valid.map((query) => ({ query })), weight: 5 },
    { arbitrary: mutated, weight: 3 },
    { arbitrary: missing, weight: 1 },
  );
}

/** Header parameters (Idempotency-Key, Stripe-Signature): valid, missing, huge or odd. */
function headersArbitrary(
  parameters: ContractParameter[],
): fc.Arbitrary<{ headers: Record<string, string>; kind?: string }> {
  if (parameters.length === 0) return fc.constant({ headers: {} });
  const valid = fc.record(
    Object.fromEntries(parameters.map((p) => [p.name.toLowerCase(), valueArbitrary(p.schema).map(String)])),
    { requiredKeys: parameters.filter((p) => p.required).map((p) => p.name.toLowerCase()) },
  );
  return fc.oneof(
    { arbitrary: valid.map((headers) => ({ headers })), weight: 4 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...parameters.map((p) => p.name.toLowerCase())),
          fc.constantFrom('x'.repeat(5000), '', ' ', '\u00e9t\u00e9', 'a\tb'),
        )
        .map(([name, value]) => ({ headers: { [name]: value }, kind: 'header: odd value' })),
      weight: 1,
    },
  );
}

// ---------------------------------------------------------------------------------------------

/** The roles the operation lets in (most cases go to them, so the input is what gets judged). */
export function allowedRoles(operation: ContractOperation): Role[] {
  const roles = ROLES.filter((role) =>
    role === 'visitor'
      ? operation.access.includes('anonymous')
      : operation.access.includes('signed-in') || operation.access.includes(role),
  );
  return roles.length > 0 ? roles : [...ROLES];
}

/** Every request worth sending to one operation, as one arbitrary. */
export function requestArbitrary(operation: ContractOperation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const path = fc.tuple(...pathParameters.map((p) => pathValueArbitrary(p, known))).map((values) => {
    let index = 0;
    const url = operation.path.replace(/\{\w+\}/g, () => values[index++]!.value);
    return { url, kind: values.some((v) => v.garbage) ? 'path: garbage' : undefined };
  });
  const query = queryArbitrary(operation.parameters.filter((p) => p.in === 'query'));
  const headers = headersArbitrary(operation.parameters.filter((p) => p.in === 'header'));
  const content = operation.requestBody?.content ?? {};
  const body: fc.Arbitrary<Body> = content['application/json']
    ? jsonBodyArbitrary(content['application/json'])
    : content['multipart/form-data']
      ? multipartBodyArbitrary(content['multipart/form-data'])
      : fc.oneof(
          { arbitrary: fc.constant<Body>({ kind: 'valid', payload: undefined, contentType: undefined }), weight: 8 },
          { arbitrary: fc.constant(json('body: unexpected', '{"surprise":true}')), weight: 1 },
          { arbitrary: fc.constant(json('body: unexpected', '{"surprise')), weight: 1 },
        );
  const csrf = fc.oneof(
    { arbitrary: fc.constant<FuzzRequest['csrf']>('valid'), weight: 12 },
    { arbitrary: fc.constantFrom<FuzzRequest['csrf']>('missing', 'wrong'), weight: 1 },
  );
  const allowed = allowedRoles(operation);
  const role = fc.oneof(
    { arbitrary: fc.constantFrom(...allowed), weight: 3 },
    { arbitrary: fc.constantFrom(...ROLES), weight: 1 },
  );
  return fc.record({ role, path, query, headers, body, csrf }).map(({ role, path, query, headers, body, csrf }) => {
    const kinds = [path.kind, query.kind, headers.kind, body.kind === 'valid' ? undefined : body.kind].filter(
      (kind): kind is string => kind !== undefined,
    );
    if (csrf !== 'valid' && operation.requiresCsrf) kinds.push(`csrf: ${csrf}`);
    return {
      role,
      kind: kinds.join(' + ') || 'valid',
      url: `/api${path.url}${query.query ? `?${query.query}` : ''}`,
      headers: { ...headers.headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
      payload: body.payload,
      csrf,
    };
  });
}

/** What a failure report shows of a request: method, address, headers and the start of the body. */
export function describeRequest(operation: ContractOperation, request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : (Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : request.payload).slice(0, 300);
  return [
    `${operation.method.toUpperCase()} ${request.url.slice(0, 300)} as ${request.role} (${request.kind}; csrf ${request.csrf})`,
    `headers ${JSON.stringify(request.headers).slice(0, 200)}`,
    payload ? `body ${JSON.stringify(payload)}` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}
