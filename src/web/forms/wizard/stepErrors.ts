import type { RJSFValidationError } from '@rjsf/utils';
import type { FormStep } from '@/forms/types';

/** `.budget.max` → `budget`; required errors name the missing field the same way. */
function topField(property: string | undefined): string | undefined {
  return /^\.?([^.[\]]+)/.exec(property ?? '')?.[1];
}

/** The whole form's errors, each said with the step where it can be fixed. */
export function errorMessages(errors: RJSFValidationError[], steps: FormStep[]): string[] {
  const messages = errors.map((error) => {
    const field = topField(error.property);
    const step = steps.find((s) => field && s.fields.includes(field));
    return step ? `${step.title}: ${error.stack}` : error.stack;
  });
  return [...new Set(messages)];
}
