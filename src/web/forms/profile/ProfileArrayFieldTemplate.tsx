import {
  getUiOptions,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type ErrorListProps,
  type ObjectFieldTemplateProps,
} from '@rjsf/utils';
import { ObjectFieldTemplate } from '@/forms/templates';

/**
 * Lists of entries (studies, positions, languages): each entry a numbered card with Move and
 * Remove, the add button worded by the form (`addButtonText`), an empty list said plainly.
 */
export function ProfileArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { title, items, canAdd, onAddClick, disabled, readonly, uiSchema, schema, rawErrors } = props;
  const options = getUiOptions(uiSchema);
  const addText = typeof options.addButtonText === 'string' ? options.addButtonText : 'Add';
  const errors = [...new Set(rawErrors ?? [])];
  return (
    <fieldset className="wizard-fieldset profile-list">
      {title && <legend className="field__label">{title}</legend>}
      {typeof schema.description === 'string' && <p className="field__hint">{schema.description}</p>}
      {items.length === 0 && <p className="profile-list__empty">Nothing added yet.</p>}
      <div className="profile-list__items">{items}</div>
      {errors.length > 0 && (
        <p className="field__error" role="alert">
          {errors.join(' ')}
        </p>
      )}
      {canAdd && !readonly && (
        <button type="button" className="button button--secondary" onClick={onAddClick} disabled={disabled}>
          {addText}
        </button>
      )}
    </fieldset>
  );
}

/** One entry of a list: its fields, then its own buttons named after its position. */
export function ProfileArrayItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, totalItems, hasToolbar, schema } = props;
  const noun = typeof schema.title === 'string' ? schema.title : 'Entry';
  const name = `${noun} ${index + 1}`;
  return (
    <div className="profile-list__item" role="group" aria-label={name}>
      <p className="profile-list__item-title">{name}</p>
      {children}
      {hasToolbar && (
        <div className="profile-list__item-actions">
          {buttonsProps.hasMoveUp && (
            <button
              type="button"
              className="link-button"
              aria-label={`Move ${name} up`}
              disabled={buttonsProps.disabled || buttonsProps.readonly || index === 0}
              onClick={buttonsProps.onMoveUpItem}
            >
              Move up
            </button>
          )}
          {buttonsProps.hasMoveDown && (
            <button
              type="button"
              className="link-button"
              aria-label={`Move ${name} down`}
              disabled={buttonsProps.disabled || buttonsProps.readonly || index === totalItems - 1}
              onClick={buttonsProps.onMoveDownItem}
            >
              Move down
            </button>
          )}
          {buttonsProps.hasRemove && (
            <button
              type="button"
              className="link-button profile-list__remove"
              aria-label={`Remove ${name}`}
              disabled={buttonsProps.disabled || buttonsProps.readonly}
              onClick={buttonsProps.onRemoveItem}
            >
              Remove
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Groups of fields as the theme shows them, except an entry of a list: its card already names it
 * ("Study 2"), so its fields are not boxed and titled a second time.
 */
export function ProfileObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const path = props.fieldPathId.path;
  if (path.length > 0 && typeof path[path.length - 1] === 'number') {
    return (
      <div className="wizard-fieldset__fields">
        {props.properties
          .filter((p) => !p.hidden)
          .map((p) => (
            <div key={p.name}>{p.content}</div>
          ))}
      </div>
    );
  }
  return <ObjectFieldTemplate {...props} />;
}

/** The count of answers to fix, above the form; each field says what is wrong. */
export function ProfileErrorListTemplate({ errors }: ErrorListProps) {
  const count = errors.length;
  return (
    <div className="form-alert form-alert--error wizard-errors">
      <p>{count === 1 ? 'One answer needs your attention' : `${count} answers need your attention`} before saving.</p>
    </div>
  );
}
