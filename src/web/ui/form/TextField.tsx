import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFieldAria } from './fieldAria';
import { FieldError, FieldHint } from './FieldMessages';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its hint and error beside it. */
export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldAria({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <input className="field__control" {...input} {...controlProps} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
