import { PROPOSAL_STATUS_STYLES } from './proposals';
import { isRequestStatus, REQUEST_STATUSES } from './status';
import './dashboard-requests.css';

/** A request's status as a coloured pill. */
export function StatusBadge({ status }: { status: string }) {
  const style = isRequestStatus(status) ? REQUEST_STATUSES[status] : undefined;
  return (
    <span className={`status-badge status-badge--${style?.tone ?? 'grey'}`} title={style?.description}>
      {style?.label ?? status}
    </span>
  );
}

/** A proposal's status as a coloured pill. */
export function ProposalStatusBadge({ status }: { status: string }) {
  const style = Object.hasOwn(PROPOSAL_STATUS_STYLES, status)
    ? PROPOSAL_STATUS_STYLES[status as keyof typeof PROPOSAL_STATUS_STYLES]
    : undefined;
  return (
    <span className={`status-badge status-badge--${style?.tone ?? 'grey'}`} title={style?.description}>
      {style?.label ?? status}
    </span>
  );
}
