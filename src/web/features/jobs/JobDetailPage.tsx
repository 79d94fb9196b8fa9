import './jobs.css';
import { Link, useRouter } from '@tanstack/react-router';
import { useGetPublicServiceRequest } from '@/api/generated/requests/requests';
import type { PublicServiceRequestDetail } from '@/api/generated/model';
import { ApiError } from '@/api/mutator';
import { AnswersView } from '@/forms/AnswersView';
import { useAccountType } from '@/lib/auth';
import { ErrorPage } from '@/ui/ErrorPage';
import { LockIcon } from '@/ui/icons';
import { ANY_SLUG, REF_ID } from '@/lib/jobRead';
import {
  countOf,
  countryName,
  fileSize,
  formatBudget,
  formatDate,
  formatMonth,
  postedAgo,
  STATUS_LABELS,
} from '@/lib/format';
import { LOADER_READ } from '@/lib/loaderRead';
import { DocumentTitle } from '@/ui/DocumentTitle';

/**
 * A page of this job as a `next` value (the path to come back to after signing in), built by
 * the router from the route, so it is the path its links have.
 */
function useJobHref(refId: string, page: 'job' | 'proposal'): string {
  const router = useRouter();
  return router.buildLocation(
    page === 'job'
      ? { to: '/jobs/$refId/', params: { refId } }
      : { to: '/jobs/$refId/proposals/submit/', params: { refId } },
  ).href;
}

function NotFoundState() {
  return (
    <section className="container job-detail__missing" aria-labelledby="job-missing-title">
      <DocumentTitle>Job not found | Versimarket</DocumentTitle>
      <div className="result-state">
        <h1 id="job-missing-title" className="result-state__title">
          This job is no longer open or does not exist
        </h1>
        <p>The client may have hired someone, closed the request, or the link may be mistyped.</p>
        <div className="result-state__actions">
          <Link to="/find/jobs/" className="button button--primary">
            Browse open jobs
          </Link>
        </div>
      </div>
    </section>
  );
}

function LoadingState() {
  return (
    <div className="job-detail" aria-busy="true">
      <DocumentTitle>Loading job | Versimarket</DocumentTitle>
      <div className="page-hero">
        <div className="container">
          <span className="skeleton-shape skeleton-shape--short" />
          <h1 className="visually-hidden">Loading the job…</h1>
          <span className="skeleton-shape skeleton-shape--title" aria-hidden="true" />
          <span className="skeleton-shape skeleton-shape--line" aria-hidden="true" />
        </div>
      </div>
      <div className="container job-detail__layout" aria-hidden="true">
        <div className="job-panel">
          <span className="skeleton-shape skeleton-shape--long" />
          <span className="skeleton-shape skeleton-shape--line" />
          <span className="skeleton-shape skeleton-shape--short" />
        </div>
      </div>
    </div>
  );
}

function ProposalCallToAction({ job }: { job: PublicServiceRequestDetail }) {
  const accountType = useAccountType();
  const submit = useJobHref(job.refId, 'proposal');
  if (!accountType) {
    return (
      <section className="job-panel job-panel--cta" aria-labelledby="job-cta-title">
        <h2 id="job-cta-title" className="job-panel__title">
          Interested in this job?
        </h2>
        <p>Freelancers and businesses send proposals. It takes a minute to join.</p>
        <Link to="/auth/signup/" search={{ next: submit }} className="button button--primary">
          Sign up to propose
        </Link>
        <p className="job-panel__note">
          Already a member?{' '}
          <Link to="/auth/login/" search={{ next: submit }}>
            Log in
          </Link>
        </p>
      </section>
    );
  }
  if (accountType === 'client') {
    // Only the request's own client is let in (the server refuses other clients).
    return (
      <section className="job-panel job-panel--cta" aria-labelledby="job-cta-title">
        <h2 id="job-cta-title" className="job-panel__title">
          Your request
        </h2>
        <p>This is how freelancers and businesses see your request.</p>
        <Link to="/dashboard/requests/$id/details/" params={{ id: job.id }} className="button button--secondary">
          Manage your request
        </Link>
      </section>
    );
  }
  const myProposalId = job.viewer?.myProposalId;
  return (
    <section className="job-panel job-panel--cta" aria-labelledby="job-cta-title">
      <h2 id="job-cta-title" className="job-panel__title">
        {myProposalId ? 'You proposed' : 'Send a proposal'}
      </h2>
      {job.viewer?.invited && <p className="job-badge job-badge--invited">The client invited you to propose</p>}
      {myProposalId ? (
        <>
          <p>You have sent a proposal for this job.</p>
          <Link
            to="/dashboard/proposals/$id/details/"
            params={{ id: myProposalId }}
            className="button button--secondary"
          >
            View your proposal
          </Link>
        </>
      ) : (
        <>
          <p>Tell the client how you would do the work, what it costs and when you can start.</p>
          <Link to="/jobs/$refId/proposals/submit/" params={{ refId: job.refId }} className="button button--primary">
            Send a proposal
          </Link>
        </>
      )}
    </section>
  );
}

/**
 * The client's own description of the work (the form's `description` answer, line breaks kept),
 * or the generated summary when the form asked none.
 */
function ClientWords({ job }: { job: PublicServiceRequestDetail }) {
  const description = job.answers.description;
  if (typeof description !== 'string' || !description.trim()) return <p>{job.summary}</p>;
  return (
    <>
      <h3 className="job-panel__subtitle">In the client&rsquo;s words</h3>
      <p className="job-detail__description">{description}</p>
    </>
  );
}

function ClientPanel({ job }: { job: PublicServiceRequestDetail }) {
  const { client } = job;
  return (
    <section className="job-panel" aria-labelledby="job-client-title">
      <h2 id="job-client-title" className="job-panel__title">
        About the client
      </h2>
      <dl className="job-facts job-facts--stacked">
        <div>
          <dt>Country</dt>
          <dd>{countryName(client.country) ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{formatMonth(client.memberSince)}</dd>
        </div>
        <div>
          <dt>Requests posted</dt>
          <dd>{countOf(client.requestsPosted, 'request')}</dd>
        </div>
        <div>
          <dt>Requests awarded</dt>
          <dd>{countOf(client.requestsAwarded, 'request')}</dd>
        </div>
      </dl>
    </section>
  );
}

function Attachments({ job }: { job: PublicServiceRequestDetail }) {
  const accountType = useAccountType();
  const jobHref = useJobHref(job.refId, 'job');
  return (
    <section className="job-panel" aria-labelledby="job-attachments-title">
      <h2 id="job-attachments-title" className="job-panel__title">
        Attachments
      </h2>
      {!accountType ? (
        <p className="job-note">
          <LockIcon />
          <span>
            <Link to="/auth/login/" search={{ next: jobHref }}>
              Sign in
            </Link>{' '}
            as a freelancer or business to see attachments.
          </span>
        </p>
      ) : job.attachments.length === 0 ? (
        <p className="job-note">No files are attached to this job.</p>
      ) : (
        <ul className="job-attachments">
          {job.attachments.map((file) => (
            <li key={file.id}>
              <a href={file.url} target="_blank" rel="noreferrer">
                {file.name}
              </a>{' '}
              <span className="job-attachments__size">{fileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function JobDetail({ job }: { job: PublicServiceRequestDetail }) {
  return (
    <article className="job-detail" aria-labelledby="job-title">
      <DocumentTitle>{`${job.title} | Versimarket`}</DocumentTitle>
      <header className="page-hero">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/find/jobs/">Jobs</Link>
              </li>
              <li>
                <Link to="/find/$service/jobs/" params={{ service: job.family.slug }}>
                  {job.family.name}
                </Link>
              </li>
              <li aria-current="page">{job.refId}</li>
            </ol>
          </nav>
          <h1 id="job-title" className="page-hero__title">
            {job.title}
          </h1>
          <p className="job-detail__ref">
            <span className={`job-badge job-badge--${job.status === 'open' ? 'open' : 'review'}`}>
              {STATUS_LABELS[job.status]}
            </span>
            <span>
              Ref <code>{job.refId}</code>
            </span>
            <span>
              Posted <time dateTime={job.postedAt}>{formatDate(job.postedAt)}</time> ({postedAgo(job.postedAt)})
            </span>
            <span>
              Closes <time dateTime={job.closesAt}>{formatDate(job.closesAt)}</time>
            </span>
          </p>
        </div>
      </header>

      <div className="container job-detail__layout">
        <div className="job-detail__main">
          <section className="job-panel" aria-labelledby="job-overview-title">
            <h2 id="job-overview-title" className="job-panel__title">
              Overview
            </h2>
            <ClientWords job={job} />
            <dl className="job-facts">
              <div>
                <dt>Service</dt>
                <dd>
                  {job.family.name}
                  {job.subFamily && ` · ${job.subFamily.name}`}
                </dd>
              </div>
              <div>
                <dt>Budget</dt>
                <dd>{formatBudget(job.budget)}</dd>
              </div>
              <div>
                <dt>Project duration</dt>
                <dd>{job.projectDuration?.label ?? 'Not given'}</dd>
              </div>
              <div>
                <dt>Payment type</dt>
                <dd>{job.paymentType?.label ?? 'Not given'}</dd>
              </div>
              <div>
                <dt>Hiring decision</dt>
                <dd>{job.hiringDecision?.label ?? 'Not given'}</dd>
              </div>
              <div>
                <dt>Proposals</dt>
                <dd>{countOf(job.proposalCount, 'proposal')}</dd>
              </div>
            </dl>
            {job.tools.length > 0 && (
              <>
                <h3 className="search-filter__legend">Tools</h3>
                <ul className="tag-list" aria-label="Tools">
                  {job.tools.map((tool) => (
                    <li key={tool.id} className="tag">
                      {tool.name}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          <section className="job-panel" aria-labelledby="job-answers-title">
            <h2 id="job-answers-title" className="job-panel__title">
              Project details
            </h2>
            <AnswersView formId={job.formId} answers={job.answers} />
          </section>

          <Attachments job={job} />
        </div>

        <aside className="job-detail__aside" aria-label="Proposal and client">
          <ProposalCallToAction job={job} />
          <ClientPanel job={job} />
        </aside>
      </div>
    </article>
  );
}

/** The public page of one job (R08). */
export function JobDetailPage({ refId }: { refId: string }) {
  const validRef = REF_ID.test(refId);
  const result = useGetPublicServiceRequest(refId, ANY_SLUG, { query: { ...LOADER_READ.query, enabled: validRef } });

  if (!validRef) return <NotFoundState />;
  if (result.isPending) return <LoadingState />;
  if (result.isError) {
    const status = result.error instanceof ApiError ? result.error.httpStatus : undefined;
    if (status === 404 || status === 400) return <NotFoundState />;
    if (status === 403) return <ErrorPage status={403} />;
    return (
      <section className="container job-detail__missing" aria-labelledby="job-error-title">
        <DocumentTitle>Job | Versimarket</DocumentTitle>
        <div className="result-state result-state--error" role="alert">
          <h1 id="job-error-title" className="result-state__title">
            We could not load this job
          </h1>
          <p>Something went wrong on our side or with the connection.</p>
          <div className="result-state__actions">
            <button type="button" className="button button--primary" onClick={() => void result.refetch()}>
              Try again
            </button>
            <Link to="/find/jobs/" className="button button--secondary">
              Back to the jobs
            </Link>
          </div>
        </div>
      </section>
    );
  }
  return <JobDetail job={result.data.data} />;
}
