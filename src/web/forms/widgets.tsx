import {
  enumOptionsDeselectValue,
  enumOptionsIndexForValue,
  enumOptionsIsSelected,
  enumOptionsSelectValue,
  enumOptionsValueForIndex,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';
import { controlAria } from './fieldIds';
import { OptionGroup, OptionSelect, type ChoiceOption } from './OptionControls';

function choices(enumOptions: EnumOptionsType[] = []): ChoiceOption[] {
  return enumOptions.map((option, index) => ({ key: String(index), label: option.label }));
}

export function TextareaWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options, disabled, readonly, autofocus, placeholder } = props;
  return (
    <textarea
      id={id}
      className="field__control wizard-textarea"
      rows={typeof options.rows === 'number' ? options.rows : 5}
      value={value ?? ''}
      placeholder={placeholder}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      {...controlAria(props)}
    />
  );
}

/** A choice from the schema's own `enum`/`oneOf` (not from the catalogue). */
export function SelectWidget(props: WidgetProps) {
  const { value, onChange, options, placeholder, disabled, readonly, autofocus, multiple } = props;
  const { enumOptions, emptyValue } = options;
  if (multiple) return <CheckboxesWidget {...props} />;
  const index = enumOptionsIndexForValue(value, enumOptions);
  return (
    <OptionSelect
      {...props}
      options={choices(enumOptions)}
      selected={index === undefined ? '' : String(index)}
      placeholder={placeholder}
      disabled={disabled || readonly}
      autofocus={autofocus}
      onSelect={(key) => onChange(key === '' ? emptyValue : enumOptionsValueForIndex(key, enumOptions, emptyValue))}
    />
  );
}

export function RadioWidget(props: WidgetProps) {
  const { value, onChange, options, disabled, readonly } = props;
  const { enumOptions, emptyValue } = options;
  return (
    <OptionGroup
      {...props}
      kind="radio"
      options={choices(enumOptions)}
      disabled={disabled || readonly}
      isChecked={(key) => enumOptionsIsSelected(enumOptionsValueForIndex(key, enumOptions), value)}
      onToggle={(key) => onChange(enumOptionsValueForIndex(key, enumOptions, emptyValue))}
    />
  );
}

export function CheckboxesWidget(props: WidgetProps) {
  const { value, onChange, options, disabled, readonly } = props;
  const { enumOptions } = options;
  const selected: unknown[] = Array.isArray(value) ? value : [];
  return (
    <OptionGroup
      {...props}
      kind="checkbox"
      options={choices(enumOptions)}
      disabled={disabled || readonly}
      isChecked={(key) => enumOptionsIsSelected(enumOptionsValueForIndex(key, enumOptions), selected)}
      onToggle={(key, checked) =>
        onChange(
          checked
            ? enumOptionsSelectValue(key, selected, enumOptions)
            : enumOptionsDeselectValue(key, selected, enumOptions),
        )
      }
    />
  );
}

/** A yes/no field: the box carries the field's title as its label. */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, onChange, label, disabled, readonly, autofocus } = props;
  return (
    <div className="checkbox">
      <input
        id={id}
        type="checkbox"
        className="checkbox__control"
        checked={value === true}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        onChange={(event) => onChange(event.target.checked)}
        {...controlAria(props)}
      />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
