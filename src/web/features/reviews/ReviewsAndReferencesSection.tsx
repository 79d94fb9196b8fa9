import './reviews.css';
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError } from '@/api/mutator';
import {
  getListFreelancerReviewsAndReferencesQueryKey,
  getListFreelancerReviewsAndReferencesQueryOptions,
  useListFreelancerReviewsAndReferences,
  useResendFreelancerReferenceLink,
  useSetFreelancerReferenceVisibility,
} from '@/api/generated/freelancer/freelancer';
import type { FreelancerReference, FreelancerReferenceStatus } from '@/api/generated/model';
import { useAuth, type AuthUser } from '@/lib/auth';
import { apiErrorMessage } from '@/ui/toast';
import { countOf, formatDate, formatDateTime } from '@/lib/format';
import { RatingStars, ReviewStars } from '@/ui/ProfileBits';
import { AskForReviewForm } from './AskForReviewForm';
import { LOADER_READ } from '@/lib/loaderRead';

/** The anchor the profile-completion checklist links to. */
export const REVIEWS_ANCHOR = 'review-and-references';

/** The settings route's loader, for a freelancer: their requests, as the section asks for them. */
export const prefetchReferences = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(getListFreelancerReviewsAndReferencesQueryOptions(undefined, LOADER_READ));

const STATUS_LABELS: Record<FreelancerReferenceStatus, string> = {
  requested: 'Waiting for the review',
  expired: 'Link expired',
  submitted: 'Review received',
  verified: 'Verified review',
};

/** True while `iso` is in the future; turns false by itself when it passes. */
function useStillAhead(iso: string | null): boolean {
  const ahead = () => Boolean(iso && new Date(iso).getTime() > Date.now());
  const [value, setValue] = useState(ahead);
  useEffect(() => {
    setValue(ahead());
    if (!iso) return;
    const wait = new Date(iso).getTime() - Date.now();
    if (!(wait > 0) || wait > 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => setValue(false), wait + 50);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `ahead` reads only `iso`
  }, [iso]);
  return value;
}

function ReferenceRow({ reference }: { reference: FreelancerReference }) {
  const queryClient = useQueryClient();
  const resend = useResendFreelancerReferenceLink();
  const visibility = useSetFreelancerReferenceVisibility();
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const waiting = useStillAhead(reference.nextResendAt);
  const hasReview = reference.status === 'submitted' || reference.status === 'verified';
  const canResend = reference.status === 'requested' || reference.status === 'expired';
  const titleId = `reference-${reference.id}`;

  const updated = (next: FreelancerReference, message: string) => {
    setNote({ tone: 'success', text: message });
    void queryClient.invalidateQueries({ queryKey: getListFreelancerReviewsAndReferencesQueryKey() });
    return next;
  };
  const failed = (error: unknown) => {
    setNote({
      tone: 'error',
      text:
        error instanceof ApiError
          ? apiErrorMessage(error)
          : 'We could not reach our server. Check your connection and try again.',
    });
  };

  const onResend = () => {
    setNote(null);
    resend.mutate(
      { id: reference.id },
      {
        onSuccess: (response) =>
          updated(response.data, response.message || `We sent ${reference.reviewerName} a new link.`),
        onError: failed,
      },
    );
  };
  const onVisibility = (visible: boolean) => {
    setNote(null);
    visibility.mutate(
      { id: reference.id, data: { visible } },
      {
        onSuccess: (response) =>
          updated(
            response.data,
            response.message ||
              (visible ? 'The review shows on your profile.' : 'The review is hidden from your profile.'),
          ),
        onError: failed,
      },
    );
  };

  const who = [reference.reviewerRole, reference.company].filter(Boolean).join(', ');
  return (
    <li className="reference" aria-labelledby={titleId}>
      <div className="reference__head">
        <div className="reference__who">
          <h4 id={titleId} className="reference__name">
            {reference.reviewerName}
          </h4>
          {who && <p className="reference__role">{who}</p>}
          <p className="reference__email">{reference.reviewerEmail}</p>
        </div>
        <span className="reference__badges">
          <span className={`reference-status reference-status--${reference.status}`}>
            {STATUS_LABELS[reference.status]}
          </span>
          {hasReview && !reference.visible && <span className="reference-status">Hidden</span>}
        </span>
      </div>
      {hasReview && reference.rating !== null && (
        <div className="reference__review">
          <div className="reference__review-head">
            <ReviewStars rating={reference.rating} />
            {reference.reviewTitle && <p className="reference__review-title">{reference.reviewTitle}</p>}
          </div>
          {reference.review && <p className="reference__review-text">{reference.review}</p>}
          {reference.wouldRecommend !== null && (
            <p className="reference__recommend">
              {reference.wouldRecommend ? 'Would recommend you' : 'Would not recommend you'}
            </p>
          )}
        </div>
      )}
      <p className="reference__dates">
        Asked {formatDate(reference.requestedAt)}
        {reference.submittedAt && ` · reviewed ${formatDate(reference.submittedAt)}`}
        {reference.verifiedAt && ` · verified ${formatDate(reference.verifiedAt)}`}
        {reference.status === 'requested' &&
          reference.linkExpiresAt &&
          ` · link works until ${formatDate(reference.linkExpiresAt)}`}
      </p>
      <div className="reference__actions">
        {hasReview && (
          <div className="checkbox reference__visibility">
            <input
              type="checkbox"
              role="switch"
              id={`${titleId}-visible`}
              className="checkbox__control"
              checked={reference.visible}
              disabled={visibility.isPending}
              onChange={(event) => onVisibility(event.target.checked)}
              aria-label={`Show on my profile: the review by ${reference.reviewerName}`}
            />
            <label htmlFor={`${titleId}-visible`} className="checkbox__label">
              Show on my profile
            </label>
          </div>
        )}
        {canResend && (
          <>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={resend.isPending || waiting}
              onClick={onResend}
              aria-label={resend.isPending ? undefined : `Resend the link to ${reference.reviewerName}`}
            >
              {resend.isPending ? 'Sending…' : 'Resend the link'}
            </button>
            {waiting && reference.nextResendAt && (
              <span className="reference__wait">You can resend it after {formatDateTime(reference.nextResendAt)}.</span>
            )}
          </>
        )}
      </div>
      <div role="status" className="form-alert-region">
        {note?.tone === 'success' ? <p className="reference__note">{note.text}</p> : null}
      </div>
      <div role="alert" className="form-alert-region">
        {note?.tone === 'error' ? <p className="reference__note reference__note--error">{note.text}</p> : null}
      </div>
    </li>
  );
}

function ReferenceList() {
  const list = useListFreelancerReviewsAndReferences(undefined, LOADER_READ);
  if (list.isPending) {
    return (
      <p className="reviews-note" role="status">
        Loading your reviews…
      </p>
    );
  }
  if (list.isError) {
    return (
      <div className="form-alert form-alert--error" role="alert">
        <p>We could not load your reviews. {apiErrorMessage(list.error)}</p>
        <button type="button" className="link-button" onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { items, summary } = list.data.data;
  const waiting = summary.requested + summary.expired;
  return (
    <>
      <div className="reviews-summary">
        {summary.rating.count > 0 ? (
          <RatingStars average={summary.rating.average} count={summary.rating.count} />
        ) : (
          <span>No public rating yet</span>
        )}
        <span>
          {countOf(summary.total, 'request')}
          {waiting > 0 && `, ${waiting} waiting`}
          {summary.hidden > 0 && `, ${summary.hidden} hidden`}
        </span>
      </div>
      {items.length === 0 ? (
        <p className="reviews-empty">
          No requests yet. Ask a client you worked with: their review is the first thing many visitors read.
        </p>
      ) : (
        <ul className="reference-list">
          {items.map((reference) => (
            <ReferenceRow key={reference.id} reference={reference} />
          ))}
        </ul>
      )}
    </>
  );
}

function Section({ lead, children }: { lead: ReactNode; children: ReactNode }) {
  return (
    <section className="settings-section" id={REVIEWS_ANCHOR} aria-labelledby="settings-reviews-title">
      <h2 id="settings-reviews-title" className="settings-section__title">
        Reviews and references
      </h2>
      <p className="settings-section__lead">{lead}</p>
      {children}
    </section>
  );
}

function FreelancerReviews() {
  return (
    <Section lead="Reviews from the people you worked with show on your public profile. Hide any you would rather not show.">
      <h3 className="reviews-subtitle">Your requests</h3>
      <ReferenceList />
      <AskForReviewForm />
    </Section>
  );
}

function BusinessReviews({ user }: { user: AuthUser }) {
  const companyId = user.business?.companyId;
  return (
    <Section
      lead={
        <>
          Reviews from your clients show on your public profile
          {companyId ? (
            <>
              {' '}
              (
              <Link to="/business/$companyId/" params={{ companyId }}>
                see it
              </Link>
              )
            </>
          ) : null}
          , with your rating.
        </>
      }
    >
      <AskForReviewForm />
    </Section>
  );
}

/** Settings › Reviews and references, for providers: freelancers see their requests and ask; businesses ask. */
export function ReviewsAndReferencesSection() {
  const { user } = useAuth();
  if (user?.accountType === 'freelancer') return <FreelancerReviews />;
  if (user?.accountType === 'business') return <BusinessReviews user={user} />;
  return null;
}
