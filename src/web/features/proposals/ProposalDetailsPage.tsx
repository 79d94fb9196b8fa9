import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  getGetProposalQueryKey,
  getGetProposalQuoteQueryKey,
  getListMyProposalsQueryKey,
  updateProposal,
  useGetProposal,
  useGetProposalQuote,
  useWithdrawProposal,
} from '@/api/generated/proposals/proposals';
import type { Proposal, ProposalResponse } from '@/api/generated/model';
import { ApiError } from '@/api/mutator';
import { fileSize, formatAmount, formatDate, formatDateTime } from '@/lib/format';
import { jobLink } from '@/lib/paths';
import { PRODUCT_NAME } from '@/ui/Logo';
import { apiErrorMessage, productToast } from '@/ui/toast';
import { ConfirmDialog } from './ConfirmDialog';
import { proposalAnswers } from './proposalAnswers';
import { ProposalForm, type ProposalSubmission } from './ProposalForm';
import { PRICE_TYPE_LABELS, proposalPrice } from '@/lib/format';
import { ProposalStatusBadge } from './StatusBadge';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { LOADER_READ } from '@/lib/loaderRead';
import './proposals.css';

const canWithdraw = (proposal: Proposal) => proposal.status === 'submitted' || proposal.status === 'shortlisted';
const canEdit = (proposal: Proposal) => proposal.status === 'submitted';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="container proposal-page">
      <DocumentTitle>{`Your proposal | ${PRODUCT_NAME}`}</DocumentTitle>
      <p className="proposal-page__back">
        <Link to="/dashboard/proposals/">Back to your proposals</Link>
      </p>
      {children}
    </div>
  );
}

function Milestones({ proposal }: { proposal: Proposal }) {
  if (proposal.milestones.length === 0) return null;
  const { currency } = proposal.price;
  return (
    <section className="proposal-section" aria-labelledby="proposal-milestones-title">
      <h2 id="proposal-milestones-title" className="proposal-section__title">
        Milestones
      </h2>
      <table className="proposal-milestones">
        <thead>
          <tr>
            <th scope="col">What is delivered</th>
            <th scope="col">Amount</th>
            <th scope="col">Due</th>
          </tr>
        </thead>
        <tbody>
          {proposal.milestones.map((milestone, index) => (
            <tr key={index}>
              <td>{milestone.title}</td>
              <td>{formatAmount(milestone.amount, currency)}</td>
              <td>{milestone.dueInDays === 1 ? '1 day' : `${milestone.dueInDays} days`} after hire</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Attachments({ proposal }: { proposal: Proposal }) {
  if (proposal.attachments.length === 0) return null;
  return (
    <section className="proposal-section" aria-labelledby="proposal-files-title">
      <h2 id="proposal-files-title" className="proposal-section__title">
        Files
      </h2>
      <ul className="proposal-files__list">
        {proposal.attachments.map((file) => (
          <li key={file.id}>
            <a href={file.url} download={file.name}>
              {file.name}
            </a>{' '}
            <span className="proposal-files__size">{fileSize(file.size)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WithdrawButton({ proposal }: { proposal: Proposal }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const withdraw = useWithdrawProposal({
    mutation: {
      onSuccess: (response) => {
        setAsking(false);
        queryClient.setQueryData(getGetProposalQueryKey(proposal.id), response);
        void queryClient.invalidateQueries({ queryKey: getListMyProposalsQueryKey() });
        void queryClient.invalidateQueries({ queryKey: getGetProposalQuoteQueryKey(proposal.request.id) });
        productToast.success(response.message || 'Your proposal is withdrawn.');
      },
    },
  });
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          withdraw.reset();
          setAsking(true);
        }}
      >
        Withdraw
      </button>
      {asking && (
        <ConfirmDialog
          title="Withdraw this proposal?"
          confirmLabel="Withdraw proposal"
          busyLabel="Withdrawing…"
          cancelLabel="Keep it"
          busy={withdraw.isPending}
          error={withdraw.isError ? apiErrorMessage(withdraw.error) : null}
          onConfirm={() => withdraw.mutate({ id: proposal.id })}
          onCancel={() => setAsking(false)}
        >
          <p>
            The client will no longer see it. You cannot send another proposal on this job, and versigems spent on it
            are not given back.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function ProposalView({ proposal, onEdit }: { proposal: Proposal; onEdit: () => void }) {
  return (
    <article aria-labelledby="proposal-title">
      <div className="proposal-page__head">
        <div>
          <h1 id="proposal-title" className="proposal-page__title">
            Your proposal
          </h1>
          <p className="proposal-page__lead">
            On <Link {...jobLink(proposal.request.refId)}>{proposal.request.title}</Link>
          </p>
        </div>
        <ProposalStatusBadge status={proposal.status} />
      </div>

      {proposal.status === 'declined' && (
        <div className="proposal-notice">
          <h2 className="proposal-notice__title">The client declined this proposal</h2>
          {proposal.declineReason ? (
            <p className="proposal-text">Their reason: {proposal.declineReason}</p>
          ) : (
            <p>They gave no reason.</p>
          )}
        </div>
      )}

      <dl className="proposal-facts">
        <div>
          <dt>{PRICE_TYPE_LABELS[proposal.priceType]}</dt>
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
        {proposal.updatedAt !== proposal.createdAt && (
          <div>
            <dt>Last changed</dt>
            <dd>
              <time dateTime={proposal.updatedAt} title={formatDateTime(proposal.updatedAt)}>
                {formatDate(proposal.updatedAt)}
              </time>
            </dd>
          </div>
        )}
      </dl>

      <section className="proposal-section" aria-labelledby="proposal-letter-title">
        <h2 id="proposal-letter-title" className="proposal-section__title">
          Cover letter
        </h2>
        <p className="proposal-text">{proposal.coverLetter}</p>
      </section>

      <Milestones proposal={proposal} />
      <Attachments proposal={proposal} />

      {(canEdit(proposal) || canWithdraw(proposal)) && (
        <div className="proposal-actions">
          {canEdit(proposal) && (
            <button type="button" className="button button--primary" onClick={onEdit}>
              Edit
            </button>
          )}
          {canWithdraw(proposal) && <WithdrawButton proposal={proposal} />}
        </div>
      )}
    </article>
  );
}

function EditProposal({ proposal, onDone }: { proposal: Proposal; onDone: () => void }) {
  const queryClient = useQueryClient();
  // The currency the request's budget fixes, as the submit page had it.
  const quote = useGetProposalQuote(proposal.request.id, { query: { retry: false } });
  const send = ({ fields, files, keepAttachments }: ProposalSubmission) =>
    updateProposal(proposal.id, {
      ...fields,
      keepAttachments: JSON.stringify(keepAttachments),
      ...(files.length ? { attachments: files } : {}),
    });
  const saved = (response: ProposalResponse) => {
    queryClient.setQueryData(getGetProposalQueryKey(proposal.id), response);
    void queryClient.invalidateQueries({ queryKey: getListMyProposalsQueryKey() });
    productToast.success(response.message || 'Your proposal is updated.');
    onDone();
  };
  return (
    <section aria-labelledby="proposal-edit-title">
      <h1 id="proposal-edit-title" className="proposal-page__title">
        Edit your proposal
      </h1>
      <p className="proposal-page__lead">
        On <Link {...jobLink(proposal.request.refId)}>{proposal.request.title}</Link>. Editing costs nothing.
      </p>
      {quote.isPending ? (
        <p className="proposal-page__loading" role="status">
          Loading the form…
        </p>
      ) : (
        <div className="proposal-card">
          <ProposalForm
            idPrefix="proposal-edit"
            initialAnswers={proposalAnswers(proposal)}
            currency={quote.data?.data.currency ?? null}
            existingAttachments={proposal.attachments}
            onSend={send}
            onSent={saved}
            submitLabel="Save changes"
            busyLabel="Saving…"
            secondaryAction={
              <button type="button" className="button button--secondary" onClick={onDone}>
                Cancel
              </button>
            }
          />
        </div>
      )}
    </section>
  );
}

/** `/dashboard/proposals/{id}/details/` (R11): the provider's proposal in full, to edit or withdraw. */
export function ProposalDetailsPage({ proposalId }: { proposalId: string }) {
  // The route's loader asked already: a failure there is shown with its retry, not asked again.
  const proposal = useGetProposal(proposalId, LOADER_READ);
  const [editing, setEditing] = useState(false);

  if (proposal.isPending) {
    return (
      <Frame>
        <h1 className="visually-hidden">Your proposal</h1>
        <p className="proposal-page__loading" role="status">
          Loading your proposal…
        </p>
      </Frame>
    );
  }
  if (proposal.isError) {
    const status = proposal.error instanceof ApiError ? proposal.error.httpStatus : undefined;
    return (
      <Frame>
        {status === 404 || status === 400 ? (
          <div className="proposal-notice">
            <h1 className="proposal-notice__title">This proposal does not exist</h1>
            <p>It may belong to another account, or the link may be mistyped.</p>
            <Link to="/dashboard/proposals/" className="button button--primary">
              See your proposals
            </Link>
          </div>
        ) : (
          <div className="proposal-notice proposal-notice--error" role="alert">
            <h1 className="proposal-notice__title">We could not load this proposal</h1>
            <p>{apiErrorMessage(proposal.error)}</p>
            <button type="button" className="button button--secondary" onClick={() => void proposal.refetch()}>
              Try again
            </button>
          </div>
        )}
      </Frame>
    );
  }
  const data = proposal.data.data;
  return (
    <Frame>
      {editing && canEdit(data) ? (
        <EditProposal proposal={data} onDone={() => setEditing(false)} />
      ) : (
        <ProposalView proposal={data} onEdit={() => setEditing(true)} />
      )}
    </Frame>
  );
}
