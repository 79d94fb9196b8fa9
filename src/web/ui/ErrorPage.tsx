import { Link } from '@tanstack/react-router';
import { DocumentTitle } from './DocumentTitle';

/** The texts of the error page (spec §2); any other status reads "An Error Occurred". */
const STATUS_MESSAGES: Record<number, string> = {
  401: 'You are not authorized to view the requested resource.',
  403: 'Access denied, no permission.',
  404: 'Sorry, the page is not found.',
  500: 'Sorry, the website is experiencing a problem.',
};
const OTHER_STATUS_MESSAGE = 'An Error Occurred';

const STATUS_TITLES: Record<number, string> = {
  401: 'Not authorized',
  403: 'Access denied',
  404: 'Page not found',
  500: 'Something went wrong',
};

export function errorMessageFor(status: number | undefined): string {
  return (status !== undefined && STATUS_MESSAGES[status]) || OTHER_STATUS_MESSAGE;
}

interface ErrorPageProps {
  status?: number;
  /** Reload the whole page on "Return Home" (the running build is broken or stale). */
  reloadDocument?: boolean;
}

export function ErrorPage({ status, reloadDocument = false }: ErrorPageProps) {
  const title = (status !== undefined && STATUS_TITLES[status]) || 'Error';
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <DocumentTitle>{`${status ?? 'Error'} · ${title} | Versimarket`}</DocumentTitle>
      <h1 id="error-page-title" className="error-page__heading">
        <span className="error-page__eyebrow">Error</span>{' '}
        {status !== undefined && <span className="error-page__status">{status}</span>}
      </h1>
      <p className="error-page__message">{errorMessageFor(status)}</p>
      <Link to="/" reloadDocument={reloadDocument} className="button button--primary">
        Return Home
      </Link>
    </section>
  );
}

/** The router's default for unknown paths and `notFound()`. */
export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
