import type { FormStep } from '@/forms/types';

export const REVIEW_TITLE = 'Review and submit';

/** The steps as a list, the current one marked for sight and for screen readers. */
export function WizardProgress({ steps, current }: { steps: FormStep[]; current: number }) {
  const titles = [...steps.map((step) => step.title), REVIEW_TITLE];
  return (
    <ol className="wizard-progress" aria-label="Steps">
      {titles.map((title, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={title} className={`wizard-progress__step wizard-progress__step--${state}`}>
            <span className="wizard-progress__number" aria-hidden="true">
              {index + 1}
            </span>
            <span aria-current={state === 'current' ? 'step' : undefined}>{title}</span>
            {state === 'done' && <span className="visually-hidden"> (done)</span>}
          </li>
        );
      })}
    </ol>
  );
}
