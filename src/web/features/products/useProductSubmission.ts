import { useCreateNetsuiteProductRequest, useCreateReactHireRequest } from '@/api/generated/products/products';
import type { ProductNetsuiteRequestInput, ProductReactHireInput, ProductRequestReceipt } from '@/api/generated/model';
import { ApiError } from '@/api/mutator';
import type { JsonObject } from '@/forms/types';
import type { ServerFieldError } from '@/forms/serverErrors';

/** One product form's submission, whichever operation it is posted to. */
export interface ProductSubmission {
  submit(answers: JsonObject): void;
  busy: boolean;
  receipt: ProductRequestReceipt | null;
  /** The server's message when it refused, and the fields it named. */
  failure: { message: string; fields: ServerFieldError[] } | null;
  /** Back to an empty form after a request went through. */
  reset(): void;
}

const GENERIC = 'Something went wrong and your request was not sent. Please try again.';

function failureOf(error: unknown): ProductSubmission['failure'] {
  if (!error) return null;
  if (error instanceof ApiError) return { message: error.message, fields: error.body.errors ?? [] };
  return { message: GENERIC, fields: [] };
}

interface MutationLike {
  isPending: boolean;
  data?: { data: ProductRequestReceipt };
  error: unknown;
  reset(): void;
}

const submission = (mutation: MutationLike, submit: (answers: JsonObject) => void): ProductSubmission => ({
  submit,
  busy: mutation.isPending,
  receipt: mutation.data?.data ?? null,
  failure: failureOf(mutation.error),
  reset: () => mutation.reset(),
});

/** P01: the NetSuite request (`/products/netsuite/hire/`). */
export function useNetsuiteSubmission(): ProductSubmission {
  const mutation = useCreateNetsuiteProductRequest();
  // The form's schema is the body's: RJSF's validation has already held it to the contract's shape.
  return submission(mutation, (answers) =>
    mutation.mutate({ data: answers as unknown as ProductNetsuiteRequestInput }),
  );
}

/** P02: the React hire request (`/products/react/`). */
export function useReactHireSubmission(): ProductSubmission {
  const mutation = useCreateReactHireRequest();
  return submission(mutation, (answers) => mutation.mutate({ data: answers as unknown as ProductReactHireInput }));
}
