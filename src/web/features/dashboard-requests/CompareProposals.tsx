import type { ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { getGetProposalQueryOptions } from '@/api/generated/proposals/proposals';
import type { ProposalSummary } from '@/api/generated/model';
import { Dialog } from '@/ui/Dialog';
import { formatAmount } from '@/lib/format';
import { formatDate, formatDateTime } from './format';
import { hiresText, PRICE_TYPE_LABELS, proposalPrice, ratingText } from './proposals';

interface CompareProps {
  proposals: ProposalSummary[];
  onClose: () => void;
}

interface Row {
  label: string;
  cell: (proposal: ProposalSummary, index: number) => ReactNode;
}

/**
 * The selected proposals side by side: one column per proposal, one row per thing to compare.
 * The milestone list comes from each full proposal (`getProposal`), the rest from the list.
 */
export function CompareDialog({ proposals, onClose }: CompareProps) {
  const full = useQueries({ queries: proposals.map((proposal) => getGetProposalQueryOptions(proposal.id)) });
  const rows: Row[] = [
    { label: 'Price', cell: (p) => proposalPrice(p.price, p.priceType) },
    { label: 'Price type', cell: (p) => PRICE_TYPE_LABELS[p.priceType] },
    { label: 'Duration', cell: (p) => p.estimatedDuration.label },
    {
      label: 'Milestones',
      cell: (p, index) => {
        const milestones = full[index]?.data?.data.milestones;
        return (
          <>
            <span className="compare-table__count">{p.milestoneCount}</span>
            {milestones && milestones.length > 0 && (
              <ol className="compare-table__milestones">
                {milestones.map((milestone, position) => (
                  <li key={position}>
                    {milestone.title}: {formatAmount(milestone.amount, p.price.currency)}, day {milestone.dueInDays}
                  </li>
                ))}
              </ol>
            )}
          </>
        );
      },
    },
    { label: 'Rating', cell: (p) => ratingText(p.providerStats.rating, p.providerStats.reviewCount) },
    { label: 'Reviews', cell: (p) => p.providerStats.reviewCount },
    { label: 'Profile completion', cell: (p) => `${p.providerStats.profileCompletion}%` },
    { label: 'Hires', cell: (p) => hiresText(p.providerStats.hires) },
    { label: 'Attachments', cell: (p) => p.attachmentCount },
    {
      label: 'Sent',
      cell: (p) => (
        <time dateTime={p.createdAt} title={formatDateTime(p.createdAt)}>
          {formatDate(p.createdAt)}
        </time>
      ),
    },
  ];
  return (
    <Dialog title="Compare proposals" onClose={onClose} size="wide">
      <div className="compare-table__scroll" tabIndex={0} role="group" aria-label="Comparison table, scrolls sideways">
        <table className="compare-table">
          <caption className="visually-hidden">
            {proposals.length} proposals side by side: {proposals.map((p) => p.provider.displayName).join(', ')}
          </caption>
          <thead>
            <tr>
              <td />
              {proposals.map((proposal) => (
                <th key={proposal.id} scope="col">
                  {proposal.provider.displayName}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {proposals.map((proposal, index) => (
                  <td key={proposal.id}>{row.cell(proposal, index)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
