import type { JsonObject } from '../../src/server/contract/dereference';
import type { ContractOperation, ContractParameter } from '../../src/server/contract/document';

/** One hostile request; `expect` is the exact status when the input is certainly invalid. */
export interface BadInputCase {
  name: string;
  path?: string;
  query?: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  expect?: number;
}

const UNICODE = '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃ ‮مرحبا‬ 中文 \u0000 \uFEFF 😀';
const HUGE_STRING = 'x'.repeat(100_000);
const HUGE_NUMBERS = ['1e400', '-1e400', '99999999999999999999999999', '1e308', '-0', '0.0000000001'];
/** Text no field takes: NUL, an escape sequence, a C1 control; percent-encoded for a query or path. */
const CONTROL_TEXT = { nul: 'a%00b', escape: 'a%1B%5B31mb', c1: 'next%C2%85line' };
/** Half of a surrogate pair as a JSON escape: JSON can carry it, PostgreSQL cannot store it. */
const LONE_SURROGATE = 'a\\ud800b';
/** Far deeper than any body may be nested (the guard's limit is 64), and than a recursive walk survives. */
const DEEP_NESTING = 100_000;

/** Whether the contract lets a field hold line breaks (`x-multiline`, possibly beside a `$ref`). */
function isMultiline(schema: JsonObject): boolean {
  return schema['x-multiline'] === true || ((schema.allOf as JsonObject[] | undefined) ?? []).some(isMultiline);
}

/** A value the schema accepts, as far as a guess goes: its example, an enum member, or a typed default. */
export function sampleValue(schema: JsonObject): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  for (const branch of [...((schema.allOf as JsonObject[]) ?? []), ...((schema.oneOf as JsonObject[]) ?? [])]) {
    const value = sampleValue(branch);
    if (value !== undefined) return value;
  }
  if (schema.format === 'uuid') return '7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return (schema.minimum as number | undefined) ?? 1;
  if (type === 'boolean') return true;
  if (type === 'string') return 'sample';
  return undefined;
}

/** A value of the wrong JSON type for the schema. */
function wrongType(schema: JsonObject): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return undefined;
  }
}

/** Top-level properties of an object schema, looking through allOf. */
function propertiesOf(schema: JsonObject): {
  properties: Record<string, JsonObject>;
  required: string[];
  closed: boolean;
} {
  const properties: Record<string, JsonObject> = { ...((schema.properties as Record<string, JsonObject>) ?? {}) };
  const required = [...((schema.required as string[]) ?? [])];
  let closed = schema.additionalProperties === false;
  for (const branch of (schema.allOf as JsonObject[]) ?? []) {
    const inner = propertiesOf(branch);
    Object.assign(properties, inner.properties);
    required.push(...inner.required);
    closed ||= inner.closed;
  }
  return { properties, required, closed };
}

export function pathWith(operation: ContractOperation, values: Record<string, string> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] !== undefined) return values[name]!;
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(String(sampleValue(parameter?.schema ?? {}) ?? 'sample'));
  });
}

export function requiredQuery(operation: ContractOperation): URLSearchParams {
  const query = new URLSearchParams();
  for (const p of operation.parameters.filter((p) => p.in === 'query' && p.required)) {
    query.set(p.name, String(sampleValue(p.schema) ?? 'sample'));
  }
  return query;
}

function parameterCases(operation: ContractOperation): BadInputCase[] {
  const cases: BadInputCase[] = [];
  const hostile = [
    '%F0%9F%98%80',
    encodeURIComponent(UNICODE),
    'x'.repeat(3000),
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    ...HUGE_NUMBERS,
  ];
  for (const p of operation.parameters.filter((p) => p.in === 'path')) {
    for (const value of hostile)
      cases.push({ name: `path ${p.name}=${value.slice(0, 20)}`, path: pathWith(operation, { [p.name]: value }) });
    for (const [kind, value] of Object.entries(CONTROL_TEXT))
      cases.push({ name: `path ${p.name} ${kind}`, path: pathWith(operation, { [p.name]: value }), expect: 400 });
  }
  for (const p of operation.parameters.filter((p: ContractParameter) => p.in === 'query')) {
    for (const value of [...hostile, '']) {
      const query = requiredQuery(operation);
      query.set(p.name, decodeSafe(value));
      cases.push({ name: `query ${p.name}=${value.slice(0, 20)}`, query: query.toString() });
    }
    for (const [kind, value] of Object.entries(CONTROL_TEXT)) {
      const query = requiredQuery(operation);
      query.set(p.name, decodeURIComponent(value));
      cases.push({ name: `query ${p.name} ${kind}`, query: query.toString(), expect: 400 });
    }
    const repeated = requiredQuery(operation);
    repeated.append(p.name, 'a');
    repeated.append(p.name, 'b');
    cases.push({ name: `query ${p.name} twice`, query: repeated.toString() });
    const type = p.schema.type;
    if (type === 'integer' || type === 'number') {
      const query = requiredQuery(operation);
      query.set(p.name, 'abc');
      cases.push({ name: `query ${p.name} not a number`, query: query.toString(), expect: 400 });
    }
  }
  for (const p of operation.parameters.filter((p) => p.in === 'header')) {
    cases.push({ name: `header ${p.name} huge`, headers: { [p.name.toLowerCase()]: 'x'.repeat(5000) } });
  }
  return cases;
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function jsonBodyCases(schema: JsonObject, example: unknown): BadInputCase[] {
  const json = (name: string, body: unknown, expect?: number): BadInputCase => ({
    name,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
    expect,
  });
  const raw = (name: string, payload: string, expect?: number): BadInputCase => ({
    name,
    payload,
    headers: { 'content-type': 'application/json' },
    expect,
  });
  const base = example && typeof example === 'object' && !Array.isArray(example) ? (example as JsonObject) : {};
  const { properties, required, closed } = propertiesOf(schema);
  const cases: BadInputCase[] = [
    raw('malformed JSON', '{"a": [1, 2', 400),
    raw('prototype pollution', '{"__proto__": {"admin": true}}', 400),
    raw('deep nesting', '['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING), 400),
    raw('deep nesting inside an object', `{"a":${'['.repeat(DEEP_NESTING)}${']'.repeat(DEEP_NESTING)}}`, 400),
    raw('a lone surrogate in a key', `{"a${LONE_SURROGATE}":1}`, 400),
    raw('null body', 'null'),
    json('a list instead of an object', [base], schema.type === 'object' ? 400 : undefined),
    json('a string instead of an object', 'hello', schema.type === 'object' ? 400 : undefined),
    {
      name: '2 MB body',
      payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
      expect: 413,
    },
  ];
  if (required.length > 0) cases.push(json('empty object (required fields missing)', {}, 400));
  if (closed) cases.push(json('an extra field', { ...base, unexpectedField: 'surprise' }, 400));
  for (const [name, property] of Object.entries(properties)) {
    const wrong = wrongType(property);
    if (wrong !== undefined) cases.push(json(`${name} of the wrong type`, { ...base, [name]: wrong }, 400));
    cases.push(json(`${name} unicode`, { ...base, [name]: UNICODE }));
    cases.push(
      raw(
        `${name} lone surrogate`,
        JSON.stringify({ ...base, [name]: 'x' }).replace(`"${name}":"x"`, `"${name}":"${LONE_SURROGATE}"`),
        400,
      ),
    );
    cases.push(json(`${name} control characters`, { ...base, [name]: 'Bob\u0007\u001b[31m\u0085' }, 400));
    cases.push(json(`${name} nested NUL`, { ...base, [name]: { deeper: ['a\u0000b'] } }, 400));
    cases.push(
      json(`${name} line break`, { ...base, [name]: 'Bob\r\nBcc: x@y.z' }, isMultiline(property) ? undefined : 400),
    );
    cases.push(json(`${name} huge string`, { ...base, [name]: HUGE_STRING }));
    for (const number of HUGE_NUMBERS) {
      cases.push(
        raw(`${name}=${number}`, JSON.stringify({ ...base, [name]: 0 }).replace(`"${name}":0`, `"${name}":${number}`)),
      );
    }
    cases.push(json(`${name} negative`, { ...base, [name]: -1 }));
    cases.push(json(`${name} null`, { ...base, [name]: null }));
  }
  return cases;
}

function multipartCases(schema: JsonObject): BadInputCase[] {
  const { properties, required, closed } = propertiesOf(schema);
  const form = (fields: Record<string, string>, file?: { field: string; name: string; bytes: Buffer }) => {
    const boundary = '----marketplace-test-boundary';
    const parts = Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const chunks: Buffer[] = [Buffer.from(parts.join(''))];
    if (file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };
  const cases: BadInputCase[] = [
    {
      name: 'JSON to a multipart operation',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
      expect: 415,
    },
    {
      name: 'truncated multipart',
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    },
    { name: 'multipart unicode field', ...form({ [required[0] ?? 'name']: UNICODE }) },
    { name: 'multipart NUL in a field', ...form({ [required[0] ?? 'name']: 'a\u0000b' }), expect: 400 },
    {
      name: 'multipart file under an unknown field',
      ...form({}, { field: 'unknownFile', name: '../../etc/passwd', bytes: Buffer.from('x') }),
    },
  ];
  for (const [name, property] of Object.entries(properties)) {
    if (property.format === 'binary' || (property.items as JsonObject | undefined)?.format === 'binary') continue;
    cases.push({
      name: `multipart ${name} header injection`,
      ...form({ [name]: 'Bob\r\nBcc: x@y.z' }),
      expect: isMultiline(property) ? undefined : 400,
    });
    cases.push({ name: `multipart ${name} control character`, ...form({ [name]: 'Bob\u001b[2J' }), expect: 400 });
  }
  if (required.length > 0) cases.push({ name: 'empty multipart form', ...form({}), expect: 400 });
  if (closed) cases.push({ name: 'multipart extra field', ...form({ unexpectedField: 'surprise' }), expect: 400 });
  return cases;
}

/** Form-encoded bodies (RFC 8058's one-click unsubscribe): the same hostile values, percent-encoded. */
function formBodyCases(schema: JsonObject): BadInputCase[] {
  const { properties, required, closed } = propertiesOf(schema);
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  const form = (fields: Record<string, string>) => ({ payload: new URLSearchParams(fields).toString(), headers: FORM });
  const first = required[0] ?? 'name';
  const cases: BadInputCase[] = [
    {
      name: 'JSON to a form-encoded operation',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
      expect: 415,
    },
    { name: 'form unicode field', ...form({ [first]: UNICODE }) },
    { name: 'form NUL in a field', ...form({ [first]: 'a\u0000b' }), expect: 400 },
    { name: 'form broken percent-encoding', payload: `${encodeURIComponent(first)}=%E0%A4%A`, headers: FORM },
    {
      name: 'form repeated field',
      payload: `${encodeURIComponent(first)}=a&${encodeURIComponent(first)}=b`,
      headers: FORM,
    },
    { name: 'form body past 8 KB', ...form({ [first]: HUGE_STRING }), expect: 413 },
  ];
  for (const [name, property] of Object.entries(properties)) {
    cases.push({
      name: `form ${name} header injection`,
      ...form({ [name]: 'Bob\r\nBcc: x@y.z' }),
      expect: isMultiline(property) ? undefined : 400,
    });
    cases.push({ name: `form ${name} control character`, ...form({ [name]: 'Bob\u001b[2J' }), expect: 400 });
  }
  if (required.length > 0) cases.push({ name: 'empty form body', payload: '', headers: FORM, expect: 400 });
  if (closed) cases.push({ name: 'form extra field', ...form({ unexpectedField: 'surprise' }), expect: 400 });
  return cases;
}

/** Every hostile request worth sending to one operation. */
export function badInputCases(operation: ContractOperation, examples: Record<string, unknown>): BadInputCase[] {
  const cases = parameterCases(operation);
  const content = operation.requestBody?.content ?? {};
  if (content['application/json'])
    cases.push(...jsonBodyCases(content['application/json'], examples['application/json']));
  if (content['multipart/form-data']) cases.push(...multipartCases(content['multipart/form-data']));
  if (content['application/x-www-form-urlencoded'])
    cases.push(...formBodyCases(content['application/x-www-form-urlencoded']));
  if (!operation.requestBody) {
    cases.push({
      name: 'an unexpected JSON body',
      payload: '{"surprise": true}',
      headers: { 'content-type': 'application/json' },
    });
    cases.push({
      name: 'an unexpected deeply nested body',
      payload: '['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING),
      headers: { 'content-type': 'application/json' },
      // Fastify reads no body on a GET.
      expect: operation.method === 'get' ? undefined : 400,
    });
    cases.push({
      name: 'an unexpected malformed body',
      payload: '{"surprise',
      headers: { 'content-type': 'application/json' },
    });
  }
  return cases;
}
