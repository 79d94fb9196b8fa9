import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getGetMeQueryKey, getMe } from '@/api/generated/auth/auth';
import { ApiError } from '@/api/mutator';
import { useAuth, type AuthUser } from '@/lib/auth';
import type { AppPath } from '@/lib/paths';
import type { JsonObject } from '@/forms/types';
import type { ServerFieldError } from '@/forms/serverErrors';
import { rememberAnswers } from './savedAnswers';
import { destinationAfterSave, destinationAfterSkip, type OnboardingStep } from './onboardingSteps';

/** What a save call answers that the flow reads: the next onboarding step, when it says one. */
export interface StepAnswer {
  data?: { nextStep?: string | null } | unknown;
}

export interface SaveFailure {
  message: string;
  fields: ServerFieldError[];
}

const GENERIC = 'Something went wrong and this step was not saved. Please try again.';

function failureOf(error: unknown): SaveFailure | null {
  if (!error) return null;
  if (error instanceof ApiError) return { message: error.message, fields: error.body.errors ?? [] };
  if (error instanceof Error && error.message) return { message: error.message, fields: [] };
  return { message: GENERIC, fields: [] };
}

function nextStepOf(answer: StepAnswer): string | null | undefined {
  const data = answer.data;
  if (!data || typeof data !== 'object' || !('nextStep' in data)) return undefined;
  const next = (data as { nextStep?: unknown }).nextStep;
  return typeof next === 'string' || next === null ? next : undefined;
}

/**
 * Saves a step, then reloads the signed-in user (the guards decide from it) and goes on to the
 * answer's next step (or `after`, a page of its own). The navigation waits until the app shows the reloaded user, so the next
 * page's guards judge the new progress, not the old.
 */
export function useSaveStep(step: OnboardingStep, { after }: { after?: AppPath } = {}) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [destination, setDestination] = useState<{ user: AuthUser; to: AppPath } | null>(null);

  useEffect(() => {
    if (!destination || auth.user !== destination.user) return;
    setDestination(null);
    void navigate({ to: destination.to });
  }, [destination, auth.user, navigate]);

  const mutation = useMutation({
    mutationFn: async ({ call }: { call: () => Promise<StepAnswer>; answers?: JsonObject }) => {
      const answer = await call();
      const me = await getMe();
      return { answer, me };
    },
    onSuccess: ({ answer, me }, { answers }) => {
      if (answers) rememberAnswers(queryClient, step.formId, answers);
      queryClient.setQueryData(getGetMeQueryKey(), me);
      // The cache may keep the previous object when nothing changed: wait for what it holds.
      const stored = queryClient.getQueryData<typeof me>(getGetMeQueryKey())?.data ?? me.data;
      setDestination({ user: stored, to: after ?? destinationAfterSave(step, stored, nextStepOf(answer)) });
    },
  });

  const skip = () => {
    if (auth.user) void navigate({ to: destinationAfterSkip(step, auth.user) });
  };

  const save = (call: () => Promise<StepAnswer>, answers?: JsonObject) => mutation.mutate({ call, answers });

  return {
    /** Runs the save call; `answers` are kept to prefill the step when the user comes back. */
    save,
    /** Saves a set-once step (see setOrUpdate): `set` the first time, `update` once it is done. */
    saveOnce: (
      done: boolean,
      set: () => Promise<StepAnswer>,
      update: () => Promise<StepAnswer>,
      answers?: JsonObject,
    ) => save(() => setOrUpdate(done, set, update), answers),
    /** Busy from the click until the next page shows. */
    busy: mutation.isPending || destination !== null,
    failure: failureOf(mutation.error),
    reset: () => mutation.reset(),
    skip,
  };
}

/**
 * A set-once step: the first save goes through `set`; once the step is done (the user says so,
 * or `set` answers 409 because another tab saved it) through `update`.
 */
export async function setOrUpdate<T extends StepAnswer>(
  done: boolean,
  set: () => Promise<T>,
  update: () => Promise<T>,
): Promise<T> {
  if (done) return update();
  try {
    return await set();
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 409) return update();
    throw error;
  }
}
