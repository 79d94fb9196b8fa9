import { useId } from 'react';

/**
 * Ids and ARIA wiring shared by the field components: the hint and the error describe the
 * control, and an error marks it invalid, so a screen reader reads both when focus arrives.
 */
export function useFieldAria({ id, hint, error }: { id?: string; hint?: unknown; error?: string }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    hintId,
    errorId,
    controlProps: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    },
  };
}
