import { useMemo, type ReactNode } from 'react';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { BodyForm } from '@/forms/SchemaForm';
import type { JsonObject } from '@/forms/types';
import { FormAlert } from '@/ui/form/FormAlert';
import { splitFormErrors, toErrorSchema } from '@/forms/serverErrors';
import { fieldsOutsideForm, type OnboardingForm as LoadedStepForm } from './onboardingForms';
import type { SaveFailure } from './useSaveStep';

/** Nothing answered for the user: no first choice of a `oneOf` picked. */
const DEFAULTS = { arrayMinItems: { populate: 'never' }, constAsDefaults: 'never' } as const;

/** Lists of entries (offices, competitors, references): each in its own box with Remove, then Add. */
function EntryListTemplate({
  title,
  items,
  canAdd,
  onAddClick,
  disabled,
  readonly,
  uiSchema,
}: ArrayFieldTemplateProps) {
  const { addButtonText } = getUiOptions(uiSchema);
  return (
    <fieldset className="wizard-fieldset onboarding-list">
      {title && <legend className="field__label">{title}</legend>}
      <div className="onboarding-list__items">{items}</div>
      {canAdd && !readonly && (
        <button
          type="button"
          className="button button--secondary onboarding-list__add"
          onClick={onAddClick}
          disabled={disabled}
        >
          {typeof addButtonText === 'string' ? addButtonText : 'Add'}
        </button>
      )}
    </fieldset>
  );
}

function EntryTemplate({ children, buttonsProps, index, totalItems }: ArrayFieldItemTemplateProps) {
  return (
    <div className="onboarding-list__item">
      <div className="onboarding-list__item-head">
        <span className="onboarding-list__item-number">
          {index + 1} of {totalItems}
        </span>
        {/* Every list here needs at least one entry: the last one stays. */}
        {buttonsProps.hasRemove && totalItems > 1 && (
          <button
            type="button"
            className="link-button onboarding-list__remove"
            onClick={buttonsProps.onRemoveItem}
            disabled={buttonsProps.disabled || buttonsProps.readonly}
            aria-label={`Remove entry ${index + 1}`}
          >
            Remove
          </button>
        )}
      </div>
      {children}
    </div>
  );
}

const TEMPLATES = { ArrayFieldTemplate: EntryListTemplate, ArrayFieldItemTemplate: EntryTemplate };

export interface OnboardingFormProps {
  form: LoadedStepForm;
  /** Prefix of the fields' ids. */
  idPrefix: string;
  answers: JsonObject;
  onChange: (answers: JsonObject) => void;
  /** With the answers once they pass the form's validator. */
  onSubmit: (answers: JsonObject) => void;
  /** UI schema entries of the page (widgets the page provides, fields it hides), over the form's. */
  uiOverrides?: UiSchema;
  widgets?: RegistryWidgetsType;
  busy: boolean;
  failure: SaveFailure | null;
  /** Shown after the fields, before the buttons (the file parts of a multipart step). */
  extra?: ReactNode;
  /** Field names of the extra parts, whose server errors show there rather than on top. */
  extraFields?: string[];
  submitLabel?: string;
  /** "Skip for now": on without saving. */
  onSkip?: () => void;
}

/**
 * A step's form rendered from its files with the request wizard's theme and precompiled
 * validator; the server's refusals are marked on the fields they name, its message on top.
 */
export function OnboardingForm({
  form,
  idPrefix,
  answers,
  onChange,
  onSubmit,
  uiOverrides,
  widgets,
  busy,
  failure,
  extra,
  extraFields = [],
  submitLabel = 'Save and continue',
  onSkip,
}: OnboardingFormProps) {
  // Fields the form does not show are said on top (`unplaced`), not on the form.
  const extraErrors = useMemo(
    () => (failure?.fields.length ? splitFormErrors(toErrorSchema(failure.fields)).fieldErrors : undefined),
    [failure],
  );
  const unplaced = failure ? fieldsOutsideForm(form.schema, failure.fields, extraFields) : [];

  return (
    <>
      <FormAlert>
        {failure && (
          <>
            <p>{failure.message}</p>
            {unplaced.length > 0 && (
              <ul>
                {unplaced.map((error) => (
                  <li key={`${error.field}-${error.message}`}>{error.message}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </FormAlert>
      <BodyForm
        form={form}
        idPrefix={idPrefix}
        uiOverrides={uiOverrides}
        formData={answers}
        formContext={{ answers, idPrefix }}
        templates={TEMPLATES}
        widgets={widgets}
        extraErrors={extraErrors}
        disabled={busy}
        defaults={DEFAULTS}
        onChange={onChange}
        onSubmit={onSubmit}
      >
        {extra}
        <div className="wizard-actions onboarding-actions">
          {onSkip && (
            <button type="button" className="button button--secondary" onClick={onSkip} disabled={busy}>
              Skip for now
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </button>
        </div>
      </BodyForm>
    </>
  );
}
