import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ApiError } from '@/api/mutator';
import { useGetServiceRequest } from '@/api/generated/requests/requests';
import type { ServiceRequest } from '@/api/generated/model';
import { AnswersView } from '@/forms/AnswersView';
import { useAuth } from '@/lib/auth';
import { PRODUCT_NAME } from '@/ui/Logo';
import { RequestInvites } from '@/ui/RequestInvites';
import {
  countryName,
  fileSize,
  formatBudget,
  formatDate,
  formatDateTime,
  proposalCountText,
  unreadText,
} from './format';
import { Tabs } from '@/ui/Tabs';
import { CloseRequestDialog } from './CloseRequestDialog';
import { ClientsOnly, LoadError } from './PageStates';
import { CLOSE_REASONS, isAcceptingRequest } from './proposals';
import { ProposalsPanel } from './ProposalsPanel';
import { DEFAULT_DETAIL_TAB, DETAIL_TABS, type DetailTab, type RequestDetailsSearch } from './search';
import { StatusBadge } from './StatusBadge';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { RETRIED_LOADER_READ } from '@/lib/loaderRead';
import './dashboard-requests.css';

const TAB_LABELS: Record<DetailTab, string> = {
  messages: 'Message Details',
  request: 'Request Details',
  proposals: 'Proposals',
  client: 'Client Details',
};

const ACCOUNT_TYPE_LABELS: Record<string, string> = {
  client: 'Client',
  freelancer: 'Freelancer',
  business: 'Business',
};

const tabId = (tab: DetailTab) => `request-tab-${tab}`;
const panelId = (tab: DetailTab) => `request-panel-${tab}`;

function Facts({ children, label }: { children: ReactNode; label: string }) {
  return (
    <dl className="fact-list detail-facts" aria-label={label}>
      {children}
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="fact-list__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function When({ timestamp }: { timestamp: string }) {
  return (
    <time dateTime={timestamp} title={formatDateTime(timestamp)}>
      {formatDate(timestamp)}
    </time>
  );
}

const NOT_STATED = <span className="fact-list__empty">Not stated</span>;

function RequestPanel({ request }: { request: ServiceRequest }) {
  return (
    <div className="detail-panel__body">
      <section aria-labelledby="request-summary-title" className="panel detail-section">
        <h2 id="request-summary-title" className="detail-section__title">
          Summary
        </h2>
        <p className="detail-section__text">{request.summary}</p>
        <Facts label="Request facts">
          <Fact term="Service">
            {request.family.name}
            {request.subFamily ? ` / ${request.subFamily.name}` : ''}
          </Fact>
          <Fact term="Budget">{request.budget ? formatBudget(request.budget) : NOT_STATED}</Fact>
          <Fact term="Project duration">{request.projectDuration?.label ?? NOT_STATED}</Fact>
          <Fact term="Payment type">{request.paymentType?.label ?? NOT_STATED}</Fact>
          <Fact term="Hiring decision">{request.hiringDecision?.label ?? NOT_STATED}</Fact>
          <Fact term="Tools">
            {request.tools.length ? request.tools.map((tool) => tool.name).join(', ') : NOT_STATED}
          </Fact>
          <Fact term="Posted">
            <When timestamp={request.createdAt} />
          </Fact>
          <Fact term="Last updated">
            <When timestamp={request.updatedAt} />
          </Fact>
          <Fact term="Closes">
            {request.closesAt ? (
              <When timestamp={request.closesAt} />
            ) : (
              <span className="fact-list__empty">No longer accepting proposals</span>
            )}
          </Fact>
        </Facts>
      </section>
      <section aria-labelledby="request-files-title" className="panel detail-section">
        <h2 id="request-files-title" className="detail-section__title">
          Attachments
        </h2>
        {request.attachments.length ? (
          <ul className="attachment-list">
            {request.attachments.map((file) => (
              <li key={file.id}>
                <a href={file.url} target="_blank" rel="noreferrer" download={file.name}>
                  {file.name}
                </a>{' '}
                <span className="attachment-list__size">({fileSize(file.size)})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="fact-list__empty">No files attached.</p>
        )}
      </section>
      <section aria-labelledby="request-answers-title" className="panel detail-section">
        <h2 id="request-answers-title" className="detail-section__title">
          Your answers
        </h2>
        <AnswersView formId={request.formId} answers={request.answers} />
      </section>
    </div>
  );
}

function ClientPanel({ request }: { request: ServiceRequest }) {
  const client = request.client;
  const memberSince = (client as { memberSince?: unknown }).memberSince;
  return (
    <div className="detail-panel__body">
      <section aria-labelledby="request-client-title" className="panel detail-section">
        <h2 id="request-client-title" className="detail-section__title">
          Posted by
        </h2>
        <div className="client-card">
          {client.avatarUrl ? (
            <img className="client-card__avatar" src={client.avatarUrl} alt="" width={56} height={56} />
          ) : (
            <span className="client-card__avatar client-card__avatar--initial" aria-hidden="true">
              {client.displayName.trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
          <Facts label="Client details">
            <Fact term="Name">{client.displayName}</Fact>
            <Fact term="Account type">{ACCOUNT_TYPE_LABELS[client.accountType] ?? client.accountType}</Fact>
            {client.companyId && <Fact term="Company">{client.companyId}</Fact>}
            <Fact term="Country">{client.country ? countryName(client.country) : NOT_STATED}</Fact>
            {typeof memberSince === 'string' && (
              <Fact term="Member since">
                <When timestamp={memberSince} />
              </Fact>
            )}
          </Facts>
        </div>
        <p className="detail-section__note">This is how providers see you on this request.</p>
      </section>
    </div>
  );
}

function MessagesPanel({ request }: { request: ServiceRequest }) {
  return (
    <div className="detail-panel__body">
      <section aria-labelledby="request-messages-title" className="panel detail-section">
        <h2 id="request-messages-title" className="detail-section__title">
          Messages and proposals
        </h2>
        <ul className="detail-counts">
          <li>
            <strong>{proposalCountText(request.proposalCount)}</strong>
          </li>
          <li>{request.unreadMessageCount > 0 ? unreadText(request.unreadMessageCount) : 'No unread messages'}</li>
        </ul>
        <p className="detail-section__text">
          The messages and proposals on this request will appear here. Reading and answering them from this page is
          coming soon.
        </p>
      </section>
      <RequestInvites requestId={request.id} />
    </div>
  );
}

export const NOT_EDITABLE_MESSAGE = 'Requests can be changed until the first proposal arrives.';

/** Edit while the request is `editable`, close while it is open or in review; otherwise say why not. */
function RequestActions({ request, onCloseRequest }: { request: ServiceRequest; onCloseRequest: () => void }) {
  const accepting = isAcceptingRequest(request.status);
  return (
    <div className="request-details__actions">
      {request.editable ? (
        <Link to="/dashboard/requests/$id/edit/" params={{ id: request.id }} className="button button--secondary">
          Edit request
        </Link>
      ) : (
        accepting && <p className="request-details__note">{NOT_EDITABLE_MESSAGE}</p>
      )}
      {accepting && (
        <button type="button" className="button button--secondary" onClick={onCloseRequest}>
          Close request
        </button>
      )}
    </div>
  );
}

function NotFoundState() {
  return (
    <div className="requests-empty">
      <h1 className="requests-empty__title">We could not find this request</h1>
      <p>It may have been removed, or the link may be wrong.</p>
      <Link to="/dashboard/requests/" className="button button--primary">
        Back to my requests
      </Link>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div className="request-details-skeleton">
      <p role="status" className="visually-hidden">
        Loading the request…
      </p>
      <div aria-hidden="true">
        <span className="skeleton-shape skeleton-shape--heading" />
        <span className="skeleton-shape skeleton-shape--line skeleton-shape--short" />
        <span className="skeleton-shape skeleton-shape--tabs" />
        <span className="skeleton-shape skeleton-shape--line skeleton-shape--long" />
        <span className="skeleton-shape skeleton-shape--line" />
      </div>
    </div>
  );
}

interface DetailsProps {
  id: string;
  /** The URL's search: the open tab and, on the proposals tab, its filter, order and page. */
  search?: RequestDetailsSearch;
  onTab: (tab: DetailTab) => void;
}

const GENERIC_TITLE = <DocumentTitle>{`Request details | ${PRODUCT_NAME}`}</DocumentTitle>;

function Details({ id, search = {}, onTab }: DetailsProps) {
  const tab = search.tab ?? DEFAULT_DETAIL_TAB;
  // The route's loader asked already: a failure there is shown with its retry, not asked again.
  const query = useGetServiceRequest(id, RETRIED_LOADER_READ);
  const [closing, setClosing] = useState(false);
  if (query.isPending) {
    return (
      <>
        {GENERIC_TITLE}
        <DetailsSkeleton />
      </>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.httpStatus === 404) {
      return (
        <>
          {GENERIC_TITLE}
          <NotFoundState />
        </>
      );
    }
    return (
      <>
        {GENERIC_TITLE}
        <h1 className="requests-page__title">Request details</h1>
        <LoadError
          title="We could not load this request"
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  const request = query.data.data;
  return (
    <>
      <DocumentTitle>{`${request.title} | ${PRODUCT_NAME}`}</DocumentTitle>
      <header className="request-details__head">
        <h1 className="request-details__title">{request.title}</h1>
        <p className="request-details__meta">
          <span className="request-card__ref">{request.refId}</span>
          <StatusBadge status={request.status} />
          {request.status === 'closed' && request.closeReason && (
            <span className="request-details__closed">Closed: {CLOSE_REASONS[request.closeReason]}</span>
          )}
        </p>
        <RequestActions request={request} onCloseRequest={() => setClosing(true)} />
      </header>
      {closing && <CloseRequestDialog request={request} onClose={() => setClosing(false)} />}
      <Tabs
        tabs={DETAIL_TABS}
        labels={TAB_LABELS}
        active={tab}
        onSelect={onTab}
        label="Request sections"
        className="detail-tabs"
        tabId={tabId}
        panelId={panelId}
      />
      {DETAIL_TABS.map((panel) => (
        <div
          key={panel}
          role="tabpanel"
          id={panelId(panel)}
          aria-labelledby={tabId(panel)}
          hidden={panel !== tab}
          tabIndex={0}
          className="detail-panel"
        >
          {panel === tab && panel === 'request' && <RequestPanel request={request} />}
          {panel === tab && panel === 'client' && <ClientPanel request={request} />}
          {panel === tab && panel === 'messages' && <MessagesPanel request={request} />}
          {panel === tab && panel === 'proposals' && <ProposalsPanel request={request} search={search} />}
        </div>
      ))}
    </>
  );
}

/** `/dashboard/requests/{id}/details/`: one of the client's requests, in tabs. */
export function RequestDetailsPage({ id, search, onTab }: DetailsProps) {
  const { user } = useAuth();
  return (
    <div className="container request-details">
      <Link to="/dashboard/requests/" className="request-details__back">
        ← My requests
      </Link>
      {user?.accountType === 'client' ? (
        <Details id={id} search={search} onTab={onTab} />
      ) : (
        <>
          {GENERIC_TITLE}
          <h1 className="requests-page__title">Request details</h1>
          <ClientsOnly />
        </>
      )}
    </div>
  );
}
