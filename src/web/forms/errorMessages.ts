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
      return 'This answer is required.';
    case 'pattern':
      return 'Check the format of this answer.';
    case 'format': {
      const format = (error.params as { format?: string } | undefined)?.format ?? '';
      return FORMAT_MESSAGES[format] ?? 'Check the format of this answer.';
    }
    case 'uniqueItems':
      return 'Each choice may appear only once.';
    default:
      return undefined;
  }
}

/**
 * Friendlier messages. Errors of the `oneOf`/`if` machinery repeat what a field's own error
 * already says, so they are dropped.
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors
    .filter((error) => !['oneOf', 'anyOf', 'if', 'const'].includes(error.name ?? ''))
    .map((error) => {
      const text = message(error) ?? error.message ?? 'Check this answer.';
      const title = error.title ?? error.property ?? '';
      return { ...error, message: text, stack: title ? `${title}: ${text}` : text };
    });
}
