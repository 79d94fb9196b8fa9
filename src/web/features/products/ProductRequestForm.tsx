import { useEffect, useMemo, useRef, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { transformErrors } from '@/forms/errorMessages';
import type { LoadedForm } from '@/forms/formFiles';
import { isJsonObject, type JsonObject } from '@/forms/types';
import { useAuth, type AuthUser } from '@/lib/auth';
import { FormAlert } from '@/ui/form/FormAlert';
import { CheckIcon } from '@/ui/icons';
import { toErrorSchema } from '@/forms/serverErrors';
import { errorMessages, errorsOfStep, stepOfField } from '@/forms/wizard/stepErrors';
import { useStepFocus } from '@/forms/wizard/useStepFocus';
import { WizardProgress } from '@/forms/wizard/WizardProgress';
import { WizardReview, WizardStep, WizardStepForm } from '@/forms/wizard/WizardStep';
import { ignoringEmptyGroups, withoutEmptyGroups } from './productForms';
import type { ProductSubmission } from './useProductSubmission';
import './products.css';

/**
 * As the request wizard: nothing answered for the visitor. Optional groups (a budget) stay
 * empty until touched, so leaving them out is not an error.
 */
const DEFAULTS = {
  arrayMinItems: { populate: 'never' },
  constAsDefaults: 'never',
  emptyObjectFields: 'populateRequiredDefaults',
} as const;

export interface ProductRequestFormProps {
  form: LoadedForm;
  submission: ProductSubmission;
  /** What the success panel says will happen, in order. */
  nextSteps: readonly string[];
  /** Prefix of the ids on the page, so two forms never share one. */
  idPrefix: string;
  /** Answers to start from (a request being repeated); a signed-in person's contact details otherwise. */
  initialAnswers?: JsonObject;
}

/** A signed-in person's name and address, so they need not type them again. */
function contactOf(user: AuthUser | null): JsonObject {
  if (!user) return {};
  const contact: JsonObject = { email: user.email };
  if (user.firstname) contact.firstname = user.firstname;
  if (user.lastname) contact.lastname = user.lastname;
  return { contact };
}

const replyTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/**
 * A product form (forms/requests/netsuite, forms/requests/react-developers) one `x-steps` step at
 * a time with the request wizard's theme, validators and progress, then a review and Submit.
 * Visitors and signed-in users alike; fields the server refuses are marked where they are asked.
 */
export function ProductRequestForm({ form, submission, nextSteps, idPrefix, initialAnswers }: ProductRequestFormProps) {
  const { schema, uiSchema, steps, validators } = form;
  const { user } = useAuth();
  const [answers, setAnswers] = useState<JsonObject>(() => initialAnswers ?? contactOf(user));
  const [current, setCurrent] = useState(0);
  const [reviewErrors, setReviewErrors] = useState<string[]>([]);
  const [serverErrors, setServerErrors] = useState<ProductSubmission['failure']>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const reviewing = current === steps.length;
  const stepSchemas = form.stepSchemas as RJSFSchema[];
  const stepValidators = useMemo(() => validators.steps.map(ignoringEmptyGroups), [validators]);
  const { receipt, failure } = submission;
  const titleId = `${idPrefix}-step-title`;

  const { heading, willMove } = useStepFocus(current);

  useEffect(() => {
    // The session check may answer after the form is shown: fill in the contact then, unless typed.
    if (!user || initialAnswers) return;
    setAnswers((current) => (isJsonObject(current.contact) ? current : { ...current, ...contactOf(user) }));
  }, [user, initialAnswers]);

  useEffect(() => {
    if (receipt) successHeading.current?.focus();
  }, [receipt]);

  useEffect(() => {
    // A refusal naming fields: back to the first step holding one, the fields marked there.
    setServerErrors(failure);
    const first = failure?.fields.map((error) => stepOfField(steps, error.field)).find((step) => step >= 0);
    if (first !== undefined) {
      willMove();
      setCurrent(first);
    }
  }, [failure, steps, willMove]);

  const goTo = (step: number, next: JsonObject = answers) => {
    willMove();
    setReviewErrors([]);
    setAnswers(next);
    setCurrent(step);
  };

  const leaveStep = (step: number, next: JsonObject) => {
    // The fields of this step were looked at again: their refusals no longer apply.
    setServerErrors((errors) =>
      errors
        ? { ...errors, fields: errors.fields.filter((error) => stepOfField(steps, error.field) !== current) }
        : null,
    );
    goTo(step, next);
  };

  const submit = () => {
    const data = withoutEmptyGroups(schema, answers);
    const { errors } = validators.form.validateFormData(data, schema as RJSFSchema, undefined, transformErrors);
    const messages = errorMessages(errors, steps);
    setReviewErrors(messages);
    if (!messages.length) submission.submit(data);
  };

  const startAgain = () => {
    submission.reset();
    setAnswers(contactOf(user));
    setServerErrors(null);
    setCurrent(0);
  };

  if (receipt) {
    const email = typeof answers.contact === 'object' && answers.contact ? (answers.contact as JsonObject).email : null;
    return (
      <section className="product-success" aria-labelledby={`${idPrefix}-success-title`}>
        <span className="product-success__icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <h2 id={`${idPrefix}-success-title`} ref={successHeading} tabIndex={-1} className="product-success__title">
          Thank you, your request is in
        </h2>
        <p className="product-success__ref">
          Your reference is <strong className="product-ref">{receipt.refId}</strong>
        </p>
        <p>
          {typeof email === 'string' ? (
            <>
              We sent a confirmation to <strong>{email}</strong>.{' '}
            </>
          ) : null}
          Please quote the reference if you write to us about this request.
        </p>
        <h3 className="product-success__subtitle">What happens next</h3>
        <ol className="product-next-steps">
          {nextSteps.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ol>
        <p className="product-success__reply">
          Expect our reply by <time dateTime={receipt.expectedReplyBy}>{replyTime(receipt.expectedReplyBy)}</time> at
          the latest.
        </p>
        <button type="button" className="button button--secondary" onClick={startAgain}>
          Send another request
        </button>
      </section>
    );
  }

  const stepServerErrors = serverErrors ? errorsOfStep(steps, current, serverErrors.fields) : [];
  const otherServerErrors = serverErrors?.fields.filter((error) => stepOfField(steps, error.field) === -1) ?? [];

  return (
    <div className="product-form wizard">
      <WizardProgress steps={steps} current={current} />
      <WizardStep titleId={titleId} headingRef={heading} steps={steps} current={current}>
        {serverErrors && (stepServerErrors.length > 0 || otherServerErrors.length > 0 || reviewing) && (
          <FormAlert>
            <p>{serverErrors.message}</p>
            {otherServerErrors.length > 0 && (
              <ul>
                {otherServerErrors.map((error) => (
                  <li key={error.field}>{`${error.field}: ${error.message}`}</li>
                ))}
              </ul>
            )}
          </FormAlert>
        )}
        {reviewing ? (
          <WizardReview
            schema={schema}
            validator={validators.form}
            steps={steps}
            answers={withoutEmptyGroups(schema, answers)}
            onEdit={(step) => goTo(step)}
            idPrefix={`${idPrefix}-review`}
            errors={reviewErrors}
            busy={submission.busy}
            submitLabel="Send request"
            busyLabel="Sending…"
            onBack={() => goTo(current - 1)}
            onSubmit={submit}
          />
        ) : (
          <WizardStepForm
            key={`${current}-${serverErrors ? 'checked' : 'new'}`}
            idPrefix={idPrefix}
            schema={stepSchemas[current]!}
            uiSchema={uiSchema}
            formData={answers}
            validator={stepValidators[current]!}
            extraErrors={stepServerErrors.length > 0 ? toErrorSchema(stepServerErrors) : undefined}
            defaults={DEFAULTS}
            onChange={setAnswers}
            onNext={(next) => leaveStep(current + 1, next)}
            onBack={current > 0 ? () => goTo(current - 1) : undefined}
          />
        )}
      </WizardStep>
    </div>
  );
}
