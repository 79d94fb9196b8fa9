import { Link } from '@tanstack/react-router';
import { PATHS } from '@/lib/paths';
import './dashboard-requests.css';

/** Freelancers and businesses have no requests of their own: they answer clients' requests. */
export function ClientsOnly() {
  return (
    <div className="requests-empty">
      <h2 className="requests-empty__title">Requests belong to client accounts</h2>
      <p>Clients post requests here. As a provider, you find requests to answer on the job board.</p>
      <Link to={PATHS.findJobs} className="button button--primary">
        Find jobs
      </Link>
    </div>
  );
}

interface LoadErrorProps {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/** A call that failed, with its message and a way to try again. */
export function LoadError({ title, error, retrying, onRetry }: LoadErrorProps) {
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  return (
    <div className="requests-empty requests-empty--error" role="alert">
      <h2 className="requests-empty__title">{title}</h2>
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
