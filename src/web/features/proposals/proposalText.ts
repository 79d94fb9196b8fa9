import type { ProposalStatus } from '@/api/generated/model';

/** Each status as the provider reads it, with what it means for them. */
export const PROPOSAL_STATUSES: Record<ProposalStatus, { label: string; tone: string; description: string }> = {
  submitted: { label: 'Submitted', tone: 'blue', description: 'Sent; the client has not acted on it yet.' },
  shortlisted: { label: 'Shortlisted', tone: 'amber', description: 'The client put it on their shortlist.' },
  accepted: { label: 'Accepted', tone: 'green', description: 'The client accepted it.' },
  declined: { label: 'Declined', tone: 'red', description: 'The client declined it or hired someone else.' },
  withdrawn: { label: 'Withdrawn', tone: 'grey', description: 'You took it back.' },
};

/** The tabs of the list, in order (All first). */
export const STATUS_TABS: ProposalStatus[] = ['submitted', 'shortlisted', 'accepted', 'declined', 'withdrawn'];

export const isProposalStatus = (value: unknown): value is ProposalStatus =>
  typeof value === 'string' && Object.hasOwn(PROPOSAL_STATUSES, value);
