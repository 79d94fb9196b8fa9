import { useCallback, useEffect, useRef, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { transformErrors } from '../../forms/errorMessages';
import type { LoadedForm } from '../../forms/formFiles';
import { ThemedForm } from '../../forms/theme';
import type { JsonObject } from '../../forms/types';
import { FormAlert } from '../../ui/form/FormAlert';
import { withSelectedTool } from './prefill';
import { draftKey } from './requestForms';
import { selectedToolId } from './requestStorage';
import { ReviewAnswers } from './ReviewAnswers';
import { errorMessages } from './stepErrors';
import { useRequestDraft } from './useRequestDraft';
import { useSubmitRequest } from './useSubmitRequest';
import { REVIEW_TITLE, WizardProgress } from './WizardProgress';

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
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const current = Math.min(Math.max(draft.step, 0), steps.length);
  const reviewing = current === steps.length;
  const stepSchemas = form.stepSchemas as RJSFSchema[];
  const answers = draft.answers;
  const submitter = useSubmitRequest(entry, clear);

  useEffect(() => {
    // After Next or Back, focus goes to the new step's title so keyboard and screen reader users start there.
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [current]);

  const goTo = (step: number, next: JsonObject = answers) => {
    moved.current = true;
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
      <section className="wizard__step" aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" ref={heading} tabIndex={-1} className="wizard__step-title">
          <span className="wizard__step-count">
            Step {current + 1} of {steps.length + 1}
          </span>
          {reviewing ? REVIEW_TITLE : steps[current]?.title}
        </h2>
        {reviewing ? (
          <>
            <ReviewAnswers
              schema={schema}
              validator={validators.form}
              steps={steps}
              answers={answers}
              onEdit={(step) => goTo(step)}
            />
            <FormAlert>
              {reviewErrors.length > 0 ? (
                <>
                  <p>Some answers need your attention:</p>
                  <ul>
                    {reviewErrors.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                </>
              ) : (
                submitter.message
              )}
            </FormAlert>
            <div className="wizard-actions">
              <button type="button" className="button button--secondary" onClick={() => goTo(current - 1)}>
                Back
              </button>
              <button type="button" className="button button--primary" onClick={submit} disabled={submitter.busy}>
                {submitter.busy ? 'Submitting…' : 'Submit request'}
              </button>
            </div>
          </>
        ) : (
          <ThemedForm
            key={`${generation}-${current}`}
            schema={stepSchemas[current]!}
            uiSchema={uiSchema}
            formData={answers}
            validator={validators.steps[current]!}
            transformErrors={transformErrors}
            showErrorList="top"
            noHtml5Validate
            focusOnFirstError
            experimental_defaultFormStateBehavior={DEFAULTS}
            onChange={(event) => update({ answers: (event.formData ?? {}) as JsonObject, step: current })}
            // The messages are on the page; RJSF would also log them to the console.
            onError={() => undefined}
            onSubmit={(event) => goTo(current + 1, (event.formData ?? {}) as JsonObject)}
          >
            <div className="wizard-actions">
              {current > 0 && (
                <button type="button" className="button button--secondary" onClick={() => goTo(current - 1)}>
                  Back
                </button>
              )}
              <button type="submit" className="button button--primary">
                Next
              </button>
            </div>
          </ThemedForm>
        )}
      </section>
    </div>
  );
}
