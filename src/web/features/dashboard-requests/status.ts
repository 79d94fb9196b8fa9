import type { ServiceRequestStatus } from '@/api/generated/model';

export interface StatusStyle {
  /** What a person reads on the badge. */
  label: string;
  /** One sentence on what the status means, for titles and tooltips. */
  description: string;
  /** The badge's modifier class (`status-badge--<tone>`), one colour per status. */
  tone: 'blue' | 'amber' | 'green' | 'teal' | 'grey' | 'red';
}

/** Every status of a request, in its lifecycle order, with how it is shown. */
export const REQUEST_STATUSES: Record<ServiceRequestStatus, StatusStyle> = {
  open: { label: 'Open', description: 'Posted and accepting proposals.', tone: 'blue' },
  'in-review': {
    label: 'In review',
    description: 'You are reviewing proposals; it still accepts new ones.',
    tone: 'amber',
  },
  awarded: { label: 'Awarded', description: 'You accepted a proposal.', tone: 'green' },
  completed: { label: 'Completed', description: 'The awarded work is done.', tone: 'teal' },
  closed: { label: 'Closed', description: 'You withdrew this request.', tone: 'grey' },
  expired: { label: 'Expired', description: 'It closed without a proposal being accepted.', tone: 'red' },
};

export const STATUS_ORDER = Object.keys(REQUEST_STATUSES) as ServiceRequestStatus[];

export function isRequestStatus(value: unknown): value is ServiceRequestStatus {
  return typeof value === 'string' && Object.hasOwn(REQUEST_STATUSES, value);
}

/** The label of a status; an unknown value (a newer server) reads as itself. */
export function statusLabel(status: string): string {
  return isRequestStatus(status) ? REQUEST_STATUSES[status].label : status;
}
