import type { ReactNode } from 'react';
import { ApiError } from '@/api/mutator';
import type { BusinessPublicReview, FreelancerPublicReview } from '@/api/generated/model';
import { NotFoundPage } from '@/ui/ErrorPage';
import { formatDate } from '@/lib/format';
import { ReviewStars } from '@/ui/ProfileBits';

/** Text as written: one paragraph per blank-line-separated block, line breaks kept. */
export function TextBlock({ text }: { text: string | null | undefined }) {
  const paragraphs = (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="profile-empty">Nothing written yet.</p>;
  return (
    <div className="profile-text">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** A panel of label and value rows ("At a glance", languages, a project's details); rows without a value are left out. */
export function FactsPanel({
  id,
  title,
  rows,
}: {
  id: string;
  title: string;
  rows: readonly (readonly [label: string, value: ReactNode])[];
}) {
  return (
    <section className="profile-panel" aria-labelledby={id}>
      <h2 id={id} className="profile-panel__title">
        {title}
      </h2>
      <dl className="profile-facts">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** The page's shape while it loads. */
export function ProfileLoading() {
  return (
    <div className="profile-page" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the profile…
      </p>
      <div className="profile-hero">
        <div className="container profile-hero__inner" aria-hidden="true">
          <div className="profile-hero__identity">
            <span className="provider-avatar provider-avatar--large provider-avatar--circle skeleton-shape" />
            <div className="profile-hero__text profile-skeleton">
              <span className="skeleton-shape skeleton-shape--title" />
              <span className="skeleton-shape skeleton-shape--line" />
              <span className="skeleton-shape skeleton-shape--short" />
            </div>
          </div>
        </div>
      </div>
      <div className="container profile-layout" aria-hidden="true">
        <div className="profile-main">
          <div className="profile-panel profile-skeleton">
            <span className="skeleton-shape skeleton-shape--short" />
            <span className="skeleton-shape skeleton-shape--long" />
            <span className="skeleton-shape skeleton-shape--long" />
            <span className="skeleton-shape skeleton-shape--line" />
          </div>
        </div>
        <div className="profile-aside">
          <div className="profile-panel profile-skeleton">
            <span className="skeleton-shape skeleton-shape--short" />
            <span className="skeleton-shape skeleton-shape--line" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** A failed load: the 404 page for a profile that does not exist (or is not public), else a retry. */
export function ProfileProblem({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => unknown }) {
  // A path id of the wrong shape is a 400 on the path: no such page either.
  if (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400)) return <NotFoundPage />;
  return (
    <div className="container profile-problem">
      <div className="result-state result-state--error" role="alert">
        <h1 className="result-state__title">We could not load {what}</h1>
        <p>Something went wrong on our side or with the connection.</p>
        <button type="button" className="button button--primary" onClick={() => void onRetry()}>
          Try again
        </button>
      </div>
    </div>
  );
}

/** Visible reviews, newest first, as the API answers them. */
export function ReviewList({
  reviews,
  total,
}: {
  reviews: readonly (BusinessPublicReview | FreelancerPublicReview)[];
  total: number;
}) {
  return (
    <section className="profile-panel" aria-labelledby="profile-reviews">
      <h2 id="profile-reviews" className="profile-panel__title">
        Reviews {total > 0 && <span className="profile-panel__count">({total})</span>}
      </h2>
      {reviews.length === 0 ? (
        <p className="profile-empty">No reviews yet.</p>
      ) : (
        <ul className="profile-reviews">
          {reviews.map((review) => (
            <li key={review.id}>
              <article className="profile-review" aria-labelledby={`review-${review.id}`}>
                <div className="profile-review__head">
                  <h3 id={`review-${review.id}`} className="profile-review__title">
                    {review.title}
                  </h3>
                  <ReviewStars rating={review.rating} />
                </div>
                <p className="profile-review__text">{review.text}</p>
                <p className="profile-review__by">
                  <span>{[review.reviewerName, review.reviewerRole, review.company].filter(Boolean).join(', ')}</span>
                  {'verified' in review && review.verified && (
                    <span className="profile-pill profile-pill--success">Verified reviewer</span>
                  )}
                  {review.wouldRecommend && <span className="profile-pill">Would recommend</span>}
                  <time dateTime={review.submittedAt}>{formatDate(review.submittedAt)}</time>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {total > reviews.length && reviews.length > 0 && (
        <p className="profile-note">Showing the {reviews.length} most recent reviews.</p>
      )}
    </section>
  );
}
