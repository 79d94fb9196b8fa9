import { Link } from '@tanstack/react-router';
import { useListMyProposals } from '@/api/generated/proposals/proposals';
import type { ProposalSummary } from '@/api/generated/model';
import { ApiError } from '@/api/mutator';
import { formatDate } from '@/lib/format';
import { jobLink, PATHS } from '@/lib/paths';
import { PRODUCT_NAME } from '@/ui/Logo';
import { Pagination } from '@/ui/Pagination';
import { proposalPrice } from '@/lib/format';
import { PROPOSAL_STATUSES, STATUS_TABS } from './proposalText';
import type { ProposalsSearch } from './search';
import { ProposalStatusBadge } from './StatusBadge';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { RETRIED_LOADER_READ } from '@/lib/loaderRead';
import './proposals.css';

/** Proposals per page of the list. */
export const PROPOSALS_PAGE_SIZE = 20;

/** The list call's parameters for the URL's search, as the page and its route's loader ask for them. */
export const myProposalsParams = (search: ProposalsSearch) => ({
  status: search.status,
  page: search.page ?? 1,
  pageSize: PROPOSALS_PAGE_SIZE,
});

function StatusTabs({ current }: { current: ProposalsSearch['status'] }) {
  return (
    <nav className="proposal-tabs" aria-label="Filter by status">
      <ul className="proposal-tabs__list">
        {[undefined, ...STATUS_TABS].map((status) => {
          const active = status === current;
          return (
            <li key={status ?? 'all'}>
              <Link
                to="/dashboard/proposals/"
                search={status ? { status } : {}}
                className={`proposal-tabs__link${active ? ' proposal-tabs__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
                activeOptions={{ exact: true, includeSearch: true }}
              >
                {status ? PROPOSAL_STATUSES[status].label : 'All'}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ProposalRow({ proposal }: { proposal: ProposalSummary }) {
  return (
    <li className="proposal-row">
      <div className="proposal-row__head">
        <h2 className="proposal-row__title">
          <Link {...jobLink(proposal.request.refId)}>{proposal.request.title}</Link>
        </h2>
        <ProposalStatusBadge status={proposal.status} />
      </div>
      <dl className="proposal-row__facts">
        <div>
          <dt>Price</dt>
          <dd>{proposalPrice(proposal.price, proposal.priceType)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{proposal.estimatedDuration.label}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>
            <time dateTime={proposal.createdAt}>{formatDate(proposal.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <p className="proposal-row__preview">{proposal.coverLetterPreview}</p>
      <Link
        to="/dashboard/proposals/$id/details/"
        params={{ id: proposal.id }}
        className="proposal-row__open"
        aria-label={`Open your proposal on ${proposal.request.title}`}
      >
        Open proposal
      </Link>
    </li>
  );
}

function Empty({ search, total }: { search: ProposalsSearch; total: number }) {
  if (search.page && total > 0) {
    return (
      <div className="proposal-notice">
        <h2 className="proposal-notice__title">There is nothing on page {search.page}</h2>
        <Link to="/dashboard/proposals/" search={{ status: search.status }} className="button button--secondary">
          Go to the first page
        </Link>
      </div>
    );
  }
  if (search.status) {
    return (
      <div className="proposal-notice">
        <h2 className="proposal-notice__title">
          No proposals are {PROPOSAL_STATUSES[search.status].label.toLowerCase()}
        </h2>
        <p>None of your proposals has this status right now.</p>
        <Link to="/dashboard/proposals/" search={{}} className="button button--secondary">
          Show all proposals
        </Link>
      </div>
    );
  }
  return (
    <div className="proposal-notice">
      <h2 className="proposal-notice__title">You have not sent a proposal yet</h2>
      <p>Find a job that fits what you do and tell the client how you would do it.</p>
      <Link to={PATHS.findJobs} className="button button--primary">
        Find jobs
      </Link>
    </div>
  );
}

function ProposalList({ search }: { search: ProposalsSearch }) {
  const params = myProposalsParams(search);
  // The route's loader asked already: a failure there is shown with its retry, not asked again.
  const query = useListMyProposals(params, RETRIED_LOADER_READ);
  if (query.isPending) {
    return (
      <p className="proposal-page__loading" role="status">
        Loading your proposals…
      </p>
    );
  }
  if (query.isError) {
    const message =
      query.error instanceof ApiError && query.error.message ? query.error.message : 'Something went wrong.';
    return (
      <div className="proposal-notice proposal-notice--error" role="alert">
        <h2 className="proposal-notice__title">We could not load your proposals</h2>
        <p>{message}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    );
  }
  const { items, pagination } = query.data.data;
  if (!items.length) return <Empty search={search} total={pagination.total} />;
  return (
    <>
      <p className="proposal-page__count" aria-live="polite">
        {pagination.total === 1 ? '1 proposal' : `${pagination.total} proposals`}
        {search.status ? ` ${PROPOSAL_STATUSES[search.status].label.toLowerCase()}` : ''}
      </p>
      <ul className="proposal-rows" aria-label="Your proposals" aria-busy={query.isFetching}>
        {items.map((proposal) => (
          <ProposalRow key={proposal.id} proposal={proposal} />
        ))}
      </ul>
      <Pagination
        page={params.page}
        totalPages={pagination.totalPages}
        renderLink={(target, children, props) => (
          <Link
            to="/dashboard/proposals/"
            search={{ status: search.status, page: target > 1 ? target : undefined }}
            {...props}
          >
            {children}
          </Link>
        )}
      />
    </>
  );
}

/** `/dashboard/proposals/` (R10): the signed-in provider's proposals, newest first, by status. */
export function MyProposalsPage({ search }: { search: ProposalsSearch }) {
  return (
    <div className="container proposal-page">
      <DocumentTitle>{`My proposals | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 className="proposal-page__title">My proposals</h1>
      <p className="proposal-page__lead">The proposals you sent, latest first.</p>
      <StatusTabs current={search.status} />
      <ProposalList search={search} />
    </div>
  );
}
