import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useListClientServiceRequests } from '@/api/generated/requests/requests';
import type { ServiceRequestSummary } from '@/api/generated/model';
import { useAuth } from '@/lib/auth';
import { PATHS } from '@/lib/paths';
import { forgetPostedRequest, postedRequest } from '@/lib/postedRequest';
import { PRODUCT_NAME } from '@/ui/Logo';
import { formatDate, formatDateTime, proposalCountText, relativeTime, unreadText } from './format';
import { ClientsOnly, LoadError } from './PageStates';
import type { RequestsSearch } from './search';
import { REQUEST_STATUSES, STATUS_ORDER, statusLabel } from './status';
import { StatusBadge } from './StatusBadge';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { RETRIED_LOADER_READ } from '@/lib/loaderRead';
import './dashboard-requests.css';

/** Requests per page of the list. */
export const REQUESTS_PAGE_SIZE = 10;

/** The list call's parameters for the URL's search, as the page and its route's loader ask for them. */
export const requestsParams = (search: RequestsSearch) => ({
  status: search.status,
  page: search.page ?? 1,
  pageSize: REQUESTS_PAGE_SIZE,
});

function familyText(request: Pick<ServiceRequestSummary, 'family' | 'subFamily'>): string {
  return request.subFamily ? `${request.family.name} / ${request.subFamily.name}` : request.family.name;
}

function RequestCard({ request }: { request: ServiceRequestSummary }) {
  return (
    <li className="request-card">
      <div className="request-card__head">
        <h2 className="request-card__title">
          <Link to="/dashboard/requests/$id/details/" params={{ id: request.id }}>
            {request.title}
          </Link>
        </h2>
        <StatusBadge status={request.status} />
      </div>
      <p className="request-card__meta">
        <span className="request-card__ref">{request.refId}</span>
        <span aria-hidden="true"> · </span>
        <span>{familyText(request)}</span>
      </p>
      <p className="request-card__summary">{request.summary}</p>
      <ul className="request-card__facts">
        <li className={request.proposalCount > 0 ? 'request-card__fact--strong' : undefined}>
          {proposalCountText(request.proposalCount)}
        </li>
        {request.unreadMessageCount > 0 && (
          <li className="request-card__unread">{unreadText(request.unreadMessageCount)}</li>
        )}
        <li>
          Posted{' '}
          <time dateTime={request.createdAt} title={formatDateTime(request.createdAt)}>
            {relativeTime(request.createdAt)}
          </time>
        </li>
        {request.closesAt && (
          <li>
            Closes{' '}
            <time dateTime={request.closesAt} title={formatDateTime(request.closesAt)}>
              {formatDate(request.closesAt)}
            </time>
          </li>
        )}
      </ul>
    </li>
  );
}

function StatusFilter({ current }: { current: RequestsSearch['status'] }) {
  const filters = [undefined, ...STATUS_ORDER];
  return (
    <nav className="status-filter" aria-label="Filter by status">
      <ul className="status-filter__list">
        {filters.map((status) => {
          const active = status === current;
          return (
            <li key={status ?? 'all'}>
              <Link
                to="/dashboard/requests/"
                search={status ? { status } : {}}
                className={`status-filter__link${active ? ' status-filter__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
                activeOptions={{ exact: true, includeSearch: true }}
              >
                {status ? REQUEST_STATUSES[status].label : 'All'}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Pagination({ search, totalPages }: { search: RequestsSearch; totalPages: number }) {
  const page = search.page ?? 1;
  const pageSearch = (target: number) => ({ ...search, page: target > 1 ? target : undefined });
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? (
        <Link
          to="/dashboard/requests/"
          search={pageSearch(page - 1)}
          className="button button--secondary button--small"
        >
          Previous
        </Link>
      ) : (
        <span className="button button--secondary button--small pager__disabled" aria-disabled="true">
          Previous
        </span>
      )}
      <span className="pager__status" aria-current="page">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link
          to="/dashboard/requests/"
          search={pageSearch(page + 1)}
          className="button button--secondary button--small"
        >
          Next
        </Link>
      ) : (
        <span className="button button--secondary button--small pager__disabled" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}

function ListSkeleton() {
  return (
    <div className="request-list-skeleton">
      <p role="status" className="visually-hidden">
        Loading your requests…
      </p>
      <ul className="request-list" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <li key={key} className="request-card request-card--skeleton">
            <span className="skeleton-shape skeleton-shape--title" />
            <span className="skeleton-shape skeleton-shape--line" />
            <span className="skeleton-shape skeleton-shape--line skeleton-shape--long" />
            <span className="skeleton-shape skeleton-shape--line skeleton-shape--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyState({ search, total }: { search: RequestsSearch; total: number }) {
  if (search.page && search.page > 1 && total > 0) {
    return (
      <div className="requests-empty">
        <h2 className="requests-empty__title">There is nothing on page {search.page}</h2>
        <Link to="/dashboard/requests/" search={{ status: search.status }} className="button button--secondary">
          Go to the first page
        </Link>
      </div>
    );
  }
  if (search.status) {
    return (
      <div className="requests-empty">
        <h2 className="requests-empty__title">No requests are {statusLabel(search.status).toLowerCase()}</h2>
        <p>None of your requests has this status right now.</p>
        <Link to="/dashboard/requests/" search={{}} className="button button--secondary">
          Show all requests
        </Link>
      </div>
    );
  }
  return (
    <div className="requests-empty">
      <h2 className="requests-empty__title">You have not posted a request yet</h2>
      <p>Describe what you need and freelancers and businesses will send you proposals.</p>
      <Link to={PATHS.newRequest} className="button button--primary">
        Post a request
      </Link>
    </div>
  );
}

function RequestList({ search }: { search: RequestsSearch }) {
  // The route's loader asked already: a failure there is shown with its retry, not asked again.
  const query = useListClientServiceRequests(requestsParams(search), RETRIED_LOADER_READ);

  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return (
      <LoadError
        title="We could not load your requests"
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { items, pagination } = query.data.data;
  if (!items.length) return <EmptyState search={search} total={pagination.total} />;
  return (
    <>
      <p className="requests-count" aria-live="polite">
        {pagination.total === 1 ? '1 request' : `${pagination.total} requests`}
        {search.status ? ` ${statusLabel(search.status).toLowerCase()}` : ''}
      </p>
      <ul className="request-list" aria-label="Your requests" aria-busy={query.isFetching}>
        {items.map((request) => (
          <RequestCard key={request.id} request={request} />
        ))}
      </ul>
      {pagination.totalPages > 1 && <Pagination search={search} totalPages={pagination.totalPages} />}
    </>
  );
}

/** After posting: the new request's reference, said once (the flag is forgotten as it shows). */
function PostedNotice() {
  const [refId, setRefId] = useState(postedRequest);
  useEffect(() => {
    if (refId) forgetPostedRequest();
  }, [refId]);
  return (
    <div role="status" className="posted-notice-region">
      {refId && (
        <div className="form-alert form-alert--success posted-notice">
          <p>
            Your request is posted. Its reference is <strong className="request-card__ref">{refId}</strong>: quote it
            when you contact us about it. We email you as proposals arrive.
          </p>
          <button type="button" className="link-button" onClick={() => setRefId(null)}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}

/** `/dashboard/requests/`: the signed-in client's requests, newest first. */
export function ClientRequestsPage({ search }: { search: RequestsSearch }) {
  const { user } = useAuth();
  const isClient = user?.accountType === 'client';
  return (
    <div className="container requests-page">
      <DocumentTitle>{`My requests | ${PRODUCT_NAME}`}</DocumentTitle>
      <div className="requests-page__head">
        <div>
          <h1 className="requests-page__title">My requests</h1>
          <p className="requests-page__lead">The requests you posted, latest first.</p>
        </div>
        {isClient && (
          <Link to={PATHS.newRequest} className="button button--primary">
            Post a request
          </Link>
        )}
      </div>
      {isClient ? (
        <>
          <PostedNotice />
          <StatusFilter current={search.status} />
          <RequestList search={search} />
        </>
      ) : (
        <ClientsOnly />
      )}
    </div>
  );
}
