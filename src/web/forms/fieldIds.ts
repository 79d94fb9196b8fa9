import { descriptionId, errorId, helpId } from '@rjsf/utils';

/** The label's id: group widgets (radios, checkboxes) are named by it rather than by `for`. */
export const labelId = (id: string) => `${id}__label`;

interface Described {
  id: string;
  schema: { description?: string };
  uiSchema?: { 'ui:help'?: unknown };
  rawErrors?: string[];
}

/**
 * The same ids the field template gives the description, help and error paragraphs, listed
 * only when the paragraph is there, so a screen reader reads them when the control gets focus.
 */
export function controlAria({ id, schema, uiSchema, rawErrors }: Described) {
  const hasErrors = Boolean(rawErrors?.length);
  const ids = [
    schema.description ? descriptionId(id) : null,
    uiSchema?.['ui:help'] ? helpId(id) : null,
    hasErrors ? errorId(id) : null,
  ].filter(Boolean);
  return {
    'aria-invalid': hasErrors || undefined,
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
  };
}
