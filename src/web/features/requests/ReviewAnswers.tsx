import { retrieveSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { useCatalogueOptions } from '../../forms/useCatalogueOptions';
import type { FormStep, JsonObject } from '../../forms/types';
import { answerText } from './answerText';

function CatalogueAnswer({ schema, list, value }: { schema: RJSFSchema; list: string; value: unknown }) {
  const { data } = useCatalogueOptions(list);
  const labels = new Map((data ?? []).map((option) => [String(option.value), option.label]));
  return <>{answerText(schema, value, labels)}</>;
}

function Answer({ schema, value }: { schema: RJSFSchema; value: unknown }) {
  const list = schema['x-options'];
  if (typeof list === 'string') return <CatalogueAnswer schema={schema} list={list} value={value} />;
  return <>{answerText(schema, value)}</>;
}

interface ReviewAnswersProps {
  schema: JsonObject;
  /** The whole form's validator: it resolves conditional parts of a field's schema. */
  validator: ValidatorType;
  steps: FormStep[];
  answers: JsonObject;
  onEdit: (step: number) => void;
}

/** Every step's answers, each step with a way back to change it. */
export function ReviewAnswers({ schema, validator, steps, answers, onEdit }: ReviewAnswersProps) {
  const root = schema as RJSFSchema;
  return (
    <div className="wizard-review">
      {steps.map((step, index) => (
        <section key={step.id} className="wizard-review__step" aria-labelledby={`review-${step.id}`}>
          <div className="wizard-review__head">
            <h3 id={`review-${step.id}`}>{step.title}</h3>
            <button type="button" className="link-button" onClick={() => onEdit(index)}>
              Edit<span className="visually-hidden"> {step.title}</span>
            </button>
          </div>
          <dl>
            {step.fields.map((name) => {
              const raw = (root.properties?.[name] ?? {}) as RJSFSchema;
              const field = retrieveSchema(validator, raw, root, answers[name]);
              const value = answers[name];
              const empty =
                value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
              return (
                <div key={name} className="wizard-review__row">
                  <dt>{field.title ?? name}</dt>
                  <dd>
                    {empty ? (
                      <span className="wizard-review__empty">Not answered</span>
                    ) : (
                      <Answer schema={field} value={value} />
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}
