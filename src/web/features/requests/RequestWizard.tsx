import { useCallback, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { transformErrors } from '@/forms/errorMessages';
import type { LoadedForm } from '@/forms/formFiles';
import type { JsonObject } from '@/forms/types';
import { withSelectedTool } from './prefill';
import { draftKey } from '@/forms/requestForms';
import { selectedToolId } from './requestStorage';
import { errorMessages } from '@/forms/wizard/stepErrors';
import { useRequestDraft } from './useRequestDraft';
import { useSubmitRequest } from './useSubmitRequest';
import { useStepFocus } from '@/forms/wizard/useStepFocus';
import { WizardProgress } from '@/forms/wizard/WizardProgress';
import { WizardReview, WizardStep, WizardStepForm } from '@/forms/wizard/WizardStep';

/** Nothing is answered for the client: no blank entries to fill `minItems`, no first choice of a `oneOf` picked. */
const DEFAULTS = { arrayMinItems: { populate: 'never' }, constAsDefaults: 'never' } as const;

interface RequestWizardProps {
  form: LoadedForm;
  /** `selectedTool=true`: the tool picked in a search goes into the tool field. */
  selectedTool?: boolean;
}

/** One step of the form at a time (its `x-steps`), then a review of every answer and Submit. */
export function RequestWizard({ form, selectedTool = false }: RequestWizardProps) {
  const { entry, schema, uiSchema, steps, validators } = form;
  const preselect = useCallback(
    (answers: JsonObject) =>
      selectedTool ? withSelectedTool(schema, validators.form, answers, selectedToolId()) : answers,
    [schema, validators, selectedTool],
  );
  const { draft, restored, update, clear } = useRequestDraft(draftKey(entry), preselect);
  const [generation, setGeneration] = useState(0);
  const [reviewErrors, setReviewErrors] = useState<string[]>([]);
  const current = Math.min(Math.max(draft.step, 0), steps.length);
  const reviewing = current === steps.length;
  const stepSchemas = form.stepSchemas as RJSFSchema[];
  const answers = draft.answers;
  const submitter = useSubmitRequest(entry, clear);
  const { heading, willMove } = useStepFocus(current);

  const goTo = (step: number, next: JsonObject = answers) => {
    willMove();
    setReviewErrors([]);
    update({ answers: next, step });
  };

  const startOver = () => {
    clear();
    setReviewErrors([]);
    setGeneration((value) => value + 1);
  };

  const submit = () => {
    const { errors } = validators.form.validateFormData(answers, schema as RJSFSchema, undefined, transformErrors);
    const messages = errorMessages(errors, steps);
    setReviewErrors(messages);
    if (!messages.length) submitter.submit(answers);
  };

  return (
    <div className="wizard">
      <header className="wizard__header">
        <p className="wizard__eyebrow">Post a request</p>
        <h1>{typeof schema.title === 'string' ? schema.title : entry.title}</h1>
        {typeof schema.description === 'string' && <p className="wizard__lead">{schema.description}</p>}
      </header>
      {(restored || current > 0 || Object.keys(draft.answers).length > 0) && (
        <div className="wizard__draft">
          <p>
            {restored ? 'We kept your answers from last time.' : 'Your answers are saved on this device as you go.'}
          </p>
          <button type="button" className="link-button" onClick={startOver}>
            Start over
          </button>
        </div>
      )}
      <WizardProgress steps={steps} current={current} />
      <WizardStep titleId="wizard-step-title" headingRef={heading} steps={steps} current={current}>
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
            submitLabel="Submit request"
            busyLabel="Submitting…"
            onBack={() => goTo(current - 1)}
            onSubmit={submit}
          />
        ) : (
          <WizardStepForm
            key={`${generation}-${current}`}
            schema={stepSchemas[current]!}
            uiSchema={uiSchema}
            formData={answers}
            validator={validators.steps[current]!}
            defaults={DEFAULTS}
            onChange={(next) => update({ answers: next, step: current })}
            onNext={(next) => goTo(current + 1, next)}
            onBack={current > 0 ? () => goTo(current - 1) : undefined}
          />
        )}
      </WizardStep>
    </div>
  );
}
