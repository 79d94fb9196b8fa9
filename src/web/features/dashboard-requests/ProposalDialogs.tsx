import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useGetProposal } from '@/api/generated/proposals/proposals';
import { getGetServiceRequestQueryKey } from '@/api/generated/requests/requests';
import type { Proposal, ProposalSummary, ServiceRequestStatus } from '@/api/generated/model';
import { apiErrorMessage } from '@/ui/toast';
import { Dialog } from '@/ui/Dialog';
import { FormAlert } from '@/ui/form/FormAlert';
import { formatAmount } from '@/lib/format';
import { fileSize, formatDate, formatDateTime } from './format';
import { canActOn, hiresText, PRICE_TYPE_LABELS, proposalPrice, providerPage, ratingText } from './proposals';
import { ProposalStatusBadge } from './StatusBadge';

/** Decline reasons are sent to the provider by email: at most this many characters. */
export const DECLINE_REASON_LIMIT = 500;

/** "Due 14 days after you hire". */
function dueText(days: number): string {
  return `Due ${days} ${days === 1 ? 'day' : 'days'} after you hire`;
}

/** A proposal's milestones as an ordered list, or a line saying there are none. */
export function MilestoneList({ proposal }: { proposal: Pick<Proposal, 'milestones' | 'price' | 'priceType'> }) {
  if (!proposal.milestones.length) {
    return (
      <p className="fact-list__empty">
        {proposal.priceType === 'hourly'
          ? 'Hourly work has no milestones.'
          : 'No milestones: one payment for the whole job.'}
      </p>
    );
  }
  return (
    <ol className="milestone-list">
      {proposal.milestones.map((milestone, index) => (
        <li key={index} className="milestone-list__item">
          <span className="milestone-list__title">{milestone.title}</span>
          <span className="milestone-list__amount">{formatAmount(milestone.amount, proposal.price.currency)}</span>
          <span className="milestone-list__due">{dueText(milestone.dueInDays)}</span>
        </li>
      ))}
    </ol>
  );
}

function ProposalBody({ proposal }: { proposal: Proposal }) {
  const page = providerPage(proposal.provider);
  return (
    <div className="proposal-full">
      <p className="proposal-full__meta">
        {page ? <Link {...page}>{proposal.provider.displayName}</Link> : proposal.provider.displayName}
        <span aria-hidden="true"> · </span>
        <span>{ratingText(proposal.providerStats.rating, proposal.providerStats.reviewCount)}</span>
        <span aria-hidden="true"> · </span>
        <ProposalStatusBadge status={proposal.status} />
      </p>
      <dl className="fact-list detail-facts" aria-label="Proposal facts">
        <div className="fact-list__row">
          <dt>Price</dt>
          <dd>
            {proposalPrice(proposal.price, proposal.priceType)} ({PRICE_TYPE_LABELS[proposal.priceType].toLowerCase()})
          </dd>
        </div>
        <div className="fact-list__row">
          <dt>Duration</dt>
          <dd>{proposal.estimatedDuration.label}</dd>
        </div>
        <div className="fact-list__row">
          <dt>Profile completion</dt>
          <dd>{proposal.providerStats.profileCompletion}%</dd>
        </div>
        <div className="fact-list__row">
          <dt>Hires</dt>
          <dd>{hiresText(proposal.providerStats.hires)}</dd>
        </div>
        <div className="fact-list__row">
          <dt>Sent</dt>
          <dd>
            <time dateTime={proposal.createdAt} title={formatDateTime(proposal.createdAt)}>
              {formatDate(proposal.createdAt)}
            </time>
          </dd>
        </div>
      </dl>
      <h3 className="proposal-full__heading">Cover letter</h3>
      <p className="proposal-full__letter">{proposal.coverLetter}</p>
      <h3 className="proposal-full__heading">Milestones</h3>
      <MilestoneList proposal={proposal} />
      <h3 className="proposal-full__heading">Attachments</h3>
      {proposal.attachments.length ? (
        <ul className="attachment-list">
          {proposal.attachments.map((file) => (
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
      {proposal.declineReason && (
        <>
          <h3 className="proposal-full__heading">Your reason for declining</h3>
          <p>{proposal.declineReason}</p>
        </>
      )}
    </div>
  );
}

interface ViewProps {
  summary: ProposalSummary;
  requestStatus: ServiceRequestStatus;
  onClose: () => void;
}

/** The whole proposal (`getProposal`), with its milestones and files, and a way to hire from it. */
export function ViewProposalDialog({ summary, requestStatus, onClose }: ViewProps) {
  const query = useGetProposal(summary.id);
  const queryClient = useQueryClient();
  const opened = query.isSuccess;
  useEffect(() => {
    // The client's first opening of a proposal moves an open request to in review.
    if (opened && requestStatus === 'open') {
      void queryClient.invalidateQueries({ queryKey: getGetServiceRequestQueryKey(summary.request.id) });
    }
  }, [opened, requestStatus, queryClient, summary.request.id]);
  return (
    <Dialog title={`Proposal from ${summary.provider.displayName}`} onClose={onClose} size="wide">
      {query.isPending && <p role="status">Loading the proposal…</p>}
      {query.isError && (
        <FormAlert>
          <p>{apiErrorMessage(query.error)}</p>
        </FormAlert>
      )}
      {query.data && <ProposalBody proposal={query.data.data} />}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
        {query.data && canActOn(query.data.data.status, requestStatus) && (
          <Link
            to="/dashboard/requests/$id/confirmation/$pid/$sid/"
            params={{ id: summary.request.id, pid: summary.id, sid: summary.provider.id }}
            className="button button--primary"
          >
            Hire {summary.provider.displayName}
          </Link>
        )}
      </div>
    </Dialog>
  );
}

interface DeclineProps {
  summary: ProposalSummary;
  busy: boolean;
  error: unknown;
  onDecline: (reason: string) => void;
  onClose: () => void;
}

/** Declining, with optional words for the provider (sent in the email). */
export function DeclineDialog({ summary, busy, error, onDecline, onClose }: DeclineProps) {
  const [reason, setReason] = useState('');
  const fieldId = useId();
  const countId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDecline(reason.trim());
  };
  return (
    <Dialog
      title={`Decline ${summary.provider.displayName}'s proposal?`}
      description="They are told by email. This cannot be undone."
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        {error != null && (
          <FormAlert>
            <p>{apiErrorMessage(error)}</p>
          </FormAlert>
        )}
        <div className="field">
          <label htmlFor={fieldId} className="field__label">
            Reason (optional)
          </label>
          <textarea
            id={fieldId}
            className="field__control"
            rows={4}
            maxLength={DECLINE_REASON_LIMIT}
            value={reason}
            aria-describedby={countId}
            onChange={(event) => setReason(event.target.value)}
          />
          <p id={countId} className="field__hint">
            {DECLINE_REASON_LIMIT - reason.length} of {DECLINE_REASON_LIMIT} characters left. We include it in the email
            to the provider.
          </p>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Keep it
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Declining…' : 'Decline proposal'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
