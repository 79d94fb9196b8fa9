import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ReviewAnswers } from './wizard/ReviewAnswers';
import { answerText } from './wizard/answerText';
import { formEntries, loadForm } from './formFiles';
import type { JsonObject } from './types';
import './answers-view.css';

export interface AnswersViewProps {
  /** The request's form id (`requests/data-and-analytics-business`). */
  formId: string;
  /** The answers as stored, keyed by the form's property names. */
  answers: Record<string, unknown>;
}

/** A form's files, loaded once per form id like the request wizard loads them. */
function useLoadedForm(formId: string) {
  const entry = formEntries().find((candidate) => candidate.id === formId);
  const query = useQuery({
    queryKey: ['request-form', formId],
    queryFn: () => loadForm(entry!),
    enabled: Boolean(entry),
    staleTime: Infinity,
    retry: false,
  });
  return { known: Boolean(entry), ...query };
}

function isUnanswered(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
}

/** The answers as they were stored, for a form this app does not know (or could not load). */
function RawAnswers({ answers, note }: { answers: Record<string, unknown>; note: string }) {
  const entries = Object.entries(answers).filter(([, value]) => !isUnanswered(value));
  return (
    <div className="answers-view answers-view--raw">
      <p className="answers-view__note">{note}</p>
      {entries.length > 0 ? (
        <dl className="fact-list">
          {entries.map(([name, value]) => (
            <div key={name} className="fact-list__row">
              <dt>{name}</dt>
              <dd>{answerText({}, value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="answers-view__note">No answers were given.</p>
      )}
    </div>
  );
}

/**
 * A request's answers, read-only, laid out by its form: each step a section with its title,
 * the answered fields as a definition list, choices shown with their catalogue labels or the
 * schema's own titles. Unanswered fields are left out.
 */
export function AnswersView({ formId, answers }: AnswersViewProps) {
  const prefix = `answers${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { known, data: form, isPending, isError } = useLoadedForm(formId);

  if (!known) {
    return <RawAnswers answers={answers} note="This request was posted with a form that is no longer offered." />;
  }
  if (isError) {
    return <RawAnswers answers={answers} note="The form of this request could not be loaded." />;
  }
  if (isPending || !form) {
    return (
      <p className="answers-view__loading" role="status">
        Loading the answers…
      </p>
    );
  }
  return (
    <div className="answers-view">
      <ReviewAnswers
        schema={form.schema}
        validator={form.validators.form}
        steps={form.steps}
        answers={answers as JsonObject}
        omitUnanswered
        idPrefix={prefix}
      />
    </div>
  );
}
