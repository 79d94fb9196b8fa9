import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError } from '@/api/mutator';
import { useGetServiceRequest } from '@/api/generated/requests/requests';
import type { ServiceRequest } from '@/api/generated/model';
import { formEntries, loadForm } from '@/forms/formFiles';
import type { JsonObject } from '@/forms/types';
import { rememberUploadedFile } from '@/forms/uploadedFiles';
import { PRODUCT_NAME } from '@/ui/Logo';
import { apiErrorMessage } from '@/ui/toast';
import { RequestWizard } from './RequestWizard';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { RETRIED_LOADER_READ } from '@/lib/loaderRead';
import './edit-request.css';

export const NOT_EDITABLE_MESSAGE = 'Requests can be changed until the first proposal arrives.';

/** The wizard's starting answers: the stored answers with the title and the ids of the files. */
export function editAnswers(request: ServiceRequest): JsonObject {
  return {
    ...(request.answers as JsonObject),
    title: request.title,
    attachments: request.attachments.map((file) => file.id),
  };
}

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="container request-edit-message">
      <DocumentTitle>{`${title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1>{title}</h1>
      {children}
      <p>
        <Link to="/dashboard/requests/" className="button button--secondary">
          Back to my requests
        </Link>
      </p>
    </div>
  );
}

function Editor({ request }: { request: ServiceRequest }) {
  const entry = useMemo(() => formEntries().find((candidate) => candidate.id === request.formId), [request.formId]);
  const form = useQuery({
    queryKey: ['request-form', entry?.id],
    queryFn: () => loadForm(entry!),
    enabled: Boolean(entry),
    staleTime: Infinity,
  });
  const answers = useMemo(() => {
    // The files are shown by name in the upload field, as if uploaded in this browser.
    for (const file of request.attachments) rememberUploadedFile(file.id, { name: file.name, size: file.size });
    return editAnswers(request);
  }, [request]);
  if (!entry) {
    return (
      <Message title="This request cannot be changed here">
        <p>The form it was posted with is no longer offered.</p>
      </Message>
    );
  }
  if (form.isError) {
    return (
      <Message title="We could not open the form">
        <p role="alert">{apiErrorMessage(form.error)}</p>
      </Message>
    );
  }
  if (!form.data)
    return (
      <p role="status" className="container request-edit-message">
        Loading the form…
      </p>
    );
  return (
    <div className="request-edit">
      <DocumentTitle>{`Edit ${request.title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <Link to="/dashboard/requests/$id/details/" params={{ id: request.id }} className="request-edit__back">
        ← Back to the request
      </Link>
      <RequestWizard key={request.id} form={form.data} edit={{ id: request.id, answers }} />
    </div>
  );
}

/**
 * `/dashboard/requests/{id}/edit/`: the request wizard again, prefilled with the request's
 * answers, title and files, while the request is `editable`; it saves with `updateServiceRequest`.
 */
export function EditRequestPage({ id }: { id: string }) {
  // The route's loader asked already: a failure there is shown, not asked again.
  const query = useGetServiceRequest(id, RETRIED_LOADER_READ);
  if (query.isPending) {
    return (
      <p role="status" className="container request-edit-message">
        Loading the request…
      </p>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.httpStatus === 404) {
      return (
        <Message title="We could not find this request">
          <p>It may have been removed, or the link may be wrong.</p>
        </Message>
      );
    }
    return (
      <Message title="We could not load this request">
        <p role="alert">{apiErrorMessage(query.error)}</p>
      </Message>
    );
  }
  const request = query.data.data;
  if (!request.editable) {
    return (
      <Message title="This request can no longer be changed">
        <p>{NOT_EDITABLE_MESSAGE}</p>
        <p>
          <Link to="/dashboard/requests/$id/details/" params={{ id: request.id }}>
            See the request
          </Link>
        </p>
      </Message>
    );
  }
  return <Editor request={request} />;
}
