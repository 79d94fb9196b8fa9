import { retrieveSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { useCatalogueOptions } from '@/forms/useCatalogueOptions';
import type { FormStep, JsonObject } from '@/forms/types';
import { uploadedFile } from '@/forms/uploadedFiles';
import { answerText } from './answerText';

function CatalogueAnswer({ schema, list, value }: { schema: RJSFSchema; list: string; value: unknown }) {
  const { data } = useCatalogueOptions(list);
  const labels = new Map((data ?? []).map((option) => [String(option.value), option.label]));
  return <>{answerText(schema, value, labels)}</>;
}

/** Uploaded files are kept as ids: read them by the names this browser knows, else as "1 file". */
function FilesAnswer({ ids }: { ids: unknown[] }) {
  const names = ids.map((id) => uploadedFile(String(id))?.name);
  if (names.every(Boolean)) return <>{names.join(', ')}</>;
  return <>{ids.length === 1 ? '1 file' : `${ids.length} files`}</>;
}

function Answer({ schema, value }: { schema: RJSFSchema; value: unknown }) {
  const list = schema['x-options'];
  if (typeof list === 'string') return <CatalogueAnswer schema={schema} list={list} value={value} />;
  const items = schema.items;
  if (Array.isArray(value) && items && typeof items === 'object' && !Array.isArray(items) && items.format === 'uuid') {
    return <FilesAnswer ids={value} />;
  }
  return <>{answerText(schema, value)}</>;
}

interface ReviewAnswersProps {
  schema: JsonObject;
  /** The whole form's validator: it resolves conditional parts of a field's schema. */
  validator: ValidatorType;
  steps: FormStep[];
  answers: JsonObject;
  /** Offers an Edit link per step when given; without it the answers are read-only. */
  onEdit?: (step: number) => void;
  /** Leaves out unanswered fields (and steps with none answered) instead of saying "Not answered". */
  omitUnanswered?: boolean;
  /** Prefix of the step headings' ids, to keep them unique when several lists share a page. */
  idPrefix?: string;
}

function isUnanswered(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
}

/** Every step's answers, each step with a way back to change it when `onEdit` is given. */
export function ReviewAnswers({
  schema,
  validator,
  steps,
  answers,
  onEdit,
  omitUnanswered = false,
  idPrefix = 'review',
}: ReviewAnswersProps) {
  const root = schema as RJSFSchema;
  const shown = steps
    .map((step, index) => ({
      step,
      index,
      fields: omitUnanswered ? step.fields.filter((name) => !isUnanswered(answers[name])) : step.fields,
    }))
    .filter(({ fields }) => !omitUnanswered || fields.length > 0);
  return (
    <div className="wizard-review">
      {shown.map(({ step, index, fields }) => (
        <section key={step.id} className="wizard-review__step" aria-labelledby={`${idPrefix}-${step.id}`}>
          <div className="wizard-review__head">
            <h3 id={`${idPrefix}-${step.id}`}>{step.title}</h3>
            {onEdit && (
              <button type="button" className="link-button" onClick={() => onEdit(index)}>
                Edit<span className="visually-hidden"> {step.title}</span>
              </button>
            )}
          </div>
          <dl className="fact-list">
            {fields.map((name) => {
              const raw = (root.properties?.[name] ?? {}) as RJSFSchema;
              const field = retrieveSchema(validator, raw, root, answers[name]);
              const value = answers[name];
              return (
                <div key={name} className="fact-list__row">
                  <dt>{field.title ?? name}</dt>
                  <dd>
                    {isUnanswered(value) ? (
                      <span className="fact-list__empty">Not answered</span>
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
