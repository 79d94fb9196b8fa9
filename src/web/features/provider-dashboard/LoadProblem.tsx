import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import { ApiError } from '@/api/mutator';

interface LoadProblemProps<TBack = unknown> {
  error: unknown;
  /** What failed to load, in words ("project", "projects"). */
  what: string;
  /** Where the way out leads: link options, checked against the route tree where the problem is shown. */
  back: ValidateLinkOptions<RegisteredRouter, TBack>;
  retrying: boolean;
  onRetry: () => void;
}

/** A read that failed: not found (another account's, or a service not offered) or a failure to retry. */
export function LoadProblem<TBack>(props: LoadProblemProps<TBack>): React.ReactNode;
export function LoadProblem({ error, what, back, retrying, onRetry }: LoadProblemProps) {
  const status = error instanceof ApiError ? error.httpStatus : 0;
  if (status === 404 || status === 400) {
    return (
      <div className="provider-empty" role="alert">
        <h2 className="provider-empty__title">We could not find this {what}</h2>
        <p>It may have been removed, or it belongs to a service you do not offer.</p>
        <Link {...back} className="button button--primary">
          Go back
        </Link>
      </div>
    );
  }
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  return (
    <div className="provider-empty provider-empty--error" role="alert">
      <h2 className="provider-empty__title">The {what} could not be loaded</h2>
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
