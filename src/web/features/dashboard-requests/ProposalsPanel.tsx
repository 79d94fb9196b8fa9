import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useListServiceRequestProposals } from '@/api/generated/proposals/proposals';
import type { ProposalStatusCounts, ProposalSummary, ServiceRequest } from '@/api/generated/model';
import { Avatar } from '@/ui/ProfileBits';
import { Pagination } from '@/ui/Pagination';
import { FormAlert } from '@/ui/form/FormAlert';
import { MessageButton } from '@/ui/ContactDialog';
import { apiErrorMessage } from '@/ui/toast';
import { CompareDialog } from './CompareProposals';
import { formatDate, formatDateTime } from './format';
import { LoadError } from './PageStates';
import { DeclineDialog, ViewProposalDialog } from './ProposalDialogs';
import {
  canActOn,
  COMPARE_LIMIT,
  COMPARE_MINIMUM,
  hiresText,
  PROPOSAL_SORT_LABELS,
  PROPOSAL_STATUS_STYLES,
  proposalPrice,
  providerPage,
  ratingText,
} from './proposals';
import { DEFAULT_PROPOSAL_SORT, PROPOSAL_SORTS, PROPOSAL_STATUSES, type RequestDetailsSearch } from './search';
import { ProposalStatusBadge } from './StatusBadge';
import { useProposalActions } from './useProposalActions';

/** Proposals per page of the tab. */
export const PROPOSALS_PAGE_SIZE = 10;

const COMPARE_FULL_MESSAGE = `You can compare up to ${COMPARE_LIMIT} proposals at once. Remove one to add another.`;

function total(counts: ProposalStatusCounts): number {
  return counts.submitted + counts.shortlisted + counts.accepted + counts.declined;
}

function StatusTabs({
  requestId,
  search,
  counts,
}: {
  requestId: string;
  search: RequestDetailsSearch;
  counts: ProposalStatusCounts;
}) {
  const filters = [undefined, ...PROPOSAL_STATUSES];
  return (
    <nav className="status-filter" aria-label="Filter proposals by status">
      <ul className="status-filter__list">
        {filters.map((status) => {
          const active = status === search.status;
          const count = status ? counts[status] : total(counts);
          return (
            <li key={status ?? 'all'}>
              <Link
                to="/dashboard/requests/$id/details/"
                params={{ id: requestId }}
                search={{ tab: 'proposals', sort: search.sort, ...(status ? { status } : {}) }}
                replace
                resetScroll={false}
                className={`status-filter__link${active ? ' status-filter__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
                activeOptions={{ exact: true, includeSearch: true }}
              >
                {status ? PROPOSAL_STATUS_STYLES[status].label : 'All'}{' '}
                <span className="status-filter__count">({count})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

interface CardProps {
  proposal: ProposalSummary;
  request: ServiceRequest;
  compared: boolean;
  onCompare: (checked: boolean) => void;
  onView: () => void;
  onShortlist: (shortlisted: boolean) => void;
  onDecline: () => void;
  busy: boolean;
}

function ProposalCard({ proposal, request, compared, onCompare, onView, onShortlist, onDecline, busy }: CardProps) {
  const nameId = `proposal-${proposal.id}-name`;
  const page = providerPage(proposal.provider);
  const name = proposal.provider.displayName;
  const actionable = canActOn(proposal.status, request.status);
  const stats = proposal.providerStats;
  return (
    <li className="proposal-card">
      <article aria-labelledby={nameId}>
        <div className="proposal-card__head">
          <Avatar
            name={name}
            url={proposal.provider.avatarUrl}
            shape={proposal.provider.accountType === 'business' ? 'square' : 'circle'}
          />
          <div className="proposal-card__identity">
            <h3 id={nameId} className="proposal-card__name">
              {page ? <Link {...page}>{name}</Link> : name}
            </h3>
            <ul className="proposal-card__stats">
              <li>{ratingText(stats.rating, stats.reviewCount)}</li>
              <li>Profile {stats.profileCompletion}% complete</li>
              <li>{hiresText(stats.hires)}</li>
            </ul>
          </div>
          <ProposalStatusBadge status={proposal.status} />
        </div>
        <dl className="proposal-card__facts">
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
              <time dateTime={proposal.createdAt} title={formatDateTime(proposal.createdAt)}>
                {formatDate(proposal.createdAt)}
              </time>
            </dd>
          </div>
        </dl>
        <p className="proposal-card__letter">{proposal.coverLetterPreview}</p>
        <div className="proposal-card__actions">
          <label className="proposal-card__compare">
            <input
              type="checkbox"
              checked={compared}
              aria-label={`Compare ${name}`}
              onChange={(event) => onCompare(event.target.checked)}
            />
            Compare
          </label>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`View ${name}'s proposal`}
            onClick={onView}
          >
            View
          </button>
          {actionable && (
            <>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy}
                aria-label={`${proposal.status === 'shortlisted' ? 'Remove from shortlist' : 'Shortlist'} ${name}`}
                onClick={() => onShortlist(proposal.status !== 'shortlisted')}
              >
                {proposal.status === 'shortlisted' ? 'Remove from shortlist' : 'Shortlist'}
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Decline ${name}`}
                onClick={onDecline}
              >
                Decline
              </button>
              <MessageButton
                recipient={{ id: proposal.provider.id, name }}
                about={{ id: request.id, title: request.title }}
              />
              <Link
                to="/dashboard/requests/$id/confirmation/$pid/$sid/"
                params={{ id: request.id, pid: proposal.id, sid: proposal.provider.id }}
                className="button button--primary button--small"
                aria-label={`Hire ${name}`}
              >
                Hire
              </Link>
            </>
          )}
        </div>
      </article>
    </li>
  );
}

type Open = { kind: 'view' | 'decline'; proposal: ProposalSummary } | { kind: 'compare' } | null;

/** The request's proposals: filter by status, sort, compare 2 to 4, shortlist, decline, hire. */
export function ProposalsPanel({ request, search }: { request: ServiceRequest; search: RequestDetailsSearch }) {
  const navigate = useNavigate();
  const sort = search.sort ?? DEFAULT_PROPOSAL_SORT;
  const query = useListServiceRequestProposals(
    request.id,
    {
      ...(search.status ? { status: search.status } : {}),
      ...(sort !== DEFAULT_PROPOSAL_SORT ? { sort } : {}),
      ...(search.page ? { page: search.page } : {}),
      pageSize: PROPOSALS_PAGE_SIZE,
    },
    { query: { placeholderData: keepPreviousData } },
  );
  const { shortlist, decline } = useProposalActions(request.id);
  const [open, setOpen] = useState<Open>(null);
  const [compared, setCompared] = useState<ProposalSummary[]>([]);
  const [compareNote, setCompareNote] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);

  const toggleCompare = (proposal: ProposalSummary, checked: boolean) => {
    if (!checked) {
      setCompared((list) => list.filter((item) => item.id !== proposal.id));
      setCompareNote('');
      return;
    }
    if (compared.length >= COMPARE_LIMIT) {
      setCompareNote(COMPARE_FULL_MESSAGE);
      return;
    }
    setCompareNote('');
    setCompared((list) => [...list, proposal]);
  };

  const onShortlist = (proposal: ProposalSummary, shortlisted: boolean) => {
    setActionError(null);
    shortlist.mutate(
      { id: proposal.id, data: { shortlisted } },
      { onError: (error) => setActionError(apiErrorMessage(error)) },
    );
  };

  const onDecline = (proposal: ProposalSummary, reason: string) => {
    setActionError(null);
    decline.mutate({ id: proposal.id, data: reason ? { reason } : {} }, { onSuccess: () => setOpen(null) });
  };

  if (query.isPending) {
    return (
      <p role="status" className="detail-section__text">
        Loading the proposals…
      </p>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="We could not load the proposals"
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const { statusCounts, items, pagination } = query.data.data;
  const page = pagination.page;
  return (
    <div className="detail-panel__body proposals-panel">
      <section aria-labelledby="request-proposals-title" className="panel detail-section">
        <h2 id="request-proposals-title" className="detail-section__title">
          Proposals
        </h2>
        <StatusTabs requestId={request.id} search={search} counts={statusCounts} />
        <div className="proposals-panel__tools">
          <label className="proposals-panel__sort">
            Sort by{' '}
            <select
              className="field__control"
              value={sort}
              onChange={(event) => {
                const next = event.target.value as (typeof PROPOSAL_SORTS)[number];
                void navigate({
                  to: '/dashboard/requests/$id/details/',
                  params: { id: request.id },
                  search: {
                    ...search,
                    tab: 'proposals',
                    sort: next === DEFAULT_PROPOSAL_SORT ? undefined : next,
                    page: undefined,
                  },
                  replace: true,
                  resetScroll: false,
                });
              }}
            >
              {PROPOSAL_SORTS.map((value) => (
                <option key={value} value={value}>
                  {PROPOSAL_SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <div className="compare-bar" role="group" aria-label="Compare proposals">
            <p className="compare-bar__text">
              {compared.length === 0
                ? `Tick Compare on ${COMPARE_MINIMUM} to ${COMPARE_LIMIT} proposals to see them side by side.`
                : compared.length < COMPARE_MINIMUM
                  ? '1 selected: pick at least one more to compare.'
                  : `${compared.length} selected.`}
            </p>
            <button
              type="button"
              className="button button--primary button--small"
              disabled={compared.length < COMPARE_MINIMUM}
              onClick={() => setOpen({ kind: 'compare' })}
            >
              Compare {compared.length >= COMPARE_MINIMUM ? compared.length : ''} proposals
            </button>
            {compared.length > 0 && (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setCompared([]);
                  setCompareNote('');
                }}
              >
                Clear selection
              </button>
            )}
          </div>
        </div>
        <p role="status" className="compare-bar__note">
          {compareNote}
        </p>
        <FormAlert>{actionError && <p>{actionError}</p>}</FormAlert>
        {items.length === 0 ? (
          <p className="fact-list__empty">
            {total(statusCounts) === 0
              ? 'No proposals yet. Providers who answer your request appear here, and we email you as each one arrives.'
              : 'No proposals with this status.'}
          </p>
        ) : (
          <ul className="proposal-list">
            {items.map((proposal) => (
              <ProposalCard
                key={proposal.id}
                proposal={proposal}
                request={request}
                compared={compared.some((item) => item.id === proposal.id)}
                onCompare={(checked) => toggleCompare(proposal, checked)}
                onView={() => setOpen({ kind: 'view', proposal })}
                onShortlist={(shortlisted) => onShortlist(proposal, shortlisted)}
                onDecline={() => {
                  decline.reset();
                  setOpen({ kind: 'decline', proposal });
                }}
                busy={shortlist.isPending && shortlist.variables?.id === proposal.id}
              />
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          totalPages={pagination.totalPages}
          renderLink={(target, children, props) => (
            <Link
              to="/dashboard/requests/$id/details/"
              params={{ id: request.id }}
              search={{ ...search, tab: 'proposals', page: target > 1 ? target : undefined }}
              {...props}
            >
              {children}
            </Link>
          )}
        />
      </section>
      {open?.kind === 'view' && (
        <ViewProposalDialog summary={open.proposal} requestStatus={request.status} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'decline' && (
        <DeclineDialog
          summary={open.proposal}
          busy={decline.isPending}
          error={decline.error}
          onDecline={(reason) => onDecline(open.proposal, reason)}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'compare' && <CompareDialog proposals={compared} onClose={() => setOpen(null)} />}
    </div>
  );
}
