import { Link } from '@tanstack/react-router';
import { ApiError } from '@/api/mutator';
import { useGetProposal, useListServiceRequestProposals } from '@/api/generated/proposals/proposals';
import { useGetServiceRequest } from '@/api/generated/requests/requests';
import type { Proposal, ServiceRequest } from '@/api/generated/model';
import { Avatar } from '@/ui/ProfileBits';
import { PRODUCT_NAME } from '@/ui/Logo';
import { FormAlert } from '@/ui/form/FormAlert';
import { apiErrorMessage } from '@/ui/toast';
import { LoadError } from './PageStates';
import { MilestoneList } from './ProposalDialogs';
import { canActOn, hiresText, PRICE_TYPE_LABELS, proposalPrice, providerPage, ratingText } from './proposals';
import { ProposalStatusBadge, StatusBadge } from './StatusBadge';
import { useProposalActions } from './useProposalActions';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { RETRIED_LOADER_READ } from '@/lib/loaderRead';
import './dashboard-requests.css';

interface Props {
  id: string;
  /** The proposal. */
  pid: string;
  /** The proposal's provider (their user id). */
  sid: string;
}

const TITLE = <DocumentTitle>{`Confirm your hire | ${PRODUCT_NAME}`}</DocumentTitle>;

/** The request's proposal counts: its proposals' first page, one proposal long, carries them. */
export const PROPOSAL_COUNTS_PARAMS = { pageSize: 1 };

/** "The other 3 proposals are declined and their providers told." */
export function othersText(others: number): string {
  if (others <= 0) return 'No other proposal is waiting for an answer.';
  return others === 1
    ? 'The other proposal is declined, its provider told and their versigems given back.'
    : `The other ${others} proposals are declined, their providers told and their versigems given back.`;
}

function NotFound() {
  return (
    <div className="requests-empty">
      {TITLE}
      <h1 className="requests-empty__title">We could not find this proposal</h1>
      <p>It may have been withdrawn, or the link may be wrong.</p>
      <Link to="/dashboard/requests/" className="button button--primary">
        Back to my requests
      </Link>
    </div>
  );
}

function BackToRequest({ request, primary = false }: { request: ServiceRequest; primary?: boolean }) {
  return (
    <Link
      to="/dashboard/requests/$id/details/"
      params={{ id: request.id }}
      className={`button ${primary ? 'button--primary' : 'button--secondary'}`}
    >
      Back to the request
    </Link>
  );
}

function Hired({ request, proposal }: { request: ServiceRequest; proposal: Proposal }) {
  return (
    <div className="hire-confirmation hire-confirmation--done" role="status">
      <h1 className="requests-page__title">You hired {proposal.provider.displayName}</h1>
      <p>
        {request.title} ({request.refId}) is now marked hired and has left the job board. We have told{' '}
        {proposal.provider.displayName}, and the providers of the other proposals.
      </p>
      <div className="dialog__actions hire-confirmation__links">
        <Link
          to="/dashboard/requests/$id/details/"
          params={{ id: request.id }}
          search={{ tab: 'proposals' }}
          className="button button--secondary"
        >
          See the proposals
        </Link>
        <BackToRequest request={request} primary />
        <Link to="/dashboard/requests/" className="button button--secondary">
          All my requests
        </Link>
      </div>
    </div>
  );
}

/** `/dashboard/requests/{id}/confirmation/{pid}/{sid}/`: what hiring this provider does, and the button that does it. */
export function HireConfirmationPage({ id, pid, sid }: Props) {
  const requestQuery = useGetServiceRequest(id, RETRIED_LOADER_READ);
  const proposalQuery = useGetProposal(pid, RETRIED_LOADER_READ);
  const countsQuery = useListServiceRequestProposals(id, PROPOSAL_COUNTS_PARAMS, RETRIED_LOADER_READ);
  const { hire } = useProposalActions(id);

  const notFound = [requestQuery.error, proposalQuery.error].some(
    (error) => error instanceof ApiError && error.httpStatus === 404,
  );
  if (notFound) return <NotFound />;
  if (requestQuery.isError || proposalQuery.isError) {
    const failed = requestQuery.isError ? requestQuery : proposalQuery;
    return (
      <>
        {TITLE}
        <h1 className="requests-page__title">Confirm your hire</h1>
        <LoadError
          title="We could not load this proposal"
          error={failed.error}
          retrying={failed.isFetching}
          onRetry={() => void failed.refetch()}
        />
      </>
    );
  }
  if (requestQuery.isPending || proposalQuery.isPending) {
    return (
      <>
        {TITLE}
        <p role="status">Loading the proposal…</p>
      </>
    );
  }
  const request = requestQuery.data.data;
  const proposal = hire.data?.data ?? proposalQuery.data.data;
  // The link names the request, the proposal and its provider: all three must agree.
  if (proposal.request.id !== request.id || proposal.provider.id !== sid) return <NotFound />;
  if (hire.isSuccess) return <Hired request={request} proposal={proposal} />;

  const name = proposal.provider.displayName;
  const counts = countsQuery.data?.data.statusCounts;
  const waiting = counts ? counts.submitted + counts.shortlisted : null;
  const mine = proposal.status === 'submitted' || proposal.status === 'shortlisted' ? 1 : 0;
  const page = providerPage(proposal.provider);
  const stats = proposal.providerStats;
  const open = canActOn(proposal.status, request.status);

  return (
    <div className="hire-confirmation">
      {TITLE}
      <p className="wizard__eyebrow">Confirm your hire</p>
      <h1 className="requests-page__title">Hire {name}?</h1>
      <section aria-labelledby="hire-request-title" className="panel detail-section">
        <h2 id="hire-request-title" className="detail-section__title">
          The request
        </h2>
        <p>
          <Link to="/dashboard/requests/$id/details/" params={{ id: request.id }}>
            {request.title}
          </Link>{' '}
          <span className="request-card__ref">{request.refId}</span> <StatusBadge status={request.status} />
        </p>
      </section>
      <section aria-labelledby="hire-provider-title" className="panel detail-section">
        <h2 id="hire-provider-title" className="detail-section__title">
          The provider
        </h2>
        <div className="proposal-card__head">
          <Avatar name={name} url={proposal.provider.avatarUrl} />
          <div className="proposal-card__identity">
            <p className="proposal-card__name">{page ? <Link {...page}>{name}</Link> : name}</p>
            <ul className="proposal-card__stats">
              <li>{ratingText(stats.rating, stats.reviewCount)}</li>
              <li>Profile {stats.profileCompletion}% complete</li>
              <li>{hiresText(stats.hires)}</li>
            </ul>
          </div>
          <ProposalStatusBadge status={proposal.status} />
        </div>
        <dl className="fact-list detail-facts" aria-label="What they propose">
          <div className="fact-list__row">
            <dt>Price</dt>
            <dd>
              {proposalPrice(proposal.price, proposal.priceType)} ({PRICE_TYPE_LABELS[proposal.priceType].toLowerCase()}
              )
            </dd>
          </div>
          <div className="fact-list__row">
            <dt>Duration</dt>
            <dd>{proposal.estimatedDuration.label}</dd>
          </div>
        </dl>
        <h3 className="proposal-full__heading">Milestones</h3>
        <MilestoneList proposal={proposal} />
      </section>
      {open ? (
        <section aria-labelledby="hire-what-title" className="panel detail-section">
          <h2 id="hire-what-title" className="detail-section__title">
            What hiring does
          </h2>
          <p>
            The request is marked hired and leaves the job board.{' '}
            {waiting === null
              ? 'Any other proposals are declined, their providers told and their versigems given back.'
              : othersText(waiting - mine)}{' '}
            We tell {name} by email. This cannot be undone.
          </p>
          <FormAlert>{hire.isError && <p>{apiErrorMessage(hire.error)}</p>}</FormAlert>
          <div className="dialog__actions">
            <BackToRequest request={request} />
            <button
              type="button"
              className="button button--primary"
              disabled={hire.isPending}
              onClick={() => hire.mutate({ id: proposal.id })}
            >
              {hire.isPending ? 'Hiring…' : `Hire ${name}`}
            </button>
          </div>
        </section>
      ) : (
        <section className="panel detail-section">
          <p>
            {proposal.status === 'accepted'
              ? `You already hired ${name} for this request.`
              : 'This proposal can no longer be accepted: it was declined or the request is no longer open.'}
          </p>
          <BackToRequest request={request} primary />
        </section>
      )}
    </div>
  );
}
