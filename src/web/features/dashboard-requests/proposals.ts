import { linkOptions } from '@tanstack/react-router';
import type {
  ProposalStatus,
  ServiceRequestCloseReason,
  ServiceRequestStatus,
  UserSummary,
} from '@/api/generated/model';
import type { StatusStyle } from './status';

/** How each proposal status is shown on its badge. */
export const PROPOSAL_STATUS_STYLES: Record<ProposalStatus, StatusStyle> = {
  submitted: { label: 'Submitted', description: 'Waiting for your answer.', tone: 'blue' },
  shortlisted: { label: 'Shortlisted', description: 'On your shortlist.', tone: 'amber' },
  accepted: { label: 'Accepted', description: 'You hired this provider.', tone: 'green' },
  declined: { label: 'Declined', description: 'You declined this proposal.', tone: 'grey' },
  withdrawn: { label: 'Withdrawn', description: 'The provider took this proposal back.', tone: 'red' },
};

export const PROPOSAL_SORT_LABELS = {
  newest: 'Newest',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
} as const;

export { PRICE_TYPE_LABELS, proposalPrice } from '@/lib/format';

/** "★ 4.8 (12 reviews)", "No reviews yet". */
export function ratingText(rating: number | null, reviewCount: number): string {
  if (rating === null || reviewCount === 0) return 'No reviews yet';
  return `★ ${rating.toFixed(1)} (${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'})`;
}

/** "1 hire", "3 hires", "No hires yet". */
export function hiresText(hires: number): string {
  if (hires === 0) return 'No hires yet';
  return hires === 1 ? '1 hire' : `${hires} hires`;
}

/** The provider's public page: a freelancer's by user id, a business's by company id; none otherwise. */
export function providerPage(provider: UserSummary) {
  if (provider.accountType === 'business' && provider.companyId) {
    return linkOptions({ to: '/business/$companyId/', params: { companyId: provider.companyId } });
  }
  if (provider.accountType === 'freelancer') {
    return linkOptions({ to: '/freelancer/$uid/', params: { uid: provider.id } });
  }
  return null;
}

/** The client can act on a proposal (shortlist, decline, hire) while both are still open. */
export function canActOn(status: ProposalStatus, requestStatus: ServiceRequestStatus): boolean {
  return (status === 'submitted' || status === 'shortlisted') && isAcceptingRequest(requestStatus);
}

/** `open` and `in-review` requests take proposals and can be closed or awarded. */
export function isAcceptingRequest(status: ServiceRequestStatus): boolean {
  return status === 'open' || status === 'in-review';
}

/** The reasons a client closes a request, in the order the close dialog offers them. */
export const CLOSE_REASONS: Record<ServiceRequestCloseReason, string> = {
  'hired-elsewhere': 'I hired someone elsewhere',
  'no-longer-needed': 'I no longer need this',
  'budget-changed': 'My budget changed',
  'no-suitable-proposals': 'No proposal suited me',
  other: 'Other',
};

/** Proposals the client may select side by side. */
export const COMPARE_LIMIT = 4;
export const COMPARE_MINIMUM = 2;
