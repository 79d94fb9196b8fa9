import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { useFieldAria } from '@/ui/form/fieldAria';
import { FieldError, FieldHint } from '@/ui/form/FieldMessages';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line text box with its hint and error, like TextField. */
export function TextAreaField({ label, error, hint, id, className, rows = 5, ...textarea }: TextAreaFieldProps) {
  const { controlId, hintId, errorId, controlProps } = useFieldAria({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <textarea className="field__control review-textarea" rows={rows} {...textarea} {...controlProps} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface ChoiceFieldProps {
  legend: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  onChange: (value: string) => void;
}

/** A short list of radio buttons in a fieldset, side by side, with the error under them. */
export function ChoiceField({ legend, name, value, options, error, onChange }: ChoiceFieldProps) {
  const { controlId, errorId } = useFieldAria({ error });
  return (
    <fieldset className="review-choice" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="review-choice__options">
        {options.map((option) => (
          <div key={option.value} className="checkbox">
            <input
              type="radio"
              className="checkbox__control review-choice__radio"
              id={`${controlId}-${option.value}`}
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <label htmlFor={`${controlId}-${option.value}`} className="checkbox__label">
              {option.label}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
