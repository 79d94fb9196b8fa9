import type { ProposalStatus } from '@/api/generated/model';
import { PROPOSAL_STATUSES } from './proposalText';

/** A proposal's status as a coloured pill, its meaning in the title. */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  const style = PROPOSAL_STATUSES[status];
  return (
    <span className={`proposal-badge proposal-badge--${style.tone}`} title={style.description}>
      {style.label}
    </span>
  );
}
