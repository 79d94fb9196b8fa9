import { useEffect, useState } from 'react';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../api/mutator';
import { HttpStatusError } from '../lib/httpErrors';
import { canReloadForChunkError, isChunkLoadError, reloadOnceForChunkError } from '../lib/chunkErrors';
import { ErrorPage } from './ErrorPage';
import { LoadingBar } from './LoadingBar';
import { DocumentTitle } from './DocumentTitle';

/** A stale build: reload once for the new chunks, then admit defeat with the error page (spec §8). */
function ChunkLoadFailure({ error }: { error: Error }) {
  const [reloading] = useState(() => canReloadForChunkError(error));
  useEffect(() => {
    if (reloading) reloadOnceForChunkError(error);
  }, [reloading, error]);
  return reloading ? <LoadingBar /> : <ErrorPage status={500} reloadDocument />;
}

/** The router's fallback for errors nobody expected (spec §2). */
export function UnexpectedError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <section className="error-page" aria-labelledby="unexpected-error-title">
      <DocumentTitle>Unexpected Application Error | Versimarket</DocumentTitle>
      <h1 id="unexpected-error-title" className="error-page__title">
        Unexpected Application Error!
      </h1>
      {message && <p className="error-page__detail">{message}</p>}
      {import.meta.env.DEV && error instanceof Error && error.stack && (
        <pre className="error-page__stack">{error.stack}</pre>
      )}
      <Link to="/" reloadDocument className="button button--primary">
        Return Home
      </Link>
    </section>
  );
}

/** The router's defaultErrorComponent: status errors get the error page, the rest the fallback. */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  if (error instanceof HttpStatusError) return <ErrorPage status={error.status} />;
  if (error instanceof ApiError && [401, 403, 404].includes(error.httpStatus)) {
    return <ErrorPage status={error.httpStatus} />;
  }
  if (error instanceof ApiError && error.httpStatus >= 500) return <ErrorPage status={500} />;
  if (isChunkLoadError(error)) return <ChunkLoadFailure error={error} />;
  return <UnexpectedError error={error} />;
}
