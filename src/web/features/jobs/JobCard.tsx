import { Link } from '@tanstack/react-router';
import type { PublicServiceRequest } from '@/api/generated/model';
import { countOf, countryName, formatBudget, postedAgo, STATUS_LABELS } from '@/lib/format';

/** Cards show this many tools; the rest are counted. */
export const CARD_TOOL_LIMIT = 5;

/** One job on the board: what it is, what it pays, who posted it (never by name) and how busy it is. */
export function JobCard({ job }: { job: PublicServiceRequest }) {
  const titleId = `job-${job.refId}-title`;
  const shownTools = job.tools.slice(0, CARD_TOOL_LIMIT);
  const moreTools = job.tools.length - shownTools.length;
  const country = countryName(job.client.country);
  return (
    <article className="result-card job-card" aria-labelledby={titleId}>
      <div className="job-card__top">
        <p className="job-card__family">
          {job.family.name}
          {job.subFamily && <span className="job-card__sub-family"> · {job.subFamily.name}</span>}
        </p>
        <ul className="job-card__badges" aria-label="Status">
          {job.status === 'in-review' && <li className="job-badge job-badge--review">{STATUS_LABELS[job.status]}</li>}
          {job.viewer?.invited && <li className="job-badge job-badge--invited">Invited</li>}
          {job.viewer?.myProposalId && <li className="job-badge job-badge--proposed">You proposed</li>}
        </ul>
      </div>
      <h3 id={titleId} className="job-card__title">
        <Link className="card-title-link" to="/jobs/$refId/" params={{ refId: job.refId }}>
          {job.title}
        </Link>
      </h3>
      <p className="job-card__summary">{job.summary}</p>
      <dl className="result-card__facts">
        <div>
          <dt>Budget</dt>
          <dd>{formatBudget(job.budget)}</dd>
        </div>
        {job.projectDuration && (
          <div>
            <dt>Duration</dt>
            <dd>{job.projectDuration.label}</dd>
          </div>
        )}
        {job.paymentType && (
          <div>
            <dt>Payment</dt>
            <dd>{job.paymentType.label}</dd>
          </div>
        )}
      </dl>
      {shownTools.length > 0 && (
        <ul className="job-card__tools" aria-label="Tools">
          {shownTools.map((tool) => (
            <li key={tool.id} className="tag">
              {tool.name}
            </li>
          ))}
          {moreTools > 0 && <li className="tag tag--more">+{moreTools} more</li>}
        </ul>
      )}
      <p className="result-card__meta">
        <span>Posted {postedAgo(job.postedAt)}</span>
        <span>{countOf(job.proposalCount, 'proposal')}</span>
        {country && <span>Client in {country}</span>}
        <span>{countOf(job.client.requestsPosted, 'request')} posted</span>
      </p>
    </article>
  );
}

/** The shape of a card while the page loads. */
export function JobCardSkeleton() {
  return (
    <div className="result-card result-card--skeleton" aria-hidden="true">
      <span className="skeleton-shape skeleton-shape--short" />
      <span className="skeleton-shape skeleton-shape--title" />
      <span className="skeleton-shape skeleton-shape--line" />
      <span className="skeleton-shape skeleton-shape--long" />
      <span className="skeleton-shape skeleton-shape--short" />
    </div>
  );
}
