import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useFieldAria } from './fieldAria';
import { FieldError, FieldHint } from './FieldMessages';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  name: string;
  options: readonly SelectOption[];
  /** The first, empty choice ("Choose one"). */
  placeholder: string;
  error?: string;
  hint?: ReactNode;
}

export function SelectField({ label, options, placeholder, error, hint, id, className, ...select }: SelectFieldProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldAria({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <select className="field__control field__control--select" {...select} {...controlProps}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
