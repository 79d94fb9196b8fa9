import type { JsonSchema } from './bundle';

/** A service request as the contract carries it: some form fields beside `answers`. */
export interface ServiceRequestSubmission {
  title?: unknown;
  attachments?: unknown;
  answers: JsonSchema;
  [key: string]: unknown;
}

/**
 * The form data a submission was made from, which is what the form's schema validates:
 * `answers` with the envelope fields (index.json `envelopeFields`, e.g. `title`) put back in.
 */
export function formDataOf(envelopeFields: readonly string[], submission: ServiceRequestSubmission): JsonSchema {
  const data: JsonSchema = { ...submission.answers };
  for (const field of envelopeFields) if (submission[field] !== undefined) data[field] = submission[field];
  return data;
}

/** The other way: the envelope fields lifted out of the form data, the rest as `answers`. */
export function submissionOf(
  envelopeFields: readonly string[],
  formData: JsonSchema,
): { answers: JsonSchema } & JsonSchema {
  const answers: JsonSchema = {};
  const envelope: JsonSchema = {};
  for (const [key, value] of Object.entries(formData)) {
    if (envelopeFields.includes(key)) envelope[key] = value;
    else answers[key] = value;
  }
  return { ...envelope, answers };
}
