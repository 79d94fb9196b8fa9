import { Link } from '@tanstack/react-router';
import { useSearchPublicServiceRequests } from '@/api/generated/requests/requests';
import { useAccountType } from '@/lib/auth';
import { jobLink, PATHS } from '@/lib/paths';
import { formatBudget, postedAgo } from '@/lib/format';

/**
 * The newest open requests from the public job board, for visitors and providers (clients may
 * not browse the job board). Hidden when the board has nothing to show or cannot answer.
 */
export function LatestRequests() {
  const accountType = useAccountType();
  const enabled = accountType !== 'client';
  const { data } = useSearchPublicServiceRequests('all', { sort: 'newest', pageSize: 3 }, { query: { enabled } });
  const requests = data?.data.items ?? [];
  if (!enabled || requests.length === 0) return null;

  return (
    <section className="section section--tinted" aria-labelledby="latest-requests-title">
      <div className="container">
        <header className="section-header">
          <p className="eyebrow">Open requests</p>
          <h2 id="latest-requests-title">Clients are hiring now</h2>
          <p className="section-header__lead">The newest requests on the job board. Answer one with a proposal.</p>
        </header>
        <ul className="latest-requests">
          {requests.map((request) => (
            <li key={request.id} className="latest-request">
              <p className="latest-request__family">{request.family.name}</p>
              <h3 className="latest-request__title">
                <Link {...jobLink(request.refId)}>{request.title}</Link>
              </h3>
              <p className="latest-request__summary">{request.summary}</p>
              <p className="latest-request__meta">
                <span>{formatBudget(request.budget)}</span>
                {request.projectDuration && <span>{request.projectDuration.label}</span>}
                <span>
                  {request.proposalCount} {request.proposalCount === 1 ? 'proposal' : 'proposals'}
                </span>
                <span>Posted {postedAgo(request.postedAt)}</span>
              </p>
            </li>
          ))}
        </ul>
        <p className="section-footnote">
          <Link to={PATHS.findJobs}>See all open requests</Link>
        </p>
      </div>
    </section>
  );
}
