import { useId, type InputHTMLAttributes } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: string;
}

export function CheckboxField({ label, id, className, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <input type="checkbox" className="checkbox__control" id={controlId} {...input} />
      <label htmlFor={controlId} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
