import {
  descriptionId,
  errorId,
  getInputProps,
  getUiOptions,
  helpId,
  type ArrayFieldTemplateProps,
  type BaseInputTemplateProps,
  type ErrorListProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
} from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { FieldError } from '../ui/form/FieldMessages';
import { controlAria, labelId } from './fieldIds';

const GROUP_WIDGETS = new Set(['radio', 'checkboxes', 'RadioWidget', 'CheckboxesWidget']);

/**
 * Radios and checkboxes are named by the label through `aria-labelledby`; a `for` would name
 * the first option after the whole field.
 */
function isOptionGroup(props: FieldTemplateProps): boolean {
  const { widget, display } = getUiOptions(props.uiSchema);
  if (widget === 'CatalogueOptionsWidget') return props.schema.type === 'array' || display === 'radio';
  return typeof widget === 'string' && GROUP_WIDGETS.has(widget);
}

/** Label above, description and help as hints, the error below: the look of every form. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, displayLabel, rawDescription, rawHelp, rawErrors, children, hidden, schema } = props;
  if (hidden) return <div hidden>{children}</div>;
  const isContainer = schema.type === 'object';
  const errors = [...new Set(rawErrors ?? [])];
  return (
    <div className={isContainer ? 'wizard-group' : 'field'}>
      {displayLabel && label && (
        <label id={labelId(id)} htmlFor={isOptionGroup(props) ? undefined : id} className="field__label">
          {label}
          {!required && <span className="field__optional"> (optional)</span>}
        </label>
      )}
      {displayLabel && rawDescription && (
        <p id={descriptionId(id)} className="field__hint">
          {rawDescription}
        </p>
      )}
      {children}
      {rawHelp && (
        <p id={helpId(id)} className="field__hint">
          {rawHelp}
        </p>
      )}
      <FieldError id={errorId(id)} message={errors.join(' ')} />
    </div>
  );
}

/** A group of fields (the budget, the contact details) in a fieldset with its title. */
export function ObjectFieldTemplate({ title, description, properties, fieldPathId }: ObjectFieldTemplateProps) {
  const isRoot = fieldPathId.path.length === 0;
  const content = properties.filter((p) => !p.hidden).map((p) => <div key={p.name}>{p.content}</div>);
  if (isRoot) return <div className="wizard-fields">{content}</div>;
  return (
    <fieldset className="wizard-fieldset">
      {title && <legend className="field__label">{title}</legend>}
      {description && <p className="field__hint">{description}</p>}
      <div className="wizard-fieldset__fields">{content}</div>
    </fieldset>
  );
}

/** Lists of free entries; option lists use the catalogue widget instead. */
export function ArrayFieldTemplate({ title, items, canAdd, onAddClick, disabled, readonly }: ArrayFieldTemplateProps) {
  return (
    <fieldset className="wizard-fieldset">
      {title && <legend className="field__label">{title}</legend>}
      <div className="wizard-fieldset__fields">{items}</div>
      {canAdd && !readonly && (
        <button type="button" className="button button--secondary" onClick={onAddClick} disabled={disabled}>
          Add
        </button>
      )}
    </fieldset>
  );
}

/** A summary above the step; each field shows its own message too. */
export function ErrorListTemplate({ errors }: ErrorListProps) {
  const count = errors.length;
  return (
    <div className="form-alert form-alert--error wizard-errors">
      <p>
        {count === 1 ? 'One answer needs your attention' : `${count} answers need your attention`} before you go on.
      </p>
    </div>
  );
}

/**
 * An optional answer is typed `["number", "null"]`: its input is the one of its one real type
 * (a number input for an optional amount), not a text box.
 */
function inputSchema(schema: RJSFSchema): RJSFSchema {
  if (!Array.isArray(schema.type)) return schema;
  const types = schema.type.filter((kind) => kind !== 'null');
  return types.length === 1 ? { ...schema, type: types[0] } : schema;
}

/** Text, email, date, number and url inputs. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, type, value, onChange, onBlur, onFocus, options, schema, disabled, readonly, autofocus } = props;
  const { placeholder, required, rawErrors, uiSchema, htmlName, name } = props;
  const inputProps = getInputProps(inputSchema(schema), type, options);
  const change = ({ target }: ChangeEvent<HTMLInputElement>) =>
    onChange(target.value === '' ? options.emptyValue : target.value);
  return (
    <input
      id={id}
      name={htmlName ?? name ?? id}
      className="field__control"
      {...inputProps}
      value={value ?? ''}
      placeholder={placeholder}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      onChange={change}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      {...controlAria({ id, schema, uiSchema, rawErrors })}
    />
  );
}

/** The form's own title and description are the page's: not repeated inside the form. */
export function NoTitle() {
  return null;
}
