import type { ReactNode, Ref } from 'react';
import type {
  ErrorSchema,
  Experimental_DefaultFormStateBehavior,
  RJSFSchema,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import { SchemaForm } from '@/forms/SchemaForm';
import type { FormStep, JsonObject } from '@/forms/types';
import { FormAlert } from '@/ui/form/FormAlert';
import { ReviewAnswers } from './ReviewAnswers';
import { REVIEW_TITLE } from './WizardProgress';

interface WizardStepProps {
  titleId: string;
  /** The title, focused after Next or Back (see useStepFocus). */
  headingRef: Ref<HTMLHeadingElement>;
  steps: FormStep[];
  /** The step shown; `steps.length` is the review. */
  current: number;
  children: ReactNode;
}

/** The section of one wizard step: "Step n of m" and the step's title, then the step itself. */
export function WizardStep({ titleId, headingRef, steps, current, children }: WizardStepProps) {
  return (
    <section className="wizard__step" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="wizard__step-title">
        <span className="wizard__step-count">
          Step {current + 1} of {steps.length + 1}
        </span>
        {current === steps.length ? REVIEW_TITLE : steps[current]?.title}
      </h2>
      {children}
    </section>
  );
}

interface WizardStepFormProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: JsonObject;
  validator: ValidatorType;
  /** How RJSF fills in the step's defaults. */
  defaults: Experimental_DefaultFormStateBehavior;
  /** Prefix of the fields' ids; RJSF's `root` without it. */
  idPrefix?: string;
  /** Refusals shown on the fields as if the form had found them. */
  extraErrors?: ErrorSchema;
  onChange: (answers: JsonObject) => void;
  /** Next, with the step's answers once they pass its validator. */
  onNext: (answers: JsonObject) => void;
  /** Back; without it (the first step) there is no Back button. */
  onBack?: () => void;
}

/** The fields of one step with Back and Next; errors are listed on top and marked on the fields. */
export function WizardStepForm({
  schema,
  uiSchema,
  formData,
  validator,
  defaults,
  idPrefix,
  extraErrors,
  onChange,
  onNext,
  onBack,
}: WizardStepFormProps) {
  return (
    <SchemaForm
      idPrefix={idPrefix}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      extraErrors={extraErrors}
      defaults={defaults}
      onChange={onChange}
      onSubmit={onNext}
    >
      <div className="wizard-actions">
        {onBack && (
          <button type="button" className="button button--secondary" onClick={onBack}>
            Back
          </button>
        )}
        <button type="submit" className="button button--primary">
          Next
        </button>
      </div>
    </SchemaForm>
  );
}

interface WizardReviewProps {
  schema: JsonObject;
  /** The whole form's validator. */
  validator: ValidatorType;
  steps: FormStep[];
  answers: JsonObject;
  onEdit: (step: number) => void;
  /** Prefix of the review's heading ids. */
  idPrefix?: string;
  /** What the last Submit found missing or wrong. */
  errors: string[];
  /** Shown in the alert when there are no such errors (the outcome of sending, say). */
  status?: ReactNode;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onBack: () => void;
  onSubmit: () => void;
}

/** The last step: every answer with a way back to change it, what still needs attention, Back and Submit. */
export function WizardReview({
  schema,
  validator,
  steps,
  answers,
  onEdit,
  idPrefix,
  errors,
  status = null,
  busy,
  submitLabel,
  busyLabel,
  onBack,
  onSubmit,
}: WizardReviewProps) {
  return (
    <>
      <ReviewAnswers
        schema={schema}
        validator={validator}
        steps={steps}
        answers={answers}
        onEdit={onEdit}
        idPrefix={idPrefix}
      />
      <FormAlert>
        {errors.length > 0 ? (
          <>
            <p>Some answers need your attention:</p>
            <ul>
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </>
        ) : (
          status
        )}
      </FormAlert>
      <div className="wizard-actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button button--primary" onClick={onSubmit} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}
