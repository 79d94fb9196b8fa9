import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { useFieldAria } from './fieldAria';
import { FieldError, FieldHint } from './FieldMessages';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line input with its hint and error beside it. */
export function TextAreaField({ label, error, hint, id, className, rows = 5, ...textarea }: TextAreaFieldProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldAria({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <textarea className="field__control field__control--textarea" rows={rows} {...textarea} {...controlProps} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
