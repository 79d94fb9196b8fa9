import type { ErrorObject } from 'ajv';
import type { FieldError } from '../errors';

/** Where a validation error was found, as Fastify names the request parts. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

const PREFIX: Record<RequestPart, string> = { body: '', querystring: 'query.', params: 'path.', headers: 'header.' };
const MAX_ERRORS = 50;

export interface FieldErrorOptions {
  /** The field's name from the segments of its path (default: dotted, in the request part). */
  name?: (segments: string[]) => string;
  /** A message of its own for an error, else the contract's wording. */
  message?: (error: Partial<ErrorObject>) => string | undefined;
}

/**
 * Turns Ajv's errors into the contract's FieldError list: `field` is a dotted path into the
 * request (`budget.min`, `tools.2`, `query.page`, `path.id`); a missing or unexpected property
 * is named itself. One message per field, the first found, always written for people.
 */
export function toFieldErrors(
  errors: readonly Partial<ErrorObject>[],
  part: RequestPart,
  options: FieldErrorOptions = {},
): FieldError[] {
  const byField = new Map<string, string>();
  for (const error of errors) {
    // `if` only says its `then` failed; the `then` errors name the field.
    if (error.keyword === 'if') continue;
    const segments = segmentsOf(error);
    const field = options.name ? options.name(segments) : fieldOf(segments, part);
    if (!byField.has(field)) byField.set(field, options.message?.(error) ?? messageOf(error));
    if (byField.size >= MAX_ERRORS) break;
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/** The path of the field at fault: the instance path, plus the property a keyword names. */
function segmentsOf(error: Partial<ErrorObject>): string[] {
  const segments = (error.instancePath ?? '')
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (error.keyword === 'required') segments.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(params.additionalProperty));
  if (error.keyword === 'unevaluatedProperties') segments.push(String(params.unevaluatedProperty));
  return segments;
}

function fieldOf(segments: string[], part: RequestPart): string {
  const path = segments.join('.');
  if (path === '') return part === 'body' ? 'body' : PREFIX[part].slice(0, -1);
  return PREFIX[part] + path;
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const FORMAT: Record<string, string> = {
  email: 'must be a valid email address',
  uri: 'must be a valid URL',
  url: 'must be a valid URL',
  uuid: 'must be a valid id',
  date: 'must be a date (YYYY-MM-DD)',
  'date-time': 'must be a date and time (ISO 8601)',
};

function messageOf(error: Partial<ErrorObject>): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not allowed';
    case 'type': {
      const types = String(params.type).split(',');
      return `must be ${types.map((type) => ARTICLE[type] ?? type).join(' or ')}`;
    }
    case 'format':
      return FORMAT[String(params.format)] ?? `must be a valid ${String(params.format)}`;
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${limit} characters`;
    case 'maxLength':
      return `must be at most ${limit} characters`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${limit}`;
    case 'minItems':
      return `must have at least ${limit} ${limit === 1 ? 'item' : 'items'}`;
    case 'maxItems':
      return `must have at most ${limit} ${limit === 1 ? 'item' : 'items'}`;
    case 'uniqueItems':
      return 'must not contain duplicates';
    case 'enum':
      return enumMessage(params.allowedValues);
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      return 'has an invalid format';
    default:
      return error.message ?? 'is invalid';
  }
}

function enumMessage(allowed: unknown): string {
  if (!Array.isArray(allowed) || allowed.length > 12) return 'is not one of the allowed values';
  return `must be one of: ${allowed.map((value) => String(value)).join(', ')}`;
}
