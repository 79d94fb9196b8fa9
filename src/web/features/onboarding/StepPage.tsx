import type { ReactNode } from 'react';
import { OnboardingForm, type OnboardingFormProps } from './OnboardingForm';
import { OnboardingLayout } from './OnboardingLayout';
import type { JsonObject } from '@/forms/types';
import { descriptionOf, withoutBlanks } from './onboardingForms';
import type { OnboardingStep } from './onboardingSteps';
import { useSaveStep, type SaveFailure, type StepAnswer } from './useSaveStep';
import { ONBOARDING_WIDGETS } from './widgets';

export interface StepPageProps extends Omit<OnboardingFormProps, 'busy' | 'failure'> {
  step: OnboardingStep;
  /** The step's save (useSaveStep): busy while it runs, its refusal on the form. */
  saving: { busy: boolean; failure: SaveFailure | null };
  /** Busy for more than the save (an upload under way). */
  busy?: boolean;
  /** Under the title; the form's own description without it. */
  lead?: ReactNode;
}

/** A step's page: the onboarding layout around the step's form, with the onboarding widgets. */
export function StepPage({ step, saving, busy = saving.busy, lead, ...form }: StepPageProps) {
  return (
    <OnboardingLayout step={step} lead={lead ?? descriptionOf(form.form)}>
      <OnboardingForm widgets={ONBOARDING_WIDGETS} {...form} busy={busy} failure={saving.failure} />
    </OnboardingLayout>
  );
}

export interface SavedStepProps<Body> extends Omit<StepPageProps, 'saving' | 'onSubmit' | 'onSkip'> {
  /** Whether the step is done already: then saved through `update`, when there is one. */
  done: boolean;
  set: (body: Body) => Promise<StepAnswer>;
  update?: (body: Body) => Promise<StepAnswer>;
  /** The body sent for the answers: without blanks, unless the step says otherwise. */
  toBody?: (answers: JsonObject) => JsonObject;
}

/**
 * A step whose form is its whole body: `set` the first time, `update` once done (see setOrUpdate);
 * "Skip for now" where the step may be skipped.
 */
export function SavedStep<Body>({ step, done, set, update, toBody = withoutBlanks, ...page }: SavedStepProps<Body>) {
  const saving = useSaveStep(step);
  const submit = (next: JsonObject) => {
    const body = toBody(next) as unknown as Body;
    if (update)
      saving.saveOnce(
        done,
        () => set(body),
        () => update(body),
        next,
      );
    else saving.save(() => set(body), next);
  };
  return (
    <StepPage
      {...page}
      step={step}
      saving={saving}
      onSubmit={submit}
      onSkip={step.skippable ? saving.skip : undefined}
    />
  );
}
