import { useState } from 'react';
import { useFieldAria } from './fieldAria';
import { FieldError, FieldHint } from './FieldMessages';
import type { TextFieldProps } from './TextField';

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}

/** A password input with a show/hide toggle; the toggle says what it will do and whether it is on. */
export function PasswordField({ label, error, hint, id, className, ...input }: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const { controlId, hintId, errorId, controlProps } = useFieldAria({ id, hint, error });
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className="field__password">
        <input
          className="field__control"
          type={visible ? 'text' : 'password'}
          spellCheck={false}
          autoCapitalize="none"
          {...input}
          {...controlProps}
        />
        <button
          type="button"
          className="field__reveal"
          aria-controls={controlId}
          aria-pressed={visible}
          aria-label="Show password"
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
