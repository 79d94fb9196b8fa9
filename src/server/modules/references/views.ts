import type { ProviderReferenceRow } from '../../db/schema';
import type { components } from '../../generated/api';

type Schemas = components['schemas'];

export const LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const RESEND_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How many times a freelancer may resend one link. */
export const FREELANCER_RESENDS = 5;

/** What the provider wrote when asking, as stored in `request`. */
export interface ReferenceRequest {
  company?: string | null;
  /** A business reference's relationship and project; absent for an `askForReview` invitation. */
  relationship?: Schemas['BusinessReferenceRelationship'] | null;
  projectSummary?: string | null;
  message?: string | null;
  /** How many times the link was sent again. */
  resends?: number;
}

/** What the reviewer submitted, as stored in `response` (the public profiles read the same keys). */
export interface ReviewResponse {
  title: string;
  text: string;
  reviewerName: string;
  reviewerRole: string | null;
  company: string | null;
  projectSummary: string | null;
  wouldRecommend: boolean;
  /** Set when the platform confirmed the reviewer (freelancer reviews). */
  verifiedAt?: string;
}

export const requestOf = (row: ProviderReferenceRow) => row.request as ReferenceRequest;
const responseOf = (row: ProviderReferenceRow) => row.response as ReviewResponse | null;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The shared lifecycle: a pending link past its expiry is expired, whether or not the row says so. */
export function reviewStatus(row: ProviderReferenceRow, now: Date): Schemas['ProviderReviewStatus'] {
  if (row.status === 'submitted') return 'submitted';
  if (row.status === 'expired' || row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'requested';
}

/** When the link may be sent again; null when it may be now or never. */
export function nextResendAt(row: ProviderReferenceRow, now: Date, maxResends?: number): string | null {
  if (row.status === 'submitted') return null;
  if (maxResends !== undefined && (requestOf(row).resends ?? 0) >= maxResends) return null;
  const next = new Date(row.sentAt.getTime() + RESEND_INTERVAL_MS);
  return next.getTime() > now.getTime() ? next.toISOString() : null;
}

/** The submitted review, or null before it is. */
export function reviewView(row: ProviderReferenceRow): Schemas['ProviderReview'] | null {
  const response = responseOf(row);
  if (row.status !== 'submitted' || !response || row.rating === null) return null;
  return {
    id: row.id,
    rating: row.rating,
    title: response.title,
    text: response.text,
    reviewerName: response.reviewerName,
    reviewerRole: response.reviewerRole ?? null,
    company: response.company ?? null,
    projectSummary: response.projectSummary ?? null,
    wouldRecommend: response.wouldRecommend,
    visible: row.visible,
    submittedAt: (row.submittedAt ?? row.createdAt).toISOString(),
  };
}

export function businessReferenceView(row: ProviderReferenceRow, now: Date): Schemas['BusinessReference'] {
  const request = requestOf(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: request.company ?? null,
    projectSummary: request.projectSummary ?? null,
    relationship: request.relationship ?? null,
    status: reviewStatus(row, now),
    visible: row.visible,
    linkSentAt: row.sentAt.toISOString(),
    linkExpiresAt: row.expiresAt.toISOString(),
    nextResendAt: nextResendAt(row, now),
    review: reviewView(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export function freelancerStatus(row: ProviderReferenceRow, now: Date): Schemas['FreelancerReferenceStatus'] {
  const status = reviewStatus(row, now);
  return status === 'submitted' && responseOf(row)?.verifiedAt ? 'verified' : status;
}

const FREELANCER_RELATIONSHIPS: readonly string[] = [
  'client',
  'former-client',
  'manager',
  'colleague',
  'partner',
  'other',
] satisfies Schemas['FreelancerReferenceRelationship'][];

export function freelancerReferenceView(row: ProviderReferenceRow, now: Date): Schemas['FreelancerReference'] {
  const request = requestOf(row);
  const response = row.status === 'submitted' ? responseOf(row) : null;
  const relationship = (request.relationship ?? null) as Schemas['FreelancerReferenceRelationship'] | null;
  return {
    id: row.id,
    reviewerName: response?.reviewerName ?? row.name,
    reviewerEmail: row.email,
    reviewerRole: response?.reviewerRole ?? null,
    company: response?.company ?? request.company ?? null,
    relationship: relationship && FREELANCER_RELATIONSHIPS.includes(relationship) ? relationship : null,
    status: freelancerStatus(row, now),
    visible: row.visible,
    rating: response ? row.rating : null,
    reviewTitle: response?.title ?? null,
    review: response?.text ?? null,
    wouldRecommend: response?.wouldRecommend ?? null,
    requestedAt: row.createdAt.toISOString(),
    linkExpiresAt: row.status === 'submitted' ? null : row.expiresAt.toISOString(),
    nextResendAt: nextResendAt(row, now, FREELANCER_RESENDS),
    submittedAt: response ? iso(row.submittedAt) : null,
    verifiedAt: response?.verifiedAt ?? null,
  };
}

export function reviewRequestView(row: ProviderReferenceRow, now: Date): Schemas['ProviderReviewRequest'] {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: requestOf(row).company ?? null,
    status: reviewStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Over submitted, visible reviews; the average rounded to one decimal. */
export function ratingOf(rows: ProviderReferenceRow[]): Schemas['ProviderRating'] {
  const rated = rows.filter((row) => row.status === 'submitted' && row.visible && row.rating !== null);
  const total = rated.reduce((sum, row) => sum + row.rating!, 0);
  return {
    average: rated.length === 0 ? null : Math.round((total / rated.length) * 10) / 10,
    count: rated.length,
  };
}
