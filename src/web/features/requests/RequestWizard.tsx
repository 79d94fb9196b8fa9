import { useCallback, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { transformErrors } from '@/forms/errorMessages';
import type { LoadedForm } from '@/forms/formFiles';
import { toErrorSchema, type ServerFieldError } from '@/forms/serverErrors';
import type { JsonObject } from '@/forms/types';
import { FormAlert } from '@/ui/form/FormAlert';
import { withSelectedTool } from './prefill';
import { draftKey } from '@/forms/requestForms';
import { selectedToolId } from './requestStorage';
import { errorMessages, errorsOfStep, stepOfField } from '@/forms/wizard/stepErrors';
import { useRequestDraft } from './useRequestDraft';
import { useSaveRequest, useSubmitRequest } from './useSubmitRequest';
import { useStepFocus } from '@/forms/wizard/useStepFocus';
import { WizardProgress } from '@/forms/wizard/WizardProgress';
import { WizardReview, WizardStep, WizardStepForm } from '@/forms/wizard/WizardStep';
import { DocumentTitle } from '@/ui/DocumentTitle';

/** Nothing is answered for the client: no blank entries to fill `minItems`, no first choice of a `oneOf` picked. */
const DEFAULTS = { arrayMinItems: { populate: 'never' }, constAsDefaults: 'never' } as const;

/** A posted request being changed: its id and its stored answers with the title and file ids. */
export interface RequestEdit {
  id: string;
  answers: JsonObject;
}

interface RequestWizardProps {
  form: LoadedForm;
  /** `selectedTool=true`: the tool picked in a search goes into the tool field. */
  selectedTool?: boolean;
  /** Change this posted request (`updateServiceRequest`) instead of posting a new one. */
  edit?: RequestEdit;
}

/**
 * One step of the form at a time (its `x-steps`), then a review of every answer and Submit. A
 * refusal naming fields goes back to the first step holding one, the fields marked there. With
 * `edit`, the wizard opens on the review of the request's stored answers, each step can be
 * changed, nothing is kept as a draft, and the review saves the change.
 */
export function RequestWizard({ form, selectedTool = false, edit }: RequestWizardProps) {
  const { entry, schema, uiSchema, steps, validators } = form;
  const preselect = useCallback(
    (answers: JsonObject) =>
      selectedTool ? withSelectedTool(schema, validators.form, answers, selectedToolId()) : answers,
    [schema, validators, selectedTool],
  );
  // A change opens on the review of every stored answer: the client picks the step to change.
  const { draft, restored, update, clear } = useRequestDraft(
    edit ? null : draftKey(entry),
    preselect,
    edit?.answers,
    edit ? steps.length : 0,
  );
  const [generation, setGeneration] = useState(0);
  const [reviewErrors, setReviewErrors] = useState<string[]>([]);
  const current = Math.min(Math.max(draft.step, 0), steps.length);
  const reviewing = current === steps.length;
  const stepSchemas = form.stepSchemas as RJSFSchema[];
  const answers = draft.answers;
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>([]);
  const { heading, willMove } = useStepFocus(current);
  const onRefused = (fieldErrors: ServerFieldError[]) => {
    // A refusal naming fields: back to the first step holding one, the fields marked there.
    setServerErrors(fieldErrors);
    const first = fieldErrors.map((error) => stepOfField(steps, error.field)).find((step) => step >= 0);
    if (first !== undefined) goTo(first);
  };
  const poster = useSubmitRequest(entry, clear, onRefused);
  const saver = useSaveRequest(entry, edit?.id, onRefused);
  const submitter = edit ? saver : poster;

  const goTo = (step: number, next: JsonObject = answers) => {
    willMove();
    setReviewErrors([]);
    update({ answers: next, step });
  };

  const leaveStep = (step: number, next: JsonObject) => {
    // The fields of this step were looked at again: their refusals no longer apply.
    setServerErrors((errors) => errors.filter((error) => stepOfField(steps, error.field) !== current));
    goTo(step, next);
  };

  const startOver = () => {
    clear();
    setReviewErrors([]);
    setServerErrors([]);
    setGeneration((value) => value + 1);
  };

  const submit = () => {
    setServerErrors([]);
    const { errors } = validators.form.validateFormData(answers, schema as RJSFSchema, undefined, transformErrors);
    const messages = errorMessages(errors, steps);
    setReviewErrors(messages);
    if (!messages.length) submitter.submit(answers);
  };

  const stepServerErrors = reviewing ? [] : errorsOfStep(steps, current, serverErrors);
  const title = typeof schema.title === 'string' ? schema.title : entry.title;

  return (
    <div className="wizard">
      <header className="wizard__header">
        {/* A request being changed is named by its own page. */}
        {!edit && <DocumentTitle>{`${title} | Versimarket`}</DocumentTitle>}
        <p className="wizard__eyebrow">{edit ? 'Change your request' : 'Post a request'}</p>
        <h1>{title}</h1>
        {typeof schema.description === 'string' && <p className="wizard__lead">{schema.description}</p>}
      </header>
      {edit ? (
        <div className="wizard__draft">
          <p>Pick a step to change. Nothing changes until you save on the review.</p>
          <button type="button" className="link-button" onClick={startOver}>
            Undo my changes
          </button>
        </div>
      ) : (
        (restored || current > 0 || Object.keys(draft.answers).length > 0) && (
          <div className="wizard__draft">
            <p>
              {restored ? 'We kept your answers from last time.' : 'Your answers are saved on this device as you go.'}
            </p>
            <button type="button" className="link-button" onClick={startOver}>
              Start over
            </button>
          </div>
        )
      )}
      <WizardProgress steps={steps} current={current} />
      <WizardStep titleId="wizard-step-title" headingRef={heading} steps={steps} current={current}>
        {stepServerErrors.length > 0 && submitter.message && (
          <FormAlert>
            <p>{submitter.message}</p>
          </FormAlert>
        )}
        {reviewing ? (
          <WizardReview
            schema={schema}
            validator={validators.form}
            steps={steps}
            answers={answers}
            onEdit={(step) => goTo(step)}
            errors={reviewErrors}
            status={submitter.message}
            busy={submitter.busy}
            submitLabel={edit ? 'Save changes' : 'Submit request'}
            busyLabel={edit ? 'Saving…' : 'Submitting…'}
            onBack={() => goTo(current - 1)}
            onSubmit={submit}
          />
        ) : (
          <WizardStepForm
            key={`${generation}-${current}-${stepServerErrors.length > 0 ? 'refused' : 'new'}`}
            schema={stepSchemas[current]!}
            uiSchema={uiSchema}
            formData={answers}
            validator={validators.steps[current]!}
            defaults={DEFAULTS}
            extraErrors={stepServerErrors.length > 0 ? toErrorSchema(stepServerErrors) : undefined}
            onChange={(next) => update({ answers: next, step: current })}
            onNext={(next) => leaveStep(current + 1, next)}
            onBack={current > 0 ? () => goTo(current - 1) : undefined}
          />
        )}
      </WizardStep>
    </div>
  );
}
