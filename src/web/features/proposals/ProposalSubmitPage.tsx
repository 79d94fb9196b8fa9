import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { getGetVersigemsBalanceQueryKey } from '@/api/generated/payments/payments';
import {
  getGetProposalQueryKey,
  getGetProposalQuoteQueryKey,
  getListMyProposalsQueryKey,
  submitProposal,
  useGetProposalQuote,
} from '@/api/generated/proposals/proposals';
import { getGetPublicServiceRequestQueryKey, useGetPublicServiceRequest } from '@/api/generated/requests/requests';
import type { ProposalQuote, ProposalResponse, PublicServiceRequestDetail } from '@/api/generated/model';
import { ApiError } from '@/api/mutator';
import { rememberCheckoutReturn } from '@/lib/checkoutHandover';
import { countOf, formatDate } from '@/lib/format';
import { ANY_SLUG } from '@/lib/jobRead';
import { jobLink } from '@/lib/paths';
import { ErrorPage } from '@/ui/ErrorPage';
import { PRODUCT_NAME } from '@/ui/Logo';
import { productToast } from '@/ui/toast';
import { clearDraft, readDraft, saveDraft } from './proposalAnswers';
import { ProposalForm, type ProposalSubmission } from './ProposalForm';
import './proposals.css';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

function Frame({ refId, children }: { refId: string; children: React.ReactNode }) {
  return (
    <div className="container proposal-page">
      <DocumentTitle>{`Send a proposal | ${PRODUCT_NAME}`}</DocumentTitle>
      <p className="proposal-page__back">
        <Link {...jobLink(refId)}>Back to the job</Link>
      </p>
      <h1 className="proposal-page__title">Send a proposal</h1>
      {children}
    </div>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <p className="proposal-page__loading" role="status">
      Loading {what}…
    </p>
  );
}

/** A call that failed for a reason other than the job being gone, with a way to try again. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof ApiError && error.message ? error.message : 'Something went wrong on our side.';
  return (
    <div className="proposal-notice proposal-notice--error" role="alert">
      <h2 className="proposal-notice__title">We could not load this job</h2>
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function NoLongerOpen() {
  return (
    <div className="proposal-notice">
      <h2 className="proposal-notice__title">This job no longer takes proposals</h2>
      <p>The client may have hired someone or closed the request.</p>
      <Link to="/find/jobs/" className="button button--primary">
        Back to the job board
      </Link>
    </div>
  );
}

/** What sending costs: versigems for a freelancer, the plan's monthly proposals for a business. */
function CostLine({ quote }: { quote: ProposalQuote }) {
  if (quote.allowance) {
    const { used, limit } = quote.allowance;
    return (
      <p className="proposal-summary__cost">
        {limit === null
          ? `Proposals this month: ${used}, unlimited on your plan.`
          : `Proposals this month: ${used} of ${limit} on your plan.`}
      </p>
    );
  }
  return (
    <p className="proposal-summary__cost">
      Sending this proposal costs {countOf(quote.cost, 'versigem')}.
      {quote.balance !== null && ` Your balance: ${countOf(quote.balance, 'versigem')}.`}
    </p>
  );
}

function Summary({ job, quote }: { job: PublicServiceRequestDetail; quote: ProposalQuote }) {
  return (
    <section className="proposal-summary" aria-label="The job">
      <p className="proposal-summary__job">
        <Link {...jobLink(job.refId)}>{quote.request.title}</Link>
      </p>
      <p>
        {quote.proposalCount === 0
          ? 'No proposals yet: yours would be the first.'
          : `This job has ${countOf(quote.proposalCount, 'proposal')} so far.`}
      </p>
      <CostLine quote={quote} />
      {quote.currency && <p>This client budgets in {quote.currency}.</p>}
    </section>
  );
}

/** Why the proposal cannot be sent now, and the one way forward. */
function Blocker({ quote }: { quote: ProposalQuote }) {
  const location = useLocation();
  // The form (its draft is kept in the tab) is where the checkout's return page leads back to.
  const keepThisPage = () =>
    rememberCheckoutReturn(`${location.pathname}${location.searchStr}`, 'Back to your proposal');
  switch (quote.blocker) {
    case 'insufficient-versigems':
      return (
        <div className="proposal-notice" role="status">
          <h2 className="proposal-notice__title">You need more versigems to send this proposal</h2>
          <p>
            It costs {countOf(quote.cost, 'versigem')} and your balance is {countOf(quote.balance ?? 0, 'versigem')}.
            What you write here is kept in this tab until you come back.
          </p>
          <Link to="/dashboard/plans/versigems/buy/" className="button button--primary" onClick={keepThisPage}>
            Buy versigems
          </Link>
        </div>
      );
    case 'allowance-used':
      return (
        <div className="proposal-notice" role="status">
          <h2 className="proposal-notice__title">You have used this month&rsquo;s proposals</h2>
          <p>
            Your plan allows {quote.allowance?.limit ?? 0} proposals a month
            {quote.allowance ? `; they renew on ${formatDate(quote.allowance.resetsAt)}` : ''}. A bigger plan lets you
            send more now. What you write here is kept in this tab.
          </p>
          <Link to="/dashboard/business/pricing/" className="button button--primary" onClick={keepThisPage}>
            See the plans
          </Link>
        </div>
      );
    case 'already-proposed':
      return (
        <div className="proposal-notice">
          <h2 className="proposal-notice__title">You have already sent a proposal on this job</h2>
          <p>One proposal per job. You can follow it, or edit it while the client has not acted on it.</p>
          {quote.myProposalId ? (
            <Link
              to="/dashboard/proposals/$id/details/"
              params={{ id: quote.myProposalId }}
              className="button button--primary"
            >
              View your proposal
            </Link>
          ) : (
            <Link to="/dashboard/proposals/" className="button button--primary">
              See your proposals
            </Link>
          )}
        </div>
      );
    case 'not-accepting':
      return <NoLongerOpen />;
    default:
      return null;
  }
}

function SubmitForm({ job, quote }: { job: PublicServiceRequestDetail; quote: ProposalQuote }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const draft = useMemo(() => readDraft(job.id) ?? {}, [job.id]);
  const blocked = quote.blocker ? <Blocker quote={quote} /> : undefined;

  const send = ({ fields, files }: ProposalSubmission) =>
    submitProposal({ requestId: job.id, ...fields, ...(files.length ? { attachments: files } : {}) });

  const sent = (response: ProposalResponse) => {
    clearDraft(job.id);
    productToast.success(response.message || 'Your proposal is sent.');
    queryClient.setQueryData(getGetProposalQueryKey(response.data.id), response);
    void queryClient.invalidateQueries({ queryKey: getGetProposalQuoteQueryKey(job.id) });
    void queryClient.invalidateQueries({ queryKey: getGetVersigemsBalanceQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getGetPublicServiceRequestQueryKey(job.refId, ANY_SLUG) });
    void queryClient.invalidateQueries({ queryKey: getListMyProposalsQueryKey() });
    void navigate({ to: '/dashboard/proposals/$id/details/', params: { id: response.data.id } });
  };

  return (
    <div className="proposal-card">
      <ProposalForm
        idPrefix="proposal"
        initialAnswers={draft}
        currency={quote.currency}
        onSend={send}
        onSent={sent}
        onAnswersChange={(answers) => saveDraft(job.id, answers)}
        submitLabel="Send proposal"
        busyLabel="Sending…"
        secondaryAction={
          <Link {...jobLink(job.refId)} className="button button--secondary">
            Cancel
          </Link>
        }
        blocked={blocked}
      />
    </div>
  );
}

function QuoteAndForm({ job }: { job: PublicServiceRequestDetail }) {
  const quote = useGetProposalQuote(job.id, { query: { retry: false } });
  if (quote.isPending) return <Loading what="what a proposal costs" />;
  if (quote.isError) {
    const status = quote.error instanceof ApiError ? quote.error.httpStatus : undefined;
    if (status === 404) return <NoLongerOpen />;
    return <LoadFailed error={quote.error} onRetry={() => void quote.refetch()} />;
  }
  const data = quote.data.data;
  const formShown =
    data.blocker === null || data.blocker === 'insufficient-versigems' || data.blocker === 'allowance-used';
  return (
    <>
      <Summary job={job} quote={data} />
      {formShown ? <SubmitForm job={job} quote={data} /> : <Blocker quote={data} />}
    </>
  );
}

/** `/jobs/{refId}/proposals/submit/` (R09): the proposal form for one public job. */
export function ProposalSubmitPage({ refId }: { refId: string }) {
  // Read once; the route's loader asked already, so a failure there is shown with its retry.
  const job = useGetPublicServiceRequest(refId, ANY_SLUG, LOADER_READ);
  if (job.isError) {
    const status = job.error instanceof ApiError ? job.error.httpStatus : undefined;
    if (status === 403) return <ErrorPage status={403} />;
    return (
      <Frame refId={refId}>
        {status === 404 || status === 400 ? (
          <NoLongerOpen />
        ) : (
          <LoadFailed error={job.error} onRetry={() => void job.refetch()} />
        )}
      </Frame>
    );
  }
  return (
    <Frame refId={refId}>{job.isPending ? <Loading what="the job" /> : <QuoteAndForm job={job.data.data} />}</Frame>
  );
}
