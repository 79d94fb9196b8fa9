import type { ErrorObject } from 'ajv';
import { toFieldErrors } from '../contract/validation-errors';
import type { FieldError } from '../errors';

/** Choices and unknown fields said the way a form's reader understands them. */
function formMessage(error: Partial<ErrorObject>): string | undefined {
  switch (error.keyword) {
    case 'oneOf':
    case 'enum':
      return 'must be one of the listed choices';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not a field of this form';
    case 'pattern':
      return 'is not in the format this field asks for';
    case 'minProperties': {
      const limit = Number((error.params as { limit?: unknown } | undefined)?.limit ?? 1);
      return limit === 1 ? 'Fill in at least one field.' : `Fill in at least ${limit} fields.`;
    }
    default:
      return undefined;
  }
}

/** A form that is the whole body: `contact.phone`, `locations.1.state`, `body` for the whole. */
export const bodyFieldName = (segments: string[]): string => segments.join('.') || 'body';

/**
 * A service request's field: the form data goes under `answers`, except the fields sent beside
 * it (`title`, `attachments`): `/budget/min` is `answers.budget.min`.
 */
export function requestFieldName(envelopeFields: readonly string[], segments: readonly (string | number)[]): string {
  const [first, ...rest] = segments.map(String);
  if (first === undefined) return 'answers';
  const head = envelopeFields.includes(first) ? first : `answers.${first}`;
  return [head, ...rest].join('.');
}

/**
 * The one mapping from a form's Ajv errors to the envelope's field list, for request, product,
 * onboarding and profile forms alike: one entry per field, in the contract's wording. A choice
 * (`oneOf` of consts) fails once per option and an `if`/`then` once more for the branch: each
 * field keeps its one meaningful error.
 */
export function formErrors(
  errors: readonly ErrorObject[],
  name: (segments: string[]) => string = bodyFieldName,
): FieldError[] {
  const choicePaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  const meaningful = errors.filter((error) => !(error.keyword === 'const' && choicePaths.has(error.instancePath)));
  return toFieldErrors(meaningful, 'body', { name, message: formMessage });
}
