import type { RJSFValidationError } from '@rjsf/utils';

function limit(error: RJSFValidationError): string {
  const params = error.params as { limit?: unknown } | undefined;
  return String(params?.limit ?? '');
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Enter an email address like name@example.com.',
  uri: 'Enter a full web address, starting with https://.',
  date: 'Enter a date.',
  uuid: 'This file reference is not valid.',
};

/** A wrong type is a number field holding something else, or an answer left out. */
function typeMessage(error: RJSFValidationError): string {
  const expected = String((error.params as { type?: unknown } | undefined)?.type ?? '');
  if (/\binteger\b/.test(expected)) return 'Enter a whole number, using digits only.';
  if (/\bnumber\b/.test(expected)) return 'Enter a number, using digits only (5000, not "5k").';
  return 'This answer is required.';
}

/** Ajv's messages ("must NOT have fewer than 30 characters") in the words the auth forms use. */
function message(error: RJSFValidationError): string | undefined {
  switch (error.name) {
    case 'required':
      return 'This answer is required.';
    case 'minLength':
      return `Use at least ${limit(error)} characters.`;
    case 'maxLength':
      return `Use at most ${limit(error)} characters.`;
    case 'minItems':
      return limit(error) === '1' ? 'Choose at least one.' : `Choose at least ${limit(error)}.`;
    case 'maxItems':
      return `Choose at most ${limit(error)}.`;
    case 'minimum':
      return `Enter ${limit(error)} or more.`;
    case 'maximum':
      return `Enter ${limit(error)} or less.`;
    case 'type':
      return typeMessage(error);
    case 'pattern':
      return 'Check the format of this answer.';
    case 'format': {
      const format = (error.params as { format?: string } | undefined)?.format ?? '';
      return FORMAT_MESSAGES[format] ?? 'Check the format of this answer.';
    }
    case 'uniqueItems':
      return 'Each choice may appear only once.';
    case 'oneOf':
    case 'enum':
    case 'const':
      return 'Choose one of the listed options.';
    case 'minProperties':
      return limit(error) === '1' ? 'Fill in at least one field.' : `Fill in at least ${limit(error)} fields.`;
    case 'maxProperties':
      return `Fill in at most ${limit(error)} fields.`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'This form has an answer to a question it does not ask; remove it and try again.';
    case 'exclusiveMinimum':
      return `Enter more than ${limit(error)}.`;
    case 'exclusiveMaximum':
      return `Enter less than ${limit(error)}.`;
    case 'multipleOf':
      return `Enter a multiple of ${String((error.params as { multipleOf?: unknown } | undefined)?.multipleOf ?? '')}.`;
    default:
      return undefined;
  }
}

/** Keywords whose errors only echo the errors of the branch or option that failed. */
const ECHOES = new Set(['oneOf', 'anyOf', 'if', 'const']);

/**
 * Friendlier messages. Errors of the `oneOf`/`if` machinery repeat what a field's own error
 * already says, so they are dropped, except where they are all a field has (a value that is
 * none of a choice's options): then the field keeps one "choose one of the options".
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  const explained = new Set(errors.filter((error) => !ECHOES.has(error.name ?? '')).map((error) => error.property));
  const choices = new Set<string | undefined>();
  return errors
    .filter((error) => {
      if (!ECHOES.has(error.name ?? '')) return true;
      if (error.name !== 'oneOf' || explained.has(error.property) || choices.has(error.property)) return false;
      choices.add(error.property);
      return true;
    })
    .map((error) => {
      // Any wording of Ajv's own that reaches here is replaced: people never read "must NOT have…".
      const text = message(error) ?? 'Check this answer.';
      const title = error.title ?? error.property ?? '';
      return { ...error, message: text, stack: title ? `${title}: ${text}` : text };
    });
}
