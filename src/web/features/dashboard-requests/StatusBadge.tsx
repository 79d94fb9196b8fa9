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
