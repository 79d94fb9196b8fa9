import type { QueryClient } from '@tanstack/react-query';
import type { JsonObject } from '@/forms/types';

/**
 * What was last saved on a step, kept in this tab's query cache: the API has no read of most
 * onboarding sections before the profile is public, so coming Back to a saved step shows these.
 */
const key = (formId: string) => ['onboarding-answers', formId] as const;

export function rememberAnswers(queryClient: QueryClient, formId: string, answers: JsonObject): void {
  // Kept for the tab's life: no component observes it, so the default would drop it in minutes.
  queryClient.setQueryDefaults(key(formId), { gcTime: Infinity, staleTime: Infinity });
  queryClient.setQueryData(key(formId), answers);
}

export function savedAnswers(queryClient: QueryClient, formId: string): JsonObject | undefined {
  return queryClient.getQueryData<JsonObject>(key(formId));
}
