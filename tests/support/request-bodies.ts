import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonSchema } from '../../src/shared/forms/bundle';
import { submissionOf } from '../../src/shared/forms/submission';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';

const MOBILE = requestForms().get('requests/mobile-app')!;

/**
 * The mobile app form's complete example as the create body (`createServiceRequest`), a fresh
 * copy each call: envelope fields beside `answers`, with the given title and files.
 */
export function mobileRequestBody(options: { title?: string; attachments?: string[] } = {}) {
  const data = JSON.parse(
    readFileSync(join(FORMS_DIR, MOBILE.entry.path, 'examples', 'valid-complete.json'), 'utf8'),
  ) as JsonSchema;
  const submission = submissionOf(MOBILE.entry.envelopeFields, data) as {
    title: string;
    answers: Record<string, unknown>;
  };
  return {
    family: 'mobile-app' as const,
    subFamily: null,
    formId: MOBILE.entry.id,
    ...submission,
    ...(options.title ? { title: options.title } : {}),
    attachments: options.attachments ?? [],
  };
}
