import './reviews.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/mutator';
import {
  getGetReviewInvitationQueryOptions,
  useGetReviewInvitation,
  useSubmitReview,
} from '@/api/generated/provider/provider';
import type {
  ProviderKind,
  ProviderReview,
  ProviderReviewInvitation,
  ProviderReviewSubmitInput,
} from '@/api/generated/model';
import { PRODUCT_NAME } from '@/ui/Logo';
import { FormAlert } from '@/ui/form/FormAlert';
import { TextField } from '@/ui/form/TextField';
import { useForm } from '@/ui/form/useForm';
import { apiErrorMessage } from '@/ui/toast';
import { collectErrors } from '@/ui/form/validation';
import { formatDate } from '@/lib/format';
import { REVIEW_LIMITS } from '@/lib/limits';
import { Avatar, ReviewStars } from '@/ui/ProfileBits';
import { ChoiceField, TextAreaField } from './fields';
import { StarRatingInput } from './StarRatingInput';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { LOADER_READ } from '@/lib/loaderRead';

type ReviewValues = {
  rating: string;
  title: string;
  text: string;
  reviewerName: string;
  reviewerRole: string;
  projectSummary: string;
  wouldRecommend: string;
};

function lengthProblem(value: string, what: string, min: number, max: number, required = true): string | undefined {
  const length = value.trim().length;
  if (length === 0) return required ? `Enter ${what}.` : undefined;
  if (length < min) return `Write at least ${min} characters.`;
  if (length > max) return `Keep it under ${max + 1} characters.`;
  return undefined;
}

function validate(values: ReviewValues) {
  return collectErrors({
    rating: values.rating ? undefined : 'Choose a rating from 1 to 5 stars.',
    title: lengthProblem(values.title, 'a title', REVIEW_LIMITS.title.min, REVIEW_LIMITS.title.max),
    text: lengthProblem(values.text, 'your review', REVIEW_LIMITS.text.min, REVIEW_LIMITS.text.max),
    reviewerName: lengthProblem(
      values.reviewerName,
      'your name',
      REVIEW_LIMITS.reviewerName.min,
      REVIEW_LIMITS.reviewerName.max,
    ),
    reviewerRole: lengthProblem(values.reviewerRole, 'your role', 0, REVIEW_LIMITS.reviewerRole.max, false),
    projectSummary: lengthProblem(values.projectSummary, 'the project', 0, REVIEW_LIMITS.projectSummary.max, false),
    wouldRecommend: values.wouldRecommend ? undefined : 'Say whether you would recommend them.',
  });
}

/** The body of G10 from the form: trimmed, empty optional fields as null. */
export function submitBody(values: ReviewValues): ProviderReviewSubmitInput {
  const optional = (value: string) => value.trim() || null;
  return {
    rating: Number(values.rating),
    title: values.title.trim(),
    text: values.text.trim(),
    reviewerName: values.reviewerName.trim(),
    reviewerRole: optional(values.reviewerRole),
    projectSummary: optional(values.projectSummary),
    wouldRecommend: values.wouldRecommend === 'yes',
  };
}

/** Which way a 409 closed the link, from its message: the server uses one code for both. */
export function closedReason(message: string): 'used' | 'expired' | 'closed' {
  const used = /\b(used|submitted)\b/i.test(message);
  const expired = /\bexpired?\b/i.test(message);
  if (used && !expired) return 'used';
  if (expired && !used) return 'expired';
  return 'closed';
}

const CLOSED_TITLES = {
  used: 'This review was already submitted',
  expired: 'This review link has expired',
  closed: 'This review link was already used or has expired',
} as const;

function StatePanel({
  title,
  tone = 'neutral',
  children,
}: {
  title: string;
  tone?: 'neutral' | 'error';
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={`review-state review-state--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <h1 ref={heading} tabIndex={-1} className="review-state__title">
        {title}
      </h1>
      {children}
    </div>
  );
}

function InvalidLink() {
  return (
    <StatePanel title="This review link is not valid">
      <p>
        We could not find a review request for this link. Check that you opened the whole link from the email: some mail
        apps cut long links in two.
      </p>
      <p>If it still does not work, ask the person who sent it for a new link.</p>
    </StatePanel>
  );
}

function ClosedLink({ message }: { message: string }) {
  const reason = closedReason(message);
  return (
    <StatePanel title={CLOSED_TITLES[reason]}>
      {/* The combined message would repeat the title word for word. */}
      {message && reason !== 'closed' && <p>{message}</p>}
      <p>
        {reason === 'used'
          ? 'Each link takes one review, and this one has been sent. Thank you if it was yours.'
          : 'Review links work once and last 30 days. If you still want to leave a review, ask the person who sent it for a new link.'}
      </p>
    </StatePanel>
  );
}

function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const offline = !(error instanceof ApiError);
  return (
    <StatePanel title="We could not load this review request" tone="error">
      <p>
        {offline
          ? 'The connection to our server failed. Check that you are online, then try again.'
          : apiErrorMessage(error)}
      </p>
      <button type="button" className="button button--primary" onClick={() => void onRetry()}>
        Try again
      </button>
    </StatePanel>
  );
}

function LoadingInvitation() {
  return (
    <div className="review-invite" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the review request…
      </p>
      <div className="review-invite__identity" aria-hidden="true">
        <span className="provider-avatar provider-avatar--large provider-avatar--circle skeleton-shape" />
        <div className="review-invite__text profile-skeleton">
          <span className="skeleton-shape skeleton-shape--short" />
          <span className="skeleton-shape skeleton-shape--title" />
          <span className="skeleton-shape skeleton-shape--line" />
        </div>
      </div>
    </div>
  );
}

/** Who asks for the review, and what they wrote. */
function InvitationHeader({ invitation }: { invitation: ProviderReviewInvitation }) {
  const { provider } = invitation;
  return (
    <header className="review-invite">
      <div className="review-invite__identity">
        <Avatar
          name={provider.displayName}
          url={provider.avatarUrl}
          shape={provider.kind === 'business' ? 'square' : 'circle'}
          size="large"
        />
        <div className="review-invite__text">
          <p className="review-invite__eyebrow">Review request</p>
          <h1 className="review-invite__title">Review {provider.displayName}</h1>
          {provider.tagline && <p className="review-invite__tagline">{provider.tagline}</p>}
          <a
            className="review-invite__profile"
            href={provider.profileUrl}
            target="_blank"
            rel="noreferrer"
            aria-label="See their profile (opens in a new tab)"
          >
            See their profile
          </a>
        </div>
      </div>
      {invitation.message && (
        <figure className="review-invite__note">
          <blockquote>
            <p>{invitation.message}</p>
          </blockquote>
          <figcaption>{provider.displayName}</figcaption>
        </figure>
      )}
      <p className="review-invite__lead">
        Hi {invitation.reviewerName}
        {invitation.company ? ` (${invitation.company})` : ''}, {provider.displayName} asked you for a review. It shows
        on their public profile with your name and role. This link works once, until{' '}
        <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>.
      </p>
    </header>
  );
}

function ThankYou({
  invitation,
  review,
  message,
}: {
  invitation: ProviderReviewInvitation;
  review: ProviderReview;
  message: string;
}) {
  return (
    <StatePanel title={`Thank you, ${review.reviewerName}`}>
      <p>{message || 'Your review has been submitted.'}</p>
      <div className="review-summary">
        <ReviewStars rating={review.rating} />
        <p className="review-summary__title">{review.title}</p>
      </div>
      <p>
        It now shows on {invitation.provider.displayName}’s profile.{' '}
        <a href={invitation.provider.profileUrl}>See it there</a>.
      </p>
    </StatePanel>
  );
}

function ReviewForm({
  token,
  invitation,
  onDone,
  onClosed,
}: {
  token: string;
  invitation: ProviderReviewInvitation;
  onDone: (review: ProviderReview, message: string) => void;
  onClosed: (error: ApiError) => void;
}) {
  const form = useForm<ReviewValues>({
    initialValues: {
      rating: '',
      title: '',
      text: '',
      reviewerName: invitation.reviewerName,
      reviewerRole: '',
      projectSummary: invitation.projectSummary ?? '',
      wouldRecommend: '',
    },
    validate,
  });
  const submit = useSubmitReview();
  const name = invitation.provider.displayName;

  const onValid = (values: ReviewValues) => {
    submit.mutate(
      { token, data: submitBody(values) },
      {
        onSuccess: (response) => onDone(response.data, response.message),
        onError: (error) => {
          if (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 409)) onClosed(error);
          else if (error instanceof ApiError) form.showServerError(error);
          else form.setFormError('We could not reach our server. Check your connection and send the review again.');
        },
      },
    );
  };

  return (
    <form ref={form.formRef} className="review-form" noValidate onSubmit={form.handleSubmit(onValid)}>
      <h2 className="review-form__title">Your review</h2>
      <StarRatingInput
        name="rating"
        legend={`How would you rate ${name}?`}
        value={form.values.rating}
        error={form.errors.rating}
        onChange={(value) => form.setValue('rating', value)}
      />
      <TextField
        label="Title"
        required
        maxLength={REVIEW_LIMITS.title.max}
        hint="The review in one line, e.g. “Our month-end close went from nine days to four”."
        {...form.field('title')}
      />
      <TextAreaField
        label="Your review"
        required
        rows={6}
        maxLength={REVIEW_LIMITS.text.max}
        hint={`What they did, how it went and what came of it. At least ${REVIEW_LIMITS.text.min} characters.`}
        {...form.field('text')}
      />
      <TextAreaField
        label="The project (optional)"
        rows={3}
        maxLength={REVIEW_LIMITS.projectSummary.max}
        hint="What you worked on together, in a sentence or two."
        {...form.field('projectSummary')}
      />
      <div className="field-row review-row">
        <TextField
          label="Your name"
          required
          autoComplete="name"
          maxLength={REVIEW_LIMITS.reviewerName.max}
          {...form.field('reviewerName')}
        />
        <TextField
          label="Your role (optional)"
          autoComplete="organization-title"
          maxLength={REVIEW_LIMITS.reviewerRole.max}
          placeholder="e.g. VP Finance"
          {...form.field('reviewerRole')}
        />
      </div>
      <ChoiceField
        legend={`Would you recommend ${name}?`}
        name="wouldRecommend"
        value={form.values.wouldRecommend}
        error={form.errors.wouldRecommend}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        onChange={(value) => form.setValue('wouldRecommend', value)}
      />
      <FormAlert>{form.formError}</FormAlert>
      <button type="submit" className="button button--primary review-form__submit" disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : 'Submit review'}
      </button>
    </form>
  );
}

/**
 * How the page reads the invitation: once (an unknown, used or expired link is the page's to
 * say), kept while the page is open, and not asked again when it mounts after its route's loader.
 */
const INVITATION_READ = { query: { ...LOADER_READ.query, staleTime: Infinity } } as const;

/** The routes' loader: the invitation, as the page asks for it. */
export const prefetchReviewInvitation = (queryClient: QueryClient, token: string) =>
  queryClient.prefetchQuery(getGetReviewInvitationQueryOptions(token, INVITATION_READ));

/**
 * `/freelancer/review/{token}/leave/` and `/business/review/{token}/leave/`: a visitor opens the
 * emailed link, sees who asks (G08) and sends the review (G10). The link may be unknown (404),
 * used or expired (409); each says so in its own words, as does a failed load.
 */
export function LeaveReviewPage({ token, kind }: { token: string; kind: ProviderKind }) {
  const invitation = useGetReviewInvitation(token, INVITATION_READ);
  const [closed, setClosed] = useState<ApiError | null>(null);
  const [done, setDone] = useState<{ review: ProviderReview; message: string } | null>(null);
  const error = closed ?? invitation.error;
  const data = invitation.data?.data;

  let body: ReactNode;
  if (done && data) body = <ThankYou invitation={data} review={done.review} message={done.message} />;
  else if (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400)) body = <InvalidLink />;
  else if (error instanceof ApiError && error.httpStatus === 409) body = <ClosedLink message={error.message} />;
  else if (error) body = <LoadProblem error={error} onRetry={() => invitation.refetch()} />;
  else if (!data) body = <LoadingInvitation />;
  else
    body = (
      <>
        <InvitationHeader invitation={data} />
        <ReviewForm
          token={token}
          invitation={data}
          onDone={(review, message) => setDone({ review, message })}
          onClosed={setClosed}
        />
      </>
    );

  return (
    <div className={`container review-page review-page--${kind}`}>
      <DocumentTitle>{`Leave a review | ${PRODUCT_NAME}`}</DocumentTitle>
      {body}
    </div>
  );
}
