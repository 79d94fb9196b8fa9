import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { ApiError } from '@/api/mutator';
import {
  createServiceRequest,
  getGetServiceRequestQueryKey,
  getListClientServiceRequestsQueryKey,
  getListLatestClientServiceRequestsQueryKey,
  updateServiceRequest,
} from '@/api/generated/requests/requests';
import type {
  CatalogueServiceFamilySlug,
  ServiceRequestCreateInput,
  ServiceRequestUpdateInput,
} from '@/api/generated/model';
import type { ServerFieldError } from '@/forms/serverErrors';
import type { FormEntry, JsonObject } from '@/forms/types';
import { useAuth } from '@/lib/auth';
import { SESSION_FLAGS, sessionFlags } from '@/lib/browserFlags';
import { PATHS } from '@/lib/paths';
import { nextFor } from '@/lib/safeNext';
import { productToast } from '@/ui/toast';
import { rememberRequestRefId } from './requestStorage';

export const CLIENTS_ONLY_MESSAGE =
  'Only client accounts can post requests. Sign in with a client account to post this one.';

/** The contract's body: the envelope fields (title, attachments) beside the answers. */
export function requestBody(entry: FormEntry, answers: JsonObject): ServiceRequestCreateInput {
  const inner = Object.fromEntries(Object.entries(answers).filter(([name]) => !entry.envelopeFields.includes(name)));
  const attachments = Array.isArray(answers.attachments) ? answers.attachments.map(String) : [];
  return {
    family: entry.family as CatalogueServiceFamilySlug,
    subFamily: entry.subFamily,
    formId: entry.id,
    title: typeof answers.title === 'string' ? answers.title.trim() : '',
    answers: inner,
    ...(attachments.length ? { attachments } : {}),
  };
}

/**
 * The body of a change: the title, the answers and the whole list of files (an empty list
 * removes them all); family, sub-family and form stay as posted.
 */
export function updateBody(entry: FormEntry, answers: JsonObject): ServiceRequestUpdateInput {
  const { title, answers: inner, attachments } = requestBody(entry, answers);
  return { title, answers: inner, attachments: attachments ?? [] };
}

/**
 * The server's field errors named as the form's fields: the answers sit under `answers.` in the
 * body (`answers.budget.min` is the form's `budget.min`), the envelope fields (title,
 * attachments) at its top; `answers` itself is the whole form's.
 */
export function formFieldErrors(errors: readonly ServerFieldError[]): ServerFieldError[] {
  return errors.map(({ field, message }) => ({
    field: field === 'answers' ? 'body' : field.replace(/^answers\./, ''),
    message,
  }));
}

/**
 * Submit per role: a visitor goes to sign up as a client and comes back here with the draft
 * kept; another account type is told only clients post; a client posts. A failed post keeps the
 * draft and shows the server's message as the auth forms do; its field errors, named as the
 * form's fields, go to `onRefused` for the wizard to mark on the fields.
 */
export function useSubmitRequest(
  entry: FormEntry,
  onPosted: () => void,
  onRefused?: (fieldErrors: ServerFieldError[]) => void,
) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [message, setMessage] = useState<string | null>(null);
  // One key per submit attempt, so a double click posts once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const post = useMutation({
    mutationFn: (body: ServiceRequestCreateInput) =>
      createServiceRequest(body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (response) => {
      rememberRequestRefId(response.data.refId);
      onPosted();
      void navigate({ to: '/dashboard/requests/' });
    },
    onError: (error) => {
      setMessage(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
      onRefused?.(error instanceof ApiError ? formFieldErrors(error.body.errors ?? []) : []);
    },
  });

  const submit = (answers: JsonObject) => {
    setMessage(null);
    if (!user) {
      // Only clients post: straight to the client sign-up, which brings them back once verified.
      sessionFlags.set(SESSION_FLAGS.accountType, 'client');
      void navigate({ to: PATHS.clientSignup, search: { next: nextFor(location) } });
      return;
    }
    if (user.accountType !== 'client') {
      setMessage(CLIENTS_ONLY_MESSAGE);
      return;
    }
    post.mutate(requestBody(entry, answers));
  };

  return { submit, message, busy: post.isPending || post.isSuccess };
}

/**
 * Saving a change to a posted request (`updateServiceRequest`): on success the request's pages
 * show the new answers and the client goes back to its details; a refusal shows the server's
 * message, its field errors going to `onRefused` as for posting.
 */
export function useSaveRequest(
  entry: FormEntry,
  requestId: string | undefined,
  onRefused?: (fieldErrors: ServerFieldError[]) => void,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ServiceRequestUpdateInput }) => updateServiceRequest(id, body),
    onSuccess: (response) => {
      queryClient.setQueryData(getGetServiceRequestQueryKey(response.data.id), response);
      void queryClient.invalidateQueries({ queryKey: [getListClientServiceRequestsQueryKey()[0]] });
      void queryClient.invalidateQueries({ queryKey: getListLatestClientServiceRequestsQueryKey() });
      productToast.success('Your request is updated.');
      void navigate({ to: '/dashboard/requests/$id/details/', params: { id: response.data.id } });
    },
    onError: (error) => {
      setMessage(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
      onRefused?.(error instanceof ApiError ? formFieldErrors(error.body.errors ?? []) : []);
    },
  });

  const submit = (answers: JsonObject) => {
    setMessage(null);
    if (requestId) save.mutate({ id: requestId, body: updateBody(entry, answers) });
  };

  return { submit, message, busy: save.isPending || save.isSuccess };
}
