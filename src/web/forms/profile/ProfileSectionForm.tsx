import { useState, type ReactNode } from 'react';
import type { RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { ApiError, type ApiFieldError } from '@/api/mutator';
import type { LoadedBodyForm } from '@/forms/bodyForms';
import { BodyForm } from '@/forms/SchemaForm';
import { splitFormErrors, toErrorSchema } from '@/forms/serverErrors';
import type { JsonObject } from '@/forms/types';
import { FormAlert } from '@/ui/form/FormAlert';
import { GENERIC_ERROR_MESSAGE } from '@/ui/toast';
import { conformAnswers, useBodyForm } from './profileForms';
import {
  ProfileArrayFieldTemplate,
  ProfileArrayItemTemplate,
  ProfileErrorListTemplate,
  ProfileObjectFieldTemplate,
} from './ProfileArrayFieldTemplate';

/**
 * Nothing chosen for the person: no first option of a `oneOf` picked. A list that must hold at
 * least one entry (languages) starts with one blank entry to fill in.
 */
const DEFAULTS = { arrayMinItems: { populate: 'all' }, constAsDefaults: 'never' } as const;

const TEMPLATES = {
  ArrayFieldTemplate: ProfileArrayFieldTemplate,
  ArrayFieldItemTemplate: ProfileArrayItemTemplate,
  ObjectFieldTemplate: ProfileObjectFieldTemplate,
  ErrorListTemplate: ProfileErrorListTemplate,
};

/** The answer at a server field path (`entries.1.endYear`), as text to compare. */
function valueAt(answers: JsonObject, field: string): string {
  let node: unknown = answers;
  for (const segment of field.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return JSON.stringify(node ?? null);
}

/** What a failed save says on top of the form, and what it marks on the fields. */
export interface SaveFailure {
  message: string;
  fields: ApiFieldError[];
}

export function saveFailure(error: unknown): SaveFailure {
  if (error instanceof ApiError) {
    return { message: error.message || GENERIC_ERROR_MESSAGE, fields: error.body.errors ?? [] };
  }
  return { message: 'The changes could not be saved. Check your connection and try again.', fields: [] };
}

export interface ProfileSectionFormProps {
  /** The form's id in forms/index.json (`profile/freelancer-about`). */
  formId: string;
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  /** The answers to start from (what the profile holds now); fields the form does not ask are dropped. */
  initialAnswers?: JsonObject;
  /** Sends the section's body; a rejection with the error envelope marks the fields it names. */
  onSave: (answers: JsonObject, form: LoadedBodyForm) => Promise<unknown>;
  /** After a successful save, with what the server answered. */
  onSaved?: (result: unknown) => void;
  submitLabel?: string;
  busyLabel?: string;
  /** UI schema keys laid over the form's own (a field fixed by the page made hidden). */
  uiOverrides?: UiSchema;
  /** Shown beside the submit button (a Cancel link). */
  secondaryAction?: ReactNode;
  /** Shown instead of the submit button, when the form cannot be sent now (and says why). */
  blocked?: ReactNode;
  /** Shown below the fields, inside the form (file pickers sent beside the answers). */
  children?: ReactNode;
  /** Field errors the page found itself or the server named outside the form's fields. */
  failure?: SaveFailure | null;
  /** Told of each failed save (null when a save starts), to mark what sits outside the form. */
  onFailure?: (failure: SaveFailure | null) => void;
  /** Extra widgets the UI overrides may name. */
  widgets?: RegistryWidgetsType;
  /** Reshapes the answers as they change (a field that no longer applies emptied). */
  adjustAnswers?: (answers: JsonObject) => JsonObject;
  /** Told of the answers as they change (a live total, a kept draft). */
  onAnswersChange?: (answers: JsonObject) => void;
}

/**
 * One form of forms/ rendered with the request wizard's theme and compiled validators, saved
 * with its operation. A field added to the schema shows here with no code change. Answers stay
 * in the form when saving fails; the server's messages show next to the fields they name.
 */
export function ProfileSectionForm(props: ProfileSectionFormProps) {
  const form = useBodyForm(props.formId);
  if (form.isError) {
    return (
      <FormAlert>
        <p>This form could not be loaded. Reload the page to try again.</p>
      </FormAlert>
    );
  }
  if (!form.data) {
    return (
      <p className="profile-form__loading" role="status">
        Loading the form…
      </p>
    );
  }
  return <LoadedSectionForm {...props} form={form.data} />;
}

function LoadedSectionForm({
  form,
  idPrefix,
  initialAnswers,
  onSave,
  onSaved,
  submitLabel = 'Save',
  busyLabel = 'Saving…',
  uiOverrides,
  secondaryAction,
  blocked,
  children,
  failure: pageFailure = null,
  onFailure,
  widgets,
  adjustAnswers,
  onAnswersChange,
}: ProfileSectionFormProps & { form: LoadedBodyForm }) {
  const [answers, setAnswers] = useState<JsonObject>(() => conformAnswers(form, initialAnswers ?? {}));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const shown = failure ?? pageFailure;

  const save = async (data: JsonObject) => {
    const body = conformAnswers(form, data);
    setBusy(true);
    setFailure(null);
    onFailure?.(null);
    try {
      const result = await onSave(body, form);
      onSaved?.(result);
    } catch (error) {
      const failed = saveFailure(error);
      setFailure(failed);
      onFailure?.(failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <BodyForm
      form={form}
      className="profile-form"
      idPrefix={idPrefix}
      uiOverrides={uiOverrides}
      formData={answers}
      templates={TEMPLATES}
      widgets={widgets}
      extraErrors={shown?.fields.length ? splitFormErrors(toErrorSchema(shown.fields)).fieldErrors : undefined}
      defaults={DEFAULTS}
      onChange={(formData) => {
        const conformed = conformAnswers(form, formData);
        const next = adjustAnswers ? adjustAnswers(conformed) : conformed;
        // A refused answer that was changed is no longer marked; the others stay until the next save.
        setFailure((current) =>
          current
            ? {
                ...current,
                fields: current.fields.filter((error) => valueAt(answers, error.field) === valueAt(next, error.field)),
              }
            : current,
        );
        setAnswers(next);
        onAnswersChange?.(next);
      }}
      onSubmit={(formData) => void save(formData)}
    >
      {children}
      <FormAlert>{shown ? <p>{shown.message}</p> : null}</FormAlert>
      {blocked ?? (
        <div className="profile-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
          {secondaryAction}
        </div>
      )}
    </BodyForm>
  );
}
