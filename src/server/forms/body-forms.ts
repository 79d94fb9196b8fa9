import type { FieldError } from '../errors';
import { formErrors } from './errors';
import { serverForms, type BodyForm } from './load';

/** The form with this id (`onboarding/business-details`) or whose body this operation takes. */
export function bodyFormOf(formsDir: string, formIdOrOperationId: string): BodyForm | undefined {
  const { bodies } = serverForms(formsDir);
  return bodies.byId.get(formIdOrOperationId) ?? bodies.byOperation.get(formIdOrOperationId);
}

/**
 * Validates a request body (for a multipart operation: its parsed non-file fields) against the
 * form of `formIdOrOperationId`. Null when it passes, else the envelope's field errors. An id
 * that names no form is a programming error and throws.
 */
export function validateFormBody(formsDir: string, formIdOrOperationId: string, body: unknown): FieldError[] | null {
  const form = bodyFormOf(formsDir, formIdOrOperationId);
  if (!form) throw new Error(`No onboarding or profile form for ${formIdOrOperationId}`);
  if (form.validate(body)) return null;
  return formErrors(form.validate.errors ?? []);
}
