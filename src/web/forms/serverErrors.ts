import type { ErrorSchema } from '@rjsf/utils';
import type { ApiFieldError } from '@/api/mutator';

/** The server envelope's field errors: `errors: [{ field, message }]`. */
export type ServerFieldError = ApiFieldError;

export interface ToErrorSchemaOptions {
  /**
   * The form's top-level field names. A field whose first segment is not one of them (and `body`,
   * or an empty name, always) is a form-level error. Without it every named field is the form's.
   */
  fields?: Iterable<string>;
}

const INDEX = /^\d+$/;
const FORM_LEVEL = new Set(['', 'body']);

import { sentence } from '@/lib/sentence';

export { sentence };

/**
 * Where a server field path lands in the form: `locations.1.state` on the state of the second
 * office (RJSF keys list items by index), `services.2` (one choice of a list) on the list, where
 * its control is. Null for a form-level error.
 */
export function errorPath(field: string, fields?: ReadonlySet<string>): string[] | null {
  const segments = field.split('.').filter(Boolean);
  while (segments.length > 1 && INDEX.test(segments.at(-1)!)) segments.pop();
  const top = segments[0];
  if (top === undefined || FORM_LEVEL.has(top) || INDEX.test(top)) return null;
  if (fields && !fields.has(top)) return null;
  return segments;
}

/**
 * The server's field errors as RJSF's error schema, each on its own field (see `errorPath`),
 * several on one field kept in order; `body`, unnamed and unknown fields go to the root's
 * `__errors`, the form-level error. Messages are written as sentences.
 */
export function toErrorSchema(errors: readonly ServerFieldError[], options: ToErrorSchemaOptions = {}): ErrorSchema {
  const known = options.fields ? new Set(options.fields) : undefined;
  const root: Record<string, unknown> = {};
  for (const { field, message } of errors) {
    const path = errorPath(field, known) ?? [];
    let node = root;
    for (const segment of path) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), sentence(message)];
  }
  return root as ErrorSchema;
}

/** The error schema's form-level messages, and the rest (undefined when no field has one) for RJSF's `extraErrors`. */
export function splitFormErrors(schema: ErrorSchema): { formErrors: string[]; fieldErrors: ErrorSchema | undefined } {
  const { __errors, ...fields } = schema as Record<string, unknown> & { __errors?: string[] };
  return {
    formErrors: __errors ?? [],
    fieldErrors: Object.keys(fields).length > 0 ? (fields as ErrorSchema) : undefined,
  };
}

/** Whether the error schema marks anything. */
export function hasErrors(schema: ErrorSchema | undefined): boolean {
  return !!schema && Object.keys(schema).length > 0;
}
