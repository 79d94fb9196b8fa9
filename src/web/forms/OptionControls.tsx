import type { ChangeEvent } from 'react';
import { controlAria, labelId } from './fieldIds';

export interface ChoiceOption {
  key: string;
  label: string;
}

interface ControlBase {
  id: string;
  schema: { description?: string };
  uiSchema?: { 'ui:help'?: unknown };
  rawErrors?: string[];
  disabled?: boolean;
  autofocus?: boolean;
}

interface OptionGroupProps extends ControlBase {
  kind: 'radio' | 'checkbox';
  options: ChoiceOption[];
  isChecked: (key: string) => boolean;
  onToggle: (key: string, checked: boolean) => void;
}

/** Radios or checkboxes in a group named by the field's label. */
export function OptionGroup({
  id,
  kind,
  options,
  isChecked,
  onToggle,
  disabled,
  autofocus,
  ...aria
}: OptionGroupProps) {
  const described = controlAria({ id, ...aria });
  return (
    <div
      role={kind === 'radio' ? 'radiogroup' : 'group'}
      aria-labelledby={labelId(id)}
      className="wizard-options"
      {...described}
    >
      {options.map((option, index) => {
        const optionId = `${id}-${index}`;
        return (
          <div key={option.key} className="checkbox wizard-option">
            <input
              id={index === 0 ? id : optionId}
              type={kind}
              name={id}
              className="checkbox__control"
              checked={isChecked(option.key)}
              disabled={disabled}
              autoFocus={autofocus && index === 0}
              aria-invalid={described['aria-invalid']}
              onChange={(event) => onToggle(option.key, event.target.checked)}
            />
            <label htmlFor={index === 0 ? id : optionId} className="checkbox__label">
              {option.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}

interface OptionSelectProps extends ControlBase {
  options: ChoiceOption[];
  selected: string;
  placeholder?: string;
  onSelect: (key: string) => void;
  multiple?: boolean;
}

export function OptionSelect({
  id,
  options,
  selected,
  placeholder,
  onSelect,
  disabled,
  autofocus,
  ...aria
}: OptionSelectProps) {
  return (
    <select
      id={id}
      className="field__control field__control--select"
      value={selected}
      disabled={disabled}
      autoFocus={autofocus}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onSelect(event.target.value)}
      {...controlAria({ id, ...aria })}
    >
      <option value="">{placeholder || 'Choose one'}</option>
      {options.map((option) => (
        <option key={option.key} value={option.key}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
