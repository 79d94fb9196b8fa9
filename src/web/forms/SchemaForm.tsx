import { useMemo, type ReactNode } from 'react';
import type {
  ErrorSchema,
  Experimental_DefaultFormStateBehavior,
  RegistryWidgetsType,
  RJSFSchema,
  TemplatesType,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import { mergeUiSchema, renderableForm, type LoadedBodyForm } from './bodyForms';
import { transformErrors } from './errorMessages';
import { ThemedForm } from './theme';
import type { JsonObject } from './types';

interface SchemaFormBaseProps {
  /** Prefix of the fields' ids; RJSF's `root` without it. */
  idPrefix?: string;
  className?: string;
  formData: JsonObject;
  formContext?: Record<string, unknown>;
  /** How RJSF fills in defaults. */
  defaults: Experimental_DefaultFormStateBehavior;
  templates?: Partial<TemplatesType>;
  widgets?: RegistryWidgetsType;
  /** Refusals shown on the fields as if the form had found them. */
  extraErrors?: ErrorSchema;
  disabled?: boolean;
  onChange: (answers: JsonObject) => void;
  /** With the answers once they pass the validator. */
  onSubmit: (answers: JsonObject) => void;
  /** After the fields, inside the form: extra parts and the buttons. */
  children?: ReactNode;
}

export interface SchemaFormProps extends SchemaFormBaseProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

/**
 * A form of forms/ with the request wizard's theme: errors listed on top and marked on the
 * fields (in our words), the first one focused, the browser's own checks off.
 */
export function SchemaForm({ defaults, formData, onChange, onSubmit, children, ...props }: SchemaFormProps) {
  // Widgets that depend on a sibling answer (a state on its country) read the answers from here.
  const formContext = { answers: formData, idPrefix: props.idPrefix ?? 'root', ...props.formContext };
  return (
    <ThemedForm
      {...props}
      formContext={formContext}
      formData={formData}
      transformErrors={transformErrors}
      showErrorList="top"
      noHtml5Validate
      focusOnFirstError
      experimental_defaultFormStateBehavior={defaults}
      onChange={(event) => onChange((event.formData ?? {}) as JsonObject)}
      // The messages are on the page; RJSF would also log them to the console.
      onError={() => undefined}
      onSubmit={(event) => onSubmit((event.formData ?? {}) as JsonObject)}
    >
      {children}
    </ThemedForm>
  );
}

export interface BodyFormProps extends SchemaFormBaseProps {
  form: LoadedBodyForm;
  /** UI schema entries of the page (widgets it provides, fields it hides), over the form's own. */
  uiOverrides?: UiSchema;
}

/**
 * An onboarding step or profile section rendered whole from its files, with its precompiled
 * validator; what happens on submit (next step, or a toast and back) is the page's.
 */
export function BodyForm({ form, uiOverrides, ...props }: BodyFormProps) {
  const uiSchema = useMemo(() => mergeUiSchema(form.uiSchema, uiOverrides), [form.uiSchema, uiOverrides]);
  const { schema, validator } = useMemo(() => renderableForm(form), [form]);
  return <SchemaForm {...props} schema={schema as RJSFSchema} uiSchema={uiSchema} validator={validator} />;
}
