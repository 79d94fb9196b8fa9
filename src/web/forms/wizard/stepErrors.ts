import type { RJSFValidationError } from '@rjsf/utils';
import type { FormStep } from '@/forms/types';
import type { ServerFieldError } from '../serverErrors';

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

/** The step holding a server field (`contact.phone` is in the step of `contact`), or -1. */
export function stepOfField(steps: FormStep[], field: string): number {
  const top = field.split('.')[0] ?? '';
  return steps.findIndex((step) => step.fields.includes(top));
}

/** The server errors of the fields of one step, the rest left for the steps they belong to. */
export function errorsOfStep(steps: FormStep[], step: number, errors: readonly ServerFieldError[]) {
  return errors.filter((error) => stepOfField(steps, error.field) === step);
}
